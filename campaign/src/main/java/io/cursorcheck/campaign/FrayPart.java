package io.cursorcheck.campaign;

import io.cursorcheck.conformance.release.MissingToolException;
import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Fray part of the campaign and the {@code fray} command: every stress race under Fray's controlled
 * scheduler ({@code tools/fray-run.sh}, which drives the {@code fray} profile of {@code fray/} on a JDK 25).
 * The run writes {@code stress/fray.md} and its saved failures ({@code stress/fray/<subject>/<race>/}, a
 * {@linkplain ReportRun#wholeDirectory whole directory}: only this run's failures are published) into the
 * {@link ReportRun}'s staging directory; the verdict is the grade's ({@code FrayVerdictTest}), read from the
 * numbers it writes to {@value #GRADE}.
 *
 * <p>A run that stops before its grade (no grade file, or no page) throws {@link FrayRunStoppedException}, so
 * that nothing is published and the last complete {@code fray.md} and saved failures stay whole; a run whose
 * grade failed is published, as every part publishes a failing verdict, with passed false.
 */
public final class FrayPart implements Part {

    /** The grade's numbers, relative to the source tree: written by the grade, removed before each run. */
    static final String GRADE = "fray/target/fray-grade.json";

    /** The script that finds (or makes) the JDK 25 Fray's plugin links from; exit 2 when there is none. */
    static final String JDK_SCRIPT = "tools/fray-jdk.sh";

    /** The script of the run. */
    static final String RUN_SCRIPT = "tools/fray-run.sh";

    /** fray-jdk.sh's exit code when no JDK 25 is found. */
    private static final int NO_JDK = 2;

    private final Path root;
    private final Path jdkScript;
    /** The run's whole output, beside the grade (the last run's only). */
    static final String RUN_LOG = "fray-run.log";
    /** The lines of a failed run's output shown in the command's log. */
    private static final int TAIL_LINES = 40;

    private final Path runScript;
    private final Path grade;
    private final Map<String, String> environment;

    /** The part as the command line and the campaign run it: the project's scripts, this process's environment. */
    public FrayPart() {
        this(
                SourceTree.root(),
                SourceTree.root().resolve(JDK_SCRIPT),
                SourceTree.root().resolve(RUN_SCRIPT),
                SourceTree.root().resolve(GRADE),
                Map.of());
    }

    /**
     * A part with other scripts, grade file or extra environment variables for the scripts (tests: a run that
     * fails half way, a machine without a JDK 25).
     *
     * @param root        the source tree, where the scripts run
     * @param jdkScript   prints the JDK 25's folder, exit 2 when there is none
     * @param runScript   the run, called with {@code --reports STAGING --published REPORTS}
     * @param grade       where the run's grade leaves its numbers
     * @param environment added to the scripts' environment
     */
    public FrayPart(Path root, Path jdkScript, Path runScript, Path grade, Map<String, String> environment) {
        this.root = root;
        this.jdkScript = jdkScript;
        this.runScript = runScript;
        this.grade = grade;
        this.environment = Map.copyOf(environment);
    }

    @Override
    public String name() {
        return "fray";
    }

    /**
     * Refuses a machine without a JDK 25 before anything runs, with the reason {@code tools/fray-jdk.sh}
     * gives (where it looked, what to install).
     *
     * @throws MissingToolException if there is no JDK 25
     */
    public void requireJdk() throws IOException, InterruptedException {
        String missing = missingJdk();
        if (missing != null) {
            throw new MissingToolException(
                    "fray: " + missing + "; or leave the part out with --skip fray in a campaign");
        }
    }

    /**
     * Why there is no JDK 25, in {@code tools/fray-jdk.sh}'s words (where it looked, what to install), or null if
     * there is one: the campaign names every part that needs it in one message.
     *
     * @throws MissingToolException if the script fails otherwise (it found a JDK 25 but could not prepare it)
     */
    public String missingJdk() throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(jdkScript.toString())
                .directory(root.toFile())
                .redirectErrorStream(true);
        pb.environment().putAll(environment);
        Process p = ChildProcesses.start(pb);
        String output;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
        int exit = p.waitFor();
        if (exit == NO_JDK) {
            return output.lines().reduce((a, b) -> b).orElse("no JDK 25 found").replaceFirst("^fray-jdk: ", "");
        }
        if (exit != 0) {
            throw new MissingToolException("fray: " + jdkScript.getFileName()
                    + " could not prepare Fray's JDK 25 (exit " + exit + "): " + output.replace('\n', ' '));
        }
        return null;
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws Exception {
        long t0 = System.currentTimeMillis();
        requireJdk();
        Files.deleteIfExists(grade); // an earlier run's grade must never stand for this one
        reports.wholeDirectory("stress/fray"); // this run's saved failures only: a twin no longer caught leaves none
        Path page = reports.dir().resolve("stress/fray.md");
        log.println("fray: every race under Fray on both thread-safe variants and every racy twin (how long:"
                + " docs/times.md; longer the first time: Fray's plugin links its JDK)...");
        int exit = runScript(log, reports.dir(), reports.reports());
        if (!Files.isRegularFile(grade) || !Files.isRegularFile(page)) {
            throw new FrayRunStoppedException("fray: the run stopped before its grade (" + runScript.getFileName()
                    + " exit " + exit + "; its output is in " + runLog()
                    + "); nothing was published: earlier runs' stress/fray.md and saved failures stay in their"
                    + " folders under " + Reports.relative(reports.reports()) + "/");
        }
        Map<String, Object> numbers = gradeNumbers(grade);
        List<String> problems = new ArrayList<>();
        for (Object problem : (List<?>) numbers.get("problems")) {
            problems.add(String.valueOf(problem));
        }
        boolean passed = Boolean.TRUE.equals(numbers.get("passed"));
        if (passed && exit != 0) { // the grade passed, yet the build failed after it: no pass can be claimed
            problems.add(runScript.getFileName() + " exited " + exit + " although the grade passed; see the output");
            passed = false;
        }
        String summary = summary(numbers);
        String link = Reports.link(reports.dir(), page);
        Map<String, Object> json = new LinkedHashMap<>(numbers);
        json.put("passed", passed);
        json.put("problems", List.copyOf(problems));
        return new Verdict(
                passed,
                summary,
                FraySection.markdown(passed, summary, link, problems),
                json,
                problems,
                System.currentTimeMillis() - t0);
    }

    /**
     * Runs the run script, its output copied to {@code log}; an interrupted run stops the script and
     * what it started. The caller removes the old grade first and reads the new one after.
     *
     * @param log        where the script's output goes
     * @param reportsDir where it writes {@code stress/fray.md} and the saved failures
     * @param published  the directory the replay commands on the page name
     * @return the script's exit code
     */
    int runScript(PrintStream log, Path reportsDir, Path published) throws IOException, InterruptedException {
        Path full = runLog();
        Files.createDirectories(full.getParent());
        ProcessBuilder pb = new ProcessBuilder(
                        runScript.toString(), "--reports", reportsDir.toString(), "--published", published.toString())
                .directory(root.toFile())
                .redirectErrorStream(true);
        pb.environment().putAll(environment);
        Process p = ChildProcesses.start(pb);
        log.println("fray: Maven's whole output goes to " + Reports.relative(full) + "; the catches and each test"
                + " class's count follow (the twins' classes report FAILURE by design: each failure is a catch, and the"
                + " grade checks it is one)");
        try {
            java.util.ArrayDeque<String> tail = new java.util.ArrayDeque<>();
            try (java.io.BufferedReader in = new java.io.BufferedReader(
                            new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                    java.io.Writer out = Files.newBufferedWriter(full, StandardCharsets.UTF_8)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    out.write(line);
                    out.write('\n');
                    if (shown(line)) {
                        log.println(line);
                    }
                    tail.addLast(line);
                    if (tail.size() > TAIL_LINES) {
                        tail.removeFirst();
                    }
                }
            }
            int exit = p.waitFor();
            if (exit != 0) { // what went wrong is at the end: shown here, not only in the file
                log.println("fray: " + runScript.getFileName() + " exited " + exit + "; the last lines of "
                        + Reports.relative(full) + ":");
                tail.forEach(log::println);
            }
            return exit;
        } catch (InterruptedException | IOException e) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            throw e;
        }
    }

    /**
     * Whether a line of the run's output is echoed to the command's log: the ledger's catches ({@code Fray CAUGHT
     * ...}), each test class's count, Maven's verdict. The rest, with the racy twins' expected failures and their
     * stack traces, stays in {@link #RUN_LOG}.
     */
    static boolean shown(String line) {
        return line.startsWith("Fray CAUGHT")
                || line.contains("BUILD SUCCESS")
                || line.contains("BUILD FAILURE")
                || (line.contains("Tests run:") && line.contains(" -- in "));
    }

    /** Where the run's whole output goes: beside the grade, {@code fray/target/fray-run.log} for the real run. */
    Path runLog() {
        return grade.toAbsolutePath().resolveSibling(RUN_LOG);
    }

    /** Where the run's grade leaves its numbers. */
    Path grade() {
        return grade;
    }

    /** The grade's numbers; a file that is not the grade's is an error naming it. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> gradeNumbers(Path grade) throws IOException {
        Object parsed;
        try {
            parsed = Json.parse(Files.readString(grade, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IOException(grade + ": not the Fray grade's JSON: " + e.getMessage(), e);
        }
        if (!(parsed instanceof Map<?, ?> map)
                || !(map.get("passed") instanceof Boolean)
                || !(map.get("problems") instanceof List<?>)) {
            throw new IOException(grade + ": not the Fray grade's JSON (an object with passed and problems)");
        }
        return (Map<String, Object>) map;
    }

    /** One line: the real variants, the twins caught, the errors. */
    static String summary(Map<String, Object> n) {
        return String.format(
                "Fray: %s of %s race runs of the real variants passed (%,d schedules); %s of %s racy twins"
                        + " caught%s",
                n.get("realPassed"),
                n.get("realRuns"),
                number(n.get("realSchedules")),
                n.get("twinsCaught"),
                n.get("twins"),
                number(n.get("errors")) == 0 ? "" : "; " + n.get("errors") + " ERROR(s)");
    }

    private static long number(Object o) {
        return o instanceof Number x ? x.longValue() : 0;
    }
}
