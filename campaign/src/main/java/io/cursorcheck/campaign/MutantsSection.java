package io.cursorcheck.campaign;

import io.cursorcheck.properties.campaign.KillMatrix;
import io.cursorcheck.properties.pages.MutantsPage;
import java.util.List;

/**
 * The kill matrix's section of {@code reports/<run>/index.md} and its plain-text table (also the command's log):
 * whether every mutant was caught as its impact says, the summary, the link to {@code mutants.md}, then one
 * table per algorithm the matrix ran under. Stateless.
 */
final class MutantsSection {

    private MutantsSection() {}

    /**
     * The section, under its {@code ##} heading.
     *
     * @param results the matrix under each algorithm, in the order they ran (a heading each when more than one)
     */
    static String markdown(boolean passed, String summary, List<KillMatrix.Result> results) {
        StringBuilder md = new StringBuilder("## Mutants: the kill matrix\n\n")
                .append(
                        passed
                                ? "Every mutant was caught as its impact says"
                                        + (results.size() > 1 ? ", under both algorithms" : "") + ". "
                                : "**FAILED**. ")
                .append(summary)
                .append(". Full tables, scripts and patches: [mutants.md](mutants.md).\n\n");
        for (KillMatrix.Result r : results) {
            if (results.size() > 1) {
                md.append("### ")
                        .append(MutantsPage.algorithmTitle(r.config().algorithm()))
                        .append("\n\n");
            }
            md.append(table(r).replaceAll("(?m)^", "    ")).append("\n");
        }
        return md.toString();
    }

    /** A plain-text table, one mutant a line, in catalogue order; the impact is the one under the matrix's algorithm. */
    static String table(KillMatrix.Result r) {
        StringBuilder b = new StringBuilder(String.format(
                "%-36s %-10s %-10s %-32s %6s %9s %8s%n",
                "mutant", "impact", "stage", "caught by", "shrunk", "sequences", "time"));
        for (KillMatrix.Row row : r.rows()) {
            b.append(String.format(
                    "%-36s %-10s %-10s %-32s %6s %,9d %8s%n",
                    row.mutant().id(),
                    row.mutant().impactUnder(r.config().algorithm()),
                    row.killed() ? row.stage().label() : "-",
                    row.caughtBy(),
                    row.killed() ? String.valueOf(row.reportedLength()) : "-",
                    row.sequences(),
                    row.killed() ? String.format("%.2f s", row.detectMillis() / 1000.0) : "-"));
        }
        return b.toString();
    }
}
