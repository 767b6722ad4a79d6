package io.cursorcheck.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One benchmark run made readable: its JMH results ({@link BenchResults}), the targets judged on them
 * ({@link BenchTargets}, {@link BenchJudge}) and the page with its charts ({@link BenchPage}). Ratios compare
 * results of the same run, with their spread between JVMs ({@link RatioInterval}); the absolute numbers depend on
 * the machine and its load. Results that are not steady ({@link SteadyState}) or failed are marked and judge no
 * target.
 */
public final class BenchReport {

    /**
     * What the page says about how it was made.
     *
     * @param profile    quick or full
     * @param command    the command that made it
     * @param machine    cores, OS, JVM of the launching machine
     * @param started    when the run started
     * @param minutes    how long it took
     * @param jmhCommand one JMH command line, as run
     * @param note       a sentence on the conditions (e.g. the machine was shared), or empty
     */
    public record Context(
            String profile,
            String command,
            String machine,
            String started,
            double minutes,
            String jmhCommand,
            String note) {}

    private final BenchResults results;

    private BenchReport(BenchResults results) {
        this.results = results;
    }

    /**
     * Reads JMH JSON files.
     *
     * @throws IllegalArgumentException naming the file, if one is not JMH's JSON
     */
    public static BenchReport read(List<Path> jsonFiles) throws IOException {
        return read(jsonFiles, List.of());
    }

    /**
     * Reads JMH JSON files; a result named in {@code failures} (JMH's log reported it failed) is marked FAILED on
     * the page and judges no target, however many iterations it kept.
     *
     * @throws IllegalArgumentException naming the file, if one is not JMH's JSON
     */
    public static BenchReport read(List<Path> jsonFiles, List<BenchRun.Failure> failures) throws IOException {
        return new BenchReport(BenchResults.read(jsonFiles, failures));
    }

    /** Benchmarks read. */
    public int size() {
        return results.all().size();
    }

    /** Benchmarks read that are NOT STEADY ({@link SteadyState}), the FAILED ones not counted. */
    public int unsteady() {
        return (int) results.all().stream()
                .filter(r -> !results.failed(r) && !results.steadiness(r).steady())
                .count();
    }

    /** Benchmarks read that JMH reported as failed. */
    public int failed() {
        return results.failedCount();
    }

    /** The targets, judged on this run's numbers, in the page's order. */
    public List<BenchVerdict> verdicts() {
        return new BenchJudge(results).verdicts();
    }

    /**
     * Writes {@code index.md} and the charts into {@code dir}.
     *
     * @return the page
     */
    public Path write(Path dir, Context context) throws IOException {
        return new BenchPage(results, verdicts()).write(dir, context);
    }

    /** ns per operation, NaN if not measured. */
    double ns(Pattern p, String target, int consumers) {
        JmhJson.Result r = results.result(p, target, consumers);
        return r == null ? Double.NaN : r.score();
    }

    /** The steady-state rule's answer for one result. */
    SteadyState.Check steadiness(JmhJson.Result r) {
        return results.steadiness(r);
    }
}
