package io.cursorcheck.campaign;

import io.cursorcheck.properties.report.MarkdownTable;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The campaign's page, {@code reports/<run>/index.md}: passed or FAILED, when, how and where it ran, a summary table of
 * the parts, then each part's section in the order they ran. Stateless.
 */
final class CampaignPage {

    private CampaignPage() {}

    /**
     * The page.
     *
     * @param command  the command that reruns the campaign
     * @param machine  the machine it ran on, in words
     * @param profile  the profile that ran
     * @param names    the parts' names, in the order they ran
     * @param budgets  how much of each ran, in words, in the same order
     * @param verdicts their verdicts, in the same order
     */
    static String markdown(
            Instant started,
            String command,
            long seed,
            String machine,
            Profile profile,
            List<String> names,
            List<String> budgets,
            List<Part.Verdict> verdicts,
            boolean passed) {
        StringBuilder b = new StringBuilder("# Verification campaign\n\n");
        b.append(
                passed
                        ? "**Passed**: every part met every expectation.\n\n"
                        : "**FAILED**: see the parts marked below.\n\n");
        b.append(MarkdownTable.of("", "")
                        .row("Started", started.toString().replaceAll("\\.\\d+Z$", "Z"))
                        .row("Command", MarkdownTable.code(command))
                        .row("Seed", "`" + seed + "`")
                        .row("Machine", machine)
                        .row(
                                "Profile",
                                "`" + profile.id() + "`"
                                        + (profile == Profile.FULL
                                                ? " (everything)"
                                                : " (every kind of check; `--full` for everything)"))
                        .row(
                                "Log",
                                "[" + CampaignCommand.LOG + "](" + CampaignCommand.LOG
                                        + "): everything every part printed"))
                .append('\n');
        MarkdownTable table =
                MarkdownTable.of("part", "budget", "verdict", "time", "summary").right(3);
        for (int i = 0; i < names.size(); i++) {
            Part.Verdict v = verdicts.get(i);
            table.row(
                    names.get(i),
                    MarkdownTable.text(budgets.get(i)),
                    v.passed() ? "passed" : "**FAILED**",
                    String.format("%.0f s", v.millis() / 1000.0),
                    MarkdownTable.text(v.summary()));
        }
        b.append(table).append('\n');
        for (Part.Verdict v : verdicts) {
            b.append(v.markdown()).append('\n');
        }
        return b.toString();
    }

    /**
     * The anchor of a section's first {@code ##} heading as GitHub renders it (lower case, punctuation but
     * hyphens dropped, spaces to hyphens), or empty if it has none.
     */
    static String anchor(String markdown) {
        return markdown.lines()
                .filter(l -> l.startsWith("## "))
                .findFirst()
                .map(l -> l.substring(3)
                        .strip()
                        .toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "")
                        .replace(' ', '-'))
                .orElse("");
    }
}
