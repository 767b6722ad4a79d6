package io.cursorcheck.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * CATCHUP: the straggler's reads only. Each invocation is one catch-up of
 * {@link Workload#CATCHUP_LAG} reads, after an untimed setup in which the writer appends them
 * and every other consumer reads them.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class CatchupBenchmark {

    /** As in {@link AdvanceBenchmark#target}. */
    @Param(Target.UNSET) // BenchRun passes BenchRun.TARGETS (the floors and the registry): no list to keep in step
    public String target;

    /** Attached consumers, the straggler included. */
    @Param({"1", "2", "4", "16", "64", "256", "1024", "4096"})
    public int consumers;

    private Workload workload;

    /** Builds the broadcast and its consumers. */
    @Setup(Level.Trial)
    public void setUp(Blackhole bh) {
        workload = new Workload(target, Pattern.CATCHUP, consumers, bh);
    }

    /** Rebuilds the lag: untimed (JMH's per-invocation setup; the invocation is long enough for it). */
    @Setup(Level.Invocation)
    public void lag() {
        workload.prepareCatchup();
    }

    /** The straggler reads its whole lag; reported per read. */
    @Benchmark
    @OperationsPerInvocation(Workload.CATCHUP_LAG)
    public long catchup() {
        return workload.catchup();
    }
}
