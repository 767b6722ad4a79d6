package io.cursorcheck.campaign;

import io.cursorcheck.properties.report.MarkdownTable;
import java.util.List;

/**
 * The history part's section of {@code reports/<run>/index.md}: per release, its verdict, linked to the release's
 * page when it was checked. Stateless.
 */
final class HistorySection {

    private HistorySection() {}

    /**
     * One release of the history.
     *
     * @param release the release's id, also its folder under {@code reports/conformance/}
     * @param checked whether it was checked (else the verdict says why not, and there is no page to link)
     * @param verdict its verdict, or why it was not checked, in words
     */
    record Row(String release, boolean checked, String verdict) {}

    /** The section, under its {@code ##} heading. */
    static String markdown(List<Row> rows) {
        MarkdownTable table = MarkdownTable.of("release", "verdict");
        for (Row r : rows) {
            table.row(
                    r.checked() ? "[" + r.release() + "](conformance/" + r.release() + "/index.md)" : r.release(),
                    MarkdownTable.text(r.verdict()));
        }
        return "## History (every Node 26.x release, the newest Bun)\n\n" + table
                + "\nWhen each kind and finding came and went: [conformance/history.md](conformance/history.md).\n";
    }
}
