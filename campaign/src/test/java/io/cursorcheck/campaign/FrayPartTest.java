package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.conformance.release.MissingToolException;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code fray} part without Fray: a machine with no JDK 25 is refused with the reason, and a run that
 * stops before its grade publishes nothing (the last fray.md and saved failures stay whole), while a run
 * whose grade wrote its page is published, passing or failing. The runs are fake scripts that write what
 * tools/fray-run.sh writes into the directory they are given; the real run is {@code bin/cursorcheck fray}.
 */
class FrayPartTest {

    private static final String OLD_PAGE = "# the last complete Fray run\n";

    @TempDir
    Path tmp;

    private Path reports;
    private Path grade;
    private String previous;
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @BeforeEach
    void aReportsDirectoryWithALastCompleteRun() throws IOException {
        reports = tmp.resolve("reports");
        grade = tmp.resolve("fray-grade.json");
        Path last = reports.resolve("2026-01-01T00-00-00-fray"); // the last complete run's folder, latest's target
        Files.createDirectories(last.resolve("stress/fray/old-twin/CountRace"));
        Files.writeString(last.resolve("stress/fray.md"), OLD_PAGE);
        Files.writeString(last.resolve("stress/fray/old-twin/CountRace/scene.properties"), "race=CountRace\n");
        Files.createSymbolicLink(Reports.latestOf(reports), last.getFileName());
        previous = System.getProperty(Reports.DIR_PROPERTY);
        System.setProperty(Reports.DIR_PROPERTY, reports.toString());
    }

    @AfterEach
    void restore() {
        if (previous == null) {
            System.clearProperty(Reports.DIR_PROPERTY);
        } else {
            System.setProperty(Reports.DIR_PROPERTY, previous);
        }
    }

    /** A script in the temporary folder; the run's arguments are --reports STAGING --published REPORTS. */
    private Path script(String name, String body) throws IOException {
        Path s = tmp.resolve(name);
        Files.writeString(s, "#!/usr/bin/env bash\nset -eu\nstaging=\"${2:-}\"\n" + body);
        Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwx------"));
        return s;
    }

    private FrayPart part(Path runScript) throws IOException {
        Path jdk = script("fake-jdk.sh", "echo /a/jdk-25\n");
        return new FrayPart(SourceTree.root(), jdk, runScript, grade, Map.of("FAKE_GRADE", grade.toString()));
    }

    /** What the run writes when its grade completes: the page, one saved failure, the grade's numbers. */
    private static String completeRun(boolean passed, int exit) {
        return "mkdir -p \"$staging/stress/fray/new-twin/TrimRace\"\n"
                + "echo '# this run' > \"$staging/stress/fray.md\"\n"
                + "echo race=TrimRace > \"$staging/stress/fray/new-twin/TrimRace/scene.properties\"\n"
                + "cat > \"$FAKE_GRADE\" <<'G'\n{\"passed\": " + passed + ", \"problems\": ["
                + (passed ? "" : "\"twin new-twin: NOT CAUGHT by TrimRace\"")
                + "], \"realRuns\": 18, \"realPassed\": 18,"
                + " \"realSchedules\": 18000, \"twins\": 8, \"twinsCaught\": " + (passed ? 8 : 7) + ", \"errors\": 0,"
                + " \"runs\": []}\nG\nexit " + exit + "\n";
    }

    private String page() throws IOException {
        return Files.readString(latest().resolve("stress/fray.md"));
    }

    private Path latest() {
        return Reports.latestRun(reports);
    }

    @Test
    void aMachineWithoutJdk25IsRefusedWithWhatToInstall() throws IOException {
        Path notAJdk = Files.createDirectories(tmp.resolve("not-a-jdk"));
        FrayPart part = new FrayPart(
                SourceTree.root(),
                SourceTree.root().resolve(FrayPart.JDK_SCRIPT),
                tmp.resolve("never-run.sh"),
                grade,
                Map.of("JDK25_HOME", notAJdk.toString(), "FRAY_JDK_CANDIDATES", ""));
        assertThatThrownBy(part::requireJdk)
                .isInstanceOf(MissingToolException.class)
                .hasMessageStartingWith("fray: no JDK 25 found")
                .hasMessageContaining(notAJdk.toString())
                .hasMessageContaining("install one")
                .hasMessageContaining("JDK25_HOME")
                .hasMessageContaining("--skip fray")
                .hasMessageNotContaining("\n");
        // in the part's run too, before anything is staged: the last report stays
        assertThatThrownBy(() -> part.runAlone(new PrintStream(log, true, StandardCharsets.UTF_8), "test"))
                .isInstanceOf(MissingToolException.class);
        assertThat(page()).isEqualTo(OLD_PAGE);
    }

    /** The control of the refusal: the fake JDK script that finds one lets the part go on. */
    @Test
    void aJdkFoundIsNotRefused() throws Exception {
        part(script("fake-run.sh", completeRun(true, 0))).requireJdk();
    }

    @Test
    void aRunThatStopsBeforeItsGradePublishesNothing() throws IOException {
        // half way: a partial page and a saved failure written, then the build breaks before the grade
        Path run = script(
                "fake-run.sh",
                "mkdir -p \"$staging/stress/fray/new-twin/TrimRace\"\n"
                        + "echo '# half a page' > \"$staging/stress/fray.md\"\n"
                        + "echo race=TrimRace > \"$staging/stress/fray/new-twin/TrimRace/scene.properties\"\n"
                        + "echo 'BUILD FAILURE'\nexit 1\n");
        assertThatThrownBy(() -> part(run).runAlone(new PrintStream(log, true, StandardCharsets.UTF_8), "test"))
                .isInstanceOf(FrayRunStoppedException.class)
                .hasMessageContaining("stopped before its grade")
                .hasMessageContaining("exit 1")
                .hasMessageContaining("nothing was published");
        assertThat(page()).isEqualTo(OLD_PAGE);
        assertThat(latest().resolve("stress/fray/old-twin/CountRace/scene.properties"))
                .exists();
        assertThat(latest().resolve("stress/fray/new-twin")).doesNotExist();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("BUILD FAILURE");
    }

    /** A stale grade of an earlier run must not stand for a run that stopped. */
    @Test
    void anEarlierGradeDoesNotCount() throws IOException {
        Files.writeString(grade, "{\"passed\": true, \"problems\": []}");
        Path run = script("fake-run.sh", "echo '# half a page' > \"$staging/stress/fray.md\"\nexit 1\n");
        assertThatThrownBy(() -> part(run).runAlone(new PrintStream(log, true, StandardCharsets.UTF_8), "test"))
                .isInstanceOf(FrayRunStoppedException.class);
        assertThat(page()).isEqualTo(OLD_PAGE);
    }

    /** The control of the two above: a run whose grade completed is published whole, its saved failures only. */
    @Test
    void aCompleteRunIsPublishedAndItsGradeIsTheVerdict() throws Exception {
        Part.Verdict v = part(script("fake-run.sh", completeRun(true, 0)))
                .runAlone(new PrintStream(log, true, StandardCharsets.UTF_8), "test");
        assertThat(v.passed()).isTrue();
        assertThat(v.problems()).isEmpty();
        assertThat(v.summary())
                .isEqualTo("Fray: 18 of 18 race runs of the real variants passed (18,000 schedules);"
                        + " 8 of 8 racy twins caught");
        assertThat(v.json()).containsEntry("twinsCaught", 8L).containsEntry("passed", true);
        assertThat(v.markdown()).contains("](stress/fray.md)");
        assertThat(page()).startsWith("# this run\n");
        assertThat(latest().resolve("stress/fray/new-twin/TrimRace/scene.properties"))
                .exists();
        assertThat(latest().resolve("stress/fray/old-twin")).doesNotExist();
    }

    /** A failing grade is published too (the report says why), and the verdict fails with its problems. */
    @Test
    void aFailingGradeIsPublishedAndFails() throws Exception {
        Part.Verdict v = part(script("fake-run.sh", completeRun(false, 1)))
                .runAlone(new PrintStream(log, true, StandardCharsets.UTF_8), "test");
        assertThat(v.passed()).isFalse();
        assertThat(v.problems()).containsExactly("twin new-twin: NOT CAUGHT by TrimRace");
        assertThat(v.markdown()).contains("**FAILED**");
        assertThat(page()).startsWith("# this run\n");
    }

    /** A grade that passed cannot make a pass of a build that failed after it. */
    @Test
    void aPassingGradeOfAFailedBuildFails() throws Exception {
        Part.Verdict v = part(script("fake-run.sh", completeRun(true, 3)))
                .runAlone(new PrintStream(log, true, StandardCharsets.UTF_8), "test");
        assertThat(v.passed()).isFalse();
        assertThat(v.problems()).singleElement().asString().contains("exited 3 although the grade passed");
    }

    /**
     * The command's log shows the catches, each test class's count and Maven's verdict; the twins' expected failures
     * and their stack traces stay in the run's log file, which has every line.
     */
    @Test
    void theLogShowsTheCatchesAndTheFileKeepsEverything() throws Exception {
        Path run = script(
                "fake-run.sh",
                "echo '[ERROR] Tests run: 1, Failures: 1 -- in io.cursorcheck.fray.RacyTwinsFrayTest'\n"
                        + "echo '[ERROR] io.cursorcheck.fray.RaceViolation: forbidden outcome'\n"
                        + "echo '\tat io.cursorcheck.fray.SceneRun.run(SceneRun.java:1)'\n"
                        + "echo 'Fray CAUGHT CountRace on plain-count-decrement at iteration 9: forbidden outcome [I5]'\n"
                        + "echo 'BUILD SUCCESS'\n" + completeRun(true, 0));
        FrayPart part = part(run);
        part.runAlone(new PrintStream(log, true, StandardCharsets.UTF_8), "test");
        String shown = log.toString(StandardCharsets.UTF_8);
        assertThat(shown)
                .contains(
                        "Fray CAUGHT CountRace on plain-count-decrement",
                        "BUILD SUCCESS",
                        "Tests run: 1, Failures: 1 -- in io.cursorcheck.fray.RacyTwinsFrayTest")
                .doesNotContain("RaceViolation", "SceneRun.java");
        assertThat(Files.readString(part.runLog())).contains("RaceViolation", "SceneRun.java", "Fray CAUGHT");
    }
}
