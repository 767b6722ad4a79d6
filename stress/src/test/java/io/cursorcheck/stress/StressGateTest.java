package io.cursorcheck.stress;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.engine.ReportRun;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.mutants.SourceTree;
import io.cursorcheck.properties.report.IndexPage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The jcstress gate of {@code mvn verify}: every test in the gate's settings (one fork, one JVM
 * configuration), about 3 minutes on 2 cores. Every test of a real variant must see only
 * acceptable outcomes, and every racy twin a test uses must be caught by at least one of its
 * tests: the settings are shown to catch the controls in the same run that passes the real
 * variants.
 */
class StressGateTest {

    @Test
    void realVariantsPassAndEveryRacyTwinIsCaught() throws Exception {
        Path root = SourceTree.root();
        StressRun.Result r = StressRun.run(StressRun.Mode.GATE, null, StressRun.workDir(root, StressRun.Mode.GATE), root,
                Duration.ofMinutes(20));
        Path report = Reports.dir().resolve("stress/" + LocalDate.now() + "-gate.md");
        ReportRun.write(Reports.dir(), "mvn verify (StressGateTest)", System.err, run -> Files.writeString(
                Files.createDirectories(run.staged(report).getParent()).resolve(report.getFileName()),
                StressReport.markdown(List.of(r), "mvn verify (StressGateTest)", IndexPage.machine()),
                StandardCharsets.UTF_8));
        System.out.printf("jcstress gate: %d tests in %d s, report %s%n", r.tests().size(), r.duration().toSeconds(),
                Reports.relative(report));

        assertThat(r.tests()).as("jcstress ran no test; see %s", r.log()).isNotEmpty();
        assertThat(r.realFailures()).as("tests of real variants with a forbidden outcome (see %s)", report)
                .extracting(StressRun.TestVerdict::name).isEmpty();
        assertThat(r.twinsCaught()).as("racy twins tested (TwinCoverageTest checks every twin is tested somewhere)")
                .isNotEmpty();
        r.twinsCaught().forEach((twin, caught) ->
                assertThat(caught).as("racy twin %s caught (see %s)", twin, report).isTrue());
    }
}
