package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.RandomRun;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Options;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A fork continues exactly as the original would: the explorer's soundness rests on it. For random
 * scripts, fork the pair midway, run the rest on both, and compare every observation and both
 * state keys; a fork must not share state with its original (the negative control shares its
 * entry ring, and is caught).
 */
class ForkTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aForkAnswersExactlyAsItsOriginalWould(Variant variant) {
        forkAndCompare(variant);
    }

    /** The negative control: a fork that shares its entry ring with the original must be caught. */
    @Test
    void aForkSharingItsBufferIsCaught() {
        Mutant sharing = new Mutant("fork-shares-buffer", "The copy constructor shares the entry ring instead of"
                + " copying it, so the fork and its original write into one buffer.", Mutant.Impact.SAFETY,
                "BroadcastCore.java", "this.buffer = other.buffer.copy();", "this.buffer = other.buffer;",
                "CachedCountBroadcast");
        assertThatThrownBy(() -> forkAndCompare(Mutants.factory(sharing))).isInstanceOf(AssertionError.class);
    }

    private static void forkAndCompare(BroadcastFactory variant) {
        Generator generator = new Generator(Weights.DEFAULT);
        for (long i = 0; i < 300; i++) {
            SplittableRandom random = new SplittableRandom(RandomRun.sequenceSeed(7, i));
            Options options = generator.options(random);
            LockstepPair original = new LockstepPair(variant, options);
            List<Op> ops = new ArrayList<>();
            int forkAt = 1 + random.nextInt(20);
            LockstepPair fork = null;
            for (int step = 0; step < 40; step++) {
                if (step == forkAt) {
                    fork = original.fork();
                    assertThat(fork.stateKey()).isEqualTo(original.stateKey());
                }
                Op op = generator.next(random, original.model().broadcast().snapshot(), original.consumers(), options);
                ops.add(op);
                boolean failed = original.step(step, op) != null;
                if (fork != null) {
                    fork.step(step, op);
                    assertSame(original.lastModel(), fork.lastModel(), ops);
                    assertSame(original.lastSubject(), fork.lastSubject(), ops);
                    if (!failed) {
                        assertThat(fork.stateKey()).as("%s", ops).isEqualTo(original.stateKey());
                    }
                }
                if (failed) {
                    break; // a known finding against the model: the state after it is undefined
                }
            }
        }
    }

    private static void assertSame(Observation a, Observation b, List<Op> ops) {
        assertThat(b.answer()).as("answer after %s", ops).isEqualTo(a.answer());
        assertThat(b.snapshot()).as("snapshot after %s", ops).isEqualTo(a.snapshot());
        assertThat(b.violations()).as("violations after %s", ops).isEqualTo(a.violations());
    }
}
