package io.cursorcheck.properties.engine.key;

/**
 * A deliberate wrong import, for {@code ArchitectureControlTest} only: the package rules must catch it.
 * Never used; lives in the tests so the main classes stay clean.
 */
final class WrongImportsFixture {

    private WrongImportsFixture() {}

    /** The forbidden edge: a key that knows the lockstep core's script. */
    static Object[] wrongEdges() {
        return new Object[] {io.cursorcheck.properties.engine.Script.class};
    }
}
