package io.cursorcheck.junit;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.examples.Example;
import io.cursorcheck.properties.examples.ExampleCatalogue;
import io.cursorcheck.properties.explore.ExploreSettings;
import io.cursorcheck.properties.explore.Explorer;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.properties.report.CounterexampleWriter;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.spi.Forkable;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one class of this module that reaches the suite's engine and explorer: what the entry point
 * asks of them, in the entry point's own terms ({@link Problem}, {@link LockstepVerdict},
 * {@link BoundVerdict}), so a move of the engine's classes changes this file only.
 *
 * <p>Findings against the model (the spec's own known findings) are not the user's broadcast's
 * failures: the random runs skip them ({@code subjectOnly}) and the bound reports only the subject's.
 */
final class SuiteFacade {

    /** Budget of the shortest search after each shrink, as the suite's own gate uses by default. */
    private static final long SHORTEST_STATES = 200_000;

    private SuiteFacade() {}

    /**
     * A failure of the user's broadcast, shrunk and written.
     *
     * @param title  what failed, in one line
     * @param script the counterexample's options and operations, one per line, as the page shows them
     * @param page   its Markdown page
     * @param json   its JSON file
     */
    record Problem(String title, String script, Path page, Path json) {}

    /**
     * What the lockstep check did.
     *
     * @param sequences  sequences run
     * @param operations operations run
     * @param problems   the subject's failures, one per signature
     */
    record LockstepVerdict(long sequences, long operations, List<Problem> problems) {}

    /**
     * What one exhaustive bound did.
     *
     * @param scope    the bound, in words
     * @param states   distinct states reached
     * @param complete whether every sequence up to the bound's depth was explored
     * @param problems the subject's failures, each with a shortest script
     */
    record BoundVerdict(String scope, long states, boolean complete, List<Problem> problems) {}

    /**
     * Random lockstep sequences against the model, stopping at the subject's first failure, which is
     * shrunk (and searched for a shortest script when the broadcast is forkable) and written under
     * {@code pages/counterexamples/<name>/}.
     */
    static LockstepVerdict lockstep(
            BroadcastFactory subject, long seed, long sequences, int maxSteps, int threads, Path pages) {
        RandomRun.Config config = new RandomRun.Config(
                subject,
                seed,
                sequences,
                Long.MAX_VALUE,
                maxSteps,
                Weights.DEFAULT,
                threads,
                true,
                pages.resolve("counterexamples"),
                null,
                true,
                SHORTEST_STATES);
        RandomRun.Result result = unwrapped(() -> RandomRun.run(config, new RandomRun.Progress()));
        List<Problem> problems = new ArrayList<>();
        for (RandomRun.Found f : result.subjectFailures()) {
            problems.add(new Problem(
                    f.counterexample().failure().title(),
                    f.counterexample().script().toString(),
                    f.page(),
                    f.json()));
        }
        return new LockstepVerdict(result.sequences(), result.operations(), List.copyOf(problems));
    }

    /**
     * One hand-written example of the suite's catalogue, as the entry point runs it.
     *
     * @param name    {@code Class.method} of the example
     * @param example the catalogue's example
     */
    record NamedExample(String name, Example example) {

        /**
         * Runs the example on the user's broadcast.
         *
         * @throws AssertionError            naming the example, the step, what was expected and what was found
         * @throws BroadcastFactoryException if the user's factory threw or returned null
         */
        void run(BroadcastFactory subject) {
            unwrapped(() -> {
                example.run(subject);
                return null;
            });
        }
    }

    /** The catalogue of hand-written examples that hold for every conforming broadcast, in the order they run. */
    static List<NamedExample> examples() {
        return ExampleCatalogue.all().stream()
                .map(e -> new NamedExample(e.name(), e))
                .toList();
    }

    /** Whether the broadcast the subject makes can be forked, and so explored exhaustively. */
    static boolean forkable(BroadcastFactory subject) {
        return subject.create(new Scope(Policy.STRICT, 2, List.of(1), 1, 1).options()) instanceof Forkable;
    }

    /**
     * Every sequence of up to {@code depth} operations with up to {@code consumers} attaches, budget 2 and
     * sizes 0, 1 and 2, under {@code policy}, with the writer's further paths (drain, endSync, writev,
     * writevSync, abort, spoil) if {@code writerPaths}: a subject failure's shortest script is written under
     * {@code pages/counterexamples/<name>/}.
     */
    static BoundVerdict bound(
            BroadcastFactory subject,
            Policy policy,
            int consumers,
            int depth,
            boolean writerPaths,
            long stateLimit,
            Path pages) {
        Scope scope = new Scope(policy, 2, List.of(0, 1, 2), consumers, depth, writerPaths);
        Explorer.Result r = unwrapped(() ->
                Explorer.explore(subject, scope, ExploreSettings.of(stateLimit).stoppingOnSubjectFailure(true), null));
        List<Problem> problems = new ArrayList<>();
        for (Explorer.Found f : r.subjectFailures()) {
            // The explorer's script is a shortest one (breadth first): written as the suite writes its own.
            Counterexample cx = new Counterexample(
                    subject.id(),
                    f.run().script(),
                    null,
                    depth,
                    "exhaustive",
                    f.run().script().length(),
                    0,
                    f.failure(),
                    "exhaustive exploration of " + scope + " (breadth first: no shorter script in this bound fails)");
            Path[] files = CounterexampleWriter.write(
                    cx,
                    f.run(),
                    subject.description(),
                    subject.entryPointTest(),
                    null,
                    pages.resolve("counterexamples"));
            problems.add(new Problem(f.failure().title(), cx.script().toString(), files[1], files[0]));
        }
        return new BoundVerdict(scope.toString(), r.states(), r.complete(), List.copyOf(problems));
    }

    /**
     * A script to replay: its options and operations, and the known findings its comparison continues past.
     *
     * @param script        the options and operations
     * @param continuedPast names of the known findings the replay continues past, empty for none
     */
    record Replay(Script script, List<String> continuedPast) {}

    /**
     * Parses a script as a counterexample page prints it: a first line {@code // budget=B, policy=P}, then one
     * operation per line.
     *
     * @throws IllegalArgumentException naming what is wrong: no options line, bad options, a line that is not
     *                                  an operation, a consumer never attached
     */
    static Script parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("cursorcheck: the script to replay must not be null");
        }
        List<String> lines =
                text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (lines.isEmpty() || !lines.get(0).startsWith("//")) {
            throw new IllegalArgumentException("cursorcheck: a script to replay starts with its options, e.g."
                    + " '// budget=1, policy=STRICT', was " + (lines.isEmpty() ? "empty" : "'" + lines.get(0) + "'"));
        }
        Options options = Script.parseOptions(lines.get(0).substring(2));
        return Script.parse(options, lines.subList(1, lines.size()));
    }

    /**
     * Reads a counterexample file the check wrote.
     *
     * @throws IllegalArgumentException naming the file, when it is missing or not a counterexample file
     */
    static Replay read(Path json) {
        try {
            Counterexample.Stored stored = Counterexample.read(json);
            return new Replay(stored.script(), stored.continuedPast());
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cursorcheck: no counterexample file " + json.toAbsolutePath(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cursorcheck: cannot read the counterexample file " + json, e);
        }
    }

    /**
     * Replays a script in lockstep with the model.
     *
     * @return the subject's failure in words (what, at which step, the script up to it), or null when it passes
     */
    static String replay(BroadcastFactory subject, Replay replay) {
        Lockstep.Run run =
                unwrapped(() -> Lockstep.run(subject, replay.script(), Tolerance.of(replay.continuedPast())));
        Failure f = run.failure();
        if (f == null) {
            return null;
        }
        if (f.kind().againstModel()) { // the spec's own finding, not the subject's: as the random runs skip it
            System.out.printf(
                    "cursorcheck %s: the replay stops at a finding against the model (%s), not the"
                            + " broadcast's failure%n",
                    subject.id(), f.title());
            return null;
        }
        return f.title() + " at step " + f.step() + (f.detail() == null ? "" : " (" + f.detail() + ")")
                + "\n  script:\n"
                + run.script()
                        .toString()
                        .lines()
                        .map(l -> "    " + l)
                        .collect(java.util.stream.Collectors.joining("\n"));
    }

    /** Runs {@code body}; a crash caused by the user's factory surfaces as the factory's own exception. */
    private static <T> T unwrapped(java.util.function.Supplier<T> body) {
        try {
            return body.get();
        } catch (RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof BroadcastFactoryException factory) {
                    throw factory;
                }
            }
            throw e;
        }
    }
}
