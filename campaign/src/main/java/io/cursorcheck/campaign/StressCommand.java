package io.cursorcheck.campaign;

import io.cursorcheck.properties.pages.IndexPage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.stress.StressReport;
import io.cursorcheck.stress.StressRun;
import io.cursorcheck.stress.lincheck.LincheckRun;
import io.cursorcheck.stress.lincheck.LincheckVerdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/cursorcheck stress}: the jcstress campaign, then the Lincheck checks. Writes
 * {@code reports/stress/<date>-<mode>.md} and {@code reports/stress/lincheck.md}; jcstress' raw files
 * stay under {@code target/stress/}, Lincheck's logs under {@code target/lincheck/<run>/}, a folder of
 * each run's own ({@link LincheckRun#newWorkDir}).
 */
public final class StressCommand implements Part {

    private final StressRun.Mode mode;
    private final String filter;
    private final int repeat;
    private final String command;
    private final boolean withLincheck;

    /**
     * A stress part.
     *
     * @throws IllegalArgumentException if {@code repeat} is below 1: no run would leave nothing to judge
     */
    public StressCommand(StressRun.Mode mode, String filter, int repeat, String command, boolean withLincheck) {
        if (repeat < 1) {
            throw new IllegalArgumentException("stress: repeat must be >= 1, was " + repeat);
        }
        this.mode = mode;
        this.filter = filter;
        this.repeat = repeat;
        this.command = command;
        this.withLincheck = withLincheck;
    }

    @Override
    public String name() {
        return withLincheck ? "stress (jcstress, Lincheck)" : "stress (jcstress)";
    }

    /** Runs jcstress {@code repeat} times, then Lincheck once, and writes the reports; the verdict is every run's. */
    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws IOException, InterruptedException {
        long start = System.currentTimeMillis();
        List<StressRun.Result> runs = new ArrayList<>();
        for (int i = 1; i <= repeat; i++) {
            Path work = StressRun.workDir(SourceTree.root(), mode);
            log.printf(
                    "stress: jcstress %s run %d of %d (%s)...%n",
                    mode.name().toLowerCase(),
                    i,
                    repeat,
                    mode == StressRun.Mode.GATE ? "how long: docs/times.md" : "long");
            StressRun.Result r = StressRun.run(mode, filter, work, SourceTree.root(), Duration.ofHours(12));
            runs.add(r);
            log.printf(
                    "stress: run %d took %d s: %d of %d declared pairs ran, %d real failures, twins caught %s%s%n",
                    i,
                    r.duration().toSeconds(),
                    r.tests().size(),
                    r.expected().size(),
                    r.realFailures().size(),
                    r.twinsCaught(),
                    r.passed() ? "" : "; FAILED the gate");
        }
        Path report = reports.dir()
                .resolve("stress/" + LocalDate.now() + "-" + mode.name().toLowerCase()
                        + (repeat > 1 ? "-x" + repeat : "") + ".md");
        Files.createDirectories(report.getParent());
        Files.writeString(report, StressReport.markdown(runs, command, IndexPage.machine()), StandardCharsets.UTF_8);

        List<LincheckRun.Check> lincheck = List.of();
        Path lincheckReport = reports.dir().resolve("stress/lincheck.md");
        if (withLincheck) {
            log.println("stress: Lincheck, model checking and stress against the model...");
            Path work = LincheckRun.newWorkDir(SourceTree.root()); // not shared with a concurrent LincheckTest
            log.println("stress: Lincheck's logs in " + SourceTree.root().relativize(work));
            lincheck = LincheckRun.all(work);
            Files.writeString(
                    lincheckReport,
                    LincheckRun.markdown(lincheck, command, IndexPage.machine()),
                    StandardCharsets.UTF_8);
            for (LincheckRun.Check c : lincheck) {
                log.printf(
                        "stress: lincheck %-28s %-15s %-7s %s%n",
                        c.subject(), c.strategy(), c.status(), c.outcome().reason());
            }
        }

        List<String> problems = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            StressRun.Result r = runs.get(i);
            String run = runs.size() > 1 ? "run " + (i + 1) + ": " : "";
            if (r.tests().isEmpty()) {
                problems.add(run + "jcstress ran no test (exit " + r.exitCode() + "); see " + r.log());
            }
            r.grade().problems().forEach(p -> problems.add(run + p));
        }
        if (withLincheck) {
            LincheckVerdict.of(lincheck)
                    .problems()
                    .forEach(p -> problems.add(p + " (see " + Reports.relative(lincheckReport) + ")"));
        }
        StressRun.Result first = runs.get(0);
        long real = first.tests().stream().filter(t -> !t.twin()).count();
        long twinsCaughtEveryRun = first.twinsCaught().keySet().stream()
                .filter(t -> runs.stream()
                        .allMatch(r -> Boolean.TRUE.equals(r.twinsCaught().get(t))))
                .count();
        String summary = String.format(
                        "jcstress: %s, %d of %d racy twins caught in every one of %d run(s)",
                        real == 0
                                ? "no test of a real variant selected"
                                : real + " tests of real variants "
                                        + (first.realFailures().isEmpty() ? "passed" : "FAILED"),
                        twinsCaughtEveryRun,
                        first.twinsCaught().size(),
                        runs.size())
                + (withLincheck
                        ? String.format(
                                "; Lincheck: %d of %d checks as expected",
                                lincheck.stream()
                                        .filter(LincheckRun.Check::asExpected)
                                        .count(),
                                lincheck.size())
                        : "");
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("mode", mode.name().toLowerCase());
        json.put("runs", runs.size());
        json.put("report", Reports.relative(report));
        json.put("twinsCaught", first.twinsCaught());
        json.put(
                "realFailures",
                first.realFailures().stream().map(StressRun.TestVerdict::name).toList());
        reports.whenPublished(log, "stress: report " + Reports.relative(report));
        if (withLincheck) {
            reports.whenPublished(log, "stress: Lincheck report " + Reports.relative(lincheckReport));
        }
        String md = StressSection.markdown(
                withLincheck,
                problems,
                summary,
                Reports.link(reports.dir(), report),
                first.tests(),
                withLincheck ? Reports.link(reports.dir(), lincheckReport) : "",
                withLincheck ? lincheck : List.of());
        return new Verdict(problems.isEmpty(), summary, md, json, problems, System.currentTimeMillis() - start);
    }
}
