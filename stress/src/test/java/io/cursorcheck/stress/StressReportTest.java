package io.cursorcheck.stress;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.source.SourceTree;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A stress page names its files relative to the project root: it may be committed
 * ({@code reports/stress/}), and nothing in the repository may point outside it.
 */
class StressReportTest {

    @Test
    void aPageNamesItsPathsRelativeToTheProjectRoot() {
        Path root = SourceTree.root();
        Path work = root.resolve("target/stress/gate/2026-01-01T000000");
        StressRun.Result run = new StressRun.Result(
                StressRun.Mode.GATE,
                ".*Twin",
                List.of(
                        "java",
                        "-cp",
                        "<the stress module's classpath>",
                        "org.openjdk.jcstress.Main",
                        "-t",
                        ".*Twin",
                        "-r",
                        work.resolve("html").toString(),
                        "-jvmArgs",
                        "-Dcursorcheck.root=" + root),
                Instant.parse("2026-01-01T00:00:00Z"),
                Duration.ofSeconds(1),
                0,
                List.of(),
                List.of(),
                work.resolve("html/index.html"),
                work.resolve("jcstress.log"));
        String page = StressReport.markdown(List.of(run), "bin/cursorcheck stress", "a machine");
        assertThat(page)
                .doesNotContain(root.toString())
                .contains("`org.openjdk.jcstress.Main -t .*Twin -r target/stress/gate/2026-01-01T000000/html"
                        + " -jvmArgs -Dcursorcheck.root=<project root>`")
                .contains(
                        "`target/stress/gate/2026-01-01T000000/html/index.html`",
                        "`target/stress/gate/2026-01-01T000000/jcstress.log`");
    }
}
