package io.cursorcheck.campaign;

import io.cursorcheck.bench.BenchReport;
import io.cursorcheck.bench.BenchRun;
import io.cursorcheck.bench.BenchVerdict;
import io.cursorcheck.properties.pages.IndexPage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/cursorcheck bench [--quick]}: runs the JMH benchmarks of {@code bench/} (each job in a
 * JVM of its own on this JVM's class path, JSON under {@code target/bench/<profile>/}) and writes
 * {@code reports/bench/index.md} with its charts. The quick profile is a part of the campaign. The
 * part passes when every benchmark ran and the page was written: the targets are measurements,
 * reported met, not met, undecided or not judged, never a verdict on the build (a loaded machine
 * would fail it).
 */
public final class BenchCommand implements Part {

    private final BenchRun.Profile profile;
    private final String command;
    private final String note;

    public BenchCommand(BenchRun.Profile profile, String command, String note) {
        this.profile = profile;
        this.command = command;
        this.note = note;
    }

    @Override
    public String name() {
        return "bench (JMH, " + profile.name() + ")";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws IOException, InterruptedException {
        long start = System.currentTimeMillis();
        String started = Instant.now().toString().replaceAll("\\.\\d+Z$", "Z");
        String loadBefore = loadAverage();
        Path dir = SourceTree.root().resolve("target/bench/" + profile.name());
        log.printf(
                "bench: %s profile, %d benchmarks in %d JMH jobs (%d forks each)%n",
                profile.name(), profile.size(), profile.jobs().size(), BenchRun.FORKS);
        List<Path> json = BenchRun.run(profile, dir, System.getProperty("java.class.path"), log);
        List<BenchRun.Failure> failures = new ArrayList<>();
        for (BenchRun.Job job : profile.jobs()) { // a crash is an error, never a short or a steady result
            Path jobLog = dir.resolve(job.name() + ".log");
            failures.addAll(BenchRun.failures(Files.readString(jobLog)));
        }
        BenchReport report = BenchReport.read(json, failures);
        double minutes = (System.currentTimeMillis() - start) / 60_000.0;
        String conditions = conditions(loadBefore, loadAverage());
        Path page = report.write(
                reports.wholeDirectory("bench"),
                new BenchReport.Context(
                        profile.name(),
                        command,
                        IndexPage.machine(),
                        started,
                        minutes,
                        "java -cp <classpath> "
                                + String.join(
                                        " ",
                                        BenchRun.command(
                                                profile,
                                                profile.jobs().get(0),
                                                Path.of(
                                                        "target/bench",
                                                        profile.name(),
                                                        profile.jobs().get(0).name() + ".json"))),
                        conditions));
        List<String> problems = new ArrayList<>();
        failures.forEach(f -> problems.add("bench: JMH reported a failure in " + f + " (its partial result is"
                + " marked FAILED and judges no target; the log is under "
                + SourceTree.root().relativize(dir) + ")"));
        if (report.size() != profile.size()) {
            problems.add("bench: " + report.size() + " of " + profile.size() + " benchmarks produced a result (see the"
                    + " logs under " + SourceTree.root().relativize(dir) + ")");
        }
        List<BenchVerdict> verdicts = report.verdicts();
        Map<BenchVerdict.Outcome, Long> counts = new java.util.EnumMap<>(BenchVerdict.Outcome.class);
        // a row kept for the record (an old definition that cannot test its claim) is no target: not counted
        List<BenchVerdict> targets =
                verdicts.stream().filter(v -> !v.forTheRecord()).toList();
        targets.forEach(v -> counts.merge(v.outcome(), 1L, Long::sum));
        long met = counts.getOrDefault(BenchVerdict.Outcome.MET, 0L);
        long measured = targets.size() - counts.getOrDefault(BenchVerdict.Outcome.NOT_MEASURED, 0L);
        String summary = String.format(
                "%d benchmarks (%d NOT STEADY%s); targets: %d met, %d not met, %d undecided,"
                        + " %d not judged, of %d measured (%d in the issue)",
                report.size(),
                report.unsteady(),
                report.failed() == 0 ? "" : ", " + report.failed() + " FAILED",
                met,
                counts.getOrDefault(BenchVerdict.Outcome.NOT_MET, 0L),
                counts.getOrDefault(BenchVerdict.Outcome.UNDECIDED, 0L),
                counts.getOrDefault(BenchVerdict.Outcome.NOT_JUDGED, 0L),
                measured,
                targets.size());
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("profile", profile.name());
        j.put("report", Reports.relative(page));
        j.put("benchmarks", report.size());
        j.put("targetsMet", met);
        j.put("targetsMeasured", measured);
        counts.forEach((o, c) -> j.put("targets" + o.name(), c));
        j.put("notSteady", report.unsteady());
        j.put("failed", report.failed());
        reports.whenPublished(log, "bench: report " + Reports.relative(page));
        return new Verdict(
                problems.isEmpty(),
                summary,
                BenchSection.markdown(profile.name(), summary, verdicts, problems),
                j,
                problems,
                System.currentTimeMillis() - start);
    }

    private String conditions(String before, String after) {
        String load = before.isEmpty()
                ? ""
                : "load average (1, 5, 15 min) " + before + " at the start, " + after + " at the end, on "
                        + Runtime.getRuntime().availableProcessors() + " cores.";
        return (note.isEmpty() ? "" : note + " ") + load;
    }

    /** {@code /proc/loadavg}'s first three fields, or empty where there is none. */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
