package io.cursorcheck.stress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Mode;

/**
 * {@link StressGate}'s grading on made-up results, in a second (the real run and its controls are
 * {@link StressGateTest}): an error is never a catch, a termination run ended by a stale sample
 * needs no floor, a test nobody declared fails the gate, a run that selected nothing proves nothing,
 * and a twin not caught is "not caught" only once its pairs reached the twin's floor (below it: too
 * short, and rerun).
 */
class StressGateGradingTest {

    private static final String PREFIX = "io.cursorcheck.stress.RaceStress.";
    private static final DeclaredTests.Pair REAL =
            new DeclaredTests.Pair("RaceStress", "Published", PREFIX + "Published", Mode.Continuous, null);
    private static final DeclaredTests.Pair TWIN = new DeclaredTests.Pair(
            "RaceStress", "SplitLastReadTwin", PREFIX + "SplitLastReadTwin", Mode.Continuous, "split-last-read");

    private static StressRun.TestVerdict ran(DeclaredTests.Pair p, long ok, long forbidden, String... errors) {
        return new StressRun.TestVerdict(
                p.name(),
                2,
                forbidden > 0 || errors.length > 0 ? 2 : 0,
                List.of(errors),
                List.of(
                        new StressRun.Observed("ok", Expect.ACCEPTABLE, ok, "fine"),
                        new StressRun.Observed("bad", Expect.FORBIDDEN, forbidden, "broken")));
    }

    @Test
    void passesAHealthyRun() {
        StressGate.Grade g =
                StressGate.grade(List.of(REAL, TWIN), List.of(ran(REAL, 1_000_000, 0), ran(TWIN, 900_000, 5)));
        assertThat(g.problems()).isEmpty();
        assertThat(g.twinsCaught()).containsExactly(java.util.Map.entry("split-last-read", true));
    }

    @Test
    void aTwinWhoseRunErredIsNotCaughtAndTheErrorFailsTheGate() {
        StressGate.Grade g = StressGate.grade(
                List.of(REAL, TWIN),
                List.of(
                        ran(REAL, 1_000_000, 0),
                        ran(TWIN, 900_000, 5, "status TEST_ERROR: the subject's constructor threw")));
        assertThat(g.passed()).isFalse();
        assertThat(g.uncaughtTwins()).containsExactly("split-last-read");
        assertThat(g.problems()).anySatisfy(p -> assertThat(p).startsWith("error in RaceStress.SplitLastReadTwin"));
    }

    @Test
    void aTerminationPairEndedByAStaleSampleNeedsNoFloor() {
        DeclaredTests.Pair real =
                new DeclaredTests.Pair("WakeStress", "Published", "x.WakeStress.Published", Mode.Termination, null);
        DeclaredTests.Pair twin = new DeclaredTests.Pair(
                "WakeStress", "LostWakeupTwin", "x.WakeStress.LostWakeupTwin", Mode.Termination, "lost-wakeup");
        assertThat(StressGate.grade(List.of(real, twin), List.of(ran(real, 1_200, 0), ran(twin, 0, 2)))
                        .problems())
                .isEmpty();
        StressGate.Grade thin = StressGate.grade(List.of(real, twin), List.of(ran(real, 20, 0), ran(twin, 0, 2)));
        assertThat(thin.underSampled())
                .extracting(StressGate.UnderSampled::pair)
                .containsExactly(real);
    }

    @Test
    void aTestNobodyDeclaredOrAnEmptySelectionFailsTheGate() {
        StressGate.Grade extra =
                StressGate.grade(List.of(REAL), List.of(ran(REAL, 1_000_000, 0), ran(TWIN, 900_000, 5)));
        assertThat(extra.unexpected()).containsExactly(TWIN.name());
        assertThat(extra.passed()).isFalse();
        assertThat(StressGate.grade(List.of(), List.of()).problems())
                .singleElement()
                .asString()
                .contains("proves nothing");
    }

    private static final DeclaredTests.Pair END_TWIN = new DeclaredTests.Pair(
            "RaceStress",
            "EndPublishedBeforeEntryTwin",
            PREFIX + "EndPublishedBeforeEntryTwin",
            Mode.Continuous,
            "end-published-before-entry");
    private static final DeclaredTests.Pair END_TWIN_ELSEWHERE = new DeclaredTests.Pair(
            "OtherStress",
            "EndPublishedBeforeEntryTwin",
            "io.cursorcheck.stress.OtherStress.EndPublishedBeforeEntryTwin",
            Mode.Continuous,
            "end-published-before-entry");

    @Test
    void aTwinNotCaughtBelowItsTwinFloorIsTooShortAndRerunNotMissed() {
        long floor = StressGate.twinFloor("end-published-before-entry");
        assertThat(floor).isGreaterThan(StressGate.MIN_SAMPLES_CONTINUOUS);
        StressGate.Grade thin = StressGate.grade(
                List.of(REAL, END_TWIN), List.of(ran(REAL, 1_000_000, 0), ran(END_TWIN, floor - 1, 0)));
        assertThat(thin.passed()).isFalse();
        assertThat(thin.uncaughtTwins()).isEmpty();
        assertThat(thin.tooShortTwins()).singleElement().satisfies(t -> {
            assertThat(t.twin()).isEqualTo("end-published-before-entry");
            assertThat(t.fewest()).isEqualTo(floor - 1);
        });
        assertThat(thin.toRerun()).containsExactly(END_TWIN);
        assertThat(thin.problems())
                .singleElement()
                .asString()
                .startsWith("too short: racy twin end-published-before-entry was not caught");

        // At its floor, a miss is a verdict: not caught, and nothing to rerun (no retrying until green).
        StressGate.Grade missed =
                StressGate.grade(List.of(REAL, END_TWIN), List.of(ran(REAL, 1_000_000, 0), ran(END_TWIN, floor, 0)));
        assertThat(missed.uncaughtTwins()).containsExactly("end-published-before-entry");
        assertThat(missed.tooShortTwins()).isEmpty();
        assertThat(missed.toRerun()).isEmpty();
        assertThat(missed.problems())
                .singleElement()
                .asString()
                .startsWith("racy twin end-published-before-entry was not caught");
    }

    @Test
    void aTwinOfTwoTestsIsTooShortWhileEitherPairIsBelowItsFloorAndCaughtByEither() {
        long floor = StressGate.twinFloor("end-published-before-entry");
        List<DeclaredTests.Pair> pairs = List.of(END_TWIN, END_TWIN_ELSEWHERE);
        StressGate.Grade oneThin =
                StressGate.grade(pairs, List.of(ran(END_TWIN, floor, 0), ran(END_TWIN_ELSEWHERE, 10, 0)));
        assertThat(oneThin.tooShortTwins())
                .singleElement()
                .satisfies(t -> assertThat(t.fewest()).isEqualTo(10));
        assertThat(oneThin.toRerun()).containsExactlyInAnyOrder(END_TWIN, END_TWIN_ELSEWHERE);
        StressGate.Grade caught =
                StressGate.grade(pairs, List.of(ran(END_TWIN, floor - 1, 3), ran(END_TWIN_ELSEWHERE, floor - 1, 0)));
        assertThat(caught.problems()).isEmpty();
        assertThat(caught.toRerun()).isEmpty();
    }

    @Test
    void anUnderSampledPairIsTooShortAndRerunButAnErrorOrAFailureIsNot() {
        StressGate.Grade thin = StressGate.grade(
                List.of(REAL, TWIN),
                List.of(ran(REAL, StressGate.MIN_SAMPLES_CONTINUOUS - 1, 0), ran(TWIN, 900_000, 5)));
        assertThat(thin.toRerun()).containsExactly(REAL);
        assertThat(thin.problems())
                .singleElement()
                .asString()
                .startsWith("too short: under-sampled pair RaceStress.Published")
                .contains("no verdict on the subject");
        StressGate.Grade verdicts = StressGate.grade(
                List.of(REAL, END_TWIN),
                List.of(ran(REAL, 1_000_000, 4), ran(END_TWIN, 500_000, 0, "status VM_ERROR: the fork crashed")));
        assertThat(verdicts.passed()).isFalse();
        assertThat(verdicts.tooShortTwins()).isEmpty();
        assertThat(verdicts.toRerun())
                .as("a failure or an error is a verdict, never retried")
                .isEmpty();
    }

    @Test
    void everyDeclaredTwinHasATwinFloorAndAnUnknownTwinIsNamed() {
        assertThat(DeclaredTests.all())
                .filteredOn(DeclaredTests.Pair::twin)
                .isNotEmpty()
                .allSatisfy(p -> assertThat(StressGate.twinFloor(p.twinId())).isPositive());
        assertThatThrownBy(() -> StressGate.twinFloor("no-such-twin"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'no-such-twin'");
    }

    /**
     * A round runs its termination tests in a jcstress process of their own: the two filters split every declared
     * pair between the processes, none in both, none left out, and each process gets the mode it is for.
     */
    @Test
    void theTerminationTestsAndTheRestSplitEveryPairBetweenTwoProcesses() {
        List<DeclaredTests.Pair> termination = DeclaredTests.all().stream()
                .filter(p -> p.mode() == org.openjdk.jcstress.annotations.Mode.Termination)
                .toList();
        assertThat(termination).isNotEmpty();
        List<DeclaredTests.Pair> rest = DeclaredTests.matching(StressRun.except(termination));
        assertThat(rest).isNotEmpty().doesNotContainAnyElementsOf(termination);
        assertThat(rest).allMatch(p -> p.mode() == org.openjdk.jcstress.annotations.Mode.Continuous);
        assertThat(DeclaredTests.matching(StressRun.exactly(termination))).containsExactlyElementsOf(termination);
        List<DeclaredTests.Pair> together = new java.util.ArrayList<>(rest);
        together.addAll(termination);
        assertThat(together).containsExactlyInAnyOrderElementsOf(DeclaredTests.all());
    }

    @Test
    void aFurtherRoundSelectsExactlyItsPairsAndAddsUpWithTheFirst() {
        List<DeclaredTests.Pair> some = DeclaredTests.all().subList(0, 2);
        assertThat(DeclaredTests.matching(StressRun.exactly(some))).containsExactlyElementsOf(some);
        List<StressRun.TestVerdict> summed = StressRun.sum(
                List.of(ran(REAL, 1_000, 0), ran(TWIN, 2_000, 1)), List.of(ran(TWIN, 3_000, 2, "status VM_ERROR: x")));
        assertThat(summed).extracting(StressRun.TestVerdict::samples).containsExactly(1_000L, 5_003L);
        StressRun.TestVerdict twin = summed.get(1);
        assertThat(twin.runs()).isEqualTo(4);
        assertThat(twin.errors()).containsExactly("status VM_ERROR: x");
        assertThat(twin.outcomes()).extracting(StressRun.Observed::count).containsExactly(5_000L, 3L);
    }
}
