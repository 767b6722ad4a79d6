package io.cursorcheck.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A benchmark that is deliberately slow to warm up, the steady-state rule's negative control: for the
 * first {@link #COLD_MILLIS} ms of a trial each operation burns 20 times the CPU it burns afterwards,
 * as code the JIT has not compiled yet costs more than the same code compiled. Test scope only; run by
 * {@link SteadyStateJmhTest}, never by a profile.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class SlowWarmUpBenchmark {

    /** How long the trial's cold phase lasts. */
    static final long COLD_MILLIS = 600;

    private long coldUntil;

    /** Starts the cold phase with the trial (warm-up included). */
    @Setup(Level.Trial)
    public void start() {
        coldUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(COLD_MILLIS);
    }

    /** One operation: expensive while cold, cheap once the cold phase is over. */
    @Benchmark
    public void operation() {
        Blackhole.consumeCPU(System.nanoTime() < coldUntil ? 400 : 20);
    }
}
