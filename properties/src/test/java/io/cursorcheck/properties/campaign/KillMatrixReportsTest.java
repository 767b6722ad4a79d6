package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.engine.BlackBox;
import io.cursorcheck.properties.engine.ScanCheck;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.pages.MutantsPage;
import io.cursorcheck.properties.pages.ReportLinks;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the kill matrix leaves in a reports directory ({@link KillMatrix#counterexamples}): once the
 * run is published, each stage's folder of a mutant holds that run's counterexamples only, a stage
 * that caught nothing leaves no folder, and the mutant's own folder, which the campaign's negative
 * controls write into earlier in the same run, is left alone.
 */
class KillMatrixReportsTest {

    private static final Mutant MUTANT = Mutants.named("detach-forgets-count");

    @TempDir
    Path reports;

    @Test
    void publishedFoldersHoldThisRunsCounterexamplesOnly() throws Exception {
        String blackBox = "counterexamples/" + MUTANT.id() + BlackBox.SUFFIX;
        String scans = "counterexamples/" + MUTANT.id() + ScanCheck.SUFFIX;
        String control = "counterexamples/" + MUTANT.id() + "/I6-control.md";
        Path older = reports.resolve("2026-01-01T00-00-00-mutants"); // an older run's folder
        write(older, blackBox + "/divergence-older.md", "# a counterexample of an older run\n");
        write(older, scans + "/I6-older.md", "# a counterexample of an older run\n");
        PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

        KillMatrix.Result result = ReportRun.write(reports, "test", log, run -> {
            write(run.dir(), control, "# the campaign's negative control, written before the matrix\n");
            KillMatrix.Config config = new KillMatrix.Config(
                    7, 300, 300, 60, Weights.DEFAULT, 1, KillMatrix.counterexamples(run, List.of(MUTANT)), null);
            return KillMatrix.run(config, List.of(MUTANT), row -> {});
        });

        KillMatrix.Row row = result.rows().get(0);
        assertThat(row.stage())
                .as("a LIVENESS mutant falls to the black-box stage")
                .isEqualTo(KillMatrix.Stage.BLACK_BOX);
        String caught = row.caught().page().getFileName().toString();
        Path published = Reports.latestRun(reports);
        assertThat(published).isNotEqualTo(older);
        assertThat(names(published.resolve(blackBox)))
                .as("the black-box folder: this run's counterexamples only")
                .contains(caught)
                .doesNotContain("divergence-older.md");
        assertThat(published.resolve(scans))
                .as("the white-box stage did not run: no folder")
                .doesNotExist();
        assertThat(older.resolve(scans + "/I6-older.md"))
                .as("the older run's folder is never rewritten")
                .exists();
        assertThat(published.resolve(control))
                .as("the mutant's own folder is not the matrix's")
                .exists();
    }

    /**
     * The kill matrix page links each caught mutant's script to its counterexample page where both
     * are published, whether the page is rendered for the staging directory or for the run's published
     * folder: a link between a published page and a staged file would name the staging
     * directory.
     */
    @Test
    void theMutantsPageLinksEachScriptWhereItsPageIsPublished() throws Exception {
        String previous = System.getProperty(Reports.DIR_PROPERTY);
        System.setProperty(Reports.DIR_PROPERTY, reports.toString()); // the published places are under it
        try {
            PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
            String[] pages = new String[2];
            KillMatrix.Result result = ReportRun.write(Reports.dir(), "test", log, run -> {
                KillMatrix.Result r = KillMatrix.run(
                        new KillMatrix.Config(
                                7,
                                300,
                                300,
                                60,
                                Weights.DEFAULT,
                                1,
                                KillMatrix.counterexamples(run, List.of(MUTANT)),
                                null),
                        List.of(MUTANT),
                        row -> {});
                pages[0] = MutantsPage.markdown(r, "test", run.dir());
                pages[1] = MutantsPage.markdown(r, "test", run.folder());
                return r;
            });
            String link = "counterexamples/" + MUTANT.id() + BlackBox.SUFFIX + "/"
                    + result.rows().get(0).caught().page().getFileName();
            assertThat(Reports.latestRun(reports).resolve(link))
                    .as("the counterexample page, published")
                    .isRegularFile();
            assertThat(ReportLinks.links(pages[0]))
                    .as("rendered for the staging directory")
                    .contains(link);
            assertThat(ReportLinks.links(pages[1]))
                    .as("rendered for the run's published folder")
                    .contains(link)
                    .noneMatch(l -> l.contains(Reports.STAGING));
        } finally {
            if (previous == null) {
                System.clearProperty(Reports.DIR_PROPERTY);
            } else {
                System.setProperty(Reports.DIR_PROPERTY, previous);
            }
        }
    }

    @Test
    void aStagesFolderIsNamedAfterItsSubject() {
        for (io.cursorcheck.spi.Algorithm algorithm : io.cursorcheck.spi.Algorithm.values()) {
            for (KillMatrix.Stage stage : KillMatrix.Stage.values()) {
                assertThat(stage.subjectId(MUTANT, algorithm))
                        .isEqualTo(stage.subject(Mutants.factory(MUTANT, algorithm))
                                .id());
            }
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    private static void write(Path dir, String relative, String text) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
