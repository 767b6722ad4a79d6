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
            assertThatThrownBy(() -> t.trimHint(3)).as(name).isInstanceOf(ImpossibleStateException.class)
                    .hasMessageContaining("past the end 2");
        }
    }
}
