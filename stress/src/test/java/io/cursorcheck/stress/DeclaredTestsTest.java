package io.cursorcheck.stress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.infra.runners.TestList;

/**
 * The pairs the stress gate expects, found by reflection, agree with the list jcstress itself runs
 * from (its annotation processor's {@code META-INF/TestList}), so neither can drift from the other;
 * and a subject named as a twin that does not exist is an error, not a silent real variant.
 */
class DeclaredTestsTest {

    /** Named as a racy twin that {@code Mutants.RACY_TWINS} lacks. */
    static final class NoSuchRaceTwin {}

    @Test
    void reflectionFindsExactlyWhatJcstressRuns() {
        assertThat(DeclaredTests.all())
                .extracting(DeclaredTests.Pair::name)
                .containsExactlyInAnyOrderElementsOf(TestList.tests())
                .isNotEmpty();
        assertThat(DeclaredTests.all())
                .filteredOn(p -> p.test().equals("BlockedWriterStress"))
                .extracting(DeclaredTests.Pair::mode)
                .containsOnly(Mode.Termination);
        assertThat(DeclaredTests.all())
                .filteredOn(p -> p.test().equals("CountRaceStress"))
                .extracting(DeclaredTests.Pair::subject, DeclaredTests.Pair::twinId)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("Locked", null),
                        org.assertj.core.groups.Tuple.tuple("PlainCountDecrementTwin", "plain-count-decrement"),
                        org.assertj.core.groups.Tuple.tuple("Published", null));
    }

    @Test
    void aFilterSelectsAsJcstressDoes() {
        assertThat(DeclaredTests.matching("CountRace"))
                .extracting(DeclaredTests.Pair::shortName)
                .containsExactly(
                        "CountRaceStress.Locked",
                        "CountRaceStress.PlainCountDecrementTwin",
                        "CountRaceStress.Published");
        assertThat(DeclaredTests.matching(".*Twin"))
                .allMatch(DeclaredTests.Pair::twin)
                .isNotEmpty();
        assertThat(DeclaredTests.matching(null)).isEqualTo(DeclaredTests.all());
    }

    @Test
    void aSubjectNamedAsAnUnknownTwinIsAnError() {
        assertThat(DeclaredTests.twinId("CursorPublishedBeforeReadTwin")).isEqualTo("cursor-published-before-read");
        assertThatThrownBy(() -> DeclaredTests.twinId(NoSuchRaceTwin.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no-such-race");
    }
}
