package io.cursorcheck.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * One run's JMH results, indexed by pattern, target and consumer count, with each result's steadiness and the
 * failures JMH reported. What the judge and the page both read; neither grades nor prints here.
 */
final class BenchResults {

    private final List<JmhJson.Result> all;
    private final Map<String, JmhJson.Result> advance = new LinkedHashMap<>(); // pattern/target/n
    private final Map<String, JmhJson.Result> stream = new LinkedHashMap<>(); // target/n/bytes
    /** Results JMH reported a failure for (their partial iterations are no measurement), with the failure. */
    private final Map<JmhJson.Result, String> failed = new IdentityHashMap<>();

    private final Map<JmhJson.Result, SteadyState.Check> steadiness = new IdentityHashMap<>();

    BenchResults(List<JmhJson.Result> all, List<BenchRun.Failure> failures) {
        this.all = all;
        for (BenchRun.Failure f : failures) {
            all.stream()
                    .filter(r ->
                            r.benchmark().equals(f.benchmark()) && r.params().equals(f.params()))
                    .forEach(r -> failed.put(r, f.what()));
        }
        for (JmhJson.Result r : all) {
            if (r.benchmark().equals("AdvanceBenchmark.advance")) {
                advance.put(r.param("pattern") + "/" + r.param("target") + "/" + r.param("consumers"), r);
            } else if (r.benchmark().equals("CatchupBenchmark.catchup")) {
                advance.put("CATCHUP/" + r.param("target") + "/" + r.param("consumers"), r);
            } else if (r.benchmark().equals("StreamBenchmark.run")) {
                stream.put(r.param("target") + "/" + r.param("consumers") + "/" + r.param("runBytes"), r);
            }
        }
    }

    /**
     * Reads JMH JSON files; a result named in {@code failures} is marked failed.
     *
     * @throws IllegalArgumentException naming the file, if one is not JMH's JSON
     */
    static BenchResults read(List<Path> jsonFiles, List<BenchRun.Failure> failures) throws IOException {
        List<JmhJson.Result> all = new ArrayList<>();
        for (Path f : jsonFiles) {
            try {
                all.addAll(JmhJson.results(Files.readString(f, StandardCharsets.UTF_8)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(f + ": " + e.getMessage(), e);
            }
        }
        return new BenchResults(all, failures);
    }

    /** Every result read, in the order read. */
    List<JmhJson.Result> all() {
        return all;
    }

    /** The PR's workload's results, keyed {@code target/consumers/runBytes}. */
    Map<String, JmhJson.Result> stream() {
        return stream;
    }

    /** The result of {@code target} at {@code consumers} in {@code p}, or null. */
    JmhJson.Result result(Pattern p, String target, int consumers) {
        return advance.get(p + "/" + target + "/" + consumers);
    }

    /** The consumer counts measured in {@code p}, ascending. */
    TreeSet<Integer> consumers(Pattern p) {
        TreeSet<Integer> set = new TreeSet<>();
        advance.values().stream()
                .filter(r -> key(r).equals(p.name()))
                .forEach(r -> set.add(Integer.parseInt(r.param("consumers"))));
        return set;
    }

    /** Whether JMH reported a failure for {@code r}. */
    boolean failed(JmhJson.Result r) {
        return failed.containsKey(r);
    }

    /** How many results JMH reported as failed. */
    int failedCount() {
        return failed.size();
    }

    /** " (FAILED)" when one of a point's results failed: a list of points not judged must not call it NOT STEADY. */
    String failedMark(JmhJson.Result a, JmhJson.Result b) {
        return failed(a) || failed(b) ? " (FAILED)" : "";
    }

    /** How a table cell marks a result that judges no target: FAILED, NOT STEADY, or nothing. */
    String mark(JmhJson.Result r) {
        return failed(r) ? " FAILED" : steadiness(r).steady() ? "" : " NOT STEADY";
    }

    /** The steady-state rule's answer for one result (memoised: every table and target asks). */
    SteadyState.Check steadiness(JmhJson.Result r) {
        if (failed(r)) { // a crash is no measurement: never steady, whatever iterations it kept
            return new SteadyState.Check(false, "FAILED: JMH reported " + failed.get(r));
        }
        return steadiness.computeIfAbsent(r, x -> SteadyState.checkForks(x.forks()));
    }

    /**
     * One ratio a target is judged on, {@code numerator / denominator}: its interval, or why there is none (not
     * measured: both null; not steady: {@code notJudged} names the results).
     */
    record Ratio(RatioInterval interval, String notJudged, boolean measured) {}

    /** The ratio of two results with its spread, or why it has none. */
    Ratio ratio(JmhJson.Result numerator, JmhJson.Result denominator) {
        if (numerator == null || denominator == null) {
            return new Ratio(null, null, false);
        }
        List<String> unsteady = new ArrayList<>();
        for (JmhJson.Result r : List.of(numerator, denominator)) {
            SteadyState.Check c = steadiness(r);
            if (!c.steady()) {
                unsteady.add(name(r) + (failed(r) ? " FAILED (" : " is NOT STEADY (") + c.why() + ")");
            }
        }
        if (!unsteady.isEmpty()) {
            return new Ratio(null, String.join("; ", unsteady), true);
        }
        return new Ratio(RatioInterval.ofForks(numerator.forks(), denominator.forks()), null, true);
    }

    /** E.g. {@code wheel LOCKSTEP n=4}. */
    static String name(JmhJson.Result r) {
        return r.param("target") + " " + key(r) + " n=" + r.param("consumers");
    }

    /** The pattern a result was measured in: CATCHUP for its own benchmark, else its {@code pattern} parameter. */
    static String key(JmhJson.Result r) {
        return r.benchmark().startsWith("Catchup") ? "CATCHUP" : r.param("pattern");
    }

    /** A number of ns as every page and verdict shows it: no decimals from 100 on, one below. */
    static String ns(double ns) {
        if (Double.isNaN(ns)) {
            return "?";
        }
        return ns >= 100 ? String.format(Locale.ROOT, "%,.0f", ns) : String.format(Locale.ROOT, "%.1f", ns);
    }
}
