package io.cursorcheck.conformance.pages;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.FindingOnRelease;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.report.MarkdownTable;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.report.SpecLinks;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code reports/conformance/index.json} and the page made from it, {@code index.md}: one row per
 * release, each as the last run of that release left it. A run of some releases replaces their rows
 * and keeps the others' (their folders are still there), so {@code bin/cursorcheck node --version V}
 * updates one row instead of replacing the page with it.
 */
public final class ConformanceIndex {

    /**
     * One kind of difference on a release.
     *
     * @param kind   the kind's id ({@link Differences.Kind#id()})
     * @param shapes shapes of difference of that kind
     * @param pages  the pages written for them, file names in the release's folder
     */
    public record KindCell(String kind, long shapes, List<String> pages) {}

    /**
     * A release's row, as its last run left it.
     *
     * @param release     the release id, e.g. {@code node-26.12.1}
     * @param api         {@code budget} or {@code highWaterMark}
     * @param sequences   random sequences run
     * @param operations  operations run
     * @param millis      time taken
     * @param differences the differences by kind
     * @param verdict     one line
     * @param problems    expectations not met
     * @param started     when that run started
     * @param command     the command of that run
     * @param seed        that run's seed
     * @param findings    each known finding's judgement on the release ({@link FindingOnRelease.Judgement#words()}),
     *                    by finding; empty in rows written before findings were judged per release
     */
    public record Row(
            String release,
            String api,
            long sequences,
            long operations,
            long millis,
            List<KindCell> differences,
            String verdict,
            List<String> problems,
            String started,
            String command,
            long seed,
            Map<String, String> findings) {}

    private ConformanceIndex() {}

    /** The row with the shapes and verdict of {@code r}: the same run, some shapes decided later (the history). */
    public static Row redecided(Row old, Conformance.Result r) {
        return new Row(
                old.release(),
                old.api(),
                old.sequences(),
                old.operations(),
                old.millis(),
                cells(r),
                ConformanceCampaign.verdict(r),
                old.problems(),
                old.started(),
                old.command(),
                old.seed(),
                old.findings());
    }

    /** A release's row from its result. */
    public static Row row(Conformance.Result r, List<String> problems, Instant started, String command, long seed) {
        Map<String, String> findings = new LinkedHashMap<>();
        r.findings().forEach(f -> findings.put(f.finding(), f.judgement().words()));
        return new Row(
                r.release().id(),
                r.hello().api(),
                r.sequences(),
                r.operations(),
                r.millis(),
                cells(r),
                ConformanceCampaign.verdict(r),
                problems,
                started.toString().replaceAll("\\.\\d+Z$", "Z"),
                command,
                seed,
                findings);
    }

    private static List<KindCell> cells(Conformance.Result r) {
        Map<String, KindCell> byKind = new LinkedHashMap<>();
        for (Conformance.Difference d : r.differences()) {
            KindCell c =
                    byKind.getOrDefault(d.kind().id(), new KindCell(d.kind().id(), 0, List.of()));
            List<String> pages = new ArrayList<>(c.pages());
            if (d.page() != null) {
                pages.add(d.page().getFileName().toString());
            }
            byKind.put(c.kind(), new KindCell(c.kind(), c.shapes() + 1, pages));
        }
        return List.copyOf(byKind.values());
    }

    /**
     * Reads the rows of {@code index.json} in a conformance folder; none if there is no such file.
     * A row whose release folder has no page any more is left out: its links would not resolve.
     *
     * <p>The file may have been edited by hand or left by another version, so every field is
     * checked before it is used (a release id names a folder, so it must be a release's id).
     *
     * @throws UnreadableIndexException naming the file (as a user can paste it) and the field and its
     *                                  value, if it is not an index this class wrote
     * @throws IOException              if it cannot be read at all
     */
    public static Map<String, Row> read(Path dir) throws IOException {
        Path file = dir.resolve("index.json");
        Map<String, Row> rows = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return rows;
        }
        try {
            for (Row row : rows(parse(file))) {
                if (Files.exists(dir.resolve(row.release()).resolve("index.md"))) {
                    rows.put(row.release(), row);
                }
            }
        } catch (IllegalArgumentException e) {
            throw new UnreadableIndexException(
                    Reports.relative(file) + " is not a conformance index: " + e.getMessage()
                            + "; move it away to start a new one",
                    e);
        }
        return rows;
    }

    /** The document, or an IllegalArgumentException saying why the text is none. */
    private static Object parse(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException("it is a directory");
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("it is not UTF-8 text", e);
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException("it is empty");
        }
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException e) { // says what and where: "JSON: Unexpected end-of-input at line 3, ..."
            throw new IllegalArgumentException(
                    "not JSON (truncated or malformed): " + e.getMessage().replaceAll("\\s*\\R\\s*", " "), e);
        }
    }

    /** The rows of a parsed document, each field checked. */
    private static List<Row> rows(Object doc) {
        if (!(doc instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException(
                    "an index is a JSON object with a list 'releases', this one holds " + shown(doc));
        }
        Object releases = m.get("releases");
        if (!(releases instanceof List<?> list)) {
            throw new IllegalArgumentException("field 'releases' must be a list, was " + shown(releases));
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            Row row = row(list.get(i), "releases[" + i + "]");
            if (rows.stream().anyMatch(r -> r.release().equals(row.release()))) { // a second row must not silently win
                throw new IllegalArgumentException(
                        "field 'releases[" + i + "].release': " + row.release() + " has a row already");
            }
            rows.add(row);
        }
        return rows;
    }

    private static Row row(Object value, String at) {
        Map<?, ?> m = object(value, at);
        String release = string(m, at, "release");
        try {
            Release.parse(release); // it names a folder: nothing but a release's id may
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("field '" + at + ".release': " + e.getMessage(), e);
        }
        Object differences = m.get("differences");
        if (!(differences instanceof List<?> cells)) {
            throw new IllegalArgumentException(
                    "field '" + at + ".differences' must be a list, was " + shown(differences));
        }
        List<KindCell> kinds = new ArrayList<>();
        for (int k = 0; k < cells.size(); k++) {
            String cellAt = at + ".differences[" + k + "]";
            Map<?, ?> cell = object(cells.get(k), cellAt);
            List<String> pages = strings(cell, cellAt, "pages");
            for (String page : pages) {
                if (page.isBlank() || page.contains("/") || page.contains("\\")) { // a file in the release's folder
                    throw new IllegalArgumentException(
                            "field '" + cellAt + ".pages' must hold file names, was " + shown(page));
                }
            }
            kinds.add(new KindCell(string(cell, cellAt, "kind"), count(cell, cellAt, "shapes"), pages));
        }
        return new Row(
                release,
                string(m, at, "api"),
                count(m, at, "sequences"),
                count(m, at, "operations"),
                count(m, at, "millis"),
                List.copyOf(kinds),
                string(m, at, "verdict"),
                strings(m, at, "problems"),
                string(m, at, "started"),
                string(m, at, "command"),
                seed(m, at),
                findings(m, at));
    }

    /** The findings' judgements of a row; a row of an older index has none (the field is missing). */
    private static Map<String, String> findings(Map<?, ?> m, String at) {
        Object value = m.get("findings");
        if (value == null) {
            return Map.of();
        }
        Map<?, ?> f = object(value, at + ".findings");
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : f.entrySet()) {
            String words = string(f, at + ".findings", String.valueOf(e.getKey()));
            if (java.util.Arrays.stream(FindingOnRelease.Judgement.values())
                    .noneMatch(j -> j.words().equals(words))) {
                throw new IllegalArgumentException(
                        "field '" + at + ".findings." + e.getKey() + "' must be a judgement ("
                                + java.util.Arrays.stream(FindingOnRelease.Judgement.values())
                                        .map(FindingOnRelease.Judgement::words)
                                        .toList()
                                + "), was " + shown(words));
            }
            out.put(String.valueOf(e.getKey()), words);
        }
        return out;
    }

    private static Map<?, ?> object(Object value, String at) {
        if (!(value instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("field '" + at + "' must be an object, was " + shown(value));
        }
        return m;
    }

    private static String string(Map<?, ?> m, String at, String field) {
        Object value = m.get(field);
        if (!(value instanceof String s)) {
            throw new IllegalArgumentException(
                    "field '" + at + "." + field + "' must be a string, was " + shown(value));
        }
        return s;
    }

    private static List<String> strings(Map<?, ?> m, String at, String field) {
        Object value = m.get(field);
        if (!(value instanceof List<?> list) || list.stream().anyMatch(e -> !(e instanceof String))) {
            throw new IllegalArgumentException(
                    "field '" + at + "." + field + "' must be a list of strings, was " + shown(value));
        }
        return list.stream().map(String.class::cast).toList();
    }

    private static long count(Map<?, ?> m, String at, String field) {
        Object value = m.get(field);
        if (!(value instanceof Long n) || n < 0) {
            throw new IllegalArgumentException(
                    "field '" + at + "." + field + "' must be a whole number >= 0, was " + shown(value));
        }
        return n;
    }

    private static long seed(Map<?, ?> m, String at) {
        Object value = m.get("seed");
        if (!(value instanceof Long n)) {
            throw new IllegalArgumentException(
                    "field '" + at + ".seed' must be a whole number (a 64-bit seed), was " + shown(value));
        }
        return n;
    }

    /** A value as the file has it, briefly: strings quoted, long ones cut, a missing field said so. */
    private static String shown(Object value) {
        if (value == null) {
            return "missing or null";
        }
        String s = value instanceof String str
                ? "\"" + str + "\""
                : value instanceof Map ? "an object" : value instanceof List ? "a list" : String.valueOf(value);
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    /** Writes {@code index.json} and {@code index.md} of these rows into a conformance folder, without the history link. */
    public static Path write(Path dir, Map<String, Row> rows) throws IOException {
        return write(dir, rows, false);
    }

    /**
     * Writes {@code index.json} and {@code index.md} of these rows into a conformance folder.
     *
     * @param history whether the page links the history page ({@code history.md} beside it): only when
     *                there is one, so that no link dangles
     */
    public static Path write(Path dir, Map<String, Row> rows, boolean history) throws IOException {
        Files.createDirectories(dir);
        List<Row> sorted = sorted(rows);
        List<Object> list = new ArrayList<>();
        for (Row r : sorted) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("release", r.release());
            m.put("api", r.api());
            m.put("sequences", r.sequences());
            m.put("operations", r.operations());
            m.put("millis", r.millis());
            List<Object> kinds = new ArrayList<>();
            for (KindCell k : r.differences()) {
                Map<String, Object> km = new LinkedHashMap<>();
                km.put("kind", k.kind());
                km.put("shapes", k.shapes());
                km.put("pages", k.pages());
                kinds.add(km);
            }
            m.put("differences", kinds);
            m.put("verdict", r.verdict());
            m.put("problems", r.problems());
            m.put("started", r.started());
            m.put("command", r.command());
            m.put("seed", r.seed());
            m.put("findings", r.findings());
            list.add(m);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("releases", list);
        Files.writeString(dir.resolve("index.json"), Json.write(doc), StandardCharsets.UTF_8);
        Path page = dir.resolve("index.md");
        Files.writeString(page, markdown(sorted, history), StandardCharsets.UTF_8);
        return page;
    }

    /** Node before Bun, each by version number. */
    private static List<Row> sorted(Map<String, Row> rows) {
        return rows.values().stream()
                .sorted(Comparator.comparing((Row r) -> !r.release().startsWith("node-"))
                        .thenComparing(r -> version(r.release()), ConformanceIndex::compareVersions))
                .toList();
    }

    private static int[] version(String release) {
        try {
            String[] parts = Release.parse(release).version().split("\\.");
            return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2])};
        } catch (RuntimeException e) {
            return new int[] {0, 0, 0};
        }
    }

    private static int compareVersions(int[] a, int[] b) {
        for (int i = 0; i < 3; i++) {
            if (a[i] != b[i]) {
                return Integer.compare(a[i], b[i]);
            }
        }
        return 0;
    }

    /** The page; {@code history}: with a link to the history page. */
    static String markdown(List<Row> rows, boolean history) {
        StringBuilder b = new StringBuilder("# Conformance: Node.js and Bun against the model\n\n");
        b.append("Each release's `node:stream/iter` broadcast ran random operation sequences in lockstep with"
                + " `ScanningModel`, through the JavaScript adapter (`conformance/src/main/js/broadcast-adapter.mjs`) and"
                + " the cursorcheck-subject protocol (docs/protocol.md). Only what a user can"
                + " observe is compared: each operation's answer, the earlier operations it settled, and the probe"
                + " (`consumerCount`, `canWrite`). Every kind of difference is shrunk, replayed on the same release, and"
                + " written with a standalone reproduction. Each row is the last run of its release (see \"Runs\""
                + " below); a run of one release replaces its row only.\n\n");
        if (history) {
            b.append("When each kind of difference and each known finding came and went, release by release:"
                    + " [the history](" + ConformanceCampaign.HISTORY_PAGE + ") (`bin/cursorcheck history`).\n\n");
        }
        List<Row> undecided = rows.stream()
                .filter(r ->
                        r.differences().stream().anyMatch(c -> c.kind().equals(Differences.Kind.UNCLASSIFIED.id())))
                .toList();
        if (!undecided.isEmpty()) {
            b.append("## UNDECIDED: for a person to look at\n\n");
            for (Row r : undecided) {
                r.differences().stream()
                        .filter(c -> c.kind().equals(Differences.Kind.UNCLASSIFIED.id()))
                        .forEach(c -> {
                            List<String> pages = new ArrayList<>();
                            c.pages()
                                    .forEach(p ->
                                            pages.add("[" + (pages.size() + 1) + "](" + r.release() + "/" + p + ")"));
                            b.append("- [")
                                    .append(r.release())
                                    .append("](")
                                    .append(r.release())
                                    .append("/index.md): ")
                                    .append(c.shapes())
                                    .append(" shape(s) no rule explains")
                                    .append(pages.isEmpty() ? "" : ": " + String.join(", ", pages))
                                    .append('\n');
                        });
            }
            b.append('\n');
        }
        MarkdownTable table = MarkdownTable.of(
                        "release", "API", "sequences", "operations", "time", "differences", "verdict")
                .right(2, 3, 4);
        for (Row r : rows) {
            // One entry per kind, its shapes numbered: dirty-flag (3 shape(s): 1, 2, 3)
            List<String> cells = new ArrayList<>();
            for (KindCell k : r.differences()) {
                List<String> pages = new ArrayList<>();
                for (String p : k.pages()) {
                    pages.add("[" + (pages.size() + 1) + "](" + r.release() + "/" + p + ")");
                }
                cells.add(k.kind() + " (" + k.shapes() + " shape(s)"
                        + (pages.isEmpty() ? "" : ": " + String.join(", ", pages)) + ")");
            }
            table.row(
                    "[" + r.release() + "](" + r.release() + "/index.md)",
                    r.api(),
                    String.format("%,d", r.sequences()),
                    String.format("%,d", r.operations()),
                    String.format("%.0f s", r.millis() / 1000.0),
                    cells.isEmpty() ? "none" : String.join("; ", cells),
                    MarkdownTable.text(r.verdict()));
        }
        b.append(table).append('\n');
        findingTable(b, rows);
        List<String> problems =
                rows.stream().flatMap(r -> r.problems().stream()).toList();
        if (!problems.isEmpty()) {
            b.append("## Problems\n\n");
            problems.forEach(
                    p -> b.append("- ").append(ConformancePage.literal(p)).append('\n'));
            b.append('\n');
        }
        b.append("## Kinds of difference\n\n");
        List<String> seen = new ArrayList<>();
        rows.forEach(r -> r.differences().forEach(k -> {
            if (!seen.contains(k.kind())) {
                seen.add(k.kind());
            }
        }));
        if (seen.isEmpty()) {
            b.append("None: every release answered like the model.\n\n");
        }
        for (String id : seen) {
            Differences.Kind k = kind(id);
            List<String> on = rows.stream()
                    .filter(r -> r.differences().stream().anyMatch(c -> c.kind().equals(id)))
                    .map(Row::release)
                    .toList();
            if (k == null) { // a kind this version no longer has, recorded by an older run
                b.append("### ")
                        .append(id)
                        .append("\n\nA kind this version of cursorcheck no longer knows. Seen on: ")
                        .append(String.join(", ", on))
                        .append(".\n\n");
                continue;
            }
            // explanations link as from a release's page, one level deeper
            b.append("### ")
                    .append(k.id())
                    .append(": ")
                    .append(k.title())
                    .append("\n\n**")
                    .append(k.verdict())
                    .append("**")
                    .append(
                            k.invariant() == null
                                    ? ""
                                    : " ([" + k.invariant() + "]("
                                            + SpecLinks.from(
                                                    Reports.latestOf(Reports.dir())
                                                            .resolve("conformance"), // a run's conformance/, by depth
                                                    SpecLinks.anchorOf(k.invariant()))
                                            + "))")
                    .append(". ")
                    .append(k.explanation().replace("](../../../findings/", "](../../findings/"))
                    .append(" Seen on: ")
                    .append(String.join(", ", on))
                    .append(".\n\n");
        }
        MarkdownTable runs = MarkdownTable.of("release", "started", "seed", "command");
        for (Row r : rows) {
            runs.row(r.release(), r.started(), "`" + r.seed() + "`", MarkdownTable.code(r.command()));
        }
        return b.append("## Runs\n\n").append(runs).toString();
    }

    /** The known finding × release table: what each release does at each finding's step. */
    private static void findingTable(StringBuilder b, List<Row> rows) {
        List<String> names = new ArrayList<>();
        rows.forEach(r -> r.findings().keySet().forEach(n -> {
            if (!names.contains(n)) {
                names.add(n);
            }
        }));
        if (names.isEmpty()) {
            return;
        }
        b.append("## Known findings × release\n\nWhat each release does at the step of each known finding against the"
                + " model, judged on its own answers (a release page says why); \"not judged\": the row comes from a run"
                + " before findings were judged per release.\n\n");
        List<String> heads = new ArrayList<>(List.of("finding"));
        rows.forEach(r -> heads.add(r.release()));
        MarkdownTable table = MarkdownTable.of(heads.toArray(String[]::new));
        for (String n : names) {
            List<String> cells = new ArrayList<>(List.of("[" + n + "](../../findings/" + n + "/README.md)"));
            rows.forEach(r -> cells.add(r.findings().getOrDefault(n, "not judged")));
            table.row(cells.toArray());
        }
        b.append(table).append('\n');
    }

    private static Differences.Kind kind(String id) {
        for (Differences.Kind k : Differences.Kind.values()) {
            if (k.id().equals(id)) {
                return k;
            }
        }
        return null;
    }
}
