package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The profiles name only real targets and patterns, and the JMH command lines say what the report claims. */
class BenchRunTest {

    @Test
    void profilesNameRealTargetsAndPatternsAndHaveTheSizesTheDocsGive() {
        for (BenchRun.Profile profile : List.of(BenchRun.quick(), BenchRun.full())) {
            for (BenchRun.Job job : profile.jobs()) {
                assertThat(BenchRun.TARGETS).as(job.name()).containsAll(job.targets());
                job.patterns().forEach(p -> assertThat(Pattern.valueOf(p)).isNotEqualTo(Pattern.CATCHUP));
                assertThat(job.consumers()).allSatisfy(n -> assertThat(n).isBetween(1, 4096));
            }
        }
        assertThat(BenchRun.quick().size()).isEqualTo(112);
        assertThat(BenchRun.full().size()).isEqualTo(462);
    }

    /**
     * The issue measured a cold first second (floor-api 247 ns, then 17 ns): every profile warms up for at least
     * 2 s and measures enough iterations for the steady-state rule to judge them.
     */
    @Test
    void everyProfileWarmsUpForTwoSecondsAndGivesTheSteadyStateRuleItsIterations() {
        for (BenchRun.Profile profile : List.of(BenchRun.quick(), BenchRun.full())) {
            for (BenchRun.Job job : profile.jobs()) {
                List<String> s = job.settings().isEmpty() ? profile.settings() : job.settings();
                int warmups = Integer.parseInt(s.get(s.indexOf("-wi") + 1));
                java.time.Duration each = duration(s.get(s.indexOf("-w") + 1));
                // CATCHUP's timed reads are a sliver of its wall time: the JIT is done with them after about 2 s
                java.time.Duration least =
                        java.time.Duration.ofSeconds(job.benchmark().startsWith("Catchup") ? 4 : 2);
                assertThat(each.multipliedBy(warmups))
                        .as("%s %s", profile.name(), job.name())
                        .isGreaterThanOrEqualTo(least);
                assertThat(Integer.parseInt(s.get(s.indexOf("-i") + 1)))
                        .as(profile.name())
                        .isGreaterThanOrEqualTo(SteadyState.MIN_ITERATIONS);
                // every verdict's interval is the spread between JVMs (RatioInterval): one fork has none
                assertThat(Integer.parseInt(s.get(s.indexOf("-f") + 1)))
                        .as("%s %s forks", profile.name(), job.name())
                        .isGreaterThanOrEqualTo(2);
                assertThat(BenchRun.command(profile, job, Path.of("x.json"))).containsSubsequence(s);
            }
        }
    }

    private static java.time.Duration duration(String jmh) {
        return jmh.endsWith("ms")
                ? java.time.Duration.ofMillis(Long.parseLong(jmh.substring(0, jmh.length() - 2)))
                : java.time.Duration.ofSeconds(Long.parseLong(jmh.substring(0, jmh.length() - 1)));
    }

    @Test
    void theBenchmarksKeepNoListOfTargets() throws Exception {
        for (Class<?> c : List.of(AdvanceBenchmark.class, CatchupBenchmark.class, StreamBenchmark.class)) {
            assertThat(c.getField("target")
                            .getAnnotation(org.openjdk.jmh.annotations.Param.class)
                            .value())
                    .as("%s's target @Param", c.getSimpleName())
                    .containsExactly(Target.UNSET);
        }
    }

    @Test
    void theTargetsAreTheFloorsAndEveryAsReleasedVariantOfTheRegistry() {
        // Derived here from the registry on its own, so a variant added to Variant is expected with no other edit.
        List<String> expected = new ArrayList<>(List.of(Target.PHYSICAL, Target.API));
        for (Variant v : Variant.values()) {
            if (v.algorithm() == Algorithm.AS_RELEASED) {
                expected.add(v.id());
            }
        }
        assertThat(BenchRun.TARGETS).containsExactlyElementsOf(expected);
    }

    @Test
    void everyJobPassesItsTargetsToJmhAndTheProfilesCoverTheWholeRegistry() {
        for (BenchRun.Profile profile : List.of(BenchRun.quick(), BenchRun.full())) {
            Set<String> advance = new LinkedHashSet<>();
            Set<String> catchup = new LinkedHashSet<>();
            Set<String> stream = new LinkedHashSet<>();
            for (BenchRun.Job job : profile.jobs()) {
                List<String> args = job.args();
                int p = args.indexOf("target=" + String.join(",", job.targets()));
                assertThat(p).as("%s passes -p target=...", job.name()).isPositive();
                assertThat(args.get(p - 1)).isEqualTo("-p");
                (job.benchmark().startsWith("Advance")
                                ? advance
                                : job.benchmark().startsWith("Catchup") ? catchup : stream)
                        .addAll(job.targets());
            }
            if (profile.name().equals("full")) {
                assertThat(advance).containsExactlyInAnyOrderElementsOf(BenchRun.TARGETS);
                assertThat(catchup).containsExactlyInAnyOrderElementsOf(BenchRun.TARGETS);
                assertThat(stream)
                        .containsExactlyInAnyOrderElementsOf(BenchRun.TARGETS.subList(1, BenchRun.TARGETS.size()));
            } else {
                assertThat(advance).containsAll(BenchRun.TARGETS);
                assertThat(catchup).containsAll(BenchRun.TARGETS);
            }
        }
    }

    @Test
    void controlAJobWithoutTargetsOrWithAnUnknownOneIsRefusedAndTheUnsetPlaceholderNeverRuns() {
        assertThatThrownBy(() ->
                        new BenchRun.Job("x", "AdvanceBenchmark.advance", List.of(), List.of(1), List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("job x has no target");
        assertThatThrownBy(() -> new BenchRun.Job(
                        "x", "AdvanceBenchmark.advance", List.of(Target.UNSET), List.of(1), List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not one of");
        assertThatThrownBy(() -> Target.create(Target.UNSET, Options.of(4, Policy.STRICT), 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-p target=ID");
    }

    /** JMH's log, as a failed fork leaves it: the failure is found and named with its benchmark and parameters. */
    @Test
    void aFailureInJmhsLogIsFoundWithItsBenchmarkAndParameters() {
        String log = String.join(
                "\n",
                "# Benchmark: io.cursorcheck.bench.AdvanceBenchmark.advance",
                "# Parameters: (consumers = 1, pattern = LOCKSTEP, target = wheel)",
                "Iteration   1: 17.0 ns/op",
                "Iteration   2: 17.1 ns/op",
                "# Benchmark: io.cursorcheck.bench.AdvanceBenchmark.advance",
                "# Parameters: (consumers = 1, pattern = CHURN, target = model)",
                "Iteration   1: 66.9 ns/op",
                "Iteration   3: <failure>",
                "",
                "java.lang.OutOfMemoryError: Java heap space",
                "\tat java.base/java.util.Arrays.copyOf(Arrays.java:3512)");
        List<BenchRun.Failure> f = BenchRun.failures(log);
        assertThat(f).hasSize(1);
        assertThat(f.get(0).benchmark()).isEqualTo("AdvanceBenchmark.advance");
        assertThat(f.get(0).params())
                .containsEntry("target", "model")
                .containsEntry("pattern", "CHURN")
                .containsEntry("consumers", "1");
        assertThat(f.get(0).what()).isEqualTo("java.lang.OutOfMemoryError: Java heap space");
        assertThat(f.get(0).toString()).startsWith("AdvanceBenchmark.advance (consumers = 1, pattern = CHURN,");
        assertThat(BenchRun.failures(log.replace("<failure>", "66.8 ns/op"))).isEmpty();
    }

    @Test
    void aJmhCommandWritesJsonWithTheGcProfiler() {
        BenchRun.Profile quick = BenchRun.quick();
        List<String> c = BenchRun.command(quick, quick.jobs().get(0), Path.of("target/bench/x.json"));
        assertThat(c.get(0)).isEqualTo("org.openjdk.jmh.Main");
        assertThat(String.join(" ", c))
                .contains("-rf json -rff target/bench/x.json", "-prof gc", "-f " + BenchRun.FORKS, "-p consumers=1,4");
    }
}
