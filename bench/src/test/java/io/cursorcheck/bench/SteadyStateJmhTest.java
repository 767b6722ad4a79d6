package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The steady-state rule's negative control on a real JMH run (in this JVM, about 2 s): {@link SlowWarmUpBenchmark}
 * measured with no warm-up trends down 20-fold across its measurement iterations and must be NOT STEADY, read
 * through JMH's own JSON as a profile's results are. That a steady series passes is shown on fixtures
 * ({@code SteadyStateTest}, {@code BenchVerdictTest}), not here: whether a real benchmark's halves agree within the
 * tolerance is a timing, and a timing is never a unit-test assertion (the gate would flake under load).
 */
class SteadyStateJmhTest {

    private static JmhJson.Result run(Path json, int warmups) throws Exception {
        Options o = new OptionsBuilder()
                .include(SlowWarmUpBenchmark.class.getName() + ".operation")
                .forks(0) // in this JVM: the cold phase is wall-clock time, not the JIT, so a fork adds nothing
                .warmupIterations(warmups)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(6)
                .measurementTime(TimeValue.milliseconds(200))
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(true)
                .build();
        // JMH takes a machine-wide lock (/tmp/jmh.lock) so that two benchmark runs do not disturb each other. This
        // run measures no figure (its cold phase is wall-clock and 20x the warm cost, far beyond any load), so it
        // must not fail, nor wait, because a profile is running on the same machine.
        String before = System.getProperty("jmh.ignoreLock");
        System.setProperty("jmh.ignoreLock", "true");
        try {
            new Runner(o).run();
        } finally {
            if (before == null) {
                System.clearProperty("jmh.ignoreLock");
            } else {
                System.setProperty("jmh.ignoreLock", before);
            }
        }
        List<JmhJson.Result> results = JmhJson.results(Files.readString(json, StandardCharsets.UTF_8));
        assertThat(results).hasSize(1);
        assertThat(results.get(0).iterations()).hasSize(6);
        return results.get(0);
    }

    @Test
    void controlABenchmarkSlowToWarmUpIsNotSteady(@TempDir Path dir) throws Exception {
        JmhJson.Result cold = run(dir.resolve("cold.json"), 0);
        SteadyState.Check c = SteadyState.checkForks(cold.forks());
        assertThat(c.steady())
                .as("no warm-up: %s, %s", cold.iterations(), c.why())
                .isFalse();
    }
}
