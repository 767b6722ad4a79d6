package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.spi.Policy;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command names a file of its report (a page, a {@code replay} command) only once the run is
 * published, when the file is there: {@code explore --variant} and {@code mutants}, the two parts
 * cheap enough to run here, say none while their run is open, say each after the commit (and each
 * named file exists then), and say none at all if the run is given up.
 */
class ReportPathsTest {

    @TempDir
    Path reports;

    /**
     * A path of the report in what a command says, up to a blank: the temporary reports directory is
     * outside the project, so commands name its files by their absolute paths. Its staging folder,
     * which a run given up names for its partial output, is not the report.
     */
    private Pattern reportPath() {
        return Pattern.compile(Pattern.quote(reports.toAbsolutePath().normalize() + "/") + "(?!\\.staging)\\S+");
    }

    private String previous;
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(said, true, StandardCharsets.UTF_8);

    @BeforeEach
    void temporaryReports() {
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

    private static ExploreBoundCommand explore() {
        return new ExploreBoundCommand(
                Variant.DIRTY_FLAG,
                List.of(Policy.STRICT),
                2,
                List.of(0, 1, 2),
                2,
                7,
                false,
                1_000_000,
                "bin/cursorcheck explore --variant dirty-flag");
    }

    private static MutantsCommand mutants() {
        return new MutantsCommand(
                7,
                300,
                300,
                60,
                1,
                List.of(Mutants.named("detach-forgets-count")),
                "bin/cursorcheck mutants --only detach-forgets-count");
    }

    @Test
    void exploreNamesItsPagesAndReplaysOnlyOnceTheRunIsPublished() throws Exception {
        List<String> paths = publishedPaths(explore());
        assertThat(said.toString(StandardCharsets.UTF_8))
                .contains(
                        "report: " + Reports.latestRun(reports).resolve("explore-dirty-flag.md"),
                        "replay: bin/cursorcheck replay "
                                + Reports.latestRun(reports).resolve("counterexamples/dirty-flag") + "/");
        assertThat(paths).anyMatch(p -> p.endsWith(".json")).anyMatch(p -> p.endsWith(".md"));
    }

    @Test
    void theKillMatrixNamesItsPageOnlyOnceTheRunIsPublished() throws Exception {
        publishedPaths(mutants());
        assertThat(said.toString(StandardCharsets.UTF_8))
                .contains("kill matrix: report " + Reports.latestRun(reports).resolve("mutants.md"));
    }

    @Test
    void aRunGivenUpNamesNoFileOfItsReport() throws Exception {
        try (ReportRun run = ReportRun.open(reports, "test", out)) {
            explore().run(out, run);
            mutants().run(out, run);
            run.abort("given up by the test");
        }
        String text = said.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("given up by the test").doesNotContain("report: ", "replay: ");
        assertThat(reportPath().matcher(text).find())
                .as("a path of the report in:%n%s", text)
                .isFalse();
    }

    /**
     * Runs a part in a report run: nothing of the report is named before the commit, something after
     * it, and every file named then exists.
     *
     * @return the report paths named after the commit
     */
    private List<String> publishedPaths(Part part) throws Exception {
        try (ReportRun run = ReportRun.open(reports, "test", out)) {
            part.run(out, run);
            String before = said.toString(StandardCharsets.UTF_8);
            assertThat(reportPath().matcher(before).find())
                    .as("a path of the report before the commit, in:%n%s", before)
                    .isFalse();
            said.reset();
            run.commit();
        }
        String after = said.toString(StandardCharsets.UTF_8);
        List<String> paths =
                reportPath().matcher(after).results().map(MatchResult::group).toList();
        assertThat(paths)
                .as("report paths said after the commit, in:%n%s", after)
                .isNotEmpty();
        for (String p : paths) {
            assertThat(Path.of(p)).as("%s, named after the commit", p).isRegularFile();
        }
        return paths;
    }
}
