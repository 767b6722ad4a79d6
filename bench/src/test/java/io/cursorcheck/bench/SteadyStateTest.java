package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The steady-state rule on iteration series: flat and jittery ones pass, trends and too few iterations do not. */
class SteadyStateTest {

    @Test
    void flatOrJitteryWithinTheToleranceIsSteady() {
        assertThat(SteadyState.check(List.of(17.0, 17.0, 17.0, 17.0, 17.0, 17.0))
                        .steady())
                .isTrue();
        // halves' medians 17.5 and 19.0: 9% apart, the load's jitter
        assertThat(SteadyState.check(List.of(17.0, 18.0, 17.5, 19.0, 16.0, 20.0))
                        .steady())
                .isTrue();
        // a phase of this machine (the physical floor from 3.8 to 5.2 ns): 37% apart, within the tolerance
        assertThat(SteadyState.check(List.of(3.8, 3.7, 3.8, 5.2, 5.3, 5.2)).steady())
                .isTrue();
    }

    /** The negative control of the rule: the cold JIT (247 ns, then 17 ns) read as measurement iterations. */
    @Test
    void controlASlowWarmUpIsNotSteady() {
        SteadyState.Check c = SteadyState.check(List.of(247.0, 120.0, 60.0, 17.0, 17.0, 17.0));
        assertThat(c.steady()).isFalse();
        assertThat(c.why()).contains("120", "17.0", "over 50%");
        // a milder trend, 2x down across the run, is caught too; a trend up (the model's heap filling) as well
        assertThat(SteadyState.check(List.of(40.0, 38.0, 36.0, 20.0, 19.0, 18.0))
                        .steady())
                .isFalse();
        assertThat(SteadyState.check(List.of(301.0, 247.0, 2139.0, 4791.0, 5856.0, 32910.0))
                        .steady())
                .isFalse();
    }

    @Test
    void theToleranceIsTheBoundary() {
        // medians 10 and 15: exactly 50% apart, steady; 10 and 15.1: not
        assertThat(SteadyState.check(List.of(10.0, 10.0, 15.0, 15.0)).steady()).isTrue();
        assertThat(SteadyState.check(List.of(10.0, 10.0, 15.1, 15.1)).steady()).isFalse();
        // an odd count leaves the middle iteration out of both halves
        assertThat(SteadyState.check(List.of(10.0, 10.0, 99.0, 10.0, 10.0)).steady())
                .isTrue();
    }

    @Test
    void tooFewIterationsCannotBeJudgedSteady() {
        SteadyState.Check c = SteadyState.check(List.of(17.0, 17.0, 17.0));
        assertThat(c.steady()).isFalse();
        assertThat(c.why()).contains("3 measurement iteration(s)", "needs 4");
        assertThat(SteadyState.check(List.of()).steady()).isFalse();
    }

    /**
     * Forks: the halves are pooled over them. A phase of the machine in one fork of two (measured on 2026-12-02:
     * wheel, LOCKSTEP, 1 consumer, 103% apart in that fork) does not mark the result; a cold start in every fork
     * does, and so does one confined to one fork of two (the negative control, with forks).
     */
    @Test
    void forksPoolTheirHalves() {
        List<Double> phase = List.of(32.0, 50.3, 50.6, 27.6, 23.2, 24.8);
        List<Double> steady = List.of(26.9, 23.1, 24.3, 31.3, 30.1, 32.0);
        assertThat(SteadyState.check(phase).steady()).isFalse();
        SteadyState.Check pooled = SteadyState.checkForks(List.of(phase, steady));
        assertThat(pooled.steady()).as(pooled.why()).isTrue();
        assertThat(pooled.why()).startsWith("medians of the first and second halves of 2 forks ");

        List<Double> cold = List.of(247.0, 120.0, 60.0, 17.0, 17.0, 17.0);
        assertThat(SteadyState.checkForks(List.of(cold, cold)).steady()).isFalse();
        SteadyState.Check oneCold = SteadyState.checkForks(List.of(cold, List.of(17.0, 17.0, 17.0, 17.0, 17.0, 17.0)));
        assertThat(oneCold.steady()).as(oneCold.why()).isFalse();
        assertThat(oneCold.why()).contains("over 50%");
    }

    @Test
    void aForkWithTooFewIterationsIsNamed() {
        SteadyState.Check c = SteadyState.checkForks(List.of(List.of(1.0, 1.0, 1.0, 1.0), List.of(1.0, 1.0)));
        assertThat(c.steady()).isFalse();
        assertThat(c.why()).startsWith("fork 2: 2 measurement iteration(s)");
        assertThat(SteadyState.checkForks(List.of()).steady()).isFalse();
    }
}
