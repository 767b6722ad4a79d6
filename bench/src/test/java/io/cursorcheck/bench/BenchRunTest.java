package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
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
        assertThat(BenchRun.quick().size()).isEqualTo(120);
        assertThat(BenchRun.full().size()).isEqualTo(462);
    }

    @Test
    void theBenchmarksDefaultsAreTheFloorsAndTheWholeRegistry() throws Exception {
        for (Class<?> c : List.of(AdvanceBenchmark.class, CatchupBenchmark.class)) {
            assertThat(c.getField("target").getAnnotation(org.openjdk.jmh.annotations.Param.class).value())
                    .as("%s's target defaults", c.getSimpleName()).containsExactlyInAnyOrderElementsOf(BenchRun.TARGETS);
        }
        assertThat(StreamBenchmark.class.getField("target").getAnnotation(org.openjdk.jmh.annotations.Param.class)
                .value()).containsExactlyInAnyOrderElementsOf(BenchRun.TARGETS.subList(1, BenchRun.TARGETS.size()));
    }

    @Test
    void aJmhCommandWritesJsonWithTheGcProfiler() {
        BenchRun.Profile quick = BenchRun.quick();
        List<String> c = BenchRun.command(quick, quick.jobs().get(0), Path.of("target/bench/x.json"));
        assertThat(c.get(0)).isEqualTo("org.openjdk.jmh.Main");
        assertThat(String.join(" ", c)).contains("-rf json -rff target/bench/x.json", "-prof gc", "-f 1",
                "-p consumers=1,4");
    }
}
