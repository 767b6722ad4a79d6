package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.campaign.Controls;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.GateSeed;
import io.cursorcheck.properties.run.RandomRun;
import org.junit.jupiter.api.Test;

/**
 * The gate's seed: fixed unless pinned or drawn afresh, a clear error for anything else, and the
 * reason a printed seed is worth printing: two runs on one seed run the same sequences, so they
 * meet the same first failure, on any number of threads.
 */
class GateSeedTest {

    @Test
    void theSeedIsFixedUnlessPinnedOrDrawnAfresh() {
        assertThat(GateSeed.resolve(null, () -> 99))
                .isEqualTo(new GateSeed.Seed(GateSeed.FIXED, GateSeed.Source.FIXED));
        assertThat(GateSeed.resolve("", () -> 99)).isEqualTo(new GateSeed.Seed(GateSeed.FIXED, GateSeed.Source.FIXED));
        assertThat(GateSeed.resolve("42", () -> 99)).isEqualTo(new GateSeed.Seed(42, GateSeed.Source.PINNED));
        assertThat(GateSeed.resolve("fresh", () -> 99)).isEqualTo(new GateSeed.Seed(99, GateSeed.Source.FRESH));
        assertThat(GateSeed.resolve("fresh", () -> -1).value())
                .as("prints as it parses")
                .isEqualTo(Long.MAX_VALUE);
        assertThat(GateSeed.get()).isSameAs(GateSeed.get()); // once per JVM: one command replays every part
        assertThat(GateSeed.resolve("42", () -> 99).describe()).isEqualTo("seed 42 (pinned by -Dcursorcheck.seed)");
    }

    @Test
    void aSeedThatIsNeitherANumberNorFreshIsAClearError() {
        for (String bad : new String[] {"abc", "12x", "9223372036854775808", "new"}) {
            assertThatThrownBy(() -> GateSeed.resolve(bad, () -> 99))
                    .isExactlyInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-Dcursorcheck.seed")
                    .hasMessageContaining("'" + bad + "'");
        }
    }

    @Test
    void theReplayCommandsNameTheSeedAndTheBounds() {
        assertThat(GateSeed.mavenCommand("properties", "LockstepProperties", 7))
                .isEqualTo(
                        "mvn -B verify -pl properties"
                                + " -am -Dtest='LockstepProperties' -Dsurefire.failIfNoSpecifiedTests=false -Dcursorcheck.seed=7");
        assertThat(GateSeed.checkCommand("wheel", 7, 5_000, 60, 2))
                .isEqualTo("bin/cursorcheck check --variant wheel --seed 7 --runs 5000 --max-steps 60 --threads 2");
    }

    /** The gate's runs, twice on one seed: the same sequences and operations, the same first failure. */
    @Test
    void twoRunsOnOneSeedRunTheSameSequences() {
        RandomRun.Config conforming = new RandomRun.Config(
                Variant.CACHED_COUNT,
                GateSeed.FIXED,
                300,
                Long.MAX_VALUE,
                Gate.MAX_STEPS,
                Weights.DEFAULT,
                Gate.THREADS,
                false,
                null,
                Gate.known());
        RandomRun.Result a = RandomRun.run(conforming, new RandomRun.Progress());
        RandomRun.Result b = RandomRun.run(conforming, new RandomRun.Progress());
        assertThat(b.sequences()).isEqualTo(a.sequences()).isEqualTo(300);
        assertThat(b.operations()).isEqualTo(a.operations());

        RandomRun.Found first = control(Gate.THREADS);
        RandomRun.Found again = control(Gate.THREADS);
        RandomRun.Found alone = control(1);
        for (RandomRun.Found f : new RandomRun.Found[] {again, alone}) {
            assertThat(f.counterexample().seed())
                    .isEqualTo(first.counterexample().seed());
            assertThat(f.counterexample().original())
                    .isEqualTo(first.counterexample().original());
            assertThat(f.counterexample().script())
                    .isEqualTo(first.counterexample().script());
        }
    }

    /** The negative control run as NegativeControlProperties runs it: its first failure. */
    private static RandomRun.Found control(int threads) {
        Controls.Verdict v = Controls.run(
                Mutants.named("detach-forgets-count"),
                GateSeed.FIXED,
                5_000,
                60_000,
                Gate.MAX_STEPS,
                Weights.DEFAULT,
                threads,
                null,
                Gate.known());
        assertThat(v.killed()).isTrue();
        return v.caught();
    }
}
