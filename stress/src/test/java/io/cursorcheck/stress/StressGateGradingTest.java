package io.cursorcheck.stress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Mode;

/**
 * {@link StressGate}'s grading on made-up results, in a second (the real run and its controls are
 * {@link StressGateTest}): an error is never a catch, a termination run ended by a stale sample
 * needs no floor, a test nobody declared fails the gate, and a run that selected nothing proves nothing.
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
}
