package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a newcomer sees of a campaign: the estimate first, one line per part, the verdict last; everything the
 * parts print goes to {@value CampaignCommand#LOG} in the report, and to the console only with verbose. The parts
 * here are fakes that print and return a verdict; the real parts are run by {@code bin/cursorcheck campaign}.
 */
class CampaignCommandTest {

    /** What a part prints on its log: a child process's chatter, as Maven or jcstress would. */
    private static final String CHATTER = "[INFO] child process says a great deal";

    @TempDir
    Path tmp;

    private Path reports;
    private String previous;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void aReportsDirectory() {
        reports = tmp.resolve("reports");
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

    /** A part that prints {@link #CHATTER} a hundred times and returns its verdict. */
    private static Parts.Planned part(String name, boolean passed, long millis) {
        Part part = new Part() {
            @Override
            public String name() {
                return name + " (fake)";
            }

            @Override
            public Verdict run(PrintStream log, ReportRun reports) {
                for (int i = 0; i < 100; i++) {
                    log.println(CHATTER);
                }
                return new Verdict(
                        passed,
                        name + " summary",
                        "## The " + name + " part\n",
                        Map.of(),
                        passed ? List.of() : List.of(name + " did not meet an expectation"),
                        millis);
            }
        };
        return new Parts.Planned(name, "a budget of " + name, part);
    }

    private int run(List<Parts.Planned> parts, boolean verbose) throws Exception {
        PartTimes times = PartTimes.parse("{\"profiles\": {\"default\": {\"lockstepSeconds\": 60, \"parts\": {"
                + "\"lockstep\": {\"seconds\": 70, \"source\": \"a test\"},"
                + "\"mutants\": {\"seconds\": 20, \"source\": \"a test\"},"
                + "\"stress\": {\"seconds\": 240, \"source\": \"a test\"}}}}}");
        return new CampaignCommand(
                        Profile.DEFAULT, parts, "bin/cursorcheck campaign --seed 7", 7, 60_000, times, verbose)
                .run(
                        "campaign: the header",
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private List<String> console() {
        // the reports directory is outside the source tree here, so its paths are shown whole
        return out.toString(StandardCharsets.UTF_8)
                .replace(tmp + "/", "")
                .lines()
                .toList();
    }

    @Test
    void theEstimateFirstThenOneLinePerPartThenTheVerdictLast() throws Exception {
        int exit = run(
                List.of(part("lockstep", true, 61_000), part("mutants", true, 19_400), part("stress", true, 250_000)),
                false);
        assertThat(exit).isZero();
        List<String> lines = console();
        Path published = Reports.latestRun(reports);
        String index = "reports/" + published.getFileName() + "/index.md";
        assertThat(lines.get(0))
                .isEqualTo("campaign: default profile, about 5 min 30 s (docs/times.md): lockstep 1 min 10 s,"
                        + " mutants 20 s, stress 4 min");
        assertThat(lines.get(1)).isEqualTo("campaign: the header");
        assertThat(lines.get(2)).contains(".staging").contains("campaign.log").contains("--verbose");
        assertThat(lines.subList(3, 6))
                .containsExactly(
                        "campaign: lockstep passed in 1 min 1 s (a budget of lockstep);" + " " + index
                                + "#the-lockstep-part; about 4 min 20 s left",
                        "campaign: mutants passed in 19 s (a budget of mutants);" + " " + index
                                + "#the-mutants-part; about 4 min left",
                        "campaign: stress passed in 4 min 10 s (a budget of stress);" + " " + index
                                + "#the-stress-part; last part");
        assertThat(lines.get(lines.size() - 1)).matches("campaign passed in \\d+ s; report: " + Pattern.quote(index));
        assertThat(lines).hasSize(7);
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain(CHATTER);
        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain(CHATTER);
        String log = Files.readString(published.resolve(CampaignCommand.LOG));
        assertThat(log.lines().filter(CHATTER::equals).count()).isEqualTo(300);
        assertThat(log).contains("campaign: mutants passed in 19 s: mutants summary");
        assertThat(Files.readString(published.resolve("index.md"))).contains("[campaign.log](campaign.log)");
        assertThat(Files.readString(published.resolve("index.json")))
                .contains("\"profile\": \"default\"")
                .contains("\"stress\": 250");
    }

    /** The control: a failing part says so on its line, its problem comes after the parts, the verdict last. */
    @Test
    void aFailedPartEndsInAFailedVerdictOnTheLastLine() throws Exception {
        int exit = run(List.of(part("lockstep", true, 1_000), part("bench", false, 2_000)), false);
        assertThat(exit).isEqualTo(1);
        List<String> lines = console();
        assertThat(lines.get(0)).startsWith("campaign: default profile, about 1 min 10 s plus bench (never measured)");
        assertThat(lines.get(3)).endsWith("time left unknown");
        assertThat(lines.get(4)).startsWith("campaign: bench FAILED in 2 s");
        assertThat(lines.get(5)).isEqualTo("  PROBLEM: bench did not meet an expectation");
        assertThat(lines.get(6))
                .matches("campaign FAILED in \\d+ s; report: "
                        + Pattern.quote("reports/" + Reports.latestRun(reports).getFileName() + "/index.md"));
        assertThat(lines).hasSize(7);
    }

    @Test
    void verboseStreamsThePartsOutputToTheConsoleToo() throws Exception {
        run(List.of(part("lockstep", true, 1_000)), true);
        assertThat(err.toString(StandardCharsets.UTF_8).lines().filter(CHATTER::equals))
                .hasSize(100);
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain(CHATTER);
        assertThat(Files.readString(Reports.latestRun(reports).resolve(CampaignCommand.LOG))
                        .lines()
                        .filter(CHATTER::equals))
                .hasSize(100);
    }
}
