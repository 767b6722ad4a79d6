package io.cursorcheck.campaign;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.report.ReportRun;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conformance part of the campaign: every release of {@link Release#CAMPAIGN} in lockstep with
 * the model through the subject protocol; writes {@code reports/conformance/}.
 */
public final class ConformancePart implements Part {

    private final List<Release> releases;
    private final long seed;
    private final long millisEach;
    private final int maxSteps;
    private final String command;
    private List<Conformance.Result> results = List.of();

    public ConformancePart(List<Release> releases, long seed, long millisEach, int maxSteps, String command) {
        this.releases = releases;
        this.seed = seed;
        this.millisEach = millisEach;
        this.maxSteps = maxSteps;
        this.command = command;
    }

    /** The releases' results once the part ran (none before): the history part reuses them. */
    public List<Conformance.Result> results() {
        return results;
    }

    @Override
    public String name() {
        return "conformance";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws Exception {
        long t0 = System.currentTimeMillis();
        ConformanceCampaign.Outcome o =
                ConformanceCampaign.run(releases, seed, millisEach, maxSteps, reports, log, command);
        results = o.results();
        List<ConformanceSection.Row> rows = new ArrayList<>();
        Map<String, Object> json = new LinkedHashMap<>();
        long differences = 0;
        for (Conformance.Result r : o.results()) {
            differences += r.differences().size();
            rows.add(new ConformanceSection.Row(
                    r.release().id(),
                    r.sequences(),
                    r.operations(),
                    r.differences().size(),
                    ConformanceCampaign.verdict(r)));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("sequences", r.sequences());
            m.put("operations", r.operations());
            m.put(
                    "differences",
                    r.differences().stream()
                            .map(d -> d.kind().id() + " " + d.signature())
                            .toList());
            m.put("verdict", ConformanceCampaign.verdict(r));
            json.put(r.release().id(), m);
        }
        long kinds = o.results().stream()
                .flatMap(r -> r.differences().stream())
                .map(Conformance.Difference::kind)
                .distinct()
                .count();
        String summary = String.format(
                "%d releases, %d shape(s) of difference in %d kind(s), %d unexplained",
                o.results().size(),
                differences,
                kinds,
                o.results().stream().mapToLong(r -> r.unclassified().size()).sum());
        return new Verdict(
                o.passed(),
                summary,
                ConformanceSection.markdown(rows),
                json,
                o.problems(),
                System.currentTimeMillis() - t0);
    }
}
