package io.cursorcheck.campaign;

import io.cursorcheck.properties.report.MarkdownTable;
import java.util.List;

/**
 * The subjects part's section of {@code reports/<run>/index.md}: per example subject, what it must do (conform, or
 * be caught as the negative control) and what its run found, with the command that reruns it. Stateless.
 */
final class SubjectsSection {

    private SubjectsSection() {}

    /**
     * One example subject's run.
     *
     * @param name        the example's name, also its folder under {@code reports/subjects/}
     * @param mustConform whether it must conform (the correct port) or be caught (the negative control)
     * @param sequences   the sequences it ran
     * @param differences its shapes of difference from the model
     * @param met         whether it did what it must
     * @param verdict     the run's verdict, in words
     * @param rerun       the command that reruns it
     */
    record Row(
            String name,
            boolean mustConform,
            long sequences,
            int differences,
            boolean met,
            String verdict,
            String rerun) {}

    /** The section, under its {@code ##} heading. */
    static String markdown(List<Row> rows) {
        MarkdownTable table = MarkdownTable.of(
                        "subject", "must", "sequences", "shapes of difference", "verdict", "rerun")
                .right(2, 3);
        for (Row r : rows) {
            table.row(
                    "[" + r.name() + "](subjects/" + r.name() + "/index.md)",
                    r.mustConform() ? "conform" : "be caught (negative control)",
                    String.format("%,d", r.sequences()),
                    r.differences(),
                    (r.met() ? "" : "**UNMET** ") + MarkdownTable.text(r.verdict()),
                    MarkdownTable.code(r.rerun()));
        }
        return "## Subjects (any program that speaks the protocol)\n\n" + table
                + "\nEvery program is held to the spec: a difference fails it. The buggy example is the negative"
                + " control of the check: caught means at least one difference from the model, each shrunk and"
                + " replayed, and no protocol error.\n";
    }
}
