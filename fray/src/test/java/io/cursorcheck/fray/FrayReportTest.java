package io.cursorcheck.fray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The page's tables keep one cell per column whatever a reason says (they are written by MarkdownTable). */
class FrayReportTest {

    @Test
    void aReasonWithAPipeStaysOneCellAndTwoCatchesAreJoinedWithoutATrailingSeparator() {
        List<LedgerEntry> entries = List.of(
                new LedgerEntry(
                        "CountRace",
                        "plain-count-decrement",
                        "CAUGHT",
                        35,
                        221,
                        "forbidden outcome [e0/5 | e0/5, I5]",
                        "reports/stress/fray/plain-count-decrement/CountRace",
                        false),
                new LedgerEntry("ReadVsTrim", "cursor-published-before-read", "CAUGHT", 122, 841, "x", "", false),
                new LedgerEntry(
                        "DropOldestVsLaggard", "cursor-published-before-read", "CAUGHT", 14, 86, "y", "", false));

        String page = FrayReport.render(entries, List.of(), "now");

        String raceRow = page.lines()
                .filter(l -> l.startsWith("| CountRace"))
                .findFirst()
                .orElseThrow();
        assertThat(cells(raceRow)).hasSize(8);
        String twinRow = page.lines()
                .filter(l -> l.startsWith("| cursor-published-before-read"))
                .findFirst()
                .orElseThrow();
        assertThat(cells(twinRow)).hasSize(3);
        assertThat(twinRow)
                .contains("ReadVsTrim (sync only) after 122 schedules, 841 ms; DropOldestVsLaggard (sync only)"
                        + " after 14 schedules")
                .doesNotContain("ms; |")
                .doesNotContain("ms;  |");
    }

    /** The cells of a table row: split on the pipes that are not escaped. */
    private static List<String> cells(String row) {
        String inner = row.substring(1, row.length() - 1);
        return List.of(inner.split("(?<!\\\\)\\|", -1));
    }

    /** Each run's row says its mode, and a twin that passed every schedule shows NOT CAUGHT, not PASSED. */
    @Test
    void eachRowSaysItsModeAndATwinThatPassedIsNotCaught() {
        List<LedgerEntry> entries = List.of(
                new LedgerEntry("PublishVsRead", "Published", "PASSED", 1000, 900, "", "", true),
                new LedgerEntry(
                        "PublishVsRead",
                        "end-published-before-entry",
                        "CAUGHT",
                        60,
                        806,
                        "forbidden outcome" + " [read-e0/0]",
                        "reports/stress/fray/end-published-before-entry/PublishVsRead",
                        true),
                new LedgerEntry("CountRace", "plain-count-decrement", "PASSED", 5000, 9000, "", "", false));

        String page = FrayReport.render(entries, List.of("twin plain-count-decrement: NOT CAUGHT by CountRace"), "now");

        assertThat(cells(row(page, "| PublishVsRead | Published")))
                .extracting(String::strip)
                .containsExactly("PublishVsRead", "Published", "memory ops", "1000", "PASSED", "900 ms", "", "");
        assertThat(cells(row(page, "| CountRace | plain-count-decrement"))
                        .get(4)
                        .strip())
                .isEqualTo("NOT CAUGHT");
        assertThat(row(page, "| end-published-before-entry |"))
                .contains("PublishVsRead (memory ops) after 60 schedules");
        assertThat(page).contains("Verdict: **FAILED**");
    }

    private static String row(String page, String start) {
        return page.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow();
    }
}
