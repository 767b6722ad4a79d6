import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.explore.Explorer;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.spi.Policy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The explorer's own speed on one bound, in one JVM: explores it RUNS times and prints each run's
 * distinct states per CPU second of the exploring thread (Explorer.Result#statesPerCpuSecond), then the
 * median (and the best: load only ever slows a run down) of the runs after the first. The first run is warm-up: on a loaded machine the JIT compiles
 * late, and a run of a few seconds is then mostly interpreted, which says nothing about the code.
 * Each run also prints the bytes this thread allocated per transition, which, unlike a timing, the
 * machine's load does not change (the explorer's per-state cost is mostly allocation). Only an explorer
 * that explores on the calling thread (as the explorer did before it ran in parallel) allocates there: for the parallel
 * explorer, whose workers do the work, the figure is printed as not measured.
 * A run that does not hold, or explores a different number of states than the first, is an error:
 * a faster explorer must explore the same states.
 *
 * <p>usage (tools/bench-explore.sh runs it): java -cp CLASSPATH tools/ExploreBench.java ROOT RUNS VARIANT
 * POLICY BUDGET SIZES CONSUMERS DEPTH
 */
public final class ExploreBench {
    /** Bytes this thread allocated so far: unlike a timing, the load of the machine does not change it. */
    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }

    public static void main(String[] args) {
        Path root = Path.of(args[0]);
        int runs = Integer.parseInt(args[1]);
        Variant subject = Variant.named(args[2]);
        Policy policy = Policy.valueOf(args[3].toUpperCase().replace('-', '_'));
        long budget = Long.parseLong(args[4]);
        List<Integer> sizes = Arrays.stream(args[5].split(",")).map(Integer::valueOf).toList();
        Scope scope = new Scope(policy, budget, sizes, Integer.parseInt(args[6]), Integer.parseInt(args[7]), false);
        KnownFindings known = KnownFindings.load(root);
        List<Double> figures = new ArrayList<>();
        long states = -1;
        for (int i = 0; i <= runs; i++) {
            long allocatedBefore = allocatedBytes();
            Explorer.Result r = Explorer.explore(subject, scope, Long.MAX_VALUE, false, known, null);
            long allocated = allocatedBytes() - allocatedBefore;
            if (!r.holds() || (states >= 0 && r.states() != states)) {
                System.err.printf("run %d: %s, %,d states (first run: %,d)%n", i, r.holds() ? "holds" : "DOES NOT HOLD",
                        r.states(), states);
                System.exit(1);
            }
            states = r.states();
            long perTransition = allocated / Math.max(1, r.transitions());
            System.out.printf("run %d%s: %,d states, %,d transitions, %,.0f states per CPU second (%,d ms CPU), %s%n",
                    i, i == 0 ? " (warm-up)" : "", r.states(), r.transitions(), r.statesPerCpuSecond(), r.cpuMillis(),
                    perTransition < 64 ? "bytes per transition not measured (the work ran on the explorer's workers)"
                            : String.format("%,d bytes allocated per transition", perTransition));
            if (i > 0) {
                figures.add(r.statesPerCpuSecond());
            }
        }
        figures.sort(null);
        int n = figures.size();
        double median = n % 2 == 1 ? figures.get(n / 2) : (figures.get(n / 2 - 1) + figures.get(n / 2)) / 2;
        System.out.printf("median of %d runs after warm-up: %,.0f states per CPU second (best %,.0f)%n", n, median,
                figures.get(n - 1));
    }
}
