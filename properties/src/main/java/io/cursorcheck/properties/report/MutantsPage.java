package io.cursorcheck.properties.report;

import io.cursorcheck.properties.engine.Json;
import io.cursorcheck.properties.engine.KillMatrix;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.mutants.Mutant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code reports/mutants.md} and {@code mutants.json}: the kill matrix as a run left it. One row per
 * mutant (impact, what caught it and at which stage, shrunk length, sequences and time to the
 * first detection, the shrunk script linked to its counterexample page), then every mutant's bug,
 * equivalence argument and patch.
 */
public final class MutantsPage {

    private MutantsPage() {
    }

    /**
     * Writes both files into {@code reports}.
     *
     * @param command the command that repeats this run
     * @return the Markdown file
     */
    public static Path write(KillMatrix.Result result, Path reports, String command) throws IOException {
        Files.createDirectories(reports);
        Path md = reports.resolve("mutants.md");
        Files.writeString(md, markdown(result, command, reports), StandardCharsets.UTF_8);
        Files.writeString(reports.resolve("mutants.json"), Json.write(json(result, command, reports)),
                StandardCharsets.UTF_8);
        return md;
    }

    /** One line for a campaign summary or a console: how many of each kind were caught. */
    public static String summary(KillMatrix.Result r) {
        List<KillMatrix.Row> real = new ArrayList<>(r.of(Mutant.Impact.SAFETY));
        real.addAll(r.of(Mutant.Impact.LIVENESS));
        List<KillMatrix.Row> equivalent = r.of(Mutant.Impact.EQUIVALENT);
        long blackBox = real.stream().filter(x -> x.stage() == KillMatrix.Stage.BLACK_BOX).count();
        long seen = equivalent.stream().filter(KillMatrix.Row::killed).count();
        int longest = r.rows().stream().mapToInt(KillMatrix.Row::shrunkLength).max().orElse(0);
        return String.format("%d mutants: %d of %d safety/liveness caught black-box, %d of %d equivalent seen by a"
                        + " white-box check (%d undetectable as declared), longest shrunk script %d operations",
                r.rows().size(), blackBox, real.size(), seen, equivalent.size(),
                equivalent.stream().filter(x -> x.mutant().equivalence().seenBy() == Mutant.WhiteBox.NONE).count(),
                longest);
    }

    /** The page. */
    public static String markdown(KillMatrix.Result r, String command, Path reports) {
        StringBuilder b = new StringBuilder("# Kill matrix: the mutant catalogue\n\n");
        b.append(r.passed() ? "**Passed**: every mutant was caught as its impact says.\n\n"
                : "**FAILED**: some mutants were not caught as their impact says (see Problems).\n\n");
        b.append(summary(r)).append(".\n\n");
        b.append("Each mutant is `CachedCountBroadcast` with one slip, a patch of its real source compiled in"
                + " memory (`properties/.../mutants/Mutants.java`). It runs against the model in two stages of the"
                + " same random sequences: **black-box** (answers, states, I1-I12 without I6: what a user could see),"
                + " then, if it survived, **white-box** (plus I6 on the cache, plus the scan count against the real"
                + " class). SAFETY and LIVENESS mutants must fall to the black-box stage with a script of at most "
                + KillMatrix.MAX_LENGTH + " operations; EQUIVALENT ones must not, and must fall to the white-box check"
                + " they name, or survive everything when they name none.\n\n");
        b.append("| | |\n|---|---|\n");
        b.append("| Written | ").append(Instant.now().toString().replaceAll("\\.\\d+Z$", "Z")).append(" |\n");
        b.append("| Command | `").append(command).append("` |\n");
        b.append("| Seed | `").append(r.config().seed()).append("` (each mutant derives its own from it and its id) |\n");
        b.append("| Budget | ").append(String.format("%,d", r.config().sequences()))
                .append(" sequences per mutant and stage where a check must catch it")
                .append(r.config().equivalentSequences() == r.config().sequences() ? ", and where an equivalent must"
                        + " survive" : String.format(", %,d where an equivalent must survive",
                        r.config().equivalentSequences()))
                .append("; up to ").append(r.config().maxSteps())
                .append(" operations each; ").append(r.config().threads()).append(" mutants at a time |\n");
        b.append("| Time | ").append(String.format("%.1f s", r.millis() / 1000.0)).append(" |\n");
        b.append("| Machine | ").append(IndexPage.machine()).append(" |\n\n");

        b.append("| mutant | impact | caught by | stage | shrunk | sequences | time | shrunk script |\n");
        b.append("|---|---|---|---|---:|---:|---:|---|\n");
        for (KillMatrix.Row row : r.rows()) {
            Mutant m = row.mutant();
            b.append("| [`").append(m.id()).append("`](#").append(m.id()).append(") | ").append(m.impact())
                    .append(" | ").append(row.killed() ? row.caughtBy() : "**not caught**" + (m.impact()
                            == Mutant.Impact.EQUIVALENT && m.equivalence().seenBy() == Mutant.WhiteBox.NONE
                            ? " (as declared)" : "")).append(" | ")
                    .append(row.killed() ? row.stage().label() : "").append(" | ")
                    .append(row.killed() ? String.valueOf(row.shrunkLength()) : "").append(" | ")
                    .append(String.format("%,d", row.sequences())).append(" | ")
                    .append(row.killed() ? String.format("%.2f s", row.detectMillis() / 1000.0) : "").append(" | ")
                    .append(row.killed() ? scriptLink(row, reports) : "").append(" |\n");
        }
        b.append("\n*caught by*: `divergence (answer)` or `(state)` against the model, an invariant (`I5` ...), an"
                + " exception, or `scan count`. *sequences*: random sequences of that stage up to and including the"
                + " one that failed (for a survivor, of both stages). *time*: from the start of the first stage to"
                + " the unshrunk failure, not counting the mutant's compilation.\n\n");

        List<String> problems = r.problems();
        if (!problems.isEmpty()) {
            b.append("## Problems\n\n");
            problems.forEach(p -> b.append("- **").append(p.replace("\n", " ")).append("**\n"));
            b.append('\n');
        }

        b.append("## The mutants\n\n");
        for (KillMatrix.Row row : r.rows()) {
            Mutant m = row.mutant();
            b.append("### ").append(m.id()).append("\n\n");
            b.append("**").append(m.impact()).append("**. ").append(m.description()).append("\n\n");
            if (m.equivalence() != null) {
                b.append("Why it is equivalent: ").append(m.equivalence().argument()).append(" White-box check that"
                        + " sees it: ").append(switch (m.equivalence().seenBy()) {
                            case CACHE -> "I6 on the cache.";
                            case SCANS -> "the scan count.";
                            case NONE -> "none; it stays in the catalogue as a limit of what any check here can see.";
                        }).append("\n\n");
            }
            if (row.killed()) {
                b.append("Caught by ").append(row.caughtBy()).append(" (").append(row.stage().label())
                        .append(") in sequence ").append(String.format("%,d", row.sequences())).append(", shrunk from ")
                        .append(row.caught().counterexample().original()).append(" to ").append(row.shrunkLength())
                        .append(" operations: ").append(scriptLink(row, reports)).append(". Replay: `bin/cursorcheck"
                                + " replay ").append(Reports.relative(row.caught().json())).append("`.\n\n");
            } else {
                b.append("Not caught in ").append(String.format("%,d", row.sequences()))
                        .append(" sequences over both stages.\n\n");
            }
            b.append("```diff\n").append(m.diff()).append("```\n\n");
        }
        return b.toString();
    }

    /** The JSON document: the same numbers for tools. */
    public static Map<String, Object> json(KillMatrix.Result r, String command, Path reports) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("passed", r.passed());
        doc.put("command", command);
        doc.put("seed", r.config().seed());
        doc.put("sequencesPerStage", r.config().sequences());
        doc.put("equivalentSequencesPerStage", r.config().equivalentSequences());
        doc.put("maxSteps", r.config().maxSteps());
        doc.put("millis", r.millis());
        doc.put("machine", IndexPage.machine());
        doc.put("summary", summary(r));
        List<Object> rows = new ArrayList<>();
        for (KillMatrix.Row row : r.rows()) {
            Mutant m = row.mutant();
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("id", m.id());
            o.put("impact", m.impact().name());
            o.put("description", m.description());
            o.put("file", m.file());
            if (m.equivalence() != null) {
                o.put("equivalence", m.equivalence().argument());
                o.put("seenBy", m.equivalence().seenBy().name());
            }
            o.put("seed", Long.toUnsignedString(row.seed()));
            o.put("caught", row.killed());
            o.put("stage", row.killed() ? row.stage().label() : null);
            o.put("caughtBy", row.killed() ? row.caughtBy() : null);
            o.put("shrunkLength", row.killed() ? row.shrunkLength() : null);
            o.put("originalLength", row.killed() ? row.caught().counterexample().original() : null);
            o.put("script", row.killed() ? row.caught().counterexample().script().lines() : null);
            o.put("counterexample", row.killed() && row.caught().json() != null
                    ? Reports.relative(row.caught().json()) : null);
            o.put("sequences", row.sequences());
            o.put("millisToDetect", row.killed() ? row.detectMillis() : null);
            o.put("compileMillis", row.compileMillis());
            o.put("millis", row.millis());
            o.put("problems", row.problems());
            o.put("diff", m.diff());
            rows.add(o);
        }
        doc.put("mutants", rows);
        doc.put("problems", r.problems());
        return doc;
    }

    private static String scriptLink(KillMatrix.Row row, Path reports) {
        String script = "`" + String.join("; ", row.caught().counterexample().script().lines()).replace("|", "\\|") + "`";
        Path page = row.caught().page();
        if (page == null) {
            return script;
        }
        return "[" + script + "](" + Reports.link(reports, page) + ")"; // between published places
    }
}
