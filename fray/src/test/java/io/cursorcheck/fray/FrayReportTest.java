package io.cursorcheck.fray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The page's tables keep one cell per column whatever a reason says (they are written by MarkdownTable). */
class FrayReportTest {

    @Test
    void aReasonWithAPipeStaysOneCellAndTwoCatchesAreJoinedWithoutATrailingSeparator() {
        List<LedgerEntry> entries = List.of(
                new LedgerEntry("CountRace", "plain-count-decrement", "CAUGHT", 35, 221,
                        "forbidden outcome [e0/5 | e0/5, I5]", "reports/stress/fray/plain-count-decrement/CountRace"),
                new LedgerEntry("ReadVsTrim", "cursor-published-before-read", "CAUGHT", 122, 841, "x", ""),
                new LedgerEntry("DropOldestVsLaggard", "cursor-published-before-read", "CAUGHT", 14, 86, "y", ""));

        String page = FrayReport.render(entries, List.of(), "now");

        String raceRow = page.lines().filter(l -> l.startsWith("| CountRace")).findFirst().orElseThrow();
        assertThat(cells(raceRow)).hasSize(7);
        String twinRow = page.lines().filter(l -> l.startsWith("| cursor-published-before-read")).findFirst()
                .orElseThrow();
        assertThat(cells(twinRow)).hasSize(3);
        assertThat(twinRow).contains("ReadVsTrim after 122 schedules, 841 ms; DropOldestVsLaggard after 14 schedules")
                .doesNotContain("ms; |").doesNotContain("ms;  |");
    }

    /** The cells of a table row: split on the pipes that are not escaped. */
    private static List<String> cells(String row) {
        String inner = row.substring(1, row.length() - 1);
        return List.of(inner.split("(?<!\\\\)\\|", -1));
    }
}
