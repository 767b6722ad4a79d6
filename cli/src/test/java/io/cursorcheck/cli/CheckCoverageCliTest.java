package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.engine.Coverage;
import io.cursorcheck.properties.report.Reports;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check command judges a coverage floor only on enough sequences: a floor missed on fewer is said to be too
 * short, with the sequences run and needed, and is never reported below its floor. In process, through {@link Main}.
 */
class CheckCoverageCliTest {

    @TempDir
    Path reports;

    private String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String previous = System.getProperty(Reports.DIR_PROPERTY);
        System.setProperty(Reports.DIR_PROPERTY, reports.toString());
        try {
            int exit = new Main(
                            new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8))
                    .run(List.of(args));
            return new String[] {String.valueOf(exit), out.toString(StandardCharsets.UTF_8)};
        } finally {
            if (previous == null) {
                System.clearProperty(Reports.DIR_PROPERTY);
            } else {
                System.setProperty(Reports.DIR_PROPERTY, previous);
            }
        }
    }

    /** Never drawing abort misses its floors; on 300 sequences that is too short, not below, and exit 0. */
    @Test
    void aFloorMissedOnTooFewSequencesIsTooShort() {
        String[] r = run(
                "check",
                "--variant",
                "model",
                "--runs",
                "300",
                "--seed",
                "1",
                "--threads",
                "1",
                "--weights",
                "abort=0");
        assertThat(r[0]).isEqualTo("0");
        assertThat(r[1])
                .contains("coverage ABORT_ENDS_BROADCAST")
                .contains("sequences, " + Coverage.State.ABORT_ENDS_BROADCAST.sequencesToJudge() + " needed")
                .contains("ok: no failure; coverage too short to judge every floor (run longer)")
                .doesNotContain("coverage below floor");
    }
}
