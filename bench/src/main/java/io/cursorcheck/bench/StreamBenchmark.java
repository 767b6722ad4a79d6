package io.cursorcheck.bench;

import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
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
 * PR #63322's own workload, done right: a writer pushes {@code runBytes} in 64 KiB entries to
 * {@code consumers} consumers under STRICT with a 256 KiB budget. A refused {@code writeSync} is
 * not counted: the consumers drain what is buffered and the same entry is written again. One
 * invocation is one run; at its end every consumer has read every entry, which the run checks
 * (it throws otherwise). The report turns time per run into MiB/s delivered to each consumer.
 *
 * <p>Entries are sizes only (the payload is opaque to the cursor logic), so MiB/s measures the
 * bookkeeping per chunk, which is all the PR changed, not memory bandwidth.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class StreamBenchmark {

    /** Entry size. */
    static final int ENTRY = 64 * 1024;
    /** STRICT budget: four entries. */
    static final long BUDGET = 256 * 1024;

    /** A variant id of the registry or {@code floor-api}. */
    @Param(Target.UNSET) // BenchRun passes BenchRun.TARGETS but the physical floor: no list to keep in step
    public String target;

    /** Attached consumers. */
    @Param({"1", "2", "4", "16", "64", "256"})
    public int consumers;

    /** Bytes written per run: 1 MiB or 16 MiB. */
    @Param({"1048576", "16777216"})
    public int runBytes;

    private Target t;
    private Blackhole bh;
    private long end; // entries accepted
    private long[] cursors; // each consumer's position as the workload knows it
    private long refusals;

    /** Builds the broadcast and attaches the consumers. */
    @Setup(Level.Trial)
    public void setUp(Blackhole bh) {
        this.bh = bh;
        if (target.equals(
                Target.PHYSICAL)) { // bare arrays have no budget: STRICT's refusals, the point here, never come
            throw new IllegalArgumentException("StreamBenchmark runs through the API: target " + target
                    + " has no budget to refuse a write; use floor-api or a variant id");
        }
        t = Target.create(target, Options.of(BUDGET, Policy.STRICT), consumers);
        cursors = new long[consumers];
        for (int i = 0; i < consumers; i++) {
            t.attach(i);
        }
    }

    /** One run; returns the refusals so far (retried, never counted as delivered). */
    @Benchmark
    public long run() {
        long first = end;
        int entries = runBytes / ENTRY;
        for (int e = 0; e < entries; e++) {
            while (!t.write(ENTRY, bh)) {
                refusals++;
                drain();
            }
            end++;
        }
        drain();
        for (long c : cursors) {
            if (c != end || end - first != entries) {
                throw new IllegalStateException("a consumer is at " + c + " after a run that ended at " + end);
            }
        }
        return refusals;
    }

    private void drain() {
        for (int i = 0; i < consumers; i++) {
            for (long p = cursors[i]; p < end; p++) {
                long read = t.next(i, bh);
                if (read != p) {
                    throw new IllegalStateException("consumer " + i + " read " + read + ", expected " + p);
                }
            }
            cursors[i] = end;
        }
        t.trimHint(end);
    }
}
