package io.cursorcheck.campaign;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.stress.DeclaredTests;
import io.cursorcheck.stress.StressRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Mode;

/**
 * jcstress' findings per racy twin, from one run of the twins' own pairs in the gate's settings. A twin is
 * caught when a pair whose subject is that twin saw a forbidden outcome and every run of it completed
 * ({@link StressRun.TestVerdict#caught()}); a pair that did not run or did not complete is an error.
 *
 * <p>jcstress 0.16 sums a run's iterations inside the fork and records no time per sample or per
 * iteration, so the time to the first catch cannot be measured: for a continuous pair the page gives an
 * ESTIMATE, the pair's nominal stress time divided by its forbidden outcomes (the mean time between two,
 * if they came at an even rate), and as the margin the forbidden outcomes the gate's time saw. A
 * termination pair ends each run at its first stale trial, and jcstress does not record when.
 */
final class JcstressTwins {

    /** The tool's name on the page. */
    static final String TOOL = "jcstress";

    /** Its columns after the status. */
    static final List<String> HEADINGS =
            List.of("forbidden / samples, runs that saw one (the margin)", "time to first catch", "tests");

    private JcstressTwins() {}

    /**
     * The findings of a run.
     *
     * @param run          the run of the twins' pairs ({@link StressRun#run})
     * @param stressMillis each test's nominal stress time ({@link StressRun#stressMillis})
     */
    static TwinFindings of(StressRun.Result run, Map<String, Long> stressMillis) {
        Map<String, StressRun.TestVerdict> ran = new LinkedHashMap<>();
        run.tests().forEach(t -> ran.put(t.name(), t));
        List<String> errors = new ArrayList<>();
        if (run.tests().isEmpty()) {
            errors.add("jcstress ran no test (exit " + run.exitCode() + "); see " + run.log());
        }
        Map<String, TwinFindings.Cell> cells = new LinkedHashMap<>();
        long stressTotal = 0;
        for (Mutant twin : Mutants.RACY_TWINS) {
            List<DeclaredTests.Pair> pairs = run.expected().stream()
                    .filter(p -> twin.id().equals(p.twinId()))
                    .toList();
            if (pairs.isEmpty()) {
                cells.put(
                        twin.id(),
                        new TwinFindings.Cell(
                                TwinFindings.Status.NOT_CHECKED,
                                List.of("", "", ""),
                                "no jcstress test declares this twin"));
                continue;
            }
            boolean caught = false;
            List<String> broken = new ArrayList<>();
            List<String> counts = new ArrayList<>();
            List<String> times = new ArrayList<>();
            for (DeclaredTests.Pair p : pairs) {
                StressRun.TestVerdict t = ran.get(p.name());
                if (t == null) {
                    broken.add(p.shortName() + " did not run");
                    continue;
                }
                if (!t.errors().isEmpty()) {
                    broken.add(p.shortName() + ": " + String.join("; ", t.errors()));
                    continue;
                }
                caught |= t.caught();
                long forbidden = t.outcomes().stream()
                        .filter(o -> o.expect() == Expect.FORBIDDEN || o.expect() == Expect.UNKNOWN)
                        .mapToLong(StressRun.Observed::count)
                        .sum();
                long millis = stressMillis.getOrDefault(t.name(), 0L);
                stressTotal += millis;
                String label = pairs.size() > 1 ? p.test() + ": " : "";
                // every run here completed normally, so a failed run is one that saw a forbidden outcome
                counts.add(String.format(
                        "%s%,d / %,d, forbidden in %d of %d runs",
                        label, forbidden, t.samples(), t.failedRuns(), t.runs()));
                times.add(label + timeToCatch(p.mode(), forbidden, millis));
            }
            errors.addAll(
                    broken.stream().map(b -> "twin " + twin.id() + ": " + b).toList());
            TwinFindings.Status status = caught
                    ? TwinFindings.Status.CAUGHT
                    : !broken.isEmpty() ? TwinFindings.Status.ERROR : TwinFindings.Status.NOT_CAUGHT;
            cells.put(
                    twin.id(),
                    new TwinFindings.Cell(
                            status,
                            List.of(
                                    String.join("; ", counts),
                                    String.join("; ", times),
                                    String.join(
                                            ", ",
                                            pairs.stream()
                                                    .map(DeclaredTests.Pair::test)
                                                    .toList())),
                            status == TwinFindings.Status.ERROR
                                    ? String.join("; ", broken)
                                    : status == TwinFindings.Status.NOT_CAUGHT
                                            ? "no forbidden outcome in the gate's settings"
                                            : ""));
        }
        List<TwinFindings.Cost> all = new ArrayList<>();
        long wall = run.duration().toMillis();
        all.add(new TwinFindings.Cost(
                "nominal stress time of the twins' pairs (iterations x time per" + " iteration, from the result files)",
                TwinFindings.seconds(stressTotal)));
        all.add(new TwinFindings.Cost(
                String.format(
                        "the rest of its wall time (wall minus stress, over %d runs of"
                                + " the pairs: its probing of the OS and VM, each fork's start and twin compilation, reporting)",
                        run.tests().stream()
                                .mapToInt(StressRun.TestVerdict::runs)
                                .sum()),
                TwinFindings.seconds(Math.max(0, wall - stressTotal))));
        return new TwinFindings(
                TOOL,
                HEADINGS,
                cells,
                errors,
                all,
                wall,
                "jcstress, in the gate's settings ("
                        + String.join(" ", run.mode().args())
                        + "), on the twins' own pairs. Caught: a forbidden outcome in a"
                        + " pair whose subject is the twin. The"
                        + " margin is the number of forbidden outcomes the gate's time saw, and in how many of its runs (a run is"
                        + " one fork of one JVM configuration, its iterations summed). jcstress 0.16 records no time per"
                        + " sample or iteration, so the time to the first catch is an ESTIMATE (stress time / forbidden"
                        + " outcomes), not a measurement; a termination test stops each run at its first stale trial, at a"
                        + " time jcstress does not record. It sees only what the hardware and JIT happen to interleave.",
                TwinFindings.everyTwin());
    }

    /** The estimate for a continuous pair, or what can be said for a termination pair. */
    static String timeToCatch(Mode mode, long forbidden, long stressMillis) {
        if (forbidden == 0) {
            return "none in " + TwinFindings.seconds(stressMillis) + " of stress";
        }
        if (mode == Mode.Termination) {
            return "not recorded (a run ends at its first stale trial; " + TwinFindings.seconds(stressMillis)
                    + " nominal)";
        }
        return String.format(
                "estimate %s (%s / %,d)",
                TwinFindings.time((double) stressMillis / forbidden), TwinFindings.seconds(stressMillis), forbidden);
    }
}
