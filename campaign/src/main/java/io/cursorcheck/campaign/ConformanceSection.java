package io.cursorcheck.campaign;

import io.cursorcheck.properties.report.MarkdownTable;
import java.util.List;

/**
 * The conformance part's section of {@code reports/<run>/index.md}: per release, its run's size, its shapes of
 * difference and its verdict, linked to the release's own page. Stateless.
 */
final class ConformanceSection {

    private ConformanceSection() {}

    /**
     * One release's run.
     *
     * @param release     the release's id, also its folder under {@code reports/conformance/}
     * @param sequences   the sequences it ran
     * @param operations  the operations of those sequences
     * @param differences its shapes of difference from the model
     * @param verdict     the run's verdict, in words
     */
    record Row(String release, long sequences, long operations, int differences, String verdict) {}

    /** The section, under its {@code ##} heading. */
    static String markdown(List<Row> rows) {
        MarkdownTable table = MarkdownTable.of("release", "sequences", "operations", "shapes of difference", "verdict")
                .right(1, 2, 3);
        for (Row r : rows) {
            table.row(
                    "[" + r.release() + "](conformance/" + r.release() + "/index.md)",
                    String.format("%,d", r.sequences()),
                    String.format("%,d", r.operations()),
                    r.differences(),
                    MarkdownTable.text(r.verdict()));
        }
        return "## Conformance (Node.js, Bun)\n\n" + table
                + "\nDetails: [conformance/index.md](conformance/index.md).\n";
    }
}
