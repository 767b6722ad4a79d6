package io.cursorcheck.properties.campaign;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.explore.ExploreSettings;
import io.cursorcheck.properties.explore.Explorer;
import io.cursorcheck.properties.explore.Keying;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.properties.report.CounterexampleWriter;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Policy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Explores a scope for every policy: subjects that must hold the bound explored completely,
 * negative controls until they fail (breadth-first: with a shortest counterexample), each control
 * also found by a random run and shrunk, so the two lengths can be compared. Writes every
 * counterexample like the lockstep engine does.
 */
public final class ExploreRun {

    /**
     * A negative control: where the explorer caught it, and how long the random engine's counterexample is.
     *
     * @param subject     the control's id
     * @param caught      the shortest failure over all policies, or null if the bound never showed one
     * @param policy      the policy of that failure
     * @param shrunk      the length the random engine reported (shrunk, then searched), or -1 if the random run missed it
     * @param algorithm   the algorithm the control follows, and so the model it was checked against
     * @param scope       the bound (at its full depth, under that policy) whose exploration showed the failure, or
     *                    null if none did
     */
    public record Control(
            String subject, Explorer.Found caught, Policy policy, int shrunk, Algorithm algorithm, Scope scope) {}

    /**
     * What a run explored.
     *
     * @param bounds   one result per subject that must hold, and per policy
     * @param controls one per negative control
     * @param pages    counterexample pages written, by signature and subject
     * @param algorithms the algorithm of every subject explored, by id (spec §2 as released, or §8)
     */
    public record Result(
            List<Explorer.Result> bounds,
            List<Control> controls,
            Map<String, Path> pages,
            Map<String, Algorithm> algorithms) {

        /** The algorithm a subject explored follows (as released if it is not one of this run's). */
        public Algorithm algorithmOf(String subject) {
            return algorithms.getOrDefault(subject, Algorithm.AS_RELEASED);
        }

        /** This run's bounds, controls, pages and algorithms followed by {@code more}'s, as one run. */
        public Result with(Result more) {
            List<Explorer.Result> b = new ArrayList<>(bounds);
            b.addAll(more.bounds);
            List<Control> c = new ArrayList<>(controls);
            c.addAll(more.controls);
            Map<String, Path> p = new LinkedHashMap<>(pages);
            p.putAll(more.pages);
            Map<String, Algorithm> a = new LinkedHashMap<>(algorithms);
            a.putAll(more.algorithms);
            return new Result(List.copyOf(b), List.copyOf(c), p, a);
        }

        /** Whether every bound holds and every control was caught. */
        public boolean passed() {
            return bounds.stream().allMatch(Explorer.Result::holds)
                    && controls.stream().allMatch(c -> c.caught() != null);
        }
    }

    private ExploreRun() {}

    /**
     * Runs it.
     *
     * @param holding   subjects that must hold the bound
     * @param controls  subjects the bound must catch
     * @param scopes    the scope for each policy, for the subjects that must hold
     * @param controlScopes the scope for each policy in which the controls must be caught
     * @param stateLimit the most distinct states per exploration
     * @param known     the known findings against the model
     * @param counterexamples where counterexamples go, or null
     * @param log       progress
     */
    public static Result run(
            List<BroadcastFactory> holding,
            List<BroadcastFactory> controls,
            Function<Policy, Scope> scopes,
            Function<Policy, Scope> controlScopes,
            long stateLimit,
            KnownFindings known,
            Path counterexamples,
            Consumer<String> log) {
        return run(holding, controls, List.of(scopes), List.of(controlScopes), stateLimit, known, counterexamples, log);
    }

    /**
     * Runs it with several bounds: each subject that must hold is explored in each, under every policy
     * (e.g. the gate's bound and the writer-paths bound, {@link Scope#writerPaths}).
     *
     * @param holding   subjects that must hold every bound
     * @param controls  subjects the bound must catch
     * @param bounds    the bounds, each a scope for each policy
     * @param controlBounds the bounds, each a scope for each policy, in which the controls must be caught (a
     *                  control counts with its shortest failure over all of them, {@link #shortest(BroadcastFactory,
     *                  List, long, KnownFindings, Path, Map)})
     * @param stateLimit the most distinct states per exploration
     * @param known     the known findings against the model
     * @param counterexamples where counterexamples go, or null
     * @param log       progress
     */
    public static Result run(
            List<BroadcastFactory> holding,
            List<BroadcastFactory> controls,
            List<Function<Policy, Scope>> bounds,
            List<Function<Policy, Scope>> controlBounds,
            long stateLimit,
            KnownFindings known,
            Path counterexamples,
            Consumer<String> log) {
        return run(
                holding, controls, bounds, controlBounds, ExploreSettings.of(stateLimit), known, counterexamples, log);
    }

    /**
     * Runs it with several bounds and the explorer's settings (threads, key, state limit per exploration; its
     * {@code stopOnSubjectFailure} and {@code progress} are ignored: each exploration sets its own).
     *
     * @param holding   subjects that must hold every bound
     * @param controls  subjects the bound must catch
     * @param bounds    the bounds, each a scope for each policy
     * @param controlBounds the bounds in which the controls must be caught
     * @param settings  the explorer's settings
     * @param known     the known findings against the model
     * @param counterexamples where counterexamples go, or null
     * @param log       progress
     */
    public static Result run(
            List<BroadcastFactory> holding,
            List<BroadcastFactory> controls,
            List<Function<Policy, Scope>> bounds,
            List<Function<Policy, Scope>> controlBounds,
            ExploreSettings settings,
            KnownFindings known,
            Path counterexamples,
            Consumer<String> log) {
        Map<String, Path> pages = new LinkedHashMap<>();
        Map<String, Algorithm> algorithms = new LinkedHashMap<>();
        holding.forEach(s -> algorithms.put(s.id(), s.algorithm()));
        controls.forEach(s -> algorithms.put(s.id(), s.algorithm()));
        List<Explorer.Result> results = new ArrayList<>();
        for (Function<Policy, Scope> scopes : bounds) {
            for (BroadcastFactory subject : holding) {
                explore(subject, scopes, settings, known, counterexamples, pages, results, log);
            }
        }
        List<Control> caught = new ArrayList<>();
        for (BroadcastFactory control : controls) {
            Control c = shortest(control, controlBounds, settings, known, counterexamples, pages);
            int shrunk = randomEngineLength(control, known);
            log.accept(String.format(
                    "explore control %s (%s): %s; the random engine's counterexample has %s operations",
                    control.id(),
                    control.algorithm(),
                    c.caught() == null
                            ? "NOT caught"
                            : "caught in " + c.scope() + " in "
                                    + c.caught().run().script().length() + " operations",
                    shrunk < 0 ? "no" : shrunk));
            caught.add(new Control(c.subject(), c.caught(), c.policy(), shrunk, control.algorithm(), c.scope()));
        }
        return new Result(results, caught, pages, algorithms);
    }

    /** Explores one bound of one subject under every policy, logging and writing each result. */
    private static void explore(
            BroadcastFactory subject,
            Function<Policy, Scope> scopes,
            ExploreSettings settings,
            KnownFindings known,
            Path counterexamples,
            Map<String, Path> pages,
            List<Explorer.Result> results,
            Consumer<String> log) {
        for (Policy policy : Policy.values()) {
            Scope scope = scopes.apply(policy);
            Explorer.Result r = Explorer.explore(
                    subject, scope, settings.stoppingOnSubjectFailure(false).withProgress(null), known);
            log.accept(String.format(
                    "explore %s (%s) %s: %,d states, %,d transitions, depth %d%s, %.1f s, %,.0f states/s"
                            + " (%,.0f per CPU second, %d thread(s), %.1f CPU s; state set %s): %s",
                    subject.id(),
                    subject.algorithm(),
                    scope,
                    r.states(),
                    r.transitions(),
                    r.depth(),
                    r.complete() ? "" : " (INCOMPLETE)",
                    r.millis() / 1000.0,
                    r.statesPerSecond(),
                    r.statesPerCpuSecond(),
                    r.threads(),
                    r.cpuMillis() / 1000.0,
                    r.stateSetSize(),
                    r.holds() ? "holds" : "FAILS"));
            results.add(r);
            write(subject, r, counterexamples, pages);
        }
    }

    /**
     * The shortest failure of a control over every policy of one bound: {@link #shortest(BroadcastFactory, List,
     * long, KnownFindings, Path, Map)} with that bound alone.
     */
    public static Control shortest(
            BroadcastFactory control,
            Function<Policy, Scope> scopes,
            long stateLimit,
            KnownFindings known,
            Path counterexamples,
            Map<String, Path> pages) {
        return shortest(control, List.of(scopes), stateLimit, known, counterexamples, pages);
    }

    /**
     * {@link #shortest(BroadcastFactory, List, ExploreSettings, KnownFindings, Path, Map)} with one thread per
     * core and the default key ({@link Keying#DEFAULT}).
     */
    public static Control shortest(
            BroadcastFactory control,
            List<Function<Policy, Scope>> bounds,
            long stateLimit,
            KnownFindings known,
            Path counterexamples,
            Map<String, Path> pages) {
        return shortest(control, bounds, ExploreSettings.of(stateLimit), known, counterexamples, pages);
    }

    /**
     * The shortest failure of a control over every policy of every bound, by iterative deepening: every
     * policy of every bound explored one operation deep, then two, and so on up to the deepest bound's depth
     * (a bound shallower than the level is skipped), stopping at the first depth where anything fails. A
     * control caught in a few operations under one policy then costs a few shallow explorations, not a full
     * one of each bound and policy that never catches it; re-exploring the shallow levels costs little, as
     * each level is several times the last. So a control of the writer's further paths, which the gate's bound
     * cannot reach, costs the gate's bound only as deep as the writer-paths bound catches it, and the gate's
     * controls cost the writer-paths bound only as deep as the gate catches them. Each exploration takes the
     * settings' threads, key and state limit, and stops at the level where the control first fails.
     *
     * @return the control, its shortest failure (null if none within the bounds), that policy and the bound
     *         (at its full depth) that showed it, the first bound listed on a tie; {@code shrunk} is -1 (not
     *         computed here)
     */
    public static Control shortest(
            BroadcastFactory control,
            List<Function<Policy, Scope>> bounds,
            ExploreSettings settings,
            KnownFindings known,
            Path counterexamples,
            Map<String, Path> pages) {
        ExploreSettings stopping = settings.stoppingOnSubjectFailure(true).withProgress(null);
        int deepest = 0;
        for (Function<Policy, Scope> scopes : bounds) {
            for (Policy policy : Policy.values()) {
                deepest = Math.max(deepest, scopes.apply(policy).depth());
            }
        }
        for (int depth = 1; depth <= deepest; depth++) {
            Explorer.Found best = null;
            Scope bestScope = null;
            for (Function<Policy, Scope> scopes : bounds) {
                for (Policy policy : Policy.values()) {
                    Scope scope = scopes.apply(policy);
                    if (depth > scope.depth()) {
                        continue;
                    }
                    Explorer.Result r = Explorer.explore(control, scope.withDepth(depth), stopping, known);
                    for (Explorer.Found f : r.subjectFailures()) {
                        if (best == null
                                || f.run().script().length()
                                        < best.run().script().length()) {
                            best = f;
                            bestScope = scope;
                        }
                    }
                    if (!r.subjectFailures().isEmpty() && pages != null) {
                        write(control, r, counterexamples, pages);
                    }
                }
            }
            if (best != null) {
                return new Control(control.id(), best, bestScope.policy(), -1, control.algorithm(), bestScope);
            }
        }
        return new Control(control.id(), null, null, -1, control.algorithm(), null);
    }

    /**
     * The random engine's reported length for a control (fixed seed, so a run repeats): shrunk, then searched
     * breadth-first for a shortest script of the same failure; -1 if the run missed it.
     */
    private static int randomEngineLength(BroadcastFactory control, KnownFindings known) {
        RandomRun.Result r = RandomRun.run(
                new RandomRun.Config(control, 20261129L, 20_000, 60_000, 60, Weights.DEFAULT, 1, true, null, known),
                new RandomRun.Progress());
        return r.subjectFailures().isEmpty()
                ? -1
                : r.subjectFailures().get(0).counterexample().script().length();
    }

    private static void write(BroadcastFactory subject, Explorer.Result r, Path dir, Map<String, Path> pages) {
        if (dir == null) {
            return;
        }
        for (Explorer.Found f : r.found()) {
            Counterexample cx = new Counterexample(
                    subject.id(),
                    f.run().script(),
                    null,
                    0,
                    null,
                    f.run().script().length(),
                    0,
                    f.failure(),
                    "exhaustive breadth-first exploration of " + r.scope() + ": shortest by construction",
                    f.run().continuedPast());
            Path[] files = CounterexampleWriter.write(cx, f.run(), subject.description(), f.known(), dir);
            pages.put(subject.id() + " " + f.failure().signature(), files[1]);
        }
    }
}
