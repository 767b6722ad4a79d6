package io.cursorcheck.properties.pages;

import io.cursorcheck.properties.campaign.Campaign;
import io.cursorcheck.properties.campaign.Controls;
import io.cursorcheck.properties.engine.Coverage;
import io.cursorcheck.properties.report.MarkdownTable;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.report.SpecLinks;
import io.cursorcheck.properties.run.RandomRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** The lockstep part of {@code reports/index.md} and {@code reports/index.json}. */
public final class IndexPage {

    private IndexPage() {}

    /** The machine this runs on, for reports. */
    public static String machine() {
        return Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version") + ", " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch");
    }

    /** The lockstep part of the campaign page, as sections under {@code ##} headings. */
    public static String markdown(Campaign.Result r) {
        StringBuilder b = new StringBuilder();
        b.append("## Lockstep: every variant against the model\n\n");
        b.append(
                r.passed()
                        ? "Every expectation of this part was met.\n\n"
                        : "**FAILED**: " + r.problems().size() + " expectation(s) not met (listed at the end).\n\n");
        b.append("Seed `")
                .append(r.config().seed())
                .append("`; sequences of up to ")
                .append(r.config().maxSteps())
                .append(" operations, weights `")
                .append(r.config().weights())
                .append("`; ")
                .append(r.config().threads())
                .append(" worker thread(s); ")
                .append(String.format("%.1f s", r.millis() / 1000.0))
                .append(".\n\n");
        b.append("### Variants\n\n");
        MarkdownTable variants = MarkdownTable.of(
                        "variant",
                        "algorithm",
                        "expected",
                        "sequences",
                        "operations",
                        "ops/s",
                        "ops/s per thread",
                        "result")
                .right(3, 4, 5, 6);
        for (Campaign.VariantPart p : r.variants()) {
            RandomRun.Result x = p.result();
            variants.row(
                    MarkdownTable.code(p.variant().id()),
                    p.variant().algorithm(),
                    p.variant().conformance(),
                    String.format("%,d", x.sequences()),
                    String.format("%,d", x.operations()),
                    String.format("%,.0f", x.operationsPerSecond()),
                    String.format("%,.0f", x.operationsPerSecond() / x.config().threads()),
                    MarkdownTable.bold(p.verdict(), !p.ok()));
        }
        b.append(variants);
        b.append("\nops/s counts operations checked in lockstep: each is applied to the model and the subject,"
                + " both snapshots compared, and every invariant checked on both. *algorithm*: `as-released` (spec §2)"
                + " runs against `model`, `corrected` (spec §8) against `model-corrected`, where no finding is known:"
                + " any failure there fails the campaign.\n\n");

        b.append("### Counterexamples found\n\n");
        MarkdownTable found = MarkdownTable.of("variant", "failure", "length", "shrunk from", "known finding", "report")
                .right(2, 3);
        for (Campaign.VariantPart p : r.variants()) {
            for (RandomRun.Found f : p.result().found()) {
                found.row(
                        MarkdownTable.code(p.variant().id()),
                        MarkdownTable.text(f.counterexample().failure().title()),
                        f.counterexample().script().length(),
                        f.counterexample().original(),
                        f.known() == null
                                ? (f.counterexample().failure().kind().againstModel() ? "**new**" : "")
                                : "[" + f.known().name() + "](../findings/"
                                        + f.known().name() + "/README.md)",
                        "[" + f.counterexample().slug() + "](" + link(r, f.page()) + ")");
            }
        }
        b.append(found.size() > 0 ? found + "\n" : "None.\n\n");

        b.append("### Known findings against the spec's algorithm\n\n[The spec](")
                .append(SpecLinks.from(Reports.latestOf(Reports.dir()), "2-operations"))
                .append(")'s algorithm, followed faithfully, breaks an invariant in each. Each is"
                        + " replayed from its committed counterexample:\n\n"); // the index is written at the
        // top of a run folder, latest's
        // depth
        MarkdownTable findings =
                MarkdownTable.of("finding", "signature", "replay", "under the corrected algorithm (spec §8)");
        for (Campaign.FindingPart f : r.findings()) {
            findings.row(
                    "[" + f.finding().name() + "](../findings/" + f.finding().name() + "/README.md)",
                    MarkdownTable.code(f.finding().signature()),
                    f.reproduces() ? "reproduces" : "**no longer reproduces**",
                    f.fixed()
                            ? "no failure (`cached-count-corrected` against `model-corrected`)"
                            : MarkdownTable.bold(
                                    "fails: " + f.corrected().failure().title(), true));
        }
        b.append(findings).append('\n');

        b.append(
                        "### Negative controls\n\nDeliberately broken variants (the mutant catalogue's `controls.json`); each must"
                                + " be caught and shrunk to at most ")
                .append(Campaign.CONTROL_MAX_LENGTH)
                .append(" operations.\n\n");
        MarkdownTable controls = MarkdownTable.of(
                        "mutant",
                        "impact",
                        "caught by",
                        "shrunk length",
                        "sequences to catch",
                        "time to catch",
                        "script")
                .right(3, 4, 5);
        for (Controls.Verdict v : r.controls()) {
            if (v.killed()) {
                RandomRun.Found f = v.caught();
                controls.row(
                        MarkdownTable.code(v.mutant().id()),
                        v.mutant().impact(),
                        MarkdownTable.text(f.counterexample().failure().title()),
                        v.reportedLength(),
                        String.format("%,d", v.result().sequences()),
                        String.format("%.2f s", f.millisToFind() / 1000.0),
                        "["
                                + MarkdownTable.text(String.join(
                                        "; ", f.counterexample().script().lines())) + "](" + link(r, f.page()) + ")");
            } else {
                controls.row(
                        MarkdownTable.code(v.mutant().id()),
                        v.mutant().impact(),
                        v.tooShort()
                                ? String.format(
                                        "not caught, too short: %,d sequences, %,d needed (no failure)",
                                        v.result().sequences(),
                                        Controls.sequencesToCatch(v.mutant().id()))
                                : "**survived**",
                        "",
                        v.result().sequences(),
                        "",
                        "");
            }
        }
        b.append(controls).append('\n');

        Coverage cov = null;
        for (Campaign.VariantPart p : r.variants()) {
            if (p.variant().conformance() == io.cursorcheck.properties.Variant.Conformance.CONFORMS) {
                cov = p.result().coverage();
            }
        }
        if (cov != null) {
            b.append("### Coverage (cached-count run)\n\nStates that matter, counted from the model's observations;"
                    + " a count below its floor fails the run when the run's sequences are enough to judge it (a"
                    + " correct generator misses a judged floor with a chance below one in a million); on fewer it"
                    + " is too short, which is no failure.\n\n");
            MarkdownTable states = MarkdownTable.of("state", "reached", "floor", "sequences to judge", "")
                    .right(1, 2, 3);
            for (Coverage.State s : Coverage.State.values()) {
                long n = cov.count(s);
                long floor = s.floor(cov.sequences());
                long needed = s.sequencesToJudge();
                states.row(
                        MarkdownTable.text(s.description()),
                        String.format("%,d", n),
                        String.format("%,d", floor),
                        needed == 0 ? "" : String.format("%,d", needed),
                        n >= floor
                                ? "ok"
                                : cov.sequences() < needed
                                        ? String.format("too short: %,d sequences, %,d needed", cov.sequences(), needed)
                                        : "**below**");
            }
            b.append(states);
            b.append("\nOperations by outcome:\n\n");
            TreeSet<String> kinds = new TreeSet<>();
            cov.outcomes().values().forEach(m -> kinds.addAll(m.keySet()));
            List<String> heads = new ArrayList<>(List.of("operation"));
            heads.addAll(kinds);
            MarkdownTable outcomes = MarkdownTable.of(heads.toArray(String[]::new));
            for (int c = 1; c < heads.size(); c++) {
                outcomes.right(c);
            }
            cov.outcomes().forEach((op, m) -> {
                List<String> cells = new ArrayList<>(List.of(MarkdownTable.code(String.valueOf(op))));
                kinds.forEach(k -> cells.add(m.containsKey(k) ? String.format("%,d", m.get(k)) : ""));
                outcomes.row(cells.toArray());
            });
            b.append(outcomes);
            b.append("\n`threw` is the IllegalArgumentException of bad input (a foreign or null consumer, a negative"
                    + " size), which both sides must throw alike.\n\n");
        }

        if (!r.passed()) {
            b.append("### Expectations not met\n\n");
            r.problems().forEach(p -> b.append("- ").append(p).append('\n'));
            b.append('\n');
        }
        return b.toString();
    }

    /** The same numbers as JSON. */
    public static Map<String, Object> json(Campaign.Result r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("passed", r.passed());
        m.put("millis", r.millis());
        m.put("seed", r.config().seed());
        m.put("threads", r.config().threads());
        List<Object> variants = new java.util.ArrayList<>();
        for (Campaign.VariantPart p : r.variants()) {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("variant", p.variant().id());
            v.put("expected", p.variant().conformance().name());
            v.put("algorithm", p.variant().algorithm().id());
            v.put("sequences", p.result().sequences());
            v.put("operations", p.result().operations());
            v.put("operationsPerSecond", Math.round(p.result().operationsPerSecond()));
            v.put("ok", p.ok());
            v.put("verdict", p.verdict());
            List<Object> found = new java.util.ArrayList<>();
            for (RandomRun.Found f : p.result().found()) {
                found.add(Map.of(
                        "signature",
                        f.counterexample().failure().signature(),
                        "length",
                        f.counterexample().script().length(),
                        "file",
                        link(r, f.json()),
                        "knownFinding",
                        f.known() == null ? "" : f.known().name()));
            }
            v.put("counterexamples", found);
            Map<String, Object> coverage = new LinkedHashMap<>();
            for (Coverage.State s : Coverage.State.values()) {
                coverage.put(s.name(), p.result().coverage().count(s));
            }
            v.put("coverage", coverage);
            v.put("coverageTooShort", p.result().coverage().tooShort());
            variants.add(v);
        }
        m.put("variants", variants);
        List<Object> controls = new java.util.ArrayList<>();
        for (Controls.Verdict v : r.controls()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("mutant", v.mutant().id());
            c.put("impact", v.mutant().impact().name());
            c.put("killed", v.killed());
            c.put("tooShort", v.tooShort());
            c.put("caughtBy", v.killed() ? v.caught().counterexample().failure().signature() : null);
            c.put("reportedLength", v.reportedLength());
            c.put("millisToCatch", v.killed() ? v.caught().millisToFind() : null);
            controls.add(c);
        }
        m.put("controls", controls);
        m.put("problems", r.problems());
        return m;
    }

    /** A link from the campaign's index page (at the top of the reports directory the run wrote) to a file. */
    private static String link(Campaign.Result r, java.nio.file.Path file) {
        return file == null ? "" : Reports.link(r.config().reports(), file);
    }
}
