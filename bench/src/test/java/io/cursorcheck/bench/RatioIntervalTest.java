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
        assertThat(r.atLeast(80)).isEqualTo(BenchReport.Outcome.MET);
        assertThat(r.atLeast(100)).isEqualTo(BenchReport.Outcome.UNDECIDED);
        assertThat(r.atLeast(111)).isEqualTo(BenchReport.Outcome.NOT_MET);
        assertThat(r.atMost(110)).isEqualTo(BenchReport.Outcome.MET);
        assertThat(r.atMost(100)).isEqualTo(BenchReport.Outcome.UNDECIDED);
        assertThat(r.atMost(89)).isEqualTo(BenchReport.Outcome.NOT_MET);
    }

    @Test
    void emptyOrNonPositiveIterationsAreRefused() {
        assertThatThrownBy(() -> RatioInterval.of(List.of(), List.of(1.0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("iterations on both sides");
        assertThatThrownBy(() -> RatioInterval.of(List.of(1.0), List.of(0.0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("positive");
    }
}
