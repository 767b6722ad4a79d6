package io.cursorcheck.campaign;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.protocol.ProgramSubject;
import io.cursorcheck.properties.report.ReportRun;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The subjects part of the campaign: the example subjects of {@code examples/python/} through the
 * subject protocol, as {@code bin/cursorcheck subject} checks any program. The correct port must
 * conform; the buggy one is the checker's negative control, which must be caught (a divergence from
 * the model, shrunk and replayed, with no protocol error). Writes {@code reports/subjects/<name>/}.
 */
public final class SubjectsPart implements Part {

    private final List<ProgramSubject.Example> examples;
    private final long seed;
    private final long millisEach;
    private final int maxSteps;
    private final int defaultMaxSteps;

    /**
     * @param defaultMaxSteps the command line's default of {@code --max-steps}: a rerun command names
     *                        {@code maxSteps} only when it differs
     */
    public SubjectsPart(
            List<ProgramSubject.Example> examples, long seed, long millisEach, int maxSteps, int defaultMaxSteps) {
        this.examples = examples;
        this.seed = seed;
        this.millisEach = millisEach;
        this.maxSteps = maxSteps;
        this.defaultMaxSteps = defaultMaxSteps;
    }

    /** Each example's time in a campaign whose lockstep part runs {@code millis}: a sixth of it, 20 s at least. */
    public static long campaignMillis(long millis) {
        return Math.max(20_000, millis / 6);
    }

    @Override
    public String name() {
        return "subjects";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws Exception {
        long t0 = System.currentTimeMillis();
        List<SubjectsSection.Row> rows = new ArrayList<>();
        Map<String, Object> json = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        for (ProgramSubject.Example e : examples) {
            long secs = millisEach / 1000;
            String rerun = ProgramSubject.runCommand(e.name(), secs, seed, maxSteps, defaultMaxSteps, e.command());
            Conformance.Result r;
            try (ExternalSubject subject = ProgramSubject.start(e.name(), e.command())) {
                reports.wholeDirectory(Conformance.SUBJECTS + "/" + e.name()); // fresh: shapes no longer seen go
                r = Conformance.run(
                        new Conformance.Config(null, seed, millisEach, Long.MAX_VALUE, maxSteps, reports.dir(), log),
                        subject,
                        null);
            }
            List<String> own = ProgramSubject.problems(r);
            List<String> unmet = new ArrayList<>();
            if (e.correct()) {
                unmet.addAll(own);
            } else {
                unmet.addAll(missed(r));
            }
            problems.addAll(unmet);
            String verdict = ProgramSubject.verdict(r);
            rows.add(new SubjectsSection.Row(
                    e.name(), e.correct(), r.sequences(), r.differences().size(), unmet.isEmpty(), verdict, rerun));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("mustConform", e.correct());
            m.put("sequences", r.sequences());
            m.put(
                    "differences",
                    r.differences().stream()
                            .map(d -> d.kind().id() + " " + d.signature())
                            .toList());
            m.put("verdict", verdict);
            m.put("expectationMet", unmet.isEmpty());
            json.put(e.name(), m);
            summary.add(e.name()
                    + (e.correct()
                            ? (unmet.isEmpty() ? " conforms" : " FAILED")
                            : (unmet.isEmpty() ? " caught" : " NOT CAUGHT")));
        }
        return new Verdict(
                problems.isEmpty(),
                String.join(", ", summary),
                SubjectsSection.markdown(rows),
                json,
                problems,
                System.currentTimeMillis() - t0);
    }

    /** Why a negative control's run does not count as a catch; empty when it does. */
    static List<String> missed(Conformance.Result r) {
        List<String> p = new ArrayList<>();
        if (r.protocolErrors().count() > 0) {
            p.add(r.subject() + ": the negative control broke the protocol ("
                    + r.protocolErrors().first().get(0) + "): a broken adapter is no catch");
        }
        if (r.differences().isEmpty()) {
            p.add(r.subject() + ": the negative control was not caught: no difference in " + r.sequences()
                    + " sequences");
        }
        r.differences().stream()
                .filter(d -> !d.replayed())
                .forEach(d -> p.add(r.subject() + ": the negative" + " control's difference " + d.signature()
                        + " did not fail the same way on replay"));
        return p;
    }
}
