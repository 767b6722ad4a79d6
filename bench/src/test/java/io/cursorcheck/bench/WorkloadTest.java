package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The harness, not the numbers: every pattern runs on every target (a refused write or a read
 * without an entry throws), and every target reads the same positions in the same order, so
 * the benchmarks compare the same work.
 */
class WorkloadTest {

    static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    @ParameterizedTest
    @EnumSource(Pattern.class)
    void everyTargetReadsTheSamePositions(Pattern pattern) {
        for (int n : List.of(1, 2, 5, 17)) {
            Long expected = null;
            for (String target : BenchRun.TARGETS) {
                long sum = checksum(target, pattern, n);
                if (expected == null) {
                    expected = sum;
                }
                assertThat(sum).as("%s %s n=%d", target, pattern, n).isEqualTo(expected);
            }
        }
    }

    private static long checksum(String target, Pattern pattern, int n) {
        Workload w = new Workload(target, pattern, n, BH);
        long sum = 0;
        if (pattern == Pattern.CATCHUP) {
            for (int i = 0; i < 20; i++) {
                w.prepareCatchup();
                sum = sum * 31 + w.catchup();
            }
            return sum;
        }
        for (int i = 0; i < 5_000; i++) {
            sum = sum * 31 + w.step();
        }
        return sum;
    }

    /**
     * Why no pattern in which every consumer reads every entry can separate cached-count from wheel on cost per
     * advance: the slowest cursor only moves forward, every consumer stays at or above it, so each move costs n
     * advances in all and the slowest cursor moves at most once per n advances (plus the span it starts with).
     * cached-count's O(n) rescan, paid at most once per move, is then O(1) amortised. JUMP is such a pattern (one
     * move per n advances); only a pattern that times the slowest consumer's reads alone (CATCHUP: every timed read
     * moves it) or measures per-advance latency rather than its mean can separate them.
     */
    @ParameterizedTest
    @EnumSource(
            value = Pattern.class,
            names = {"LOCKSTEP", "RANDOM", "JUMP", "CHURN"})
    void whereEveryConsumerReadsEveryEntryTheSlowestMovesAtMostOncePerNAdvances(Pattern pattern) {
        for (int n : List.of(4, 16, 64)) {
            Counting c = new Counting(Target.create("wheel", Workload.options(pattern), n));
            Workload w = new Workload(c, pattern, n, BH);
            long before = c.advances; // JUMP and CHURN stagger the consumers in the constructor
            long movesBefore = c.minimumMoves;
            for (int i = 0; i < 20_000; i++) {
                w.step();
            }
            long advances = c.advances - before;
            long moves = c.minimumMoves - movesBefore;
            // CHURN's detach and attach land the new consumer one past the old minimum: it never reads that entry
            long bound = advances / n + n + (pattern == Pattern.CHURN ? advances / n + 1 : 0);
            assertThat(moves).as("%s n=%d: %d advances", pattern, n, advances).isLessThanOrEqualTo(bound);
            if (pattern == Pattern.JUMP) {
                assertThat(moves).as("JUMP n=%d", n).isBetween(advances / n - 1, advances / n + 1);
            }
        }
    }

    @Test
    void inCatchupEveryTimedReadMovesTheSlowestCursor() {
        Counting c = new Counting(Target.create("wheel", Workload.options(Pattern.CATCHUP), 64));
        Workload w = new Workload(c, Pattern.CATCHUP, 64, BH);
        w.prepareCatchup();
        long moves = c.minimumMoves;
        long advances = c.advances;
        w.catchup();
        assertThat(c.advances - advances).isEqualTo(Workload.CATCHUP_LAG);
        assertThat(c.minimumMoves - moves).isEqualTo(Workload.CATCHUP_LAG);
    }

    /**
     * A target that counts advances and moves of the slowest cursor (the workload's trims, which it gives wherever
     * a tracker would trim), kept out of the benchmarks' hot path.
     */
    private static final class Counting extends Target {
        private final Target inner;
        long advances;
        long minimumMoves;
        private long minimum;

        Counting(Target inner) {
            this.inner = inner;
        }

        @Override
        void attach(int i) {
            inner.attach(i);
        }

        @Override
        void detach(int i) {
            inner.detach(i);
        }

        @Override
        long next(int i, Blackhole bh) {
            advances++;
            return inner.next(i, bh);
        }

        @Override
        boolean write(int size, Blackhole bh) {
            return inner.write(size, bh);
        }

        @Override
        void trimHint(long slowest) {
            if (slowest != minimum) {
                minimumMoves++;
                minimum = slowest;
            }
            inner.trimHint(slowest);
        }
    }

    @Test
    void thePrWorkloadRetriesRefusedWritesAndDeliversEverything() {
        for (String target : List.of(Target.API, "cached-count", "wheel", "model")) {
            StreamBenchmark b = new StreamBenchmark();
            b.target = target;
            b.consumers = 3;
            b.runBytes = 1 << 20;
            b.setUp(BH);
            long refusals = b.run(); // throws unless every consumer read every entry
            assertThat(refusals).as(target).isPositive();
            assertThat(b.run()).isGreaterThan(refusals);
        }
    }

    /**
     * The floors trust the workload's slowest cursor, so a trim past end (a workload that lost count
     * of its consumers) throws instead of being clamped to end; a trim to end is fine.
     */
    @Test
    void theFloorsRefuseATrimPastEnd() {
        for (String name : List.of(Target.API, Target.PHYSICAL)) {
            Target t = Target.create(name, Options.of(1 << 20, Policy.STRICT), 1);
            t.attach(0);
            t.write(1, BH);
            t.write(1, BH);
            t.next(0, BH);
            t.trimHint(1);
            t.next(0, BH);
            t.trimHint(2);
            assertThatThrownBy(() -> t.trimHint(3))
                    .as(name)
                    .isInstanceOf(ImpossibleStateException.class)
                    .hasMessageContaining("past the end 2");
        }
    }
}
