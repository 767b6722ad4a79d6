package io.cursorcheck.stress.lincheck;

import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.race.RaceCatalogue;
import io.cursorcheck.properties.report.MarkdownTable;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * Runs the Lincheck checks: both thread-safe variants against {@link BroadcastScene.Model} (the
 * sequential specification on the model), with model checking and with stress, and the racy twins,
 * which Lincheck must catch; keeps what Lincheck prints for every failure (the scenario, the results,
 * and for model checking the interleaving).
 *
 * <p>Every check ends {@link CheckOutcome.Status#PASSED}, {@link CheckOutcome.Status#CAUGHT} (a failed
 * linearizability check) or {@link CheckOutcome.Status#ERROR} (no verdict: a crash, a missing result,
 * a setup error, a scene that throws, a hang); {@link LincheckVerdict} grades them, and an error never
 * counts as a twin's catch.
 *
 * <p>Every check runs in a JVM of its own. A twin's JVM has the twin's shadow jar first on its class
 * path ({@link MutantCompiler#writeShadowJar}), so there the twin <em>is</em>
 * {@code PublishedCursorBroadcast} (or {@code LockedCountBroadcast}) and loads exactly as the real
 * class does: Lincheck's model checker explores only classes it instruments as the analysed code
 * loads them, and a twin from a class loader of our own would run unexplored, and pass.
 *
 * <p>Each check runs generated scenarios (two threads, two operations each, two before and one
 * after) plus targeted scenarios that put a known race of the race catalogue right in the parallel
 * part, so model checking explores every interleaving of it, and whose racy twins are the plan's
 * negative controls ({@link #RACES}):
 * <ul>
 * <li>the count race ({@code CountRaceStress}): a write, then c0 and c1 reading at once, then the
 *     state;</li>
 * <li>a read racing a trim and a reuse ({@code ReadVsTrimStress}): a 2-byte entry fills the budget,
 *     then c0 reads while c1 reads (last at the minimum: it trims) and writes two 1-byte entries, the
 *     second landing in entry 0's ring slot, then the state;</li>
 * <li>the last read at the minimum racing a snapshot ({@code LastReadVsSnapshotStress}): a write, c1
 *     reads ahead, then c0 (alone at the minimum) reads while another thread takes the state: the race
 *     in which Lincheck found the gap of an earlier design (twin {@code split-last-read}).</li>
 * </ul>
 */
public final class LincheckRun {

    /** How Lincheck explores. */
    public enum Strategy {
        /** Systematic exploration of thread switches at shared-memory accesses. */
        MODEL_CHECKING,
        /** Real threads, many invocations. */
        STRESS
    }

    /**
     * One check's result.
     *
     * @param subject  {@code Locked}, {@code Published}, a twin's id, or a control's name
     * @param strategy model checking or stress
     * @param twin     whether the subject is a racy twin, which must be caught
     * @param settings the options, in words
     * @param millis   how long it took, JVM start included
     * @param outcome  passed, caught or error, with the reason and what Lincheck printed
     */
    public record Check(
            String subject, Strategy strategy, boolean twin, String settings, long millis, CheckOutcome outcome) {

        /** The check's status. */
        public CheckOutcome.Status status() {
            return outcome.status();
        }

        /** Whether the status is the one the subject needs: a real variant passed, a twin was caught. */
        public boolean asExpected() {
            return status() == (twin ? CheckOutcome.Status.CAUGHT : CheckOutcome.Status.PASSED);
        }

        /** The subject as reports name it: {@code Published}, or {@code twin `split-last-read`}. */
        public String label() {
            return twin ? "twin `" + subject + "`" : subject;
        }

        /** The verdict in words, errors marked apart from catches; a hang says it is one. */
        public String verdict() {
            return switch (status()) {
                case PASSED -> twin ? "**twin NOT caught** (linearizable)" : "passed";
                case CAUGHT -> twin ? "caught: not linearizable (as it must be)" : "**NOT linearizable**";
                case ERROR -> outcome.hung() ? "**ERROR: hung** (no verdict)" : "**ERROR** (no verdict)";
            };
        }
    }

    /**
     * A check to run.
     *
     * @param subject  what reports call it: the scene's name or the twin's id
     * @param scene    the {@link BroadcastScene} subclass the JVM runs
     * @param twin     the racy twin shadowing the real class in that JVM, or null
     * @param strategy model checking or stress
     */
    record Planned(String subject, Class<? extends BroadcastScene> scene, String twin, Strategy strategy) {

        Planned(Class<? extends BroadcastScene> scene, String twin, Strategy strategy) {
            this(twin != null ? twin : scene.getSimpleName(), scene, twin, strategy);
        }
    }

    /**
     * The races of the catalogue a targeted scenario puts in the parallel part ({@link #targeted}); their racy
     * twins are the plan's negative controls.
     */
    static final List<RaceCatalogue> RACES =
            List.of(RaceCatalogue.COUNT_RACE, RaceCatalogue.READ_VS_TRIM, RaceCatalogue.LAST_READ_VS_SNAPSHOT);

    /**
     * The checks of a run: real variants both ways; each twin of {@link #RACES}, by model checking, on the scene
     * of the class it patches.
     */
    static final List<Planned> PLAN = plan();

    private static List<Planned> plan() {
        List<Planned> plan = new ArrayList<>(List.of(
                new Planned(BroadcastScene.Locked.class, null, Strategy.MODEL_CHECKING),
                new Planned(BroadcastScene.Locked.class, null, Strategy.STRESS),
                new Planned(BroadcastScene.Published.class, null, Strategy.MODEL_CHECKING),
                new Planned(BroadcastScene.Published.class, null, Strategy.STRESS)));
        Set<String> twins = new LinkedHashSet<>();
        RACES.forEach(r -> twins.addAll(r.twins()));
        for (String twin : twins) {
            plan.add(new Planned(sceneOf(Subjects.racyTwin(twin).entry()), twin, Strategy.MODEL_CHECKING));
        }
        return List.copyOf(plan);
    }

    /** The racy twins the plan checks: the catalogue's twins of {@link #RACES}. */
    public static Set<String> twins() {
        return PLAN.stream().map(Planned::twin).filter(Objects::nonNull).collect(Collectors.toSet());
    }

    /** Model checking: generated scenarios and interleavings per scenario. */
    static final int MC_ITERATIONS = 10;

    static final int MC_INVOCATIONS = 100;
    /** Stress: generated scenarios and runs per scenario. */
    static final int STRESS_ITERATIONS = 10;

    static final int STRESS_INVOCATIONS = 1_000;
    /** How long one check's JVM may run before it is killed (an error, not a verdict). */
    static final Duration CHECK_TIMEOUT = Duration.ofMinutes(20);

    private LincheckRun() {}

    /**
     * A fresh work directory for one run of the checks, {@code target/lincheck/<time>-<pid>-<random>/}
     * under the project root. A check's result and log files have fixed names in it
     * ({@code <subject>-<strategy>.result}), deleted before the check and read after; two runs sharing
     * a folder (the gate's {@code LincheckTest} and a {@code bin/cursorcheck stress} in the same
     * checkout) would delete or read each other's.
     *
     * @param root the project root
     * @return the new, empty directory
     */
    public static Path newWorkDir(Path root) throws IOException {
        Path base = Files.createDirectories(root.resolve("target/lincheck"));
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return Files.createTempDirectory(
                base, stamp + "-" + ProcessHandle.current().pid() + "-");
    }

    /**
     * Runs every planned check, each in a JVM of its own; {@code work} keeps the shadow jars and logs,
     * and must be this run's alone ({@link #newWorkDir}).
     */
    public static List<Check> all(Path work) throws IOException, InterruptedException {
        Files.createDirectories(work);
        List<Check> checks = new ArrayList<>();
        for (Planned p : PLAN) {
            checks.add(check(p, work));
        }
        return checks;
    }

    /**
     * Runs a model-checking check of EVERY racy twin of {@link Mutants#RACY_TWINS}, not only the plan's, each on
     * the scene of the class its patch changes ({@link #sceneOf}), each in a JVM of its own; {@code work} must be
     * this run's alone ({@link #newWorkDir}). For the comparison of the tools per twin: a twin the plan leaves
     * out is checked here too, so that what Lincheck can and cannot see is measured, not assumed. The plan's
     * twins ({@link #twins()}) are checked exactly as the gate checks them.
     */
    public static List<Check> twinChecks(Path work) throws IOException, InterruptedException {
        Files.createDirectories(work);
        List<Check> checks = new ArrayList<>();
        for (io.cursorcheck.properties.mutants.Mutant twin : Mutants.RACY_TWINS) {
            checks.add(check(new Planned(sceneOf(twin.entry()), twin.id(), Strategy.MODEL_CHECKING), work));
        }
        return checks;
    }

    /**
     * The scene whose broadcast is the class a twin patches ({@code Mutant.entry()}).
     *
     * @throws IllegalArgumentException for a class no scene runs
     */
    static Class<? extends BroadcastScene> sceneOf(String entry) {
        return switch (entry) {
            case "PublishedCursorBroadcast" -> BroadcastScene.Published.class;
            case "LockedCountBroadcast" -> BroadcastScene.Locked.class;
            default ->
                throw new IllegalArgumentException("no Lincheck scene runs " + entry
                        + " (a racy twin's class must be one of the thread-safe variants)");
        };
    }

    /**
     * Runs one check in a JVM of its own. Whatever goes wrong short of Lincheck's verdict (the
     * twin's shadow jar cannot be built, the JVM does not start, leaves no result, or runs out of
     * time) comes back as an {@link CheckOutcome.Status#ERROR} check with what it printed.
     */
    static Check check(Planned p, Path work) throws IOException, InterruptedException {
        Files.createDirectories(work);
        String name = p.subject().replaceAll("[^A-Za-z0-9-]", "_") + "-" + p.strategy();
        Path result = work.resolve(name + ".result");
        Path log = work.resolve(name + ".log");
        Files.deleteIfExists(result);
        Files.deleteIfExists(log);
        long start = System.currentTimeMillis();
        CheckOutcome outcome = outcome(p, work, result, log);
        return new Check(
                p.subject(),
                p.strategy(),
                p.twin() != null,
                settings(p.strategy()),
                System.currentTimeMillis() - start,
                outcome);
    }

    private static CheckOutcome outcome(Planned p, Path work, Path result, Path log)
            throws IOException, InterruptedException {
        String classpath = System.getProperty("java.class.path");
        if (p.twin() != null) {
            try {
                Path jar = MutantCompiler.writeShadowJar(Mutants.named(p.twin()), work.resolve(p.twin() + ".jar"));
                classpath = jar + File.pathSeparator + classpath;
            } catch (RuntimeException e) { // the patch does not apply, does not compile, or the jar cannot be written
                return CheckOutcome.error("setup error: cannot build the shadow jar of twin " + p.twin(), e);
            }
        }
        List<String> command = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                classpath,
                LincheckRun.class.getName(),
                p.scene().getName(),
                p.strategy().name(),
                result.toString());
        Process child;
        try {
            child = ChildProcesses.start(
                    new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()));
        } catch (IOException e) {
            return CheckOutcome.error("the check's JVM did not start", e);
        }
        if (!child.waitFor(CHECK_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            child.destroyForcibly().waitFor();
            return CheckOutcome.error(
                    "the check's JVM did not finish in " + CHECK_TIMEOUT.toMinutes() + " minutes and was killed",
                    readLog(log));
        }
        if (!Files.exists(result)) {
            return CheckOutcome.error(
                    "the check's JVM exited (code " + child.exitValue() + ") without a result", readLog(log));
        }
        return CheckOutcome.parse(Files.readAllLines(result, StandardCharsets.UTF_8));
    }

    private static String readLog(Path log) throws IOException {
        return Files.exists(log) ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8) : "(no output)";
    }

    private static String settings(Strategy s) {
        return (s == Strategy.MODEL_CHECKING
                        ? MC_ITERATIONS + " scenarios x " + MC_INVOCATIONS + " interleavings"
                        : STRESS_ITERATIONS + " scenarios x " + STRESS_INVOCATIONS + " runs")
                + ", plus 3 targeted; 2 threads x 2 operations, 2 before, 1 after";
    }

    /**
     * The check's own JVM: {@code LincheckRun SCENE_CLASS STRATEGY RESULT_FILE} runs one check and
     * writes its {@link CheckOutcome} to the result file. Anything thrown on the way, from a scene
     * class that does not load to a constructor that throws, is written as an error.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: LincheckRun SCENE_CLASS MODEL_CHECKING|STRESS RESULT_FILE");
            System.exit(2);
        }
        CheckOutcome outcome;
        try {
            outcome = runCheck(Class.forName(args[0]), Strategy.valueOf(args[1]));
        } catch (Throwable t) { // a setup error of any kind: no verdict, and the gate must hear of it
            outcome = CheckOutcome.error("setup error: the check did not reach a verdict", t);
        }
        Files.writeString(Path.of(args[2]), outcome.serialize(), StandardCharsets.UTF_8);
        System.exit(0); // Lincheck leaves threads behind
    }

    private static CheckOutcome runCheck(Class<?> scene, Strategy strategy) {
        Options<?, ?> options = strategy == Strategy.MODEL_CHECKING
                ? new ModelCheckingOptions().iterations(MC_ITERATIONS).invocationsPerIteration(MC_INVOCATIONS)
                : new StressOptions().iterations(STRESS_ITERATIONS).invocationsPerIteration(STRESS_INVOCATIONS);
        options.threads(2)
                .actorsPerThread(2)
                .actorsBefore(2)
                .actorsAfter(1)
                .sequentialSpecification(BroadcastScene.Model.class);
        for (ExecutionScenario s : targetedScenarios()) {
            options.addCustomScenario(s);
        }
        try {
            options.check(scene);
            return CheckOutcome.passed();
        } catch (LincheckAssertionError e) {
            // The typed failure behind Lincheck's report. Its accessor is Kotlin-internal (public in
            // the bytecode); Lincheck is pinned, and an upgrade that drops it breaks the build, not
            // the verdict.
            return CheckOutcome.of(e.getFailure$lincheck(), e.getMessage(), strategy);
        }
    }

    /** The scenarios that put a known race in the parallel part (see the class comment), in {@link #RACES}' order. */
    static List<ExecutionScenario> targetedScenarios() {
        return List.copyOf(targeted(RACES).values());
    }

    /**
     * The targeted scenario of each race, in order.
     *
     * @throws IllegalStateException for a race without a scenario here
     */
    static Map<RaceCatalogue, ExecutionScenario> targeted(List<RaceCatalogue> races) {
        Actor write1 = actor("writeSync", 1);
        Actor write2 = actor("writeSync", 2);
        Actor readC0 = actor("nextC0");
        Actor readC1 = actor("nextC1");
        Actor state = actor("state");
        Map<RaceCatalogue, ExecutionScenario> scenarios = new LinkedHashMap<>();
        for (RaceCatalogue race : races) {
            scenarios.put(
                    race,
                    switch (race) {
                        case COUNT_RACE ->
                            new ExecutionScenario(
                                    List.of(write1), List.of(List.of(readC0), List.of(readC1)), List.of(state), null);
                        case READ_VS_TRIM ->
                            new ExecutionScenario(
                                    List.of(write2),
                                    List.of(List.of(readC0), List.of(readC1, write1, write1)),
                                    List.of(state),
                                    null);
                        case LAST_READ_VS_SNAPSHOT ->
                            new ExecutionScenario(
                                    List.of(write1, readC1), List.of(List.of(readC0), List.of(state)), List.of(), null);
                        default -> throw new IllegalStateException("no targeted Lincheck scenario of " + race);
                    });
        }
        return scenarios;
    }

    private static Actor actor(String operation, Object... arguments) {
        for (Method m : BroadcastScene.class.getMethods()) {
            if (m.getName().equals(operation) && m.getParameterCount() == arguments.length) {
                return new Actor(m, List.of(arguments), false, false, false, false, false);
            }
        }
        throw new IllegalArgumentException("BroadcastScene has no operation " + operation);
    }

    /** The Markdown page, {@code reports/stress/lincheck.md}, for a run without controls of the gate itself. */
    public static String markdown(List<Check> checks, String command, String machine) {
        return markdown(checks, List.of(), command, machine);
    }

    /**
     * The Markdown page, {@code reports/stress/lincheck.md}: the gate's verdict over {@code checks},
     * a row per check with its status, the errors (with what the JVM or Lincheck printed) apart from
     * the catches (with the interleavings), and the controls of the gate itself, if any: checks that
     * must end in an error and make the gate fail.
     */
    public static String markdown(List<Check> checks, List<Check> controls, String command, String machine) {
        StringBuilder b = new StringBuilder("# Lincheck: linearizability against the model\n\n");
        LincheckVerdict verdict = LincheckVerdict.of(checks);
        if (verdict.passed()) {
            b.append("**Passed**: both thread-safe variants are linearizable with respect to `ScanningModel` in every"
                    + " check, every racy twin was caught by a failed linearizability check, and no check ended in an"
                    + " error.\n\n");
        } else {
            b.append("**FAILED**:\n\n");
            verdict.problems().forEach(p -> b.append("- ").append(p).append('\n'));
            b.append('\n');
        }
        b.append(MarkdownTable.of("", "")
                        .row("Command", MarkdownTable.code(command))
                        .row("Machine", MarkdownTable.text(machine))
                        .row(
                                "Sequential specification",
                                "`BroadcastScene.Model` (`ScanningModel`; its cache is `scan()`," + " what I6 demands)")
                        .row(
                                "Operations",
                                "`writeSync(1..2)`, `write(1..2)`, `nextC0`, `nextC1` (each"
                                        + " consumer read by one thread at a time), `detachC1`, `state()`; STRICT, budget 2")
                        .row(
                                "Twins",
                                "each runs in a JVM whose class path starts with its shadow jar: the real class with"
                                        + " one patch, loaded under the real name"))
                .append('\n');
        b.append("Every check ends in one of three statuses. **PASSED**: Lincheck found every execution linearizable."
                + " **CAUGHT**: Lincheck reported invalid execution results (its `IncorrectResultsFailure`), every"
                + " operation having returned, with the interleaving under model checking; the only way a twin"
                + " counts as caught. **ERROR**: no verdict (the JVM did not start or left no result, a timeout, a"
                + " setup error, an operation of the scene threw, or Lincheck reported something else, such as an"
                + " unexpected exception or a hang); it fails the gate for a twin as for a real variant. An error"
                + " marked *hung* is Lincheck's own invocation timeout, which heavy load can trigger on a correct"
                + " variant: it is not a non-linearizable run, and a rerun on a quieter machine tells.\n\n");
        table(b, checks);
        details(b, checks, "");
        if (!controls.isEmpty()) {
            List<Check> all = new ArrayList<>(checks);
            all.addAll(controls);
            LincheckVerdict withControls = LincheckVerdict.of(all);
            boolean bites = !withControls.passed() && withControls.errors().containsAll(controls);
            b.append(
                            "## Negative controls of the gate itself\n\nRacy twins whose scene throws during setup. Each must end"
                                    + " in an ERROR, never a catch, and the gate's verdict over the checks above plus these controls"
                                    + " must be a failure. Here that verdict is **")
                    .append(withControls.passed() ? "PASSED" : "FAILED")
                    .append("**")
                    .append(
                            bites
                                    ? ", because of the controls' errors, as it must be"
                                    : ", which is WRONG: the gate does not tell an error from a catch")
                    .append(".\n\n");
            table(b, controls);
            details(b, controls, "control ");
        }
        return b.toString();
    }

    private static void table(StringBuilder b, List<Check> checks) {
        MarkdownTable table = MarkdownTable.of("subject", "strategy", "settings", "time", "status", "verdict", "reason")
                .right(3);
        for (Check c : checks) {
            table.row(
                    c.label(),
                    c.strategy(),
                    c.settings(),
                    String.format("%.1f s", c.millis() / 1000.0),
                    c.status(),
                    c.verdict(),
                    MarkdownTable.text(c.outcome().reason()));
        }
        b.append(table).append('\n');
    }

    /** Errors first, each under its own heading, then what Lincheck printed for each catch. */
    private static void details(StringBuilder b, List<Check> checks, String prefix) {
        for (Check c : checks) {
            if (c.status() == CheckOutcome.Status.ERROR) {
                b.append("## ")
                        .append(prefix)
                        .append(c.subject())
                        .append(", ")
                        .append(c.strategy())
                        .append(c.outcome().hung() ? ": ERROR (hung), no verdict\n\n" : ": ERROR, no verdict\n\n")
                        .append(c.outcome().reason())
                        .append("\n\n```\n")
                        .append(c.outcome().output().strip())
                        .append("\n```\n\n");
            }
        }
        for (Check c : checks) {
            if (c.status() == CheckOutcome.Status.CAUGHT) {
                b.append("## ")
                        .append(prefix)
                        .append(c.subject())
                        .append(", ")
                        .append(c.strategy())
                        .append(
                                c.twin()
                                        ? ": what Lincheck printed when it caught the twin\n\n"
                                        : ": NOT linearizable, what Lincheck printed\n\n")
                        .append("```\n")
                        .append(c.outcome().output().strip())
                        .append("\n```\n\n");
            }
        }
    }
}
