package io.cursorcheck.properties.engine.search;

/**
 * A deliberate wrong import, for {@code ArchitectureControlTest} only: the package rules must catch it.
 * Never used; lives in the tests so the main classes stay clean.
 */
final class WrongImportsFixture {

    private WrongImportsFixture() {}

    /** The forbidden edge: the search that knows one of its users, the shrinker's package. */
    static Object[] wrongEdges() {
        return new Object[] {io.cursorcheck.properties.engine.shrink.Shrinker.class};
    }
}
