package io.cursorcheck.conformance;

import io.cursorcheck.properties.engine.Json;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.report.SpecLinks;
import java.io.IOException;
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
final class ConformanceIndex {

    /**
     * One kind of difference on a release.
     *
     * @param kind   the kind's id ({@link Differences.Kind#id()})
     * @param shapes shapes of difference of that kind
     * @param pages  the pages written for them, file names in the release's folder
     */
    record KindCell(String kind, long shapes, List<String> pages) {
    }

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
     */
    record Row(String release, String api, long sequences, long operations, long millis, List<KindCell> differences,
               String verdict, List<String> problems, String started, String command, long seed) {
    }

    private ConformanceIndex() {
    }

    /** A release's row from its result. */
    static Row row(Conformance.Result r, List<String> problems, Instant started, String command, long seed) {
        Map<String, KindCell> byKind = new LinkedHashMap<>();
        for (Conformance.Difference d : r.differences()) {
            KindCell c = byKind.getOrDefault(d.kind().id(), new KindCell(d.kind().id(), 0, List.of()));
            List<String> pages = new ArrayList<>(c.pages());
            if (d.page() != null) {
                pages.add(d.page().getFileName().toString());
            }
            byKind.put(c.kind(), new KindCell(c.kind(), c.shapes() + 1, pages));
        }
        return new Row(r.release().id(), r.hello().api(), r.sequences(), r.operations(), r.millis(),
                List.copyOf(byKind.values()), ConformanceCampaign.verdict(r), problems,
                started.toString().replaceAll("\\.\\d+Z$", "Z"), command, seed);
    }

    /**
     * Reads the rows of {@code index.json} in a conformance folder; none if there is no such file.
     * A row whose release folder has no page any more is left out: its links would not resolve.
     *
     * @throws IOException naming the file if it is not an index this class wrote
     */
    static Map<String, Row> read(Path dir) throws IOException {
        Path file = dir.resolve("index.json");
        Map<String, Row> rows = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return rows;
        }
        try {
            Map<?, ?> doc = (Map<?, ?>) Json.parse(Files.readString(file, StandardCharsets.UTF_8));
            for (Object o : (List<?>) doc.get("releases")) {
                Map<?, ?> m = (Map<?, ?>) o;
                List<KindCell> kinds = new ArrayList<>();
                for (Object k : (List<?>) m.get("differences")) {
                    Map<?, ?> km = (Map<?, ?>) k;
                    kinds.add(new KindCell((String) km.get("kind"), number(km.get("shapes")),
                            ((List<?>) km.get("pages")).stream().map(String.class::cast).toList()));
                }
                Row row = new Row((String) m.get("release"), (String) m.get("api"), number(m.get("sequences")),
                        number(m.get("operations")), number(m.get("millis")), kinds, (String) m.get("verdict"),
                        ((List<?>) m.get("problems")).stream().map(String.class::cast).toList(),
                        (String) m.get("started"), (String) m.get("command"), number(m.get("seed")));
                if (row.release() == null) {
                    throw new IllegalArgumentException("a row without its release");
                }
                if (Files.exists(dir.resolve(row.release()).resolve("index.md"))) {
                    rows.put(row.release(), row);
                }
            }
        } catch (RuntimeException e) { // ClassCastException, NullPointerException, IllegalArgumentException
            throw new IOException(file + " is not a conformance index (" + e.getMessage() + "); move it away to start"
                    + " a new one", e);
        }
        return rows;
    }

    private static long number(Object o) {
        return ((Number) o).longValue();
    }

    /** Writes {@code index.json} and {@code index.md} of these rows into a conformance folder. */
    static Path write(Path dir, Map<String, Row> rows) throws IOException {
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
            list.add(m);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("releases", list);
        Files.writeString(dir.resolve("index.json"), Json.write(doc), StandardCharsets.UTF_8);
        Path page = dir.resolve("index.md");
        Files.writeString(page, markdown(sorted), StandardCharsets.UTF_8);
        return page;
    }

    /** Node before Bun, each by version number. */
    private static List<Row> sorted(Map<String, Row> rows) {
        return rows.values().stream().sorted(Comparator.comparing((Row r) -> !r.release().startsWith("node-"))
                .thenComparing(r -> version(r.release()), ConformanceIndex::compareVersions)).toList();
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

    /** The page. */
    static String markdown(List<Row> rows) {
        StringBuilder b = new StringBuilder("# Conformance: Node.js and Bun against the model\n\n");
        b.append("Each release's `node:stream/iter` broadcast ran random operation sequences in lockstep with"
                + " `ScanningModel`, through the JavaScript adapter (`conformance/src/main/js/broadcast-adapter.mjs`) and"
                + " the cursorcheck-subject protocol (README, \"Checking an external subject\"). Only what a user can"
                + " observe is compared: each operation's answer, the earlier operations it settled, and the probe"
                + " (`consumerCount`, `canWrite`). Every kind of difference is shrunk, replayed on the same release, and"
                + " written with a standalone reproduction. Each row is the last run of its release (see \"Runs\""
                + " below); a run of one release replaces its row only.\n\n");
        b.append("| release | API | sequences | operations | time | differences | verdict |\n"
                + "|---|---|---:|---:|---:|---|---|\n");
        for (Row r : rows) {
            // One entry per kind, its shapes numbered: dirty-flag (3 shape(s): 1, 2, 3)
            List<String> cells = new ArrayList<>();
            for (KindCell k : r.differences()) {
                List<String> pages = new ArrayList<>();
                for (String p : k.pages()) {
                    pages.add("[" + (pages.size() + 1) + "](" + r.release() + "/" + p + ")");
                }
                cells.add(k.kind() + " (" + k.shapes() + " shape(s)" + (pages.isEmpty() ? "" : ": "
                        + String.join(", ", pages)) + ")");
            }
            b.append("| [").append(r.release()).append("](").append(r.release()).append("/index.md) | ")
                    .append(r.api()).append(" | ").append(String.format("%,d", r.sequences())).append(" | ")
                    .append(String.format("%,d", r.operations())).append(" | ")
                    .append(String.format("%.0f s", r.millis() / 1000.0)).append(" | ")
                    .append(cells.isEmpty() ? "none" : String.join("; ", cells)).append(" | ")
                    .append(ConformancePage.escape(r.verdict())).append(" |\n");
        }
        b.append('\n');
        List<String> problems = rows.stream().flatMap(r -> r.problems().stream()).toList();
        if (!problems.isEmpty()) {
            b.append("## Problems\n\n");
            problems.forEach(p -> b.append("- ").append(ConformancePage.literal(p)).append('\n'));
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
            List<String> on = rows.stream().filter(r -> r.differences().stream().anyMatch(c -> c.kind().equals(id)))
                    .map(Row::release).toList();
            if (k == null) { // a kind this version no longer has, recorded by an older run
                b.append("### ").append(id).append("\n\nA kind this version of cursorcheck no longer knows. Seen on: ")
                        .append(String.join(", ", on)).append(".\n\n");
                continue;
            }
            // explanations link as from a release's page, one level deeper
            b.append("### ").append(k.id()).append(": ").append(k.title()).append("\n\n**").append(k.verdict())
                    .append("**").append(k.invariant() == null ? "" : " ([" + k.invariant() + "](" + SpecLinks.from(Reports
                            .dir().resolve("conformance"), SpecLinks.anchorOf(k.invariant())) + "))").append(". ")
                    .append(k.explanation().replace("](../../findings/", "](../findings/")).append(" Seen on: ")
                    .append(String.join(", ", on)).append(".\n\n");
        }
        b.append("## Runs\n\n| release | started | seed | command |\n|---|---|---|---|\n");
        for (Row r : rows) {
            b.append("| ").append(r.release()).append(" | ").append(r.started()).append(" | `").append(r.seed())
                    .append("` | `").append(ConformancePage.escape(r.command())).append("` |\n");
        }
        return b.toString();
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
