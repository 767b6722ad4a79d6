package io.cursorcheck.fray;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The grade of a Fray run (profile fray, after the real variants and the twins ran): writes
 * reports/stress/fray.md from the ledger, then fails unless every real variant passed, nothing
 * ended in an ERROR and every racy twin was caught for the right reason.
 */
@Tag("FrayVerdict")
class FrayVerdictTest {

    @Test
    void everyTwinCaughtAndEveryVariantPassed() throws IOException {
        List<LedgerEntry> entries = LedgerEntry.readAll(FrayLedger.RESULTS);
        List<String> problems = FrayGrade.problems(entries);
        FrayReport.write(FrayLedger.reportsRoot().resolve("stress/fray.md"),
                FrayReport.render(entries, problems, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()));
        assertThat(problems).as("the Fray run's problems (reports/stress/fray.md)").isEmpty();
    }
}
