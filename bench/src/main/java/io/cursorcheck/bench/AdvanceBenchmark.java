package io.cursorcheck.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Cost of one consumer advance, single-threaded, for every variant of the registry and the two
 * floors ({@code target}), against the number of consumers and the access pattern. The
 * command line ({@code bin/cursorcheck bench}) picks the parameter sets; the targets always come from the
 * registry ({@link BenchRun#TARGETS}), the other defaults here are the full matrix.
 *
 * <p>Run directly: {@code java -cp <bench classpath> org.openjdk.jmh.Main AdvanceBenchmark -p target=wheel}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class AdvanceBenchmark {

    /** A variant id of the registry, {@code floor-api} or {@code floor-physical}. */
    @Param(Target.UNSET) // BenchRun passes BenchRun.TARGETS (the floors and the registry): no list to keep in step
    public String target;

    /** Attached consumers. */
    @Param({"1", "2", "4", "16", "64", "256", "1024", "4096"})
    public int consumers;

    /** The access pattern (CATCHUP runs in {@link CatchupBenchmark}). */
    @Param({"LOCKSTEP", "RANDOM", "JUMP", "CHURN", "DROP_OLDEST_STALLED"})
    public String pattern;

    private Workload workload;

    /** Builds the broadcast and its consumers (JUMP and CHURN stagger them: O(n^2) reads, untimed). */
    @Setup(Level.Trial)
    public void setUp(Blackhole bh) {
        workload = new Workload(target, Pattern.valueOf(pattern), consumers, bh);
    }

    /** One operation of the pattern: one advance, with its share of writes (see {@link Pattern}). */
    @Benchmark
    public long advance() {
        return workload.step();
    }
}
