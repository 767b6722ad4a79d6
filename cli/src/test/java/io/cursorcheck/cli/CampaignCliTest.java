package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.report.Reports;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign --record-times} on bad input: no finished campaign, an index without times, another option beside
 * it; each refused with exit 2 in one line naming the argument, and nothing written. Recording a finished campaign is
 * {@code TimesPageTest}'s (it writes into a copy of the source tree there, never into this one).
 */
class CampaignCliTest {

    @TempDir
    Path tmp;

    private String previous;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void anEmptyReportsDirectory() {
        previous = System.getProperty(Reports.DIR_PROPERTY);
        System.setProperty(Reports.DIR_PROPERTY, tmp.toString());
    }

    @AfterEach
    void restore() {
        if (previous == null) {
            System.clearProperty(Reports.DIR_PROPERTY);
        } else {
            System.setProperty(Reports.DIR_PROPERTY, previous);
        }
    }

    private int run(String... args) {
        err.reset();
        return new Main(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(List.of(args));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void recordTimesWithoutAFinishedCampaignIsRefusedNamingTheFile() {
        assertThat(run("campaign", "--record-times")).isEqualTo(2);
        assertThat(err()).contains("--record-times").contains("index.json").doesNotContain("Exception");
        assertThat(err().lines().filter(l -> l.startsWith("cursorcheck:"))).hasSize(1);
    }

    @Test
    void recordTimesRefusesAnIndexWithoutTimes() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("2026-12-06T00-00-00-campaign"));
        Files.writeString(run.resolve("index.json"), "{\"passed\": true, \"parts\": {}}");
        assertThat(run("campaign", "--record-times")).isEqualTo(2);
        assertThat(err())
                .contains("--record-times")
                .contains("no campaign profile and times per part")
                .doesNotContain("Exception");
    }

    @Test
    void recordTimesTakesNoOtherOption() {
        assertThat(run("campaign", "--record-times", "--full")).isEqualTo(2);
        assertThat(err()).contains("--record-times").contains("--full");
        assertThat(run("campaign", "--record-times", "--seconds", "10")).isEqualTo(2);
        assertThat(err()).contains("--seconds");
    }
}
