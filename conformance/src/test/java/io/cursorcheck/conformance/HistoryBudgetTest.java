package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.report.ReportRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The history keeps to its budget: a release whose turn comes after the budget ran out is listed as not
 * checked (a problem), and is neither installed nor run; and one release whose run breaks off does not
 * lose the others.
 */
class HistoryBudgetTest {

    /** A budget that has run out from the start, and records every slot it was asked for. */
    private static final class RunOut implements ConformanceCampaign.Budget {
        final List<String> asked = new ArrayList<>();

        @Override
        public ConformanceCampaign.Slot next(Release release, int left) {
            asked.add(release.id());
            return new ConformanceCampaign.Slot(History.MIN_SEQUENCES_MILLIS, History.MIN_SHRINKING_MILLIS);
        }

        @Override
        public boolean ranOut(int left) {
            return true;
        }
    }

    @Test
    void releasesAfterTheBudgetRanOutAreListedNotCheckedAndNeitherInstalledNorRun() throws Exception {
        // Releases never installed here: were they installed, npm would run (or fail for want of the version).
        List<Release> late = List.of(Release.parse("node-26.99.0"), Release.parse("bun-9.9.9"));
        late.forEach(r -> assertThat(r.directory())
                .as("a release this test assumes is not installed")
                .doesNotExist());
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        RunOut budget = new RunOut();
        ConformanceCampaign.Outcome o = ConformanceCampaign.run(
                late, 1, budget, 50, null, new PrintStream(said, true, StandardCharsets.UTF_8), "test", true);
        assertThat(o.results()).isEmpty();
        assertThat(o.unchecked())
                .extracting(ConformanceCampaign.Unchecked::reason)
                .containsExactly(ConformanceCampaign.RAN_OUT, ConformanceCampaign.RAN_OUT);
        assertThat(o.problems())
                .containsExactly(
                        "node-26.99.0: not checked: " + ConformanceCampaign.RAN_OUT,
                        "bun-9.9.9: not checked: " + ConformanceCampaign.RAN_OUT);
        assertThat(o.passed()).isFalse();
        assertThat(budget.asked).as("no slot given").isEmpty();
        late.forEach(r -> assertThat(r.directory()).as("nothing installed").doesNotExist());
        assertThat(said.toString(StandardCharsets.UTF_8))
                .contains("node-26.99.0: NOT CHECKED: " + ConformanceCampaign.RAN_OUT);
    }

    /**
     * A release whose run breaks off with an {@link IOException} in the history: listed as not checked, its
     * half-written folder dropped and its published one kept; the next release is still checked and published.
     * The control: outside the history the same exception stops the run.
     */
    @Test
    void aReleaseWhoseRunBreaksOffIsListedAndTheOthersAreKept(@org.junit.jupiter.api.io.TempDir Path reports)
            throws Exception {
        Path earlier = reports.resolve("2026-01-01T00-00-00-history"); // the last complete run's folder
        Path old = earlier.resolve("conformance/node-26.12.1/index.md");
        Files.createDirectories(old.getParent());
        Files.writeString(old, "# the last complete run\n");
        io.cursorcheck.conformance.pages.ConformanceIndex.write(
                earlier.resolve("conformance"),
                java.util.Map.of(
                        "node-26.12.1",
                        new io.cursorcheck.conformance.pages.ConformanceIndex.Row(
                                "node-26.12.1",
                                "budget",
                                1,
                                1,
                                1,
                                List.of(),
                                "conforms",
                                List.of(),
                                "2026-01-01T00:00:00Z",
                                "the last complete run",
                                1,
                                java.util.Map.of())));
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        PrintStream log = new PrintStream(said, true, StandardCharsets.UTF_8);
        ConformanceCampaign.Budget budget = (release, left) -> new ConformanceCampaign.Slot(0, 0);
        ConformanceCampaign.Check breaksOnNewest = (config, subject, binary) -> {
            if (config.release().equals(Release.NEWEST_NODE)) {
                Files.writeString(config.reports().resolve("conformance/node-26.12.1/half.md"), "# half a page\n");
                throw new IOException("disk full");
            }
            // only the known findings' replays: quick, and a whole result
            return Conformance.run(
                    new Conformance.Config(
                            config.release(),
                            config.seed(),
                            0,
                            0,
                            config.maxSteps(),
                            config.reports(),
                            config.log(),
                            0),
                    subject,
                    binary);
        };
        List<Release> two = List.of(Release.NEWEST_NODE, Release.parse("node-26.10.0"));
        ConformanceCampaign.Outcome o;
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            o = ConformanceCampaign.run(two, 1, budget, 50, run, log, "test", true, breaksOnNewest);
            run.commit();
        }
        assertThat(o.unchecked()).singleElement().satisfies(u -> {
            assertThat(u.release()).isEqualTo(Release.NEWEST_NODE);
            assertThat(u.reason()).isEqualTo("its run broke off: disk full");
        });
        assertThat(o.problems()).contains("node-26.12.1: not checked: its run broke off: disk full");
        assertThat(o.results()).extracting(r -> r.release().id()).containsExactly("node-26.10.0");
        assertThat(Files.readString(old))
                .as("the last complete folder untouched")
                .isEqualTo("# the last complete run\n");
        Path latest = io.cursorcheck.properties.report.Reports.latestRun(reports);
        assertThat(Files.readString(latest.resolve("conformance/node-26.12.1/index.md")))
                .as("the last complete folder, carried over")
                .startsWith("# the last complete run\n");
        assertThat(Files.readString(latest.resolve("conformance/index.md")))
                .as("its row kept")
                .contains("the last complete run");
        assertThat(latest.resolve("conformance/node-26.12.1/half.md"))
                .as("the half-written page dropped")
                .doesNotExist();
        assertThat(latest.resolve("conformance/node-26.10.0/index.md"))
                .as("the next release published")
                .exists();

        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> ConformanceCampaign.run(two, 1, budget, 50, run, log, "test", false, breaksOnNewest))
                    .isInstanceOf(IOException.class)
                    .hasMessage("disk full");
        }
    }

    @Test
    void outsideTheHistoryABudgetNeverRunsOut() {
        assertThat(
                        new ConformanceCampaign.Budget() {
                            @Override
                            public ConformanceCampaign.Slot next(Release release, int left) {
                                return new ConformanceCampaign.Slot(1, 1);
                            }
                        }.ranOut(1))
                .isFalse();
    }
}
