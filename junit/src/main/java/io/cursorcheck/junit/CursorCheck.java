package io.cursorcheck.junit;

import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.run.GateSeed;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.AssertionFailedError;

/**
 * Checks a project's own {@link Broadcast} against the suite's reference model, as JUnit 5 dynamic
 * tests:
 *
 * <pre>{@code
 * class MyBroadcastCheck {
 *     @TestFactory
 *     Stream<DynamicTest> cursorcheck() {
 *         return CursorCheck.of("my-broadcast", MyBroadcast::new).tests();
 *     }
 * }
 * }</pre>
 *
 * <p>The tests: the factory makes a broadcast under every policy; the suite's hand-written examples, one test
 * each, every step's answer and state as spec §2 gives them (a failure names the example, the step, what was
 * expected and what was found); random lockstep sequences against the model (every invariant checked on both sides after every operation), the first failure shrunk
 * and written as a counterexample (JSON and Markdown) under {@code target/cursorcheck/counterexamples/<name>/};
 * and, if the broadcast is {@link io.cursorcheck.spi.Forkable}, exhaustive bounds (two per policy), whose
 * failures have a shortest script. A broadcast that is not forkable has its bounds reported as
 * skipped (aborted), with the reason. A failing test's message holds the counterexample's script
 * and the path of its page.
 *
 * <p>Seeds: the random part runs on the seed of {@code -Dcursorcheck.seed} ({@code 20261201} when
 * unset, so a red build is red again; {@code fresh} draws one), printed with the command that replays it.
 *
 * <p>Replays: {@code -Dcursorcheck.replay=FILE} runs one counterexample file the check wrote instead of the random
 * sequences (the command its page gives), and {@link #replay(String, String...)} runs one script in a test of
 * the project's own (the regression test its page gives).
 *
 * <p>Findings against the model (the spec's algorithm breaking its own invariants, which the suite
 * keeps as known findings) are not the broadcast's failures and are not reported here; a sequence
 * where the model breaks one stops there.
 *
 * <p>Immutable; every {@code with} method returns a new check.
 */
public final class CursorCheck {

    /** The system property naming a counterexample file to replay instead of the random sequences. */
    public static final String REPLAY_PROPERTY = "cursorcheck.replay";

    /** A name that is safe as a directory name and in a command line. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    /** The default bound: the gate's three consumers, two operations shallower, so a unit-test run stays short. */
    private static final int DEPTH = 9;

    private static final int CONSUMERS = 3;
    /** The writer-paths bound, as the suite's own gate explores it (spec §2's drain, endSync, writev, abort, spoil). */
    private static final int WRITER_PATHS_DEPTH = 7;

    private static final int WRITER_PATHS_CONSUMERS = 2;
    /** States at most per bound: far above the defaults' (tens of thousands), so only a deeper bound reaches it. */
    private static final long STATE_LIMIT = 2_000_000;

    private final String name;
    private final Function<Options, ? extends Broadcast> factory;
    private final Algorithm algorithm;
    private final long sequences;
    private final int maxSteps;
    private final int depth;
    private final int consumers;
    private final Path pages;
    private final String testClass;

    private CursorCheck(
            String name,
            Function<Options, ? extends Broadcast> factory,
            Algorithm algorithm,
            long sequences,
            int maxSteps,
            int depth,
            int consumers,
            Path pages,
            String testClass) {
        this.name = name;
        this.factory = factory;
        this.algorithm = algorithm;
        this.sequences = sequences;
        this.maxSteps = maxSteps;
        this.depth = depth;
        this.consumers = consumers;
        this.pages = pages;
        this.testClass = testClass;
    }

    /**
     * A check of the broadcasts {@code factory} makes, with the defaults: the algorithm as Node
     * releases it (spec §2), 2,000 random sequences of at most 60 operations, bounds 9 operations
     * deep with 3 consumers (and the writer's further paths 7 deep with 2), pages under {@code target/cursorcheck/}.
     *
     * @param name    a short name for reports and directories: letters, digits, {@code . _ -}, at most 64
     * @param factory makes a fresh, empty broadcast with an open writer for the given options
     * @return the check
     * @throws IllegalArgumentException if {@code name} is null or not such a name, or {@code factory} is null
     */
    public static CursorCheck of(String name, Function<Options, ? extends Broadcast> factory) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("cursorcheck: name must be 1 to 64 letters, digits, '.', '_' or '-',"
                    + " starting with a letter or digit, was " + (name == null ? "null" : "'" + name + "'"));
        }
        if (factory == null) {
            throw new IllegalArgumentException("cursorcheck: the broadcast factory of '" + name + "' must not be null");
        }
        String caller = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                .getCallerClass()
                .getSimpleName();
        return new CursorCheck(
                name,
                factory,
                Algorithm.AS_RELEASED,
                2_000,
                60,
                DEPTH,
                CONSUMERS,
                Path.of("target", "cursorcheck"),
                caller);
    }

    /**
     * The same check against another reference: {@link Algorithm#CORRECTED} for a broadcast that follows
     * the correction of spec §8.
     *
     * @param reference the algorithm the broadcast follows
     * @return the new check
     * @throws IllegalArgumentException if {@code reference} is null
     */
    public CursorCheck withAlgorithm(Algorithm reference) {
        if (reference == null) {
            throw new IllegalArgumentException("cursorcheck: the algorithm of '" + name + "' must not be null");
        }
        return new CursorCheck(name, factory, reference, sequences, maxSteps, depth, consumers, pages, testClass);
    }

    /**
     * The same check with another number of random sequences.
     *
     * @param count sequences, at least 1
     * @return the new check
     * @throws IllegalArgumentException if {@code count} is below 1
     */
    public CursorCheck withSequences(long count) {
        if (count < 1) {
            throw new IllegalArgumentException("cursorcheck: sequences must be >= 1, was " + count);
        }
        return new CursorCheck(name, factory, algorithm, count, maxSteps, depth, consumers, pages, testClass);
    }

    /**
     * The same check with exhaustive bounds of another depth (each level multiplies the states).
     *
     * @param operations the longest sequence explored, 1 to 12
     * @return the new check
     * @throws IllegalArgumentException if {@code operations} is outside 1 to 12
     */
    public CursorCheck withDepth(int operations) {
        if (operations < 1 || operations > 12) {
            throw new IllegalArgumentException("cursorcheck: depth must be 1 to 12, was " + operations);
        }
        return new CursorCheck(name, factory, algorithm, sequences, maxSteps, operations, consumers, pages, testClass);
    }

    /**
     * The same check with exhaustive bounds that attach up to another number of consumers.
     *
     * @param count consumers, 1 to 4
     * @return the new check
     * @throws IllegalArgumentException if {@code count} is outside 1 to 4
     */
    public CursorCheck withConsumers(int count) {
        if (count < 1 || count > 4) {
            throw new IllegalArgumentException("cursorcheck: consumers must be 1 to 4, was " + count);
        }
        return new CursorCheck(name, factory, algorithm, sequences, maxSteps, depth, count, pages, testClass);
    }

    /**
     * The same check writing its pages under another directory.
     *
     * @param dir the directory ({@code counterexamples/<name>/} and a copy of the spec go under it)
     * @return the new check
     * @throws IllegalArgumentException if {@code dir} is null
     */
    public CursorCheck withPages(Path dir) {
        if (dir == null) {
            throw new IllegalArgumentException("cursorcheck: the pages directory of '" + name + "' must not be null");
        }
        return new CursorCheck(name, factory, algorithm, sequences, maxSteps, depth, consumers, dir, testClass);
    }

    /**
     * The tests, for a {@code @TestFactory}: the factory, the hand-written examples, the lockstep check, then one
     * bound per policy, then
     * one bound with the writer's further paths per policy.
     *
     * @return the dynamic tests, each named by what it checks
     */
    public Stream<DynamicTest> tests() {
        UserSubject subject = subject();
        List<DynamicTest> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest(
                name + ": the factory makes a broadcast under every policy", () -> factoryWorks(subject)));
        for (SuiteFacade.NamedExample example : SuiteFacade.examples()) {
            tests.add(DynamicTest.dynamicTest(name + ": example " + example.name(), () -> example.run(subject)));
        }
        String replay = System.getProperty(REPLAY_PROPERTY);
        if (replay != null) {
            // One counterexample file instead of random sequences: a page's replay command.
            tests.add(DynamicTest.dynamicTest(name + ": replay " + replay, () -> replayFile(subject, replay)));
        } else {
            tests.add(DynamicTest.dynamicTest(
                    name + ": lockstep with the model, " + sequences + " random sequences", () -> lockstep(subject)));
        }
        for (Policy policy : Policy.values()) {
            tests.add(DynamicTest.dynamicTest(
                    name + ": every sequence of " + depth + " operations, " + consumers + " consumers, " + policy,
                    () -> bound(subject, policy, consumers, depth, false)));
        }
        for (Policy policy : Policy.values()) {
            tests.add(DynamicTest.dynamicTest(
                    name + ": every sequence of " + WRITER_PATHS_DEPTH + " operations with the"
                            + " writer's further paths, " + WRITER_PATHS_CONSUMERS + " consumers, " + policy,
                    () -> bound(subject, policy, WRITER_PATHS_CONSUMERS, WRITER_PATHS_DEPTH, true)));
        }
        return tests.stream();
    }

    /**
     * Replays one script in lockstep with the model and fails if the broadcast fails it: the regression test a
     * counterexample page gives, for the project's own test code.
     *
     * <pre>{@code
     * @Test
     * void divergence60934d() {
     *     CursorCheck.of("fan-out", FanOut::create).replay("""
     *             // budget=1, policy=STRICT
     *             c0 = attach()
     *             next(c0)
     *             """);
     * }
     * }</pre>
     *
     * @param script        the options line ({@code // budget=B, policy=P}) and one operation per line, as the
     *                      page prints them
     * @param continuedPast the known findings the comparison continues past, as the page's test names them
     * @throws IllegalArgumentException if the script is null, has no options line, or a line is not an operation
     * @throws AssertionFailedError     if the broadcast fails the script: what, at which step, and the script
     */
    public void replay(String script, String... continuedPast) {
        Script parsed = SuiteFacade.parse(script);
        String failure = SuiteFacade.replay(subject(), new SuiteFacade.Replay(parsed, List.of(continuedPast)));
        if (failure != null) {
            throw new AssertionFailedError("cursorcheck " + name + " fails the replayed script: " + failure);
        }
    }

    private UserSubject subject() {
        return new UserSubject(name, factory, algorithm, testClass);
    }

    private void replayFile(UserSubject subject, String file) {
        if (file.isBlank()) {
            throw new IllegalArgumentException(
                    "cursorcheck: -D" + REPLAY_PROPERTY + " must name a counterexample" + " file, was empty");
        }
        PagesRoot.prepare(pages);
        String failure = SuiteFacade.replay(subject, SuiteFacade.read(Path.of(file)));
        System.out.printf("cursorcheck %s: replayed %s: %s%n", name, file, failure == null ? "passes" : "fails");
        if (failure != null) {
            throw new AssertionFailedError("cursorcheck " + name + " fails the replay of " + file + ": " + failure);
        }
    }

    private static void factoryWorks(UserSubject subject) {
        for (Policy policy : Policy.values()) {
            subject.create(Options.of(2, policy)); // throws BroadcastFactoryException, naming the factory
        }
    }

    private void lockstep(UserSubject subject) {
        GateSeed.Seed seed = GateSeed.get();
        System.out.printf(
                "cursorcheck %s: %s; replay: mvn -B verify -Dtest='%s' -D%s=%d%n",
                name, seed.describe(), testClass, GateSeed.PROPERTY, seed.value());
        Path root = PagesRoot.prepare(pages);
        // Two workers at most: the user's build runs other tests beside this one.
        int threads = Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));
        SuiteFacade.LockstepVerdict v = SuiteFacade.lockstep(subject, seed.value(), sequences, maxSteps, threads, root);
        System.out.printf(
                "cursorcheck %s: %,d sequences, %,d operations, %d failure(s)%n",
                name, v.sequences(), v.operations(), v.problems().size());
        if (!v.problems().isEmpty()) {
            throw new AssertionFailedError(describe(
                    v.problems(),
                    "lockstep with the model, " + seed.describe() + "; replay: mvn -B verify -Dtest='" + testClass
                            + "' -D" + GateSeed.PROPERTY + "=" + seed.value()));
        }
    }

    private void bound(UserSubject subject, Policy policy, int attaches, int operations, boolean writerPaths) {
        Assumptions.assumeTrue(
                SuiteFacade.forkable(subject),
                () -> name + " is not io.cursorcheck.spi.Forkable:"
                        + " the exhaustive bound needs fork() and writeKey(), so it is skipped (the lockstep check still ran)");
        Path root = PagesRoot.prepare(pages);
        SuiteFacade.BoundVerdict v =
                SuiteFacade.bound(subject, policy, attaches, operations, writerPaths, STATE_LIMIT, root);
        System.out.printf(
                "cursorcheck %s: %s, %,d states%s%n",
                name,
                v.scope(),
                v.states(),
                !v.problems().isEmpty()
                        ? " (stopped at the level of the first failure)"
                        : v.complete() ? "" : " (incomplete: state limit reached)");
        if (!v.problems().isEmpty()) {
            throw new AssertionFailedError(describe(v.problems(), "exhaustive bound " + v.scope()));
        }
        if (!v.complete()) {
            throw new AssertionFailedError("cursorcheck " + name + ": the bound " + v.scope()
                    + " was not explored completely (state limit reached at " + v.states()
                    + " states): lower the depth");
        }
    }

    private String describe(List<SuiteFacade.Problem> problems, String where) {
        return "cursorcheck " + name + " fails (" + where + "):\n"
                + problems.stream()
                        .map(p -> "  " + p.title() + "\n  page: " + p.page() + "\n  json: " + p.json() + "\n  script:\n"
                                + p.script().lines().map(l -> "    " + l).collect(Collectors.joining("\n")))
                        .collect(Collectors.joining("\n\n"));
    }

    @Override
    public String toString() {
        return "CursorCheck[" + name + ", " + algorithm + ", " + sequences + " sequences, depth " + depth + ", "
                + consumers + " consumers, pages " + pages + "]";
    }
}
