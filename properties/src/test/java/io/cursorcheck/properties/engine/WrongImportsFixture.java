package io.cursorcheck.properties.engine;

/**
 * A deliberate wrong import, for {@code ArchitectureControlTest} only: the package rules must catch it.
 * Never used; lives in the tests so the main classes stay clean.
 */
final class WrongImportsFixture {

    private WrongImportsFixture() {}

    /** The forbidden edges: a reference is enough for the class file to depend on it. */
    static Object[] wrongEdges() {
        return new Object[] {
            io.cursorcheck.properties.report.Reports.class,
            io.cursorcheck.properties.mutants.Mutants.class,
            io.cursorcheck.properties.engine.shrink.Shrinker.class
        };
    }
}
