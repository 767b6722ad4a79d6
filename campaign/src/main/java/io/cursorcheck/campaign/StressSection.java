package io.cursorcheck.campaign;

import io.cursorcheck.properties.report.MarkdownTable;
import io.cursorcheck.stress.StressRun;
import io.cursorcheck.stress.lincheck.LincheckRun;
import java.util.List;

/**
 * The stress part's section of {@code reports/<run>/index.md}: whether every expectation was met, the summary, the
 * link to the full report, a row per jcstress test of the first run and, with Lincheck, a row per check,
 * then every problem in bold. Stateless.
 */
final class StressSection {

    private StressSection() {}

    /**
     * The section, under its {@code ##} heading.
     *
     * @param reportLink   the jcstress report, relative to the index
     * @param tests        the first run's tests
     * @param lincheckLink the Lincheck report, relative to the index (unused without Lincheck)
     * @param checks       Lincheck's checks (empty without it)
     */
    static String markdown(
            boolean withLincheck,
            List<String> problems,
            String summary,
            String reportLink,
            List<StressRun.TestVerdict> tests,
            String lincheckLink,
            List<LincheckRun.Check> checks) {
        StringBuilder md = new StringBuilder("## Stress: jcstress" + (withLincheck ? " and Lincheck" : "") + "\n\n");
        md.append(problems.isEmpty() ? "Every expectation of this part was met. " : "**FAILED**. ")
                .append(summary)
                .append(". Full report: [")
                .append(reportLink)
                .append("](")
                .append(reportLink)
                .append(").\n\n");
        MarkdownTable testTable =
                MarkdownTable.of("test", "subject", "verdict", "samples").right(3);
        for (StressRun.TestVerdict t : tests) {
            testTable.row(
                    t.test(),
                    t.subject(),
                    !t.errors().isEmpty()
                            ? "**ERROR**"
                            : t.twin()
                                    ? (t.caught() ? "twin caught" : "twin not caught here")
                                    : t.forbiddenSeen() ? "**FAILED**" : "passed",
                    String.format("%,d", t.samples()));
        }
        md.append(testTable).append('\n');
        if (withLincheck) {
            md.append("Lincheck ([")
                    .append(lincheckLink)
                    .append("](")
                    .append(lincheckLink)
                    .append("), with the interleavings it printed):\n\n");
            MarkdownTable checkTable =
                    MarkdownTable.of("subject", "strategy", "verdict", "time").right(3);
            for (LincheckRun.Check c : checks) {
                checkTable.row(
                        c.twin() ? "twin " + MarkdownTable.code(c.subject()) : c.subject(),
                        c.strategy(),
                        c.verdict(),
                        String.format("%.0f s", c.millis() / 1000.0));
            }
            md.append(checkTable).append('\n');
        }
        problems.forEach(p -> md.append("- **").append(p).append("**\n"));
        return md.toString();
    }
}
