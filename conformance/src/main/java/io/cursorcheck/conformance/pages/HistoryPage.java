package io.cursorcheck.conformance.pages;

import io.cursorcheck.conformance.ChangeLocator;
import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.FindingOnRelease;
import io.cursorcheck.conformance.release.RegistryReleases;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.source.FunctionChange;
import io.cursorcheck.conformance.source.SourceChanges;
import io.cursorcheck.properties.report.MarkdownTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * {@code reports/conformance/history.md}: the releases in a row, oldest first, against the kinds of
 * difference ({@link Differences.Kind}) and the known findings ({@link FindingOnRelease}), with the
 * first and last release of each, so that a reader sees when each bug came and went. Every cell of a
 * checked release links that release's page ({@code <release>/index.md}, beside this page).
 */
public final class HistoryPage {

    /**
     * One release of the history.
     *
     * @param release    the release
     * @param result     what its check did, or null when it was not checked
     * @param notChecked why it was not checked (it could not be installed, or did not answer the handshake),
     *                   or null when it was
     * @param problems   the expectations it did not meet
     */
    public record Row(Release release, Conformance.Result result, String notChecked, List<String> problems) {

        /** Checks that a row is either checked or says why not. */
        public Row {
            if ((result == null) == (notChecked == null)) {
                throw new IllegalArgumentException(
                        release + ": a history row has a result or the reason it has none," + " not both or neither");
            }
            problems = List.copyOf(problems);
        }

        /** A checked release. */
        public static Row checked(Conformance.Result result, List<String> problems) {
            return new Row(result.release(), result, null, problems);
        }

        /** A release that could not be checked. */
        public static Row unchecked(Release release, String why) {
            return new Row(release, null, why, List.of(release.id() + ": not checked: " + why));
        }
    }

    /**
     * The run the page reports.
     *
     * @param started      when it started
     * @param command      the command that reruns it
     * @param seed         its seed
     * @param budgetMillis the time it was given for all releases
     * @param millis       the time it took
     * @param machine      the machine, one line
     */
    public record Run(Instant started, String command, long seed, long budgetMillis, long millis, String machine) {}

    private HistoryPage() {}

    /** The page without the section on the source ({@link #markdown(List, Run, List)} with none compared). */
    public static String markdown(List<Row> rows, Run run) {
        return markdown(rows, run, null);
    }

    /**
     * The page, for rows in {@link RegistryReleases#ORDER}.
     *
     * @param sources the source changes of each transition of {@link SourceChanges#transitions(Map)} over
     *                {@link #kindsSeen(List)} of these rows ({@link SourceChanges#attribute(Map)}), or null to leave
     *                the section out
     */
    public static String markdown(List<Row> rows, Run run, List<SourceChanges.Attribution> sources) {
        return markdown(rows, run, sources, null);
    }

    /**
     * The page, for rows in {@link RegistryReleases#ORDER}, with how the history decided the shapes no rule named.
     *
     * @param decisions every UNDECIDED shape of the rows and what {@link ChangeLocator} made of it, or null to
     *                  leave the section out
     */
    public static String markdown(
            List<Row> rows, Run run, List<SourceChanges.Attribution> sources, List<ChangeLocator.Decision> decisions) {
        List<Row> checked = rows.stream().filter(r -> r.result() != null).toList();
        List<String> problems =
                rows.stream().flatMap(r -> r.problems().stream()).toList();
        StringBuilder b = new StringBuilder("# History: every release against the model\n\n");
        b.append("Every Node ")
                .append(RegistryReleases.NODE_MAJOR)
                .append(".x release on the npm registry and the newest")
                .append(" Bun releases, each checked for a short time as in [the conformance check](index.md) (random")
                .append(" sequences in lockstep with the model, every difference shrunk and classified, the known")
                .append(" findings judged on the release). A short run finds what is common; a kind or a finding that")
                .append(" is missing on one release but present on its neighbours may be a miss, not a fix: each")
                .append(" release's page says how long it ran. Each cell links the release's page.\n\n");
        b.append(
                problems.isEmpty()
                        ? "**Passed**: every release was checked and met every expectation.\n\n"
                        : "**FAILED**: " + problems.size() + " problem(s), listed [below](#problems).\n\n");
        b.append(MarkdownTable.of("", "")
                        .row("Started", run.started().toString().replaceAll("\\.\\d+Z$", "Z"))
                        .row("Command", MarkdownTable.code(run.command()))
                        .row("Seed", "`" + run.seed() + "`")
                        .row(
                                "Time",
                                minutes(run.millis()) + " for " + rows.size() + " release(s) (budget "
                                        + minutes(run.budgetMillis()) + ")")
                        .row("Machine", MarkdownTable.text(run.machine())))
                .append('\n');

        releases(b, rows);
        kinds(b, rows, checked);
        if (sources != null) {
            sources(b, checked, sources);
        }
        if (decisions != null) {
            decisions(b, decisions);
        }
        findings(b, rows, checked);
        if (!problems.isEmpty()) {
            b.append("## Problems\n\n");
            problems.forEach(
                    p -> b.append("- ").append(ConformancePage.literal(p)).append('\n'));
            b.append('\n');
        }
        return b.toString();
    }

    /**
     * The shapes no rule named, each decided by its release's own source or listed with why it stays UNDECIDED
     * (docs/spec.md §6): replayed on every later Node release, the change located where the shape goes.
     */
    private static void decisions(StringBuilder b, List<ChangeLocator.Decision> decisions) {
        b.append("## Shapes no rule named, decided by the source\n\n");
        if (decisions.isEmpty()) {
            b.append("No release had a shape that no rule named.\n\n");
            return;
        }
        long located = decisions.stream()
                .filter(d -> d.kind() == Differences.Kind.LOCATED_CHANGE)
                .count();
        b.append(decisions.size())
                .append(" shape(s) no rule named: ")
                .append(located)
                .append(" decided as earlier semantics by a change located in broadcast.js (")
                .append(Differences.Kind.LOCATED_CHANGE.id())
                .append("), ")
                .append(decisions.size() - located)
                .append(" UNDECIDED, each with why. Each shape's script was replayed on every later Node release"
                        + " checked; where it no longer fails the same way, the functions of broadcast.js changed"
                        + " since the last release that answers so locate the change.\n\n");
        MarkdownTable table = MarkdownTable.of("release", "shape", "decided", "why");
        for (ChangeLocator.Decision d : decisions) {
            Conformance.Difference shape = d.shape();
            String name = shape.page() == null
                    ? MarkdownTable.code(shape.signature())
                    : "[" + shape.page().getFileName() + "](" + d.release().id() + "/"
                            + shape.page().getFileName() + ")";
            table.row(
                    d.release().id(),
                    name,
                    d.kind() == Differences.Kind.LOCATED_CHANGE ? "earlier semantics" : "**UNDECIDED**",
                    MarkdownTable.text(d.reason()));
        }
        b.append(table).append('\n');
    }

    private static void releases(StringBuilder b, List<Row> rows) {
        b.append("## Releases\n\n");
        MarkdownTable table = MarkdownTable.of(
                        "release", "API", "sequences", "time", "differences (shrunk of seen)", "verdict")
                .right(2, 3, 4);
        for (Row row : rows) {
            Conformance.Result r = row.result();
            if (r == null) {
                table.row(
                        row.release().id(),
                        "",
                        "",
                        "",
                        "",
                        "**NOT CHECKED**: " + ConformancePage.literal(row.notChecked()));
                continue;
            }
            table.row(
                    link(row, row.release().id()),
                    r.hello().api(),
                    String.format("%,d", r.sequences()),
                    String.format("%.0f s", r.millis() / 1000.0),
                    r.differences().size() + " of " + r.signatures().size(),
                    MarkdownTable.text(ConformanceCampaign.verdict(r)));
        }
        b.append(table).append('\n');
    }

    private static void kinds(StringBuilder b, List<Row> rows, List<Row> checked) {
        b.append("## Kinds of difference, release by release\n\n");
        List<Differences.Kind> seen = new ArrayList<>();
        for (Differences.Kind k : Differences.Kind.values()) {
            if (checked.stream().anyMatch(r -> shapes(r, k) > 0)) {
                seen.add(k);
            }
        }
        List<Row> unshrunk = checked.stream().filter(r -> notShrunk(r) > 0).toList();
        if (seen.isEmpty() && unshrunk.isEmpty()) {
            b.append("No difference on any release checked: each answered like the model in every sequence.\n\n");
            return;
        }
        if (seen.isEmpty()) {
            b.append("No difference was shrunk on any release checked, so none has a kind; shapes seen but not shrunk"
                            + " (the time for shrinking ran out): ")
                    .append(String.join(
                            ", ",
                            unshrunk.stream()
                                    .map(r -> r.release().id() + " " + notShrunk(r))
                                    .toList()))
                    .append(".\n\n");
            return;
        }
        b.append("Shapes of difference of each kind (the number of distinct shrunk differences; - none shrunk). A"
                + " release whose time for shrinking ran out says *+N not shrunk* in every cell: N signatures seen"
                + " there have no kind yet, and any of them may be of the cell's kind.\n\n");
        List<String> heads = new ArrayList<>(List.of("release"));
        seen.forEach(k -> heads.add(k.id()));
        MarkdownTable table = MarkdownTable.of(heads.toArray(String[]::new));
        for (int c = 1; c < heads.size(); c++) {
            table.right(c);
        }
        List<String> verdicts = new ArrayList<>(List.of("*verdict*"));
        seen.forEach(k -> verdicts.add("*" + words(k.verdict()) + "*"));
        table.row(verdicts.toArray());
        for (Row row : rows) {
            List<String> cells = new ArrayList<>(List.of(row.release().id()));
            for (Differences.Kind k : seen) {
                long n = row.result() == null ? -1 : shapes(row, k);
                long more = row.result() == null ? 0 : notShrunk(row);
                cells.add(
                        n < 0
                                ? "not checked"
                                : link(
                                        row,
                                        (n == 0 ? "-" : Long.toString(n))
                                                + (more > 0 ? " +" + more + " not shrunk" : "")));
            }
            table.row(cells.toArray());
        }
        b.append(table);
        b.append("\n### When each kind came and went\n\n");
        MarkdownTable spans = MarkdownTable.of("kind", "verdict", "first seen on", "last seen on", "seen on");
        for (Differences.Kind k : seen) {
            Span s = span(checked, r -> shapes(r, k) > 0, r -> shapes(r, k) == 0 && notShrunk(r) > 0);
            spans.row(k.id() + ": " + MarkdownTable.text(k.title()), words(k.verdict()), s.first(), s.last(), s.on());
        }
        b.append(spans);
        if (!unshrunk.isEmpty()) {
            // A kind's first and last release are what was shrunk; a release with shapes not shrunk may have had it
            // too, so the page never reads a kind's absence there as known.
            b.append("\nNot known for every kind: ")
                    .append(String.join(
                            ", ",
                            unshrunk.stream()
                                    .map(r -> r.release().id() + " (+" + notShrunk(r) + " not shrunk)")
                                    .toList()))
                    .append(" saw shapes whose time for shrinking"
                            + " ran out; a kind's first or last release may lie on one of them, and a kind missing there may"
                            + " be among them.\n");
        }
        List<String> never = new ArrayList<>();
        for (Differences.Kind k : Differences.Kind.values()) {
            if (!seen.contains(k)) {
                never.add(k.id());
            }
        }
        if (!never.isEmpty()) {
            b.append("\nNot seen on any release checked")
                    .append(unshrunk.isEmpty() ? "" : " (among the shapes shrunk)")
                    .append(": ")
                    .append(String.join(", ", never))
                    .append(".\n");
        }
        b.append('\n');
    }

    /**
     * The kinds of difference shrunk on each release checked (an empty set for one with none): what
     * {@link SourceChanges#transitions(Map)} and {@link SourceChanges#located} take.
     */
    public static Map<Release, Set<Differences.Kind>> kindsSeen(List<Row> rows) {
        Map<Release, Set<Differences.Kind>> seen = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.result() != null) {
                Set<Differences.Kind> kinds = EnumSet.noneOf(Differences.Kind.class);
                r.result().differences().forEach(d -> kinds.add(d.kind()));
                seen.put(r.release(), kinds);
            }
        }
        return seen;
    }

    /**
     * Where the source changed: per pair of adjacent Node releases where a kind came or went, the functions of
     * {@code broadcast.js} whose text changed, by name and lines counted (the page never quotes Node's code), and
     * the command that prints the diff on the reader's terminal.
     */
    private static void sources(StringBuilder b, List<Row> checked, List<SourceChanges.Attribution> sources) {
        b.append("## Where the source changed\n\n");
        List<String> bun = checked.stream()
                .filter(r -> !r.release().runtime().equals("node"))
                .map(r -> r.release().id())
                .toList();
        String bunNote = bun.isEmpty()
                ? ""
                : String.join(", ", bun)
                        + ": no embedded source (Bun is not built from Node's lib/), not compared.\n\n";
        if (sources.isEmpty()) {
            b.append("No kind of difference appeared or disappeared between adjacent Node releases checked.\n\n")
                    .append(bunNote);
            return;
        }
        b.append("For each pair of adjacent Node releases checked where a kind of difference appeared or disappeared,"
                + " the functions of the releases' embedded `broadcast.js` (`" + SourceChanges.MODULE + "`) whose"
                + " text changed, whitespace aside, with the lines removed and added: names and counts only, the code"
                + " stays in the releases; the command prints the diff on your terminal. A kind that came or went with"
                + " no function changed came from elsewhere (another module), or a short run missed it.\n\n");
        MarkdownTable table = MarkdownTable.of("releases", "appeared", "disappeared", "functions changed", "diff");
        List<String> unreadable = new ArrayList<>();
        for (SourceChanges.Attribution a : sources) {
            SourceChanges.Transition t = a.transition();
            String changed;
            if (a.changes() == null) {
                changed = "**not read**: " + MarkdownTable.text(a.unreadable());
                unreadable.add(a.unreadable());
            } else if (a.changes().changed().isEmpty()) {
                changed = "none: the same source, whitespace aside";
            } else {
                changed = MarkdownTable.text(String.join(
                        "; ",
                        a.changes().changed().stream()
                                .map(FunctionChange::summary)
                                .toList()));
            }
            table.row(
                    t.from().id() + " to " + t.to().id(),
                    kindIds(t.appeared()),
                    kindIds(t.disappeared()),
                    changed,
                    MarkdownTable.code(SourceChanges.command(t.from(), t.to())));
        }
        b.append(table).append('\n');
        List<String> unsure = checked.stream()
                .filter(r -> r.release().runtime().equals("node") && notShrunk(r) > 0)
                .map(r -> r.release().id())
                .toList();
        if (!unsure.isEmpty()) {
            b.append("Shapes not shrunk on ")
                    .append(String.join(", ", unsure))
                    .append(": a kind missing there may have been among them, so a pair beside one may be no change"
                            + " at all.\n\n");
        }
        if (!unreadable.isEmpty()) {
            b.append("Sources not read: ")
                    .append(MarkdownTable.text(
                            String.join("; ", unreadable.stream().distinct().toList())))
                    .append(".\n\n");
        }
        b.append(bunNote);
    }

    private static String kindIds(List<Differences.Kind> kinds) {
        return kinds.isEmpty()
                ? "-"
                : String.join(", ", kinds.stream().map(Differences.Kind::id).toList());
    }

    private static void findings(StringBuilder b, List<Row> rows, List<Row> checked) {
        b.append("## Known findings, release by release\n\n");
        List<String> names = new ArrayList<>();
        checked.forEach(r -> r.result().findings().forEach(f -> {
            if (!names.contains(f.finding())) {
                names.add(f.finding());
            }
        }));
        if (names.isEmpty()) {
            b.append("No known finding was judged on any release checked.\n\n");
            return;
        }
        b.append("What each release does at the step where a known finding against the model strikes: *has it* (the"
                + " recorded broken behaviour), *does not have it* (as the guarantee says),"
                + " *differs otherwise*, or *not reached*; - not judged.\n\n");
        List<String> heads = new ArrayList<>(List.of("release"));
        names.forEach(n -> heads.add(finding(n)));
        MarkdownTable table = MarkdownTable.of(heads.toArray(String[]::new));
        for (Row row : rows) {
            List<String> cells = new ArrayList<>(List.of(row.release().id()));
            for (String name : names) {
                FindingOnRelease f = row.result() == null ? null : judged(row, name);
                cells.add(
                        row.result() == null
                                ? "not checked"
                                : link(row, f == null ? "-" : f.judgement().words()));
            }
            table.row(cells.toArray());
        }
        b.append(table);
        b.append("\n### When each finding came and went\n\n");
        MarkdownTable spans = MarkdownTable.of(
                "finding",
                "first release with it",
                "last release with it",
                "has it on",
                "does not have it on",
                "differs otherwise on",
                "not reached on");
        for (String name : names) {
            Span has = span(checked, r -> is(r, name, FindingOnRelease.Judgement.HAS_IT));
            List<String> cells = new ArrayList<>(List.of(finding(name), has.first(), has.last(), has.on()));
            for (FindingOnRelease.Judgement j : List.of(
                    FindingOnRelease.Judgement.DOES_NOT_HAVE_IT,
                    FindingOnRelease.Judgement.DIFFERS_OTHERWISE,
                    FindingOnRelease.Judgement.NOT_REACHED)) {
                cells.add(span(checked, r -> is(r, name, j)).on());
            }
            spans.row(cells.toArray());
        }
        b.append(spans).append('\n');
    }

    /**
     * Where something was seen, per runtime: the first and the last release (oldest first), and every
     * release it was seen on, so a gap between the first and the last shows.
     */
    private record Span(String first, String last, String on) {}

    private static Span span(List<Row> checked, Predicate<Row> seen) {
        return span(checked, seen, r -> false);
    }

    /**
     * {@link #span(List, Predicate)}, where {@code unknown} says of a release that it may have had it unseen
     * (shapes not shrunk): one such before the first release, or after the last, is named beside it, for the
     * first and the last are then only the first and last known.
     */
    private static Span span(List<Row> checked, Predicate<Row> seen, Predicate<Row> unknown) {
        Map<String, List<Row>> byRuntime = new LinkedHashMap<>();
        for (Row r : checked) {
            if (seen.test(r)) {
                byRuntime
                        .computeIfAbsent(r.release().runtime(), k -> new ArrayList<>())
                        .add(r);
            }
        }
        if (byRuntime.isEmpty()) {
            return new Span("-", "-", "none");
        }
        List<String> first = new ArrayList<>();
        List<String> last = new ArrayList<>();
        List<String> on = new ArrayList<>();
        byRuntime.forEach((runtime, rows) -> {
            List<String> ids = rows.stream().map(r -> r.release().id()).toList();
            int firstAt = checked.indexOf(rows.get(0));
            int lastAt = checked.indexOf(rows.get(rows.size() - 1));
            List<String> before = new ArrayList<>();
            List<String> after = new ArrayList<>();
            for (int i = 0; i < checked.size(); i++) {
                Row r = checked.get(i);
                if (!r.release().runtime().equals(runtime) || !unknown.test(r)) {
                    continue;
                }
                if (i < firstAt) {
                    before.add(r.release().id());
                } else if (i > lastAt) {
                    after.add(r.release().id());
                }
            }
            first.add(ids.get(0)
                    + (before.isEmpty() ? "" : " (before it not shrunk: " + String.join(", ", before) + ")"));
            last.add(ids.get(ids.size() - 1)
                    + (after.isEmpty() ? "" : " (after it not shrunk: " + String.join(", ", after) + ")"));
            long of = checked.stream()
                    .filter(r -> r.release().runtime().equals(runtime))
                    .count();
            on.add(ids.size() + " of " + of + " " + runtime + " release(s): " + String.join(", ", ids));
        });
        return new Span(String.join("; ", first), String.join("; ", last), String.join("; ", on));
    }

    private static long shapes(Row row, Differences.Kind kind) {
        return row.result().differences().stream().filter(d -> d.kind() == kind).count();
    }

    /** Signatures seen on a release that no shrunk difference stands for: the time for shrinking ran out. */
    static long notShrunk(Row row) {
        java.util.Set<String> shrunk = new java.util.HashSet<>();
        row.result().differences().forEach(d -> shrunk.add(d.signature()));
        return row.result().signatures().keySet().stream()
                .filter(sig -> !shrunk.contains(sig))
                .count();
    }

    private static FindingOnRelease judged(Row row, String name) {
        return row.result().findings().stream()
                .filter(f -> f.finding().equals(name))
                .findFirst()
                .orElse(null);
    }

    private static boolean is(Row row, String name, FindingOnRelease.Judgement judgement) {
        FindingOnRelease f = judged(row, name);
        return f != null && f.judgement() == judgement;
    }

    /** A finding's name linking its page under {@code reports/findings/}. */
    private static String finding(String name) {
        return "[" + name + "](../../findings/" + name + "/README.md)";
    }

    /** Text linking the release's page, beside this page. */
    private static String link(Row row, String text) {
        return "[" + text + "](" + row.release().id() + "/index.md)";
    }

    /** {@code RELEASE_BREAKS_A_GUARANTEE} as {@code release breaks a guarantee}. */
    static String words(Differences.Verdict verdict) {
        return verdict.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private static String minutes(long millis) {
        return String.format("%.1f min", millis / 60_000.0);
    }
}
