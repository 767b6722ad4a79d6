package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.spi.Options;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A fork continues exactly as the original would: the explorer's soundness rests on it. For random
 * scripts, fork the pair midway, run the rest on both, and compare every observation and both
 * state keys; a fork must not share state with its original (the negative controls share the entry
 * ring, the consumers' open reads and the wait queue, one each, and are caught).
 */
class ForkTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aForkAnswersExactlyAsItsOriginalWould(Variant variant) {
        forkAndCompare(variant);
    }

    /**
     * The negative controls: a copy constructor that shares a part of the state with the original
     * instead of copying it must be caught by the same check the real classes pass, each for its
     * own part: the entry ring, the consumers' open reads, the wait queue.
     */
    static Stream<Mutant> sharingForks() {
        return Stream.of(
                sharing(
                        "fork-shares-buffer",
                        "BroadcastCore.java",
                        "The copy constructor shares the entry ring"
                                + " instead of copying it, so the fork and its original write into one buffer.",
                        "this.buffer = other.buffer.copy();",
                        "this.buffer = other.buffer;"),
                sharing(
                        "fork-shares-open-reads",
                        "Reader.java",
                        "The copy of a consumer shares its queue of open reads with the"
                                + " original consumer's (a shallow copy), so a read queued or settled on one side is queued or"
                                + " settled on both.",
                        "c.queued = new ArrayDeque<>(queued);",
                        "c.queued = queued;"),
                sharing(
                        "fork-shares-waiters",
                        "BroadcastCore.java",
                        "The fork's wait queue holds the original's"
                                + " consumers instead of their copies, so the fork's notify serves the original's consumers and"
                                + " not its own.",
                        "waiters.add(copies.copyIn(r, this));",
                        "waiters.add(r);"));
    }

    private static Mutant sharing(String id, String file, String description, String find, String replace) {
        return new Mutant(id, description, Mutant.Impact.SAFETY, file, find, replace, "CachedCountBroadcast");
    }

    @ParameterizedTest
    @MethodSource("sharingForks")
    void aForkSharingStateWithItsOriginalIsCaught(Mutant sharing) {
        // Compiled outside the check: a patch that does not apply or compile is an error of the
        // control, not a catch. Only the comparison of fork and original throws AssertionError.
        BroadcastFactory factory = Mutants.factory(sharing);
        assertThatThrownBy(() -> forkAndCompare(factory))
                .isInstanceOf(AssertionError.class)
                .satisfies(e -> System.out.printf(
                        "%s caught: %s%n", sharing.id(), e.getMessage().strip().replaceAll("\\s+", " ")));
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
                    assertThat(fork.key()).isEqualTo(original.key());
                }
                Op op = generator.next(random, original.model().broadcast().snapshot(), original.consumers(), options);
                ops.add(op);
                boolean failed = original.step(step, op) != null;
                if (fork != null) {
                    fork.step(step, op);
                    assertSame(original.lastModel(), fork.lastModel(), ops);
                    assertSame(original.lastSubject(), fork.lastSubject(), ops);
                    if (!failed) {
                        assertThat(fork.key()).as("%s", ops).isEqualTo(original.key());
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
