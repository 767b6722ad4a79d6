package io.cursorcheck.campaign;

import java.util.List;

/**
 * The Fray part's section of {@code reports/<run>/index.md}: whether every expectation was met, the grade's summary,
 * the link to the full report ({@code stress/fray.md}), and every problem on a line of its own. Stateless.
 */
final class FraySection {

    private FraySection() {}

    /**
     * The section, under its {@code ##} heading.
     *
     * @param link     the full report, relative to the index
     * @param problems every expectation not met (a line break in one is shown as a blank)
     */
    static String markdown(boolean passed, String summary, String link, List<String> problems) {
        StringBuilder md = new StringBuilder("## Fray: controlled scheduling of the stress races\n\n");
        md.append(passed ? "Every expectation of this part was met. " : "**FAILED**. ")
                .append(summary)
                .append(". Full report, with the command that replays each saved failure: [")
                .append(link)
                .append("](")
                .append(link)
                .append(").\n");
        if (!problems.isEmpty()) {
            md.append('\n');
            problems.forEach(pr -> md.append("- ").append(pr.replace("\n", " ")).append('\n'));
        }
        return md.toString();
    }
}
