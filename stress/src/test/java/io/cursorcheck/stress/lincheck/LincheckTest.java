package io.cursorcheck.stress.lincheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.engine.ReportRun;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.mutants.SourceTree;
import io.cursorcheck.properties.report.IndexPage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Lincheck in {@code mvn verify}: both thread-safe variants linearizable against the model under
 * model checking and stress, every racy twin caught (about 3 minutes on 2 cores). Writes
 * {@code reports/stress/lincheck.md} with the interleavings Lincheck printed.
 */
class LincheckTest {

    @Test
    void realVariantsAreLinearizableAndEveryTwinIsCaught() throws Exception {
        List<LincheckRun.Check> checks = LincheckRun.all(SourceTree.root().resolve("target/lincheck"));
        Path report = Reports.dir().resolve("stress/lincheck.md");
        ReportRun.write(Reports.dir(), "mvn verify (LincheckTest)", System.err, run -> Files.writeString(
                Files.createDirectories(run.staged(report).getParent()).resolve(report.getFileName()),
                LincheckRun.markdown(checks, "mvn verify (LincheckTest)", IndexPage.machine()), StandardCharsets.UTF_8));
        for (LincheckRun.Check c : checks) {
            System.out.printf("lincheck %-30s %-15s %s in %.1f s%n", c.subject(), c.strategy(),
                    c.failed() ? "failed" : "passed", c.millis() / 1000.0);
        }
        assertThat(checks).as("every real variant passes and every twin is caught; see %s", report)
                .allMatch(LincheckRun.Check::asExpected);
        assertThat(checks).filteredOn(LincheckRun.Check::twin).isNotEmpty();
    }
}
