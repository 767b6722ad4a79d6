package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Verdicts with spread, and the steady-state rule's negative control, on JMH JSON fixtures written here in JMH
 * 1.37's format (made-up iterations; only the fields the report reads, plus {@code rawData}).
 */
class BenchVerdictTest {

    private static final String TARGET =
            "cached-count at 4096 consumers, LOCKSTEP: >= 100x faster per advance than" + " model";

    @TempDir
    Path dir;

    /** One AdvanceBenchmark result in JMH's JSON, its score the mean of its iterations. */
    private static String result(String target, String pattern, int consumers, double... iterations) {
        String raw = DoubleStream.of(iterations)
                .mapToObj(d -> String.format(Locale.ROOT, "%s", d))
                .collect(Collectors.joining(", "));
        return String.format(
                Locale.ROOT,
                "{\"jmhVersion\": \"1.37\", \"benchmark\":"
                        + " \"io.cursorcheck.bench.AdvanceBenchmark.advance\", \"mode\": \"avgt\", \"forks\": 1,"
                        + " \"measurementIterations\": %d, \"params\": {\"target\": \"%s\", \"consumers\": \"%d\","
                        + " \"pattern\": \"%s\"}, \"primaryMetric\": {\"score\": %s, \"scoreError\": \"NaN\","
                        + " \"scoreUnit\": \"ns/op\", \"rawData\": [[%s]]}}",
                iterations.length,
                target,
                consumers,
                pattern,
                DoubleStream.of(iterations).average().orElse(Double.NaN),
                raw);
    }

    /** One AdvanceBenchmark result of two forks, as the profiles run them: the first half of the iterations, then the second. */
    private static String twoForks(String target, String pattern, int consumers, double... iterations) {
        String one = result(target, pattern, consumers, iterations);
        String raw = DoubleStream.of(iterations)
                .mapToObj(d -> String.format(Locale.ROOT, "%s", d))
                .collect(Collectors.joining(", "));
        int comma = -2;
        for (int i = 0; i < iterations.length / 2; i++) {
            comma = raw.indexOf(", ", comma + 2);
        }
        return one.replace("\"forks\": 1", "\"forks\": 2")
                .replace("[[" + raw + "]]", "[[" + raw.substring(0, comma) + "], [" + raw.substring(comma + 2) + "]]");
    }

    private BenchReport report(String... results) throws Exception {
        Path f = Files.createTempFile(dir, "jmh", ".json");
        Files.writeString(f, "[" + String.join(",\n", results) + "]");
        return BenchReport.read(List.of(f));
    }

    private static BenchVerdict verdict(BenchReport r, String target) {
        return r.verdicts().stream()
                .filter(v -> v.target().equals(target))
                .findFirst()
                .orElseThrow();
    }

    private static final double[] CACHED = {10, 10.5, 9.5, 10, 10.2, 9.8};

    @Test
    void aRatioWhoseIntervalStraddlesTheTargetIsUndecided() throws Exception {
        // model / cached-count: medians 1,000 / 10 = 100x; pairs from 900 / 10.5 = 86x to 1,100 / 9.5 = 116x
        BenchReport r = report(
                result("model", "LOCKSTEP", 4096, 900, 1100, 950, 1050, 1000, 1000),
                result("cached-count", "LOCKSTEP", 4096, CACHED));
        BenchVerdict v = verdict(r, TARGET);
        assertThat(v.outcome()).isEqualTo(BenchVerdict.Outcome.UNDECIDED);
        assertThat(v.measured()).startsWith("100.0x [85.7x, 115.8x]");
        assertThat(v.why()).startsWith("the interval straddles >= 100x");
    }

    /**
     * With forks, the verdict is judged on fork medians: the same iterations that straddle 100x as single
     * iterations (one slow iteration of cached-count in each fork) clear it as two forks, and two forks that
     * settled at different levels straddle it.
     */
    @Test
    void withTwoForksTheVerdictIsJudgedOnForkMedians() throws Exception {
        double[] model = {1200, 1200, 1200, 1200, 1250, 1250, 1250, 1250};
        double[] cached = {10, 10, 10, 12.5, 10, 10, 10, 12.5};
        assertThat(verdict(
                                report(
                                        result("model", "LOCKSTEP", 4096, model),
                                        result("cached-count", "LOCKSTEP", 4096, cached)),
                                TARGET)
                        .outcome())
                .isEqualTo(BenchVerdict.Outcome.UNDECIDED); // 1,200 / 12.5 = 96x
        BenchVerdict forks = verdict(
                report(twoForks("model", "LOCKSTEP", 4096, model), twoForks("cached-count", "LOCKSTEP", 4096, cached)),
                TARGET);
        assertThat(forks.outcome()).as(forks.measured()).isEqualTo(BenchVerdict.Outcome.MET);
        assertThat(forks.measured()).startsWith("122.5x [120.0x, 125.0x]");
        BenchVerdict apart = verdict(
                report(
                        twoForks("model", "LOCKSTEP", 4096, 800, 800, 800, 800, 2000, 2000, 2000, 2000),
                        twoForks("cached-count", "LOCKSTEP", 4096, cached)),
                TARGET);
        assertThat(apart.outcome()).as(apart.measured()).isEqualTo(BenchVerdict.Outcome.UNDECIDED);
    }

    @Test
    void aRatioClearlyAboveIsMetAndClearlyBelowIsNotMet() throws Exception {
        BenchReport above = report(
                result("model", "LOCKSTEP", 4096, 2000, 2100, 1950, 2050, 2000, 2020),
                result("cached-count", "LOCKSTEP", 4096, CACHED));
        assertThat(verdict(above, TARGET).outcome()).isEqualTo(BenchVerdict.Outcome.MET);
        BenchReport below = report(
                result("model", "LOCKSTEP", 4096, 500, 520, 480, 510, 490, 500),
                result("cached-count", "LOCKSTEP", 4096, CACHED));
        assertThat(verdict(below, TARGET).outcome()).isEqualTo(BenchVerdict.Outcome.NOT_MET);
        assertThat(verdict(below, TARGET).why()).startsWith("the whole interval misses >= 100x");
    }

    /**
     * The steady-state rule's negative control: a result whose iterations trend down (a JIT still compiling, as
     * the issue saw with 2 x 200 ms of warm-up) is marked NOT STEADY on the page and judges no target, though its
     * ratio would clear the target; the same numbers in a steady order are judged.
     */
    @Test
    void controlAResultThatWarmsUpSlowlyIsMarkedAndNotJudged() throws Exception {
        double[] cold = {5000, 3000, 2000, 1200, 1100, 1000};
        BenchReport unsteady =
                report(result("model", "LOCKSTEP", 4096, cold), result("cached-count", "LOCKSTEP", 4096, CACHED));
        BenchVerdict v = verdict(unsteady, TARGET);
        assertThat(v.outcome()).isEqualTo(BenchVerdict.Outcome.NOT_JUDGED);
        assertThat(v.why())
                .startsWith("not judged: model LOCKSTEP n=4096 is NOT STEADY (medians of the first and"
                        + " second half 3,000 and 1,100");
        assertThat(unsteady.unsteady()).isEqualTo(1);
        String md = Files.readString(unsteady.write(dir.resolve("unsteady"), context()));
        assertThat(md)
                .contains(
                        "| 4096 | - | - | 2,217 NOT STEADY |",
                        "1 of 2 results are NOT STEADY",
                        "| model LOCKSTEP n=4096 | 5,000, 3,000, 2,000, 1,200, 1,100, 1,000 ns/op |",
                        "| not judged |");

        // the control's twin: the steady result beside it is judged
        BenchReport steady = report(
                result("model", "LOCKSTEP", 4096, 2000, 2100, 1950, 2050, 2000, 2020),
                result("cached-count", "LOCKSTEP", 4096, CACHED));
        assertThat(steady.unsteady()).isZero();
        assertThat(verdict(steady, TARGET).outcome()).isEqualTo(BenchVerdict.Outcome.MET);
    }

    @Test
    void aPointTargetIsNotJudgedWhileAPointIsNotSteadyAndUndecidedWhenOnlyAStraddlingPointRemains() throws Exception {
        String target = "wheel: within 2x of the API floor for every pattern and consumer count";
        List<String> results = new ArrayList<>();
        results.add(result("floor-api", "LOCKSTEP", 1, 10, 10, 10, 10, 10, 10));
        results.add(result("wheel", "LOCKSTEP", 1, 12, 12, 12, 12, 12, 12)); // 1.2x: within
        results.add(result("floor-api", "LOCKSTEP", 4, 10, 11, 10, 11, 10, 11));
        results.add(result("wheel", "LOCKSTEP", 4, 19, 22, 20, 21, 20, 20)); // 1.73x to 2.2x: straddles 2x
        results.add(result("floor-api", "JUMP", 4, 10, 10, 10, 10, 10, 10));
        results.add(result("wheel", "JUMP", 4, 90, 60, 40, 20, 20, 20)); // trending: not judged
        BenchVerdict v = verdict(report(results.toArray(String[]::new)), target);
        assertThat(v.outcome()).isEqualTo(BenchVerdict.Outcome.NOT_JUDGED);
        assertThat(v.measured()).startsWith("2 points judged");
        assertThat(v.why())
                .contains(
                        "undecided: wheel LOCKSTEP n=4 1.9x [1.73x, 2.20x]", "not judged (NOT STEADY): wheel JUMP n=4");

        // without the NOT STEADY point, the straddling one leaves the target undecided
        List<String> steadyOnly = new ArrayList<>(results);
        steadyOnly.remove(5);
        steadyOnly.remove(4);
        assertThat(verdict(report(steadyOnly.toArray(String[]::new)), target).outcome())
                .isEqualTo(BenchVerdict.Outcome.UNDECIDED);

        // without the straddling point, the NOT STEADY one keeps the target from being met: not judged
        List<String> noStraddle = new ArrayList<>(results);
        noStraddle.remove(3);
        noStraddle.remove(2);
        BenchVerdict partial = verdict(report(noStraddle.toArray(String[]::new)), target);
        assertThat(partial.outcome()).isEqualTo(BenchVerdict.Outcome.NOT_JUDGED);
        assertThat(partial.why()).contains("not judged (NOT STEADY): wheel JUMP n=4");

        // clearly over at one point: not met, whatever the others
        results.add(result("floor-api", "LOCKSTEP", 2, 10, 10, 10, 10, 10, 10));
        results.add(result("wheel", "LOCKSTEP", 2, 30, 31, 30, 29, 30, 30));
        assertThat(verdict(report(results.toArray(String[]::new)), target).outcome())
                .isEqualTo(BenchVerdict.Outcome.NOT_MET);
    }

    /**
     * A crash is an error, never a measurement: a result JMH's log reports as failed judges no target even when the
     * iterations it kept before the failure look steady, and the page says FAILED, not NOT STEADY.
     */
    @Test
    void controlAFailedBenchmarkIsMarkedFailedAndJudgesNoTarget() throws Exception {
        String model = result("model", "LOCKSTEP", 4096, 2000, 2100, 1950, 2050, 2000, 2020);
        String cached = result("cached-count", "LOCKSTEP", 4096, CACHED);
        Path f = Files.createTempFile(dir, "jmh", ".json");
        Files.writeString(f, "[" + model + ",\n" + cached + "]");
        BenchRun.Failure oom = new BenchRun.Failure(
                "AdvanceBenchmark.advance",
                java.util.Map.of("consumers", "4096", "pattern", "LOCKSTEP", "target", "model"),
                "java.lang.OutOfMemoryError: Java heap space");
        BenchReport failed = BenchReport.read(List.of(f), List.of(oom));
        BenchVerdict v = verdict(failed, TARGET);
        assertThat(v.outcome()).isEqualTo(BenchVerdict.Outcome.NOT_JUDGED);
        assertThat(v.why()).contains("model LOCKSTEP n=4096 FAILED (FAILED: JMH reported java.lang.OutOfMemoryError");
        assertThat(failed.failed()).isEqualTo(1);
        assertThat(failed.unsteady()).isZero();
        String md = Files.readString(failed.write(dir.resolve("failed"), context()));
        assertThat(md)
                .contains("2,020 FAILED |", "1 FAILED: JMH reported an error")
                .doesNotContain("NOT STEADY |");
        // the same JSON without the failure is judged
        assertThat(verdict(BenchReport.read(List.of(f)), TARGET).outcome()).isEqualTo(BenchVerdict.Outcome.MET);

        // a target over many points names a failed point as failed, not as NOT STEADY
        Path points = Files.createTempFile(dir, "jmh", ".json");
        Files.writeString(
                points,
                "[" + result("floor-api", "LOCKSTEP", 1, 10, 10, 10, 10, 10, 10) + ",\n"
                        + result("wheel", "LOCKSTEP", 1, 12, 12, 12, 12, 12, 12) + "]");
        BenchRun.Failure wheel = new BenchRun.Failure(
                "AdvanceBenchmark.advance",
                java.util.Map.of("consumers", "1", "pattern", "LOCKSTEP", "target", "wheel"),
                "java.lang.OutOfMemoryError: Java heap space");
        BenchVerdict every = verdict(
                BenchReport.read(List.of(points), List.of(wheel)),
                "wheel: within 2x of the API floor for every pattern and consumer count");
        assertThat(every.outcome()).isEqualTo(BenchVerdict.Outcome.NOT_JUDGED);
        assertThat(every.why()).contains("wheel LOCKSTEP n=1 (FAILED)");
    }

    private static BenchReport.Context context() {
        return new BenchReport.Context(
                "quick", "bin/cursorcheck bench --quick", "2 cores", "2026-01-01T00:00:00Z", 1, "java ...", "");
    }
}
