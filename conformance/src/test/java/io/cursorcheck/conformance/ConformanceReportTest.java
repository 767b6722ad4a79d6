package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.conformance.pages.ConformanceIndex;
import io.cursorcheck.conformance.pages.UnreadableIndexException;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a conformance run writes: one release's run replaces that release's folder and its row of
 * {@code conformance/index.md}, keeps the other releases' rows, and writes the release's page even
 * when it finds no difference (the regression of {@code node --version 26.12.1 --seconds 2} after a
 * longer run: a {@code NoSuchFileException} and the release's folder gone).
 */
class ConformanceReportTest {

    @TempDir
    Path reports;

    private static ConformanceIndex.Row row(String release, String kind, String page) {
        return new ConformanceIndex.Row(
                release,
                "highWaterMark",
                100,
                2_000,
                30_000,
                kind == null ? List.of() : List.of(new ConformanceIndex.KindCell(kind, 1, List.of(page))),
                "differs: 1 shape(s)",
                List.of(),
                "2026-11-30T10:00:00Z",
                "bin/cursorcheck bun --version 1.4.5",
                42,
                Map.of());
    }

    private void write(String relative, String text) throws IOException {
        Path file = reports.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    @Test
    void aRunOfOneReleaseReplacesItsRowAndKeepsTheOthers() throws IOException {
        Path conformance = reports.resolve("conformance");
        write("conformance/bun-1.4.5/index.md", "# bun\n");
        write("conformance/node-26.1.0/index.md", "# node 26.1.0\n");
        Map<String, ConformanceIndex.Row> rows = new LinkedHashMap<>();
        rows.put("bun-1.4.5", row("bun-1.4.5", "end-at-once", "end-at-once-abc.md"));
        rows.put("node-26.1.0", row("node-26.1.0", "no-retain-guard", "no-retain-guard-def.md"));
        rows.put("node-26.2.0", row("node-26.2.0", null, null)); // its folder is gone: its links would not resolve
        ConformanceIndex.write(conformance, rows);

        Map<String, ConformanceIndex.Row> read = ConformanceIndex.read(conformance);
        assertThat(read).containsOnlyKeys("bun-1.4.5", "node-26.1.0");
        assertThat(read.get("bun-1.4.5")).isEqualTo(rows.get("bun-1.4.5"));
        read.put("node-26.12.1", row("node-26.12.1", null, null));
        Path page = ConformanceIndex.write(conformance, read);
        String md = Files.readString(page);
        assertThat(md)
                .contains(
                        "[node-26.1.0](node-26.1.0/index.md)",
                        "[node-26.12.1](node-26.12.1/index.md)",
                        "[bun-1.4.5](bun-1.4.5/index.md)",
                        "[1](bun-1.4.5/end-at-once-abc.md)",
                        "### end-at-once",
                        "### no-retain-guard",
                        "bin/cursorcheck bun --version 1.4.5");
        assertThat(md.indexOf("[node-26.1.0]"))
                .as("node by version, then bun")
                .isLessThan(md.indexOf("[node-26.12.1]"));
        assertThat(md.indexOf("[node-26.12.1]")).isLessThan(md.indexOf("[bun-1.4.5]"));
    }

    /**
     * The finding × release table: a row with judgements shows them, an index written before findings
     * were judged per release (no {@code findings} field) still reads, its row shown as "not judged", and
     * an undecided kind is listed before the table.
     */
    @Test
    void theFindingTableShowsJudgedRowsAndReadsOlderOnes() throws IOException {
        Path conformance = reports.resolve("conformance");
        write("conformance/node-26.12.1/index.md", "# node\n");
        write("conformance/node-26.6.0/index.md", "# node\n");
        ConformanceIndex.Row judged = new ConformanceIndex.Row(
                "node-26.12.1",
                "budget",
                1,
                1,
                1,
                List.of(),
                "conforms",
                List.of(),
                "2026-11-30T10:00:00Z",
                "c",
                1,
                Map.of("reentrant-flush-strands-read", "has it"));
        write(
                "conformance/index.json",
                "{\"releases\": [{\"release\": \"node-26.6.0\", \"api\": \"budget\","
                        + " \"sequences\": 1, \"operations\": 1, \"millis\": 1, \"differences\": [{\"kind\": \"unclassified\","
                        + " \"shapes\": 2, \"pages\": []}], \"verdict\": \"v\", \"problems\": [], \"started\": \"s\","
                        + " \"command\": \"c\", \"seed\": 1}]}");
        Map<String, ConformanceIndex.Row> rows = new LinkedHashMap<>(ConformanceIndex.read(conformance));
        assertThat(rows.get("node-26.6.0").findings()).as("an older row").isEmpty();
        rows.put("node-26.12.1", judged);
        String md = Files.readString(ConformanceIndex.write(conformance, rows));
        assertThat(md)
                .contains(
                        "## Known findings × release",
                        "| [reentrant-flush-strands-read]"
                                + "(../../findings/reentrant-flush-strands-read/README.md) | not judged | has it |");
        assertThat(md.indexOf("## UNDECIDED")).as("undecided first").isBetween(0, md.indexOf("| release | API"));
        assertThat(ConformanceIndex.read(conformance).get("node-26.12.1")).isEqualTo(judged);
        write(
                "conformance/index.json",
                Files.readString(conformance.resolve("index.json")).replace("\"has it\"", "\"maybe\""));
        assertThatThrownBy(() -> ConformanceIndex.read(conformance))
                .hasMessageContaining("findings")
                .hasMessageContaining("maybe");
    }

    /**
     * Every bad shape of {@code index.json} is named with the file (as a user can paste it), the
     * field and the value, in a message without Java exception text; the control is the file the
     * writer makes, which reads back.
     */
    @Test
    void anIndexThisVersionCannotReadIsNamedWithItsFieldAndValue() throws IOException {
        Path conformance = reports.resolve("conformance");
        write("conformance/bun-1.4.5/index.md", "# bun\n");
        ConformanceIndex.write(conformance, Map.of("bun-1.4.5", row("bun-1.4.5", "end-at-once", "end-at-once-abc.md")));
        String good = Files.readString(conformance.resolve("index.json"));
        assertThat(ConformanceIndex.read(conformance)).containsOnlyKeys("bun-1.4.5"); // the control

        Map<String, List<String>> bad = new LinkedHashMap<>();
        bad.put("[1, 2]", List.of("a JSON object with a list 'releases'", "a list"));
        bad.put("", List.of("empty"));
        bad.put(good.substring(0, good.length() / 2), List.of("not JSON"));
        bad.put("{\"releases\": 5}", List.of("field 'releases'", "5"));
        bad.put("{\"releases\": [7]}", List.of("field 'releases[0]'", "7"));
        bad.put(good.replaceFirst("\"sequences\": 100,\\s*", ""), List.of("field 'releases[0].sequences'", "missing"));
        bad.put(
                good.replace("\"sequences\": 100", "\"sequences\": \"many\""),
                List.of("field 'releases[0].sequences'", "\"many\""));
        bad.put(good.replace("\"millis\": 30000", "\"millis\": -1"), List.of("field 'releases[0].millis'", "-1"));
        bad.put(good.replace("\"seed\": 42", "\"seed\": 4.5"), List.of("field 'releases[0].seed'", "4.5"));
        bad.put(
                good.replace("\"release\": \"bun-1.4.5\"", "\"release\": \"../../etc\""),
                List.of("field 'releases[0].release'", "'../../etc'"));
        bad.put(
                good.replace("\"release\": \"bun-1.4.5\"", "\"release\": null"),
                List.of("field 'releases[0].release'", "missing"));
        bad.put(
                good.replace("\"shapes\": 1", "\"shapes\": []"),
                List.of("field 'releases[0].differences[0].shapes'", "a list"));
        bad.put(
                good.replace("\"end-at-once-abc.md\"", "\"../x.md\""),
                List.of("field 'releases[0].differences[0].pages'", "\"../x.md\""));
        bad.put(good.replace("\"problems\": []", "\"problems\": [3]"), List.of("field 'releases[0].problems'"));
        bad.put(
                good.replace(
                        "\"releases\": [",
                        "\"releases\": ["
                                + good.substring(good.indexOf("{", 1), good.lastIndexOf("}", good.lastIndexOf("]")) + 1)
                                + ","),
                List.of("bun-1.4.5 has a row already"));
        for (Map.Entry<String, List<String>> e : bad.entrySet()) {
            assertThat(e.getKey()).as("the bad text differs from the good one").isNotEqualTo(good);
            write("conformance/index.json", e.getKey());
            assertThatThrownBy(() -> ConformanceIndex.read(conformance))
                    .as("%s", e.getKey())
                    .isExactlyInstanceOf(UnreadableIndexException.class)
                    .hasMessageStartingWith(
                            Reports.relative(conformance.resolve("index.json")) + " is not a conformance" + " index: ")
                    .hasMessageContaining(e.getValue().get(0))
                    .hasMessageContaining(e.getValue().get(e.getValue().size() - 1))
                    .hasMessageEndingWith("; move it away to start a new one")
                    .satisfies(x -> assertThat(x.getMessage()).doesNotContain("Exception", "java.", "class "));
        }
    }

    /**
     * The regression, on the real newest Node: a previous run left a difference page and another
     * release's row; a run that finds no difference (no time for random sequences: only the known
     * findings are replayed) must still write the release's page, replace the folder whole (the old
     * page goes) and keep the other row.
     */
    @Test
    void aRunThatFindsNoDifferenceStillWritesItsPage() throws Exception {
        Release.NEWEST_NODE.install(System.out);
        String id = Release.NEWEST_NODE.id();
        String earlier = "2026-01-01T00-00-00-node/"; // an earlier run's folder
        write(earlier + "conformance/" + id + "/index.md", "# the longer run\n[1](nested-end-in-notify-abc.md)\n");
        write(earlier + "conformance/" + id + "/nested-end-in-notify-abc.md", "# a difference of the longer run\n");
        write(earlier + "conformance/bun-1.4.5/index.md", "# bun\n");
        ConformanceIndex.write(
                reports.resolve(earlier + "conformance"), Map.of("bun-1.4.5", row("bun-1.4.5", null, null)));

        PrintStream log = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        ConformanceCampaign.Outcome o = ReportRun.write(
                reports,
                "test",
                log,
                run -> ConformanceCampaign.run(
                        List.of(Release.NEWEST_NODE),
                        1,
                        0,
                        60,
                        run,
                        log,
                        "bin/cursorcheck node --version 26.12.1 --seconds 0"));

        Conformance.Result r = o.results().get(0);
        assertThat(r.sequences()).as("no time for random sequences").isZero();
        assertThat(r.differences()).isEmpty();
        assertThat(r.known()).as("the known findings were replayed").isNotEmpty();
        Path latest = Reports.latestRun(reports);
        assertThat(latest.getFileName().toString()).isNotEqualTo(earlier.replace("/", ""));
        Path folder = latest.resolve("conformance").resolve(id);
        assertThat(folder.resolve("index.md")).isRegularFile();
        assertThat(Files.readString(folder.resolve("index.md"))).contains("# Conformance: " + id);
        assertThat(folder.resolve("nested-end-in-notify-abc.md"))
                .as("the release's folder holds this run's pages only")
                .doesNotExist();
        assertThat(reports.resolve(earlier + "conformance/" + id + "/nested-end-in-notify-abc.md"))
                .as("the earlier run's page is never rewritten")
                .exists();
        assertThat(Files.readString(latest.resolve("conformance/bun-1.4.5/index.md")))
                .as("the kept row's folder, carried over")
                .startsWith("# bun\n");
        String index = Files.readString(latest.resolve("conformance/index.md"));
        assertThat(index)
                .contains(
                        "[" + id + "](" + id + "/index.md)",
                        "[bun-1.4.5](bun-1.4.5/index.md)",
                        "bin/cursorcheck node --version 26.12.1 --seconds 0");
    }
}
