package io.cursorcheck.campaign;

import io.cursorcheck.bench.BenchVerdict;
import io.cursorcheck.properties.report.MarkdownTable;
import java.util.List;

/**
 * The bench part's section of {@code reports/<run>/index.md}: the summary, the link to the full report, a row per
 * target with what was measured and its verdict, then every problem in bold. Stateless.
 */
final class BenchSection {

    private BenchSection() {}

    /**
     * The section, under its {@code ##} heading.
     *
     * @param profile  the profile's name
     * @param verdicts every target's verdict, those kept for the record included
     */
    static String markdown(String profile, String summary, List<BenchVerdict> verdicts, List<String> problems) {
        StringBuilder md = new StringBuilder("## Benchmarks (JMH, " + profile + " profile)\n\n");
        md.append(summary).append(". Full report with charts: [bench/index.md](bench/index.md).\n\n");
        MarkdownTable table = MarkdownTable.of("target", "measured", "verdict");
        for (BenchVerdict v : verdicts) {
            table.row(v.target(), v.measured(), v.outcome().shown());
        }
        md.append(table);
        problems.forEach(p -> md.append("\n- **").append(p).append("**"));
        return md.toString();
    }
}
