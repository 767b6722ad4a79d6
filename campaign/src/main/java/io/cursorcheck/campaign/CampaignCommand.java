package io.cursorcheck.campaign;

import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.pages.IndexPage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/cursorcheck campaign}: runs every part in turn and writes {@code reports/index.md}
 * (and {@code index.json}): a summary table of the parts, then each part's section.
 */
public final class CampaignCommand {

    private final List<Part> parts;
    private final String command;
    private final long seed;

    public CampaignCommand(List<Part> parts, String command, long seed) {
        this.parts = parts;
        this.command = command;
        this.seed = seed;
    }

    /**
     * Runs the parts in one {@link ReportRun}: every page and counterexample goes to its staging
     * directory, and the campaign's report (index.md last) is published only once every part has run. An interrupted or failed campaign leaves the previous
     * report whole. Exit code 0 if every part passed, 1 otherwise.
     *
     * @param header the campaign's first line, printed once the reports' lock is taken: a campaign
     *               refused because another run holds it prints nothing but that
     */
    public int run(String header, PrintStream out, PrintStream log) throws Exception {
        return ReportRun.write(Reports.dir(), command, log, run -> {
            out.println(header);
            return run(out, log, run);
        });
    }

    private int run(PrintStream out, PrintStream log, ReportRun run) throws Exception {
        Instant started = Instant.now();
        // counterexamples/ is merged, not replaced: the pages of other runs (explore --variant, mutants) link to
        // their counterexamples there, and a file's name is a hash of its subject and script, so a file never
        // changes meaning. The index links exactly this campaign's.
        List<Part.Verdict> verdicts = new ArrayList<>();
        for (Part part : parts) {
            out.println("campaign: " + part.name() + " ...");
            Part.Verdict v = part.run(log, run);
            verdicts.add(v);
            out.printf(
                    "campaign: %s %s in %.0f s: %s%n",
                    part.name(), v.passed() ? "passed" : "FAILED", v.millis() / 1000.0, v.summary());
        }
        boolean passed = verdicts.stream().allMatch(Part.Verdict::passed);
        Path reports = run.dir();
        Files.writeString(
                reports.resolve("index.md"),
                CampaignPage.markdown(
                        started,
                        command,
                        seed,
                        IndexPage.machine(),
                        parts.stream().map(Part::name).toList(),
                        verdicts,
                        passed),
                StandardCharsets.UTF_8);
        Files.writeString(
                reports.resolve("index.json"), Json.write(json(started, verdicts, passed)), StandardCharsets.UTF_8);
        // Said once the campaign is published, after the parts' report lines: problems name counterexample pages.
        for (Part.Verdict v : verdicts) {
            v.problems().forEach(p -> run.whenPublished(out, "  PROBLEM: " + p));
        }
        run.whenPublished(
                out,
                (passed ? "campaign passed" : "campaign FAILED") + "; report: "
                        + Reports.relative(reports.resolve("index.md")));
        return passed ? 0 : 1;
    }

    private Map<String, Object> json(Instant started, List<Part.Verdict> verdicts, boolean passed) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("passed", passed);
        m.put("started", started.toString());
        m.put("command", command);
        m.put("seed", seed);
        m.put("machine", IndexPage.machine());
        Map<String, Object> byPart = new LinkedHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            byPart.put(parts.get(i).name(), verdicts.get(i).json());
        }
        m.put("parts", byPart);
        return m;
    }
}
