package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A ratio's interval over iteration pairs, and the three verdicts it allows. */
class RatioIntervalTest {

    @Test
    void theIntervalSpansEveryPairOfIterations() {
        RatioInterval r = RatioInterval.of(List.of(90.0, 100.0, 110.0), List.of(1.0, 2.0));
        assertThat(r.point()).isCloseTo(100.0 / 1.5, within(1e-9));
        assertThat(r.low()).isCloseTo(45.0, within(1e-9));
        assertThat(r.high()).isCloseTo(110.0, within(1e-9));
        assertThat(r.toString()).isEqualTo("66.7x [45.0x, 110.0x]");
    }

    @Test
    void metOnlyWhenTheWholeIntervalClearsNotMetOnlyWhenItWhollyMisses() {
        RatioInterval r = new RatioInterval(100, 90, 110);
        assertThat(r.atLeast(80)).isEqualTo(BenchVerdict.Outcome.MET);
        assertThat(r.atLeast(100)).isEqualTo(BenchVerdict.Outcome.UNDECIDED);
        assertThat(r.atLeast(111)).isEqualTo(BenchVerdict.Outcome.NOT_MET);
        assertThat(r.atMost(110)).isEqualTo(BenchVerdict.Outcome.MET);
        assertThat(r.atMost(100)).isEqualTo(BenchVerdict.Outcome.UNDECIDED);
        assertThat(r.atMost(89)).isEqualTo(BenchVerdict.Outcome.NOT_MET);
    }

    @Test
    void emptyOrNonPositiveIterationsAreRefused() {
        assertThatThrownBy(() -> RatioInterval.of(List.of(), List.of(1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("iterations on both sides");
        assertThatThrownBy(() -> RatioInterval.of(List.of(1.0), List.of(0.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("positive");
    }

    /**
     * With forks the interval spans every pair of fork medians, not of single iterations: one slow iteration in a
     * fork moves no end, a fork that settled higher moves one.
     */
    @Test
    void withForksTheIntervalSpansEveryPairOfForkMedians() {
        List<List<Double>> a = List.of(List.of(20.0, 20.0, 99.0), List.of(30.0, 30.0, 30.0));
        List<List<Double>> b = List.of(List.of(10.0, 10.0, 10.0), List.of(10.0, 12.5, 12.5));
        RatioInterval r = RatioInterval.ofForks(a, b);
        // medians of all iterations: a (20, 20, 30, 30, 30, 99) 30; b (10, 10, 10, 10, 12.5, 12.5) 10
        assertThat(r.point()).isCloseTo(3.0, within(1e-9));
        assertThat(r.low()).isCloseTo(20.0 / 12.5, within(1e-9));
        assertThat(r.high()).isCloseTo(30.0 / 10.0, within(1e-9));
        // one fork on a side: no spread between JVMs, so every pair of iterations, as before
        RatioInterval one = RatioInterval.ofForks(List.of(List.of(90.0, 100.0, 110.0)), List.of(List.of(1.0, 2.0)));
        assertThat(one).isEqualTo(RatioInterval.of(List.of(90.0, 100.0, 110.0), List.of(1.0, 2.0)));
    }

    @Test
    void aForkWithoutIterationsOrANonPositiveOneIsRefused() {
        assertThatThrownBy(() -> RatioInterval.ofForks(List.of(List.of(1.0), List.of()), List.of(List.of(1.0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("every fork on both sides");
        assertThatThrownBy(() -> RatioInterval.ofForks(
                        List.of(List.of(1.0), List.of(1.0)), List.of(List.of(1.0), List.of(-1.0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("positive");
    }
}
