package io.cursorcheck.stress;

import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.mutants.Mutants;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.infra.Status;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.GradingResult;
import org.openjdk.jcstress.infra.grading.TestGrading;

/**
 * Runs the jcstress tests of this module in a child JVM (jcstress forks its own JVMs from it),
 * reads the binary results it leaves under {@code target/}, and sums them per test; {@link StressGate}
 * grades the run against the pairs the tests declare: every pair ran with enough samples, no real
 * variant saw a forbidden outcome, and every racy twin was caught by a test of its own (a twin the
 * settings never catch makes a green run meaningless).
 */
public final class StressRun {

    /** jcstress settings by name; {@code gate} is what {@code mvn verify} runs. */
    public enum Mode {
        /**
         * The gate's settings: one fork per JVM configuration, the default JVM flags (no flag
         * auto-detection), no split compilation, no heap pre-touch, two iterations of jcstress' quick
         * preset. Most of a pair's time is its fork's start, not its sampling, so the iterations are the
         * fewest that give every twin its floor ({@link StressGate#twinFloor}) in one round on the
         * measured machine; a slower machine gets further rounds ({@link #run}), not a weaker verdict.
         */
        GATE("-m", "quick", "-f", "1", "-sc", "false", "-pth", "false", "-iters", "2"),
        /** jcstress' quick preset: every JVM configuration and compilation mode, briefly. */
        QUICK("-m", "quick"),
        /** jcstress' default preset. */
        DEFAULT("-m", "default"),
        /** jcstress' tough preset: long. */
        TOUGH("-m", "tough");

        private final List<String> args;

        Mode(String... args) {
            this.args = List.of(args);
        }

        /** The jcstress arguments of this mode. */
        public List<String> args() {
            return args;
        }

        /** The mode named {@code name} (case-insensitive). */
        public static Mode named(String name) {
            for (Mode m : values()) {
                if (m.name().equalsIgnoreCase(name)) {
                    return m;
                }
            }
            throw new IllegalArgumentException(
                    "unknown stress mode '" + name + "'; known: gate, quick, default, tough");
        }
    }

    /**
     * One outcome of one test, summed over its forks and JVM configurations.
     *
     * @param id          the outcome (what the arbiter saw)
     * @param expect      what the test declared for it
     * @param count       how many times it was seen
     * @param description the test's description, naming the invariant
     */
    public record Observed(String id, Expect expect, long count, String description) {}

    /**
     * One jcstress test, graded over all its runs.
     *
     * @param name      the test's class name, e.g. {@code io.cursorcheck.stress.CountRaceStress.Published}
     * @param runs      how many forks and configurations ran it
     * @param failedRuns how many of them saw a forbidden outcome or did not run cleanly
     * @param errors    messages of runs that did not complete normally
     * @param outcomes  the outcomes, by id
     */
    public record TestVerdict(String name, int runs, int failedRuns, List<String> errors, List<Observed> outcomes) {

        /** The outer test class, e.g. {@code CountRaceStress}. */
        public String test() {
            String simple = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
            return simple.substring(0, simple.indexOf('.'));
        }

        /** The subject, e.g. {@code Published} or {@code PlainCountDecrementTwin}. */
        public String subject() {
            return name.substring(name.lastIndexOf('.') + 1);
        }

        /** Whether this is a racy twin's test. */
        public boolean twin() {
            return subject().endsWith("Twin");
        }

        /** The twin's mutant id ({@code PlainCountDecrementTwin} gives {@code plain-count-decrement}), or null. */
        public String twinId() {
            return twin() ? DeclaredTests.twinId(subject()) : null;
        }

        /** Samples over all runs. */
        public long samples() {
            return outcomes.stream().mapToLong(Observed::count).sum();
        }

        /** Whether a forbidden outcome was seen (or one the test did not list, which jcstress grades as a failure). */
        public boolean forbiddenSeen() {
            return outcomes.stream()
                    .anyMatch(o -> o.count() > 0 && (o.expect() == Expect.FORBIDDEN || o.expect() == Expect.UNKNOWN));
        }

        /** Whether a forbidden outcome was seen, or a run failed. */
        public boolean failed() {
            return failedRuns > 0;
        }

        /**
         * Whether this test caught its racy twin: every run completed normally and a forbidden
         * outcome was seen. A run that errs (a subject that cannot be built, a crashed fork) is no catch.
         */
        public boolean caught() {
            return twin() && errors.isEmpty() && forbiddenSeen();
        }
    }

    /**
     * A whole run.
     *
     * @param mode     the settings
     * @param filter   the test regex, or null for all
     * @param command  the jcstress command line
     * @param started  when it started
     * @param duration how long it took
     * @param exitCode jcstress' exit code
     * @param expected the declared pairs the filter selects: what had to run
     * @param tests    every test that ran, graded
     * @param html     jcstress' own HTML report
     * @param log      jcstress' console output
     * @param rounds   the jcstress runs summed into {@code tests}: the first over every selected pair,
     *                 then each further round over the pairs the previous left too short
     */
    public record Result(
            Mode mode,
            String filter,
            List<String> command,
            Instant started,
            Duration duration,
            int exitCode,
            List<DeclaredTests.Pair> expected,
            List<TestVerdict> tests,
            Path html,
            Path log,
            List<Round> rounds) {

        /** A single round's result. */
        public Result(
                Mode mode,
                String filter,
                List<String> command,
                Instant started,
                Duration duration,
                int exitCode,
                List<DeclaredTests.Pair> expected,
                List<TestVerdict> tests,
                Path html,
                Path log) {
            this(mode, filter, command, started, duration, exitCode, expected, tests, html, log, List.of());
        }

        /** The gate's grade of this run ({@link StressGate#grade}). */
        public StressGate.Grade grade() {
            return StressGate.grade(expected, tests);
        }

        /** Tests of real variants that saw a forbidden outcome. */
        public List<TestVerdict> realFailures() {
            return grade().realFailures();
        }

        /** For each racy twin the selected tests declare, whether a test of its own caught it. */
        public Map<String, Boolean> twinsCaught() {
            return grade().twinsCaught();
        }

        /** Whether the run passes the gate. */
        public boolean passed() {
            return grade().passed();
        }
    }

    /**
     * One jcstress run of a {@link Result}.
     *
     * @param number   1 for the first round
     * @param pairs    the pairs it ran, short names ({@link DeclaredTests.Pair#shortName()})
     * @param duration its wall time
     * @param exitCode jcstress' exit code
     */
    public record Round(int number, List<String> pairs, Duration duration, int exitCode) {}

    /**
     * The most rounds a run adds to its first: enough for a machine two to three times slower than the
     * measured one to reach every floor, few enough that a run cannot go on for long.
     */
    public static final int MAX_EXTRA_ROUNDS = 2;

    private StressRun() {}

    /**
     * Runs jcstress, with up to {@link #MAX_EXTRA_ROUNDS} further rounds over the pairs a round leaves too
     * short ({@link StressGate.Grade#toRerun}); see {@link #run(Mode, String, Path, Path, Duration, int)}.
     */
    public static Result run(Mode mode, String filter, Path workDir, Path root, Duration timeout)
            throws IOException, InterruptedException {
        return run(mode, filter, workDir, root, timeout, MAX_EXTRA_ROUNDS);
    }

    /**
     * Runs jcstress over the selected pairs, then, while the sum of the rounds so far leaves pairs too
     * short (below their floor, or a twin's pairs below the twin's floor with the twin not caught) and
     * fewer than {@code extraRounds} rounds were added, once more over exactly those pairs, in a
     * subdirectory {@code round-<n>} of {@code workDir}. The result sums every round per pair; a pair
     * that is missing, in error or failed is never rerun (a rerun would retry it until green).
     *
     * @param mode        settings
     * @param filter      test regex (jcstress {@code -t}), or null for every test
     * @param workDir     where jcstress writes its files (under {@code target/})
     * @param root        the project root, passed to forks so racy twins can be compiled from the source
     * @param timeout     how long to let each round run
     * @param extraRounds the most rounds to add to the first
     */
    public static Result run(Mode mode, String filter, Path workDir, Path root, Duration timeout, int extraRounds)
            throws IOException, InterruptedException {
        if (extraRounds < 0) {
            throw new IllegalArgumentException("extraRounds must be 0 or more, not " + extraRounds);
        }
        Result first = runOnce(mode, filter, workDir, root, timeout);
        List<Round> rounds = new ArrayList<>();
        rounds.add(new Round(
                1,
                first.tests().stream().map(t -> t.test() + "." + t.subject()).toList(),
                first.duration(),
                first.exitCode()));
        List<TestVerdict> summed = first.tests();
        Duration took = first.duration();
        for (int n = 2; n <= extraRounds + 1; n++) {
            List<DeclaredTests.Pair> again =
                    StressGate.grade(first.expected(), summed).toRerun();
            if (again.isEmpty()) {
                break;
            }
            Result more = runOnce(mode, exactly(again), workDir.resolve("round-" + n), root, timeout);
            rounds.add(new Round(
                    n, again.stream().map(DeclaredTests.Pair::shortName).toList(), more.duration(), more.exitCode()));
            summed = sum(summed, more.tests());
            took = took.plus(more.duration());
        }
        return new Result(
                mode,
                filter,
                first.command(),
                first.started(),
                took,
                rounds.stream().mapToInt(Round::exitCode).max().orElse(first.exitCode()),
                first.expected(),
                summed,
                first.html(),
                first.log(),
                List.copyOf(rounds));
    }

    /** A jcstress test regex that selects exactly these pairs. */
    static String exactly(List<DeclaredTests.Pair> pairs) {
        return "^" + oneOf(pairs);
    }

    /** A jcstress test regex that selects every test but these pairs (jcstress finds it in each test's name). */
    static String except(List<DeclaredTests.Pair> pairs) {
        return "^(?!" + oneOf(pairs) + ")";
    }

    /** A regex that matches exactly the names of these pairs, to the end of the name. */
    private static String oneOf(List<DeclaredTests.Pair> pairs) {
        return "("
                + pairs.stream()
                        .map(p -> java.util.regex.Pattern.quote(p.name()))
                        .collect(java.util.stream.Collectors.joining("|"))
                + ")$";
    }

    /** Two rounds' verdicts summed per test: runs, failed runs, errors and every outcome's count. */
    static List<TestVerdict> sum(List<TestVerdict> a, List<TestVerdict> b) {
        Map<String, TestVerdict> byName = new TreeMap<>();
        for (TestVerdict t : a) {
            byName.put(t.name(), t);
        }
        for (TestVerdict t : b) {
            byName.merge(t.name(), t, (x, y) -> {
                Map<String, Observed> outcomes = new LinkedHashMap<>();
                for (Observed o : x.outcomes()) {
                    outcomes.put(o.id(), o);
                }
                for (Observed o : y.outcomes()) {
                    outcomes.merge(
                            o.id(),
                            o,
                            (p, q) -> new Observed(p.id(), p.expect(), p.count() + q.count(), p.description()));
                }
                List<String> errors = new ArrayList<>(x.errors());
                errors.addAll(y.errors());
                return new TestVerdict(
                        x.name(),
                        x.runs() + y.runs(),
                        x.failedRuns() + y.failedRuns(),
                        List.copyOf(errors),
                        List.copyOf(outcomes.values()));
            });
        }
        return List.copyOf(byName.values());
    }

    /**
     * One round over the selected pairs. Termination pairs run in a jcstress process of their own, beside the
     * continuous ones, in {@code workDir/termination}: a termination test that sees its forbidden outcome (an actor
     * that never ends) waits jcstress' fixed 30 s for it, its fork holding its cores idle meanwhile, and within one
     * jcstress process no other fork may start. Beside it the continuous pairs keep the cores busy. Every verdict
     * still rests on samples judged against their floors, never on time, so running side by side can only shorten
     * a round, or leave a pair too short and rerun.
     */
    private static Result runOnce(Mode mode, String filter, Path workDir, Path root, Duration timeout)
            throws IOException, InterruptedException {
        List<DeclaredTests.Pair> selected = DeclaredTests.matching(filter);
        List<DeclaredTests.Pair> termination = selected.stream()
                .filter(p -> p.mode() == org.openjdk.jcstress.annotations.Mode.Termination)
                .toList();
        List<DeclaredTests.Pair> continuous =
                selected.stream().filter(p -> !termination.contains(p)).toList();
        if (termination.isEmpty() || continuous.isEmpty()) {
            return runProcess(mode, filter, workDir, root, timeout);
        }
        ExecutorService beside = Executors.newSingleThreadExecutor();
        try {
            Future<Result> waiting = beside.submit(
                    () -> runProcess(mode, exactly(termination), workDir.resolve(TERMINATION_DIR), root, timeout));
            // every test but the termination ones, said in a few words when the round runs every test
            String rest = filter == null ? except(termination) : exactly(continuous);
            Result busy = runProcess(mode, rest, workDir, root, timeout);
            Result idle;
            try {
                idle = waiting.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof IOException io) {
                    throw io;
                }
                throw new IOException(
                        "the jcstress run of the termination tests failed: " + e.getCause(), e.getCause());
            }
            List<String> both = new ArrayList<>(busy.command());
            both.add("&"); // the two processes, as a shell would run them side by side
            both.addAll(idle.command());
            List<TestVerdict> tests = new ArrayList<>(busy.tests());
            tests.addAll(idle.tests());
            Instant ended =
                    later(busy.started().plus(busy.duration()), idle.started().plus(idle.duration()));
            return new Result(
                    mode,
                    filter,
                    both,
                    busy.started(),
                    Duration.between(busy.started(), ended),
                    Math.max(busy.exitCode(), idle.exitCode()),
                    selected,
                    List.copyOf(tests),
                    busy.html(),
                    busy.log());
        } finally {
            beside.shutdownNow();
        }
    }

    /** The folder, under a round's, of the termination tests' jcstress process ({@link #runOnce}). */
    static final String TERMINATION_DIR = "termination";

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    /** One jcstress process, its result files read and graded per test. */
    private static Result runProcess(Mode mode, String filter, Path workDir, Path root, Duration timeout)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        try (Stream<Path> old = Files.list(workDir)) {
            for (Path p : old.filter(p -> p.getFileName().toString().startsWith("jcstress-results"))
                    .toList()) {
                Files.delete(p);
            }
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("org.openjdk.jcstress.Main");
        command.addAll(mode.args());
        if (filter != null) {
            command.add("-t");
            command.add(filter);
        }
        command.add("-r");
        command.add(workDir.resolve("html").toString());
        // Forks build racy twins from the source tree; they read them compiled from a folder this JVM fills first
        // (a compile in each fresh fork costs more than a second, and two forks run each twin). The gate pins the
        // JVM flags (-jvmArgs turns off jcstress' flag auto-detection, which multiplies the runs); other modes keep it.
        Path compiled = compiledTwins(root, filter);
        command.add(mode == Mode.GATE ? "-jvmArgs" : "-jvmArgsPrepend");
        command.add("-Dcursorcheck.root=" + root + " -D" + MutantCompiler.CLASSES_PROPERTY + "=" + compiled);
        Path log = workDir.resolve("jcstress.log");
        Instant started = Instant.now();
        Process p = ChildProcesses.start(new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile()));
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new IOException("jcstress did not finish in " + timeout + "; see " + log);
        }
        Duration took = Duration.between(started, Instant.now());
        List<TestResult> raw = readResults(workDir);
        List<String> shown = new ArrayList<>(command.stream()
                .map(word -> word.contains(" ") ? "'" + word + "'" : word) // as a shell needs it
                .toList());
        shown.set(2, "<the stress module's classpath>");
        return new Result(
                mode,
                filter,
                shown,
                started,
                took,
                p.exitValue(),
                DeclaredTests.matching(filter),
                grade(raw),
                workDir.resolve("html/index.html"),
                log);
    }

    /**
     * Each test's nominal stress time in a finished run, in milliseconds: over its runs (forks and JVM
     * configurations), the iterations times the time per iteration its configuration gave it. It is what
     * jcstress spent sampling, not the run's wall time (fork start, twin compilation and jcstress' own
     * probing come on top). jcstress 0.16 sums a run's iterations in the fork and records neither when a
     * sample was taken nor per-iteration counts, so this is the finest time a result file gives. A run that
     * did not complete normally may carry no configuration; it adds nothing.
     *
     * @param result a run {@link #run} returned; its result files are read again from its work directory
     * @return stress milliseconds by test name ({@link TestVerdict#name()})
     */
    public static Map<String, Long> stressMillis(Result result) throws IOException {
        Map<String, Long> millis = new TreeMap<>();
        List<TestResult> raw = new ArrayList<>();
        Path workDir = result.log().getParent();
        raw.addAll(roundResults(workDir));
        for (Round round : result.rounds()) {
            if (round.number() > 1) {
                raw.addAll(roundResults(workDir.resolve("round-" + round.number())));
            }
        }
        for (TestResult r : raw) {
            if (r.getConfig() != null) {
                millis.merge(r.getName(), (long) r.getConfig().time * r.getConfig().iters, Long::sum);
            }
        }
        return millis;
    }

    /** Every result of one round: its own folder's and, if it ran apart, its termination tests'. */
    private static List<TestResult> roundResults(Path roundDir) throws IOException {
        List<TestResult> raw = new ArrayList<>(readResults(roundDir));
        if (Files.isDirectory(roundDir.resolve(TERMINATION_DIR))) {
            raw.addAll(readResults(roundDir.resolve(TERMINATION_DIR)));
        }
        return raw;
    }

    /** Every result in the binary result files of a run's work directory. */
    private static List<TestResult> readResults(Path workDir) throws IOException {
        List<TestResult> raw = new ArrayList<>();
        try (Stream<Path> files = Files.list(workDir)) {
            for (Path bin : files.filter(f -> f.getFileName().toString().matches("jcstress-results.*\\.bin\\.gz"))
                    .toList()) {
                DiskReadCollector reader = new DiskReadCollector(bin.toString(), raw::add);
                try {
                    reader.dump();
                } catch (ClassNotFoundException e) {
                    throw new IOException("cannot read " + bin, e);
                } finally {
                    reader.close();
                }
            }
        }
        return raw;
    }

    /** Sums each test's runs: outcomes by id, and how many runs failed. */
    static List<TestVerdict> grade(List<TestResult> raw) {
        Map<String, List<TestResult>> byTest = new TreeMap<>();
        for (TestResult r : raw) {
            byTest.computeIfAbsent(r.getName(), k -> new ArrayList<>()).add(r);
        }
        List<TestVerdict> verdicts = new ArrayList<>();
        byTest.forEach((name, results) -> {
            Map<String, Observed> outcomes = new LinkedHashMap<>();
            List<String> errors = new ArrayList<>();
            int failed = 0;
            for (TestResult r : results) {
                TestGrading g = r.grading();
                boolean normal = r.status() == Status.NORMAL;
                if (!normal) {
                    errors.add("status " + r.status() + ": " + String.join(" ", r.getMessages()));
                }
                if (!normal || !g.isPassed) {
                    failed++;
                }
                for (GradingResult gr : g.gradingResults.values()) {
                    outcomes.merge(
                            gr.id,
                            new Observed(gr.id, gr.expect, gr.count, gr.description),
                            (a, b) -> new Observed(a.id(), a.expect(), a.count() + b.count(), a.description()));
                }
            }
            verdicts.add(new TestVerdict(name, results.size(), failed, errors, List.copyOf(outcomes.values())));
        });
        return verdicts;
    }

    /**
     * The folder of compiled mutants the forks read ({@link MutantCompiler#CLASSES_PROPERTY}), with every racy twin
     * the selected tests declare compiled into it: {@code target/stress/mutant-classes}, shared by runs, since an
     * entry is named by a hash of everything it is compiled from.
     */
    static Path compiledTwins(Path root, String filter) {
        Path folder = root.resolve("target/stress/mutant-classes");
        DeclaredTests.matching(filter).stream()
                .filter(DeclaredTests.Pair::twin)
                .map(DeclaredTests.Pair::twinId)
                .distinct()
                .forEach(twin -> MutantCompiler.compileInto(Mutants.named(twin), folder));
        return folder;
    }

    /** A fresh directory for one run's raw files: {@code target/stress/<mode>/<timestamp>}. */
    public static Path workDir(Path root, Mode mode) {
        String stamp = java.time.LocalDateTime.now().withNano(0).toString().replace(":", "");
        return root.resolve("target/stress/" + mode.name().toLowerCase() + "/" + stamp);
    }

    /** The racy twins this module's tests use, for reports. */
    static List<Mutant> twins() {
        return Mutants.RACY_TWINS;
    }
}
