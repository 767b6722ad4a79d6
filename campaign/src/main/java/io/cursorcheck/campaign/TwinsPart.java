package io.cursorcheck.campaign;

import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.pages.IndexPage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.stress.DeclaredTests;
import io.cursorcheck.stress.StressRun;
import io.cursorcheck.stress.lincheck.LincheckRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The {@code twins} command and campaign part: in one run, every racy twin of {@link Mutants#RACY_TWINS}
 * through jcstress (the twins' own pairs, in the gate's settings), Lincheck (a model-checking check of every twin)
 * and Fray ({@code tools/fray-run.sh} through {@link FrayPart}, its report into a scratch folder under
 * {@code target/twins/}, never published), then the comparison page {@code stress/twins.md}
 * ({@link TwinsPage}). A tool that fails to run is shown as an ERROR on every twin, never as a catch, and
 * the other tools' findings are still shown; the part passes on {@link TwinsPage#problems}' rule (no error, every
 * twin each tool's own gate requires caught by it, every twin caught by some tool).
 */
public final class TwinsPart implements Part {

    /** The jcstress test filter that selects the twins' own pairs (their subjects end in {@code Twin}). */
    static final String TWIN_PAIRS = "Twin$";

    /** The page, relative to the reports directory. */
    public static final String PAGE = "stress/twins.md";

    private final String command;
    private final FrayPart fray;

    /**
     * The part.
     *
     * @param command the command line shown on the page
     * @param fray    the Fray part whose scripts run Fray
     */
    public TwinsPart(String command, FrayPart fray) {
        this.command = command;
        this.fray = fray;
    }

    @Override
    public String name() {
        return "twins";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws Exception {
        long t0 = System.currentTimeMillis();
        Path root = SourceTree.root();
        long jdk0 = System.currentTimeMillis();
        fray.requireJdk(); // no JDK 25: refused before anything runs
        long jdkMillis = System.currentTimeMillis() - jdk0;
        String stamp = LocalDateTime.now().withNano(0).toString().replace(":", "");
        Path work = Files.createDirectories(root.resolve("target/twins/" + stamp));
        List<String> twins = Mutants.RACY_TWINS.stream().map(Mutant::id).toList();

        log.println("twins: measuring the fixed costs: each twin's compilation, a JVM's start...");
        long compileMillis = 0;
        for (Mutant twin : Mutants.RACY_TWINS) {
            long c0 = System.currentTimeMillis();
            MutantCompiler.writeShadowJar(twin, work.resolve("compiled/" + twin.id() + ".jar"));
            compileMillis += System.currentTimeMillis() - c0;
        }
        long jvmMillis = jvmStart(work);
        List<TwinFindings.Cost> shared = List.of(
                new TwinFindings.Cost(
                        "compiling one twin (measured here: the mean over the " + twins.size()
                                + " twins, shadow jar included; every jcstress fork and Lincheck check pays it)",
                        TwinFindings.seconds(compileMillis / twins.size())),
                new TwinFindings.Cost(
                        "starting a JVM on the stress module's class path (measured here, once)",
                        TwinFindings.seconds(jvmMillis)));

        List<TwinFindings> tools = new ArrayList<>();
        tools.add(jcstress(log, root, twins));
        tools.add(lincheck(log, root, twins));
        tools.add(fray(log, root, work, twins, jdkMillis));

        Path page = reports.dir().resolve(PAGE);
        Files.createDirectories(page.getParent());
        Files.writeString(
                page,
                TwinsPage.markdown(
                        twins,
                        tools,
                        shared,
                        command,
                        LocalDateTime.now().withNano(0).toString(),
                        IndexPage.machine()),
                StandardCharsets.UTF_8);
        List<String> problems = TwinsPage.problems(tools);
        String summary = TwinsPage.summary(twins, tools);
        String link = Reports.link(reports.dir(), page);
        Map<String, Object> json = new LinkedHashMap<>();
        for (TwinFindings t : tools) {
            Map<String, Object> byTwin = new LinkedHashMap<>();
            twins.forEach(id -> byTwin.put(id, t.byTwin().get(id).status().name()));
            json.put(t.tool(), byTwin);
        }
        json.put("report", Reports.relative(reports.folder().resolve(PAGE)));
        reports.whenPublished(
                log, "twins: report " + Reports.relative(reports.folder().resolve(PAGE)));
        return new Verdict(
                problems.isEmpty(),
                summary,
                TwinsPage.section(problems, summary, link),
                json,
                problems,
                System.currentTimeMillis() - t0);
    }

    private TwinFindings jcstress(PrintStream log, Path root, List<String> twins) throws InterruptedException {
        log.printf(
                "twins: jcstress on the twins' own pairs, in the gate's settings (%d of the gate's %d pairs)...%n",
                DeclaredTests.matching(TWIN_PAIRS).size(), DeclaredTests.all().size());
        long start = System.currentTimeMillis();
        try {
            StressRun.Result r = StressRun.run(
                    StressRun.Mode.GATE,
                    TWIN_PAIRS,
                    StressRun.workDir(root, StressRun.Mode.GATE),
                    root,
                    Duration.ofHours(1));
            TwinFindings f = JcstressTwins.of(r, StressRun.stressMillis(r));
            log.printf("twins: jcstress took %d s; see %s%n", r.duration().toSeconds(), root.relativize(r.log()));
            return f;
        } catch (IOException | RuntimeException e) {
            return TwinFindings.failed(
                    JcstressTwins.TOOL,
                    JcstressTwins.HEADINGS,
                    twins,
                    "jcstress did not complete: " + e.getMessage(),
                    List.of(),
                    System.currentTimeMillis() - start,
                    "jcstress, in the gate's settings.");
        }
    }

    private TwinFindings lincheck(PrintStream log, Path root, List<String> twins) throws InterruptedException {
        log.println("twins: Lincheck, a model-checking check of every twin...");
        long start = System.currentTimeMillis();
        try {
            Path work = LincheckRun.newWorkDir(root);
            List<LincheckRun.Check> checks = LincheckRun.twinChecks(work);
            checks.forEach(c -> log.printf(
                    "twins: lincheck %-28s %-15s %-7s %.1f s%n",
                    c.subject(), c.strategy(), c.status(), c.millis() / 1000.0));
            return LincheckTwins.of(checks, System.currentTimeMillis() - start);
        } catch (IOException | RuntimeException e) {
            return TwinFindings.failed(
                    LincheckTwins.TOOL,
                    LincheckTwins.HEADINGS,
                    twins,
                    "Lincheck did not complete: " + e.getMessage(),
                    List.of(),
                    System.currentTimeMillis() - start,
                    "Lincheck, a model-checking check of every twin.");
        }
    }

    private TwinFindings fray(PrintStream log, Path root, Path work, List<String> twins, long jdkMillis)
            throws InterruptedException {
        log.println("twins: Fray, every race on the variants and every twin (how long: docs/times.md; its report"
                + " goes to a scratch folder, not reports/)...");
        long start = System.currentTimeMillis();
        List<TwinFindings.Cost> costs = List.of(new TwinFindings.Cost(
                "finding or preparing the JDK 25 (tools/fray-jdk.sh, measured)", TwinFindings.seconds(jdkMillis)));
        Path grade = fray.grade();
        try {
            Files.deleteIfExists(grade); // an earlier run's grade must never stand for this one
            Path scratch = work.resolve("fray-reports");
            int exit = fray.runScript(log, scratch, scratch);
            long wall = System.currentTimeMillis() - start;
            if (!Files.isRegularFile(grade)) {
                return frayFailed(
                        twins,
                        "the Fray run stopped before its grade (exit " + exit + "; its output is in the log): no "
                                + root.relativize(grade),
                        costs,
                        wall);
            }
            return FrayTwins.of(grade, FrayPart.gradeNumbers(grade), costs, wall);
        } catch (IOException | RuntimeException e) {
            return frayFailed(twins, e.getMessage(), costs, System.currentTimeMillis() - start);
        }
    }

    private static TwinFindings frayFailed(List<String> twins, String error, List<TwinFindings.Cost> costs, long wall) {
        return TwinFindings.failed(
                FrayTwins.TOOL,
                FrayTwins.HEADINGS,
                twins,
                error,
                costs,
                wall,
                "Fray 0.9.2, controlled scheduling on its instrumented JDK 25.");
    }

    /**
     * How long a JVM on this class path takes to start and exit: LincheckRun's main without arguments prints
     * its usage and exits, having loaded its class and the scenes'.
     */
    private static long jvmStart(Path work) throws IOException, InterruptedException {
        List<String> cmd = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                LincheckRun.class.getName());
        long start = System.currentTimeMillis();
        Process p = ChildProcesses.start(new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("jvm-start.log").toFile()));
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException(
                    "a JVM on the stress class path did not exit in 5 minutes; see " + work.resolve("jvm-start.log"));
        }
        long millis = System.currentTimeMillis() - start;
        if (p.exitValue() != 2) { // its usage's exit code: anything else is no clean start
            throw new IOException("a JVM on the stress class path exited " + p.exitValue() + " instead of printing"
                    + " LincheckRun's usage; see " + work.resolve("jvm-start.log"));
        }
        return millis;
    }
}
