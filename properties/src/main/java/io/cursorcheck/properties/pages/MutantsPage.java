package io.cursorcheck.properties.pages;

import io.cursorcheck.properties.campaign.KillMatrix;
import io.cursorcheck.properties.engine.Minimality;
import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.report.MarkdownTable;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.spi.Algorithm;
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
 * equivalence argument and patch. A run under both algorithms (spec §2 as released, and its correction,
 * §8) has one table per algorithm.
 */
public final class MutantsPage {

    private MutantsPage() {}

    /**
     * Writes both files into {@code reports}.
     *
     * @param command the command that repeats this run
     * @return the Markdown file
     */
    public static Path write(KillMatrix.Result result, Path reports, String command) throws IOException {
        return write(List.of(result), reports, command);
    }

    /**
     * Writes both files into {@code reports} for matrices of the same catalogue under different
     * algorithms: one table per matrix.
     *
     * @param command the command that repeats this run
     * @return the Markdown file
     */
    public static Path write(List<KillMatrix.Result> results, Path reports, String command) throws IOException {
        Files.createDirectories(reports);
        Path md = reports.resolve("mutants.md");
        Files.writeString(md, markdown(results, command, reports), StandardCharsets.UTF_8);
        Files.writeString(
                reports.resolve("mutants.json"), Json.write(json(results, command, reports)), StandardCharsets.UTF_8);
        return md;
    }

    /** The heading of a matrix's algorithm: what it runs and against which model. */
    public static String algorithmTitle(Algorithm algorithm) {
        return algorithm == Algorithm.CORRECTED
                ? "Corrected (spec §8: a flush never runs inside another), against `model-corrected`"
                : "As released (spec §2), against `model`";
    }

    /** {@link #summary} of each matrix, prefixed with its algorithm when there is more than one. */
    public static String summary(List<KillMatrix.Result> results) {
        if (results.size() == 1) {
            return summary(results.get(0));
        }
        List<String> parts = new ArrayList<>();
        for (KillMatrix.Result r : results) {
            parts.add(r.config().algorithm() + ": " + summary(r));
        }
        return String.join("; ", parts);
    }

    /** One line for a campaign summary or a console: how many of each kind were caught. */
    public static String summary(KillMatrix.Result r) {
        List<KillMatrix.Row> real = new ArrayList<>(r.of(Mutant.Impact.SAFETY));
        real.addAll(r.of(Mutant.Impact.LIVENESS));
        List<KillMatrix.Row> equivalent = r.of(Mutant.Impact.EQUIVALENT);
        long blackBox = real.stream()
                .filter(x -> x.stage() == KillMatrix.Stage.BLACK_BOX)
                .count();
        long seen = equivalent.stream().filter(KillMatrix.Row::killed).count();
        int longest =
                r.rows().stream().mapToInt(KillMatrix.Row::reportedLength).max().orElse(0);
        return String.format(
                "%d mutants: %d of %d safety/liveness caught black-box, %d of %d equivalent seen by a"
                        + " white-box check (%d undetectable as declared), longest script %d operations",
                r.rows().size(),
                blackBox,
                real.size(),
                seen,
                equivalent.size(),
                equivalent.stream()
                        .filter(x -> x.mutant()
                                        .equivalenceUnder(r.config().algorithm())
                                        .seenBy()
                                == Mutant.WhiteBox.NONE)
                        .count(),
                longest);
    }

    /** The page. */
    public static String markdown(KillMatrix.Result r, String command, Path reports) {
        return markdown(List.of(r), command, reports);
    }

    /** The page for matrices of the same catalogue under different algorithms: one table each. */
    public static String markdown(List<KillMatrix.Result> results, String command, Path reports) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("mutants page: no matrix to show");
        }
        KillMatrix.Result first = results.get(0);
        boolean passed = results.stream().allMatch(KillMatrix.Result::passed);
        StringBuilder b = new StringBuilder("# Kill matrix: the mutant catalogue\n\n");
        b.append(
                passed
                        ? "**Passed**: every mutant was caught as its impact says"
                                + (results.size() > 1 ? ", under every algorithm" : "") + ".\n\n"
                        : "**FAILED**: some mutants were not caught as their impact says (see Problems).\n\n");
        for (KillMatrix.Result r : results) {
            b.append(results.size() > 1 ? "- " + r.config().algorithm() + ": " : "")
                    .append(summary(r))
                    .append(".\n");
        }
        b.append('\n');
        b.append("Each mutant is `CachedCountBroadcast` (or `WheelBroadcast`, the `wheel-` ones) with one slip, a"
                + " patch of its real source compiled in"
                + " memory (the mutant catalogue, `mutants/src/main/resources/io/cursorcheck/properties/mutants/`). It runs against the model in two stages of the"
                + " same random sequences: **black-box** (answers, states, I1-I12 without I6: what a user could see),"
                + " then, if it survived, **white-box** (plus I6 on the cache, plus the scan count against the real"
                + " class). SAFETY and LIVENESS mutants must fall to the black-box stage with a script of at most "
                + KillMatrix.MAX_LENGTH + " operations; EQUIVALENT ones must not, and must fall to the white-box check"
                + " they name, or survive everything when they name none.");
        if (results.stream().anyMatch(r -> r.config().algorithm() == Algorithm.CORRECTED)) {
            b.append(" Under the corrected algorithm (`docs/spec.md` §8) each mutant is the patched class made with"
                    + " `Algorithm.CORRECTED` (id `<mutant>+corrected`), checked against `model-corrected`, its scan"
                    + " count against the real class under the same algorithm; a mutant on a path only a nested flush"
                    + " reaches is held to be equivalent there (its impact column says EQUIVALENT).");
        }
        b.append("\n\n");
        b.append(MarkdownTable.of("", "")
                        .row("Written", Instant.now().toString().replaceAll("\\.\\d+Z$", "Z"))
                        .row("Command", MarkdownTable.code(command))
                        .row("Seed", "`" + first.config().seed() + "` (each mutant derives its own from it and its id)")
                        .row(
                                "Budget",
                                String.format("%,d", first.config().sequences())
                                        + " sequences per mutant and stage where a check must catch it"
                                        + (first.config().equivalentSequences()
                                                        == first.config().sequences()
                                                ? ", and where an equivalent must" + " survive"
                                                : String.format(
                                                        ", %,d where an equivalent must survive",
                                                        first.config().equivalentSequences()))
                                        + "; up to " + first.config().maxSteps()
                                        + " operations each; " + first.config().threads() + " mutants at a time")
                        .row(
                                "Time",
                                results.stream()
                                        .map(r -> String.format("%.1f s", r.millis() / 1000.0)
                                                + (results.size() > 1
                                                        ? " (" + r.config().algorithm() + ")"
                                                        : ""))
                                        .collect(java.util.stream.Collectors.joining(", ")))
                        .row("Machine", IndexPage.machine()))
                .append('\n');

        for (KillMatrix.Result r : results) {
            Algorithm algorithm = r.config().algorithm();
            if (results.size() > 1) {
                b.append("## ").append(algorithmTitle(algorithm)).append("\n\n");
            }
            MarkdownTable mutants = MarkdownTable.of(
                            "mutant", "impact", "caught by", "stage", "length", "sequences", "time", "script")
                    .right(4, 5, 6);
            for (KillMatrix.Row row : r.rows()) {
                Mutant m = row.mutant();
                Mutant.Impact impact = m.impactUnder(algorithm);
                mutants.row(
                        "[`" + m.id() + "`](#" + m.id() + ")",
                        impact,
                        row.killed()
                                ? row.caughtBy()
                                : "**not caught**"
                                        + (impact == Mutant.Impact.EQUIVALENT
                                                        && m.equivalenceUnder(algorithm)
                                                                        .seenBy()
                                                                == Mutant.WhiteBox.NONE
                                                ? " (as declared)"
                                                : ""),
                        row.killed() ? row.stage().label() : "",
                        row.killed() ? row.reportedLength() + minimalityMark(row) : "",
                        String.format("%,d", row.sequences()),
                        row.killed() ? String.format("%.2f s", row.detectMillis() / 1000.0) : "",
                        row.killed() ? scriptLink(row, reports) : "");
            }
            b.append(mutants).append('\n');
        }
        b.append("*caught by*: `divergence (answer)` or `(state)` against the model, an invariant (`I5` ...), an"
                + " exception, or `scan count`. *length*: the reported script's; without a mark, a shortest one (no"
                + " script of its alphabet with fewer operations shows the failure: a breadth-first search after the"
                + " shrinker); `(1-minimal)`: the search stopped at its state limit, so only removing any one step is"
                + " known to lose the failure; `(shrunk)`: no search ran. *sequences*: random sequences of that stage up to and including the"
                + " one that failed (for a survivor, of both stages). *time*: from the start of the first stage to"
                + " the unshrunk failure, not counting the mutant's compilation.\n\n");

        List<String> problems =
                results.stream().flatMap(r -> r.problems().stream()).toList();
        if (!problems.isEmpty()) {
            b.append("## Problems\n\n");
            problems.forEach(p -> b.append("- **").append(p.replace("\n", " ")).append("**\n"));
            b.append('\n');
        }

        b.append("## The mutants\n\n");
        for (int i = 0; i < first.rows().size(); i++) {
            Mutant m = first.rows().get(i).mutant();
            b.append("### ").append(m.id()).append("\n\n");
            b.append("**")
                    .append(m.impact())
                    .append("**. ")
                    .append(m.description())
                    .append("\n\n");
            if (m.equivalence() != null) {
                b.append("Why it is equivalent: ")
                        .append(m.equivalence().argument())
                        .append(" White-box check that" + " sees it: ")
                        .append(seenBy(m.equivalence()))
                        .append("\n\n");
            }
            if (m.correctedEquivalence() != null) {
                b.append("Why it is equivalent under the corrected algorithm (spec §8): ")
                        .append(m.correctedEquivalence().argument())
                        .append(" White-box check that sees it there: ")
                        .append(seenBy(m.correctedEquivalence()))
                        .append("\n\n");
            }
            for (KillMatrix.Result r : results) {
                KillMatrix.Row row =
                        r.rows().size() > i && r.rows().get(i).mutant().equals(m)
                                ? r.rows().get(i)
                                : null;
                if (row == null) {
                    continue;
                }
                String under = results.size() > 1 ? " (" + r.config().algorithm() + ")" : "";
                if (row.killed()) {
                    b.append("Caught")
                            .append(under)
                            .append(" by ")
                            .append(row.caughtBy())
                            .append(" (")
                            .append(row.stage().label())
                            .append(") in sequence ")
                            .append(String.format("%,d", row.sequences()))
                            .append(", shrunk from ")
                            .append(row.caught().counterexample().original())
                            .append(" to ")
                            .append(shrunk(row))
                            .append(" operations")
                            .append(minimalitySentence(row))
                            .append(": ")
                            .append(scriptLink(row, reports))
                            .append(". Replay: `bin/cursorcheck" + " replay ")
                            .append(Reports.relative(row.caught().json()))
                            .append("`.\n\n");
                } else {
                    b.append("Not caught")
                            .append(under)
                            .append(" in ")
                            .append(String.format("%,d", row.sequences()))
                            .append(" sequences over both stages.\n\n");
                }
            }
            b.append("```diff\n").append(m.diff()).append("```\n\n");
        }
        return b.toString();
    }

    private static String seenBy(Mutant.Equivalence e) {
        return switch (e.seenBy()) {
            case CACHE -> "I6 on the cache.";
            case SCANS -> "the scan count.";
            case NONE -> "none; it stays in the catalogue as a limit of what any check here can see.";
        };
    }

    /**
     * The JSON document of matrices under several algorithms: the first matrix's document (so a reader of
     * one matrix finds what it found before), {@code passed} over all, and every matrix's document under
     * {@code matrices}, each with its {@code algorithm}.
     */
    public static Map<String, Object> json(List<KillMatrix.Result> results, String command, Path reports) {
        Map<String, Object> doc = json(results.get(0), command, reports);
        doc.put("passed", results.stream().allMatch(KillMatrix.Result::passed));
        List<Object> matrices = new ArrayList<>();
        for (KillMatrix.Result r : results) {
            matrices.add(json(r, command, reports));
        }
        doc.put("matrices", matrices);
        return doc;
    }

    /** The JSON document: the same numbers for tools. */
    public static Map<String, Object> json(KillMatrix.Result r, String command, Path reports) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("passed", r.passed());
        doc.put("algorithm", r.config().algorithm().id());
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
            o.put("impact", m.impactUnder(r.config().algorithm()).name());
            o.put("description", m.description());
            o.put("file", m.file());
            Mutant.Equivalence equivalence = m.equivalenceUnder(r.config().algorithm());
            if (equivalence != null) {
                o.put("equivalence", equivalence.argument());
                o.put("seenBy", equivalence.seenBy().name());
            }
            o.put("seed", Long.toUnsignedString(row.seed()));
            o.put("caught", row.killed());
            o.put("stage", row.killed() ? row.stage().label() : null);
            o.put("caughtBy", row.killed() ? row.caughtBy() : null);
            o.put("reportedLength", row.killed() ? row.reportedLength() : null); // the reported script's length
            Minimality minimality = row.killed() ? row.caught().counterexample().minimality() : null;
            o.put("shortestProven", minimality == null ? null : minimality.proven());
            o.put("oneMinimalLength", minimality == null ? null : minimality.shrunkLength()); // the shrinker's
            o.put("originalLength", row.killed() ? row.caught().counterexample().original() : null);
            o.put(
                    "script",
                    row.killed() ? row.caught().counterexample().script().lines() : null);
            o.put(
                    "counterexample",
                    row.killed() && row.caught().json() != null
                            ? Reports.relative(row.caught().json())
                            : null);
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
        String script = MarkdownTable.code(
                String.join("; ", row.caught().counterexample().script().lines()));
        Path page = row.caught().page();
        if (page == null) {
            return script;
        }
        return "[" + script + "](" + Reports.link(reports, page) + ")"; // between published places
    }

    /** The table's mark after a length: none for a proven shortest, else why not. */
    private static String minimalityMark(KillMatrix.Row row) {
        Minimality m = row.caught().counterexample().minimality();
        return m == null ? " (shrunk)" : m.proven() ? "" : " (1-minimal)";
    }

    /** The shrinker's length (before the shortest search). */
    private static int shrunk(KillMatrix.Row row) {
        Minimality m = row.caught().counterexample().minimality();
        return m == null ? row.reportedLength() : m.shrunkLength();
    }

    /** What the shortest search said, after the shrunk length. */
    private static String minimalitySentence(KillMatrix.Row row) {
        Minimality m = row.caught().counterexample().minimality();
        return m == null
                ? ""
                : (m.shrunkLength() > row.reportedLength() ? ", then searched to " + row.reportedLength() : "") + " ("
                        + m.sentence() + ")";
    }
}
