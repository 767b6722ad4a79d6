package io.cursorcheck.properties.run;

/**
 * A deliberate wrong import, for {@code ArchitectureControlTest} only: the package rules must catch it.
 * Never used; lives in the tests so the main classes stay clean.
 */
final class WrongImportsFixture {

    private WrongImportsFixture() {}

    /** The forbidden edges: a reference is enough for the class file to depend on it. */
    static Object[] wrongEdges() {
        return new Object[] {io.cursorcheck.properties.campaign.Campaign.class};
    }
}
