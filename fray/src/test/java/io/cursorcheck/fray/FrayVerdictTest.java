package io.cursorcheck.fray;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.io.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The grade of a Fray run (profile fray, after the real variants and the twins ran): writes
 * {@code <reports>/stress/fray.md} from the ledger when the run was given a reports directory
 * ({@link FrayLedger#REPORTS_PROPERTY}), and always the grade's numbers to {@link #GRADE} (which
 * {@code bin/cursorcheck fray} reads), then fails unless every real variant passed, nothing ended in an
 * ERROR, every racy twin was caught for the right reason, and the set-up check (SetupFrayTest) passed.
 */
@Tag("FrayVerdict")
class FrayVerdictTest {

    /** The grade's numbers ({@link FrayGrade#numbers}), relative to the module; tools/fray-run.sh removes it first. */
    static final Path GRADE = Path.of("target", "fray-grade.json");

    @Test
    void everyTwinCaughtAndEveryVariantPassed() throws IOException {
        List<LedgerEntry> entries = LedgerEntry.readAll(FrayLedger.RESULTS);
        List<String> problems = new ArrayList<>();
        // its execution ignores test failures (a real variant's failure must reach this grade): a broken set-up
        // shows here, as a missing record
        if (!Files.isRegularFile(SetupFrayTest.RECORD)) {
            problems.add("set-up: SetupFrayTest did not pass all its " + SetupFrayTest.ITERATIONS + " schedules (no "
                    + SetupFrayTest.RECORD + "; see its surefire report): Fray's JDK or agent is not working");
        }
        problems.addAll(FrayGrade.problems(entries));
        Path reports = FrayLedger.reportsDir();
        if (reports != null) {
            FrayReport.write(
                    reports.resolve("stress/fray.md"),
                    FrayReport.render(
                            entries,
                            problems,
                            Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()));
        }
        // written after the page and moved into place whole: a grade file present means the page is complete
        Path partial = GRADE.resolveSibling(GRADE.getFileName() + ".partial");
        Files.writeString(partial, Json.write(FrayGrade.numbers(entries, problems)), StandardCharsets.UTF_8);
        Files.move(partial, GRADE, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        assertThat(problems).as("the Fray run's problems (stress/fray.md)").isEmpty();
    }
}
