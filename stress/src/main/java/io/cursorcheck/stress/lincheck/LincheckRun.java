package io.cursorcheck.stress.lincheck;

import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.mutants.Mutants;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * Runs the Lincheck checks: both thread-safe variants against {@link BroadcastScene.Model} (the
 * sequential specification on the model), with model checking and with stress, and the racy twins,
 * which must fail; keeps what Lincheck prints for every failure (the scenario, the results, and for
 * model checking the interleaving).
 *
 * <p>Every check runs in a JVM of its own. A twin's JVM has the twin's shadow jar first on its class
 * path ({@link MutantCompiler#writeShadowJar}), so there the twin <em>is</em>
 * {@code PublishedCursorBroadcast} (or {@code LockedCountBroadcast}) and loads exactly as the real
 * class does: Lincheck's model checker explores only classes it instruments as the analysed code
 * loads them, and a twin from a class loader of our own would run unexplored, and pass.
 *
 * <p>Each check runs generated scenarios (two threads, two operations each, two before and one
 * after) plus targeted scenarios that put a known race right in the parallel part, so model
 * checking explores every interleaving of it:
 * <ul>
 * <li>the count race: a write, then c0 and c1 reading at once, then the state;</li>
 * <li>a read racing a trim and a reuse: a 2-byte entry fills the budget, then c0 reads while c1
 *     reads (last at the minimum: it trims) and writes two 1-byte entries, the second landing in
 *     entry 0's ring slot, then the state;</li>
 * <li>the last read at the minimum racing a snapshot: a write, c1 reads ahead, then c0 (alone at
 *     the minimum) reads while another thread takes the state: the race in which Lincheck found the
 *     gap of an earlier design (twin {@code split-last-read}).</li>
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
     * @param subject  {@code Locked}, {@code Published}, or a twin's id
     * @param strategy model checking or stress
     * @param twin     whether the subject is a racy twin, expected to fail
     * @param settings the options, in words
     * @param millis   how long it took, JVM start included
     * @param failed   whether Lincheck reported a non-linearizable execution (or any error)
     * @param output   what Lincheck printed for the failure, or null
     */
    public record Check(String subject, Strategy strategy, boolean twin, String settings, long millis, boolean failed,
                        String output) {
        /** Whether the outcome is the expected one: a real variant passed, a twin was caught. */
        public boolean asExpected() {
            return twin == failed;
        }
    }

    /**
     * A check to run.
     *
     * @param scene    the {@link BroadcastScene} subclass the JVM runs
     * @param twin     the racy twin shadowing the real class in that JVM, or null
     * @param strategy model checking or stress
     */
    record Planned(String scene, String twin, Strategy strategy) {
    }

    /** The checks of a run: real variants both ways; each twin the way that shows it. */
    static final List<Planned> PLAN = List.of(
            new Planned("Locked", null, Strategy.MODEL_CHECKING),
            new Planned("Locked", null, Strategy.STRESS),
            new Planned("Published", null, Strategy.MODEL_CHECKING),
            new Planned("Published", null, Strategy.STRESS),
            new Planned("Published", "split-last-read", Strategy.MODEL_CHECKING),
            new Planned("Published", "plain-count-decrement", Strategy.MODEL_CHECKING),
            new Planned("Published", "cursor-published-before-read", Strategy.MODEL_CHECKING));

    /** The racy twins the plan checks. */
    public static java.util.Set<String> twins() {
        return PLAN.stream().map(Planned::twin).filter(java.util.Objects::nonNull)
                .collect(java.util.stream.Collectors.toSet());
    }

    /** Model checking: generated scenarios and interleavings per scenario (about 30 s per real variant). */
    static final int MC_ITERATIONS = 10;
    static final int MC_INVOCATIONS = 100;
    /** Stress: generated scenarios and runs per scenario. */
    static final int STRESS_ITERATIONS = 10;
    static final int STRESS_INVOCATIONS = 1_000;

    private LincheckRun() {
    }

    /** Runs every planned check, each in a JVM of its own; {@code work} keeps the shadow jars and logs. */
    public static List<Check> all(Path work) throws IOException, InterruptedException {
        Files.createDirectories(work);
        List<Check> checks = new ArrayList<>();
        for (Planned p : PLAN) {
            checks.add(run(p, work));
        }
        return checks;
    }

    private static Check run(Planned p, Path work) throws IOException, InterruptedException {
        String name = p.twin() != null ? p.twin() : p.scene();
        String classpath = System.getProperty("java.class.path");
        if (p.twin() != null) {
            Path jar = MutantCompiler.writeShadowJar(Mutants.named(p.twin()), work.resolve(p.twin() + ".jar"));
            classpath = jar + File.pathSeparator + classpath;
        }
        Path result = work.resolve(name + "-" + p.strategy() + ".result");
        Path log = work.resolve(name + "-" + p.strategy() + ".log");
        Files.deleteIfExists(result);
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath,
                LincheckRun.class.getName(), p.scene(), p.strategy().name(), result.toString());
        long start = System.currentTimeMillis();
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!child.waitFor(20, TimeUnit.MINUTES)) {
            child.destroyForcibly();
        }
        long millis = System.currentTimeMillis() - start;
        String settings = settings(p.strategy());
        if (!Files.exists(result)) {
            return new Check(name, p.strategy(), p.twin() != null, settings, millis, true,
                    "the check's JVM ended without a result; its output:\n" + Files.readString(log));
        }
        List<String> lines = Files.readAllLines(result, StandardCharsets.UTF_8);
        boolean failed = lines.get(0).equals("failed");
        String output = failed ? String.join("\n", lines.subList(1, lines.size())) : null;
        return new Check(name, p.strategy(), p.twin() != null, settings, millis, failed, output);
    }

    private static String settings(Strategy s) {
        return (s == Strategy.MODEL_CHECKING ? MC_ITERATIONS + " scenarios x " + MC_INVOCATIONS + " interleavings"
                : STRESS_ITERATIONS + " scenarios x " + STRESS_INVOCATIONS + " runs")
                + ", plus 3 targeted; 2 threads x 2 operations, 2 before, 1 after";
    }

    /**
     * The check's own JVM: {@code LincheckRun SCENE STRATEGY RESULT_FILE} runs one check and writes
     * {@code passed}, or {@code failed} and what Lincheck printed, to the result file.
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: LincheckRun Locked|Published MODEL_CHECKING|STRESS RESULT_FILE");
            System.exit(2);
        }
        Class<?> scene = Class.forName(BroadcastScene.class.getName() + "$" + args[0]);
        Strategy strategy = Strategy.valueOf(args[1]);
        Options<?, ?> options = strategy == Strategy.MODEL_CHECKING
                ? new ModelCheckingOptions().iterations(MC_ITERATIONS).invocationsPerIteration(MC_INVOCATIONS)
                : new StressOptions().iterations(STRESS_ITERATIONS).invocationsPerIteration(STRESS_INVOCATIONS);
        options.threads(2).actorsPerThread(2).actorsBefore(2).actorsAfter(1)
                .sequentialSpecification(BroadcastScene.Model.class);
        for (ExecutionScenario s : targetedScenarios()) {
            options.addCustomScenario(s);
        }
        String outcome;
        try {
            options.check(scene);
            outcome = "passed\n";
        } catch (AssertionError | RuntimeException e) {
            outcome = "failed\n" + e.getMessage();
        }
        Files.writeString(Path.of(args[2]), outcome, StandardCharsets.UTF_8);
        System.exit(0); // Lincheck leaves threads behind
    }

    /** The scenarios that put a known race in the parallel part (see the class comment). */
    static List<ExecutionScenario> targetedScenarios() {
        Actor write1 = actor("writeSync", 1);
        Actor write2 = actor("writeSync", 2);
        Actor readC0 = actor("nextC0");
        Actor readC1 = actor("nextC1");
        Actor state = actor("state");
        ExecutionScenario countRace = new ExecutionScenario(List.of(write1), List.of(List.of(readC0), List.of(readC1)),
                List.of(state), null);
        ExecutionScenario readVsReuse = new ExecutionScenario(List.of(write2),
                List.of(List.of(readC0), List.of(readC1, write1, write1)), List.of(state), null);
        ExecutionScenario lastReadVsState = new ExecutionScenario(List.of(write1, readC1),
                List.of(List.of(readC0), List.of(state)), List.of(), null);
        return List.of(countRace, readVsReuse, lastReadVsState);
    }

    private static Actor actor(String operation, Object... arguments) {
        for (Method m : BroadcastScene.class.getMethods()) {
            if (m.getName().equals(operation) && m.getParameterCount() == arguments.length) {
                return new Actor(m, List.of(arguments), false, false, false, false, false);
            }
        }
        throw new IllegalArgumentException("BroadcastScene has no operation " + operation);
    }

    /** The Markdown page, {@code reports/stress/lincheck.md}. */
    public static String markdown(List<Check> checks, String command, String machine) {
        StringBuilder b = new StringBuilder("# Lincheck: linearizability against the model\n\n");
        boolean ok = checks.stream().allMatch(Check::asExpected);
        b.append(ok ? "**Passed**: both thread-safe variants are linearizable with respect to `ScanningModel` in every"
                + " check, and every racy twin was caught.\n\n" : "**FAILED**: see the checks marked below.\n\n");
        b.append("| | |\n|---|---|\n| Command | `").append(command).append("` |\n| Machine | ").append(machine)
                .append(" |\n| Sequential specification | `BroadcastScene.Model` (`ScanningModel`; its cache is `scan()`,"
                        + " what I6 demands) |\n| Operations | `writeSync(1..2)`, `write(1..2)`, `nextC0`, `nextC1` (each"
                        + " consumer read by one thread at a time), `detachC1`, `state()`; STRICT, budget 2 |\n"
                        + "| Twins | each runs in a JVM whose class path starts with its shadow jar: the real class with"
                        + " one patch, loaded under the real name |\n\n");
        b.append("| subject | strategy | settings | time | verdict |\n|---|---|---|---:|---|\n");
        for (Check c : checks) {
            b.append("| ").append(c.twin() ? "twin `" + c.subject() + "`" : c.subject()).append(" | ")
                    .append(c.strategy()).append(" | ").append(c.settings()).append(" | ")
                    .append(String.format("%.1f s", c.millis() / 1000.0)).append(" | ")
                    .append(c.twin() ? (c.failed() ? "caught (as it must be)" : "**NOT caught**")
                            : c.failed() ? "**FAILED**" : "passed")
                    .append(" |\n");
        }
        b.append('\n');
        for (Check c : checks) {
            if (c.output() != null) {
                b.append("## ").append(c.subject()).append(", ").append(c.strategy()).append(c.twin()
                        ? ": what Lincheck printed when it caught the twin\n\n"
                        : ": what Lincheck printed\n\n").append("```\n").append(c.output().strip()).append("\n```\n\n");
            }
        }
        return b.toString();
    }
}
