package io.cursorcheck.campaign;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.History;
import io.cursorcheck.conformance.pages.HistoryPage;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.report.ReportRun;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The history part of the campaign ({@link History}): every release the registry listed when the
 * campaign started, each for a share of the budget; the releases the conformance part checked in the
 * same campaign are taken from it, not run again. Writes {@code reports/conformance/history.md}.
 */
public final class HistoryPart implements Part {

    private final List<Release> releases;
    private final Supplier<List<Conformance.Result>> checked;
    private final long seed;
    private final long millis;
    private final int maxSteps;
    private final String command;

    /**
     * A history part.
     *
     * @param checked the results of this campaign's conformance part, asked for when the part runs (none
     *                when that part was skipped)
     */
    public HistoryPart(
            List<Release> releases,
            Supplier<List<Conformance.Result>> checked,
            long seed,
            long millis,
            int maxSteps,
            String command) {
        this.releases = releases;
        this.checked = checked;
        this.seed = seed;
        this.millis = millis;
        this.maxSteps = maxSteps;
        this.command = command;
    }

    @Override
    public String name() {
        return "history";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws Exception {
        History.Outcome o = History.run(releases, checked.get(), seed, millis, maxSteps, reports, log, command);
        List<HistorySection.Row> rows = new ArrayList<>();
        Map<String, Object> json = new LinkedHashMap<>();
        long unchecked = 0;
        for (HistoryPage.Row row : o.rows()) {
            String verdict = row.result() == null
                    ? "NOT CHECKED: " + row.notChecked()
                    : ConformanceCampaign.verdict(row.result());
            unchecked += row.result() == null ? 1 : 0;
            rows.add(new HistorySection.Row(row.release().id(), row.result() != null, verdict));
            json.put(row.release().id(), verdict);
        }
        String summary = String.format(
                "%d releases in %.1f min, %d not checked, %d problem(s)",
                o.rows().size(), o.millis() / 60_000.0, unchecked, o.problems().size());
        return new Verdict(o.passed(), summary, HistorySection.markdown(rows), json, o.problems(), o.millis());
    }
}
