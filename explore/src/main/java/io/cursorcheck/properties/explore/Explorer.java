package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.engine.search.LevelExpander;
import io.cursorcheck.properties.engine.search.LevelExpander.Node;
import io.cursorcheck.properties.engine.search.LevelExpander.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Breadth-first exploration of every operation sequence in a {@link Scope}, the model and a subject
 * in lockstep, every state checked as the lockstep engine checks it.
 *
 * <p>States are deduplicated by the pair's canonical key ({@link ExploreSettings#key()}, by default the
 * symmetric binary key of {@link Keying#SYMMETRIC}, {@link LockstepPair#key}: both
 * sides' full state, positions relative to {@code bufferStart}, pending operations by rank, detached
 * consumers as a sorted list), kept exactly in a hash set, so no state is lost to a hash collision.
 * A state is expanded by forking both sides once per enabled operation. A failing state is recorded
 * and not expanded. Because the search is breadth-first, the first failure of each kind is a
 * shortest sequence that shows it. Findings against the model that {@link KnownFindings} knows are
 * recorded but do not count against the subject; those in which the model breaks an invariant without
 * throwing ({@link Tolerance}) are recorded with their shortest script and then explored past, the pair
 * comparing the subject with the model in every later state (spec §3, "After a finding").
 *
 * <p>Level-synchronous and parallel ({@link ExploreSettings#threads()}): each level's states are split among
 * the threads, which expand them at once, new states deduplicated in one concurrent exact set
 * ({@link LevelExpander}, {@link io.cursorcheck.properties.engine.key.StateSet}). The result is a pure function of the scope and the key, whatever the thread
 * count: every child has an ordinal, (its parent's position in the level, the operation's position among the
 * parent's), the order in which a single thread meets them; of the children with one key, the one with the
 * smallest ordinal is kept, of the failures with one signature, the one with the smallest ordinal is reported,
 * and the next level is ordered by ordinal, exactly as one thread would do it.
 *
 * <p>Call from one thread; it starts and stops its own workers.
 */
public final class Explorer {

    /**
     * A failure and the shortest script that shows it.
     *
     * @param failure the failure, at the script's last step
     * @param run     the lockstep run of that script
     * @param known   the known finding it matches, or null
     */
    public record Found(Failure failure, Lockstep.Run run, KnownFindings.Finding known) {
        /** Whether the subject (not the model) failed. */
        public boolean againstSubject() {
            return !failure.kind().againstModel();
        }
    }

    /**
     * What an exploration did.
     *
     * @param subject     the subject's id
     * @param scope       the scope
     * @param states      distinct states reached (the empty broadcast included)
     * @param transitions operations applied
     * @param depth       the depth fully explored
     * @param complete    whether every sequence up to {@code scope.depth()} was explored
     * @param millis      how long it took
     * @param cpuMillis   the exploring threads' CPU time, all of them together with the calling thread's
     *                    (garbage collection and JIT compilation on other threads not included)
     * @param found       failures by signature, each the first (shortest) found
     * @param threads     threads that expanded the levels
     * @param keyName     the key that merged states ({@link ExploreSettings#keyName()})
     * @param levels      each level, as {@link ExploreSettings#progress()} was told
     * @param workers     what each thread did
     * @param stateBytes  the bytes the set of states took at the end ({@link LevelExpander#stateBytes}), or -1
     *                    where a key that is no binary key was kept in a map, whose size is not measured
     */
    public record Result(
            String subject,
            Scope scope,
            long states,
            long transitions,
            int depth,
            boolean complete,
            long millis,
            long cpuMillis,
            List<Found> found,
            int threads,
            String keyName,
            List<Level> levels,
            List<Worker> workers,
            long stateBytes) {

        /** Distinct states per second of elapsed time. */
        public double statesPerSecond() {
            return states * 1000.0 / Math.max(1, millis);
        }

        /**
         * Distinct states per second of the exploring threads' CPU time (all of them together): the one-core
         * speed, which other processes on the machine do not dilute.
         */
        public double statesPerCpuSecond() {
            return states * 1000.0 / Math.max(1, cpuMillis);
        }

        /** The set of states' bytes per state, or -1 where they are not measured ({@link #stateBytes}). */
        public double bytesPerState() {
            return stateBytes < 0 ? -1 : stateBytes / (double) Math.max(1, states);
        }

        /**
         * What the set of states holds and takes, e.g. {@code 2,712,804 states in 152.3 MiB (58.9 bytes per
         * state)}, or that its size is not measured.
         */
        public String stateSet() {
            return stateBytes < 0
                    ? String.format("%,d states (size not measured: a key that is no binary key)", states)
                    : String.format(
                            "%,d states in %.1f MiB (%.1f bytes per state)",
                            states, stateBytes / (1024.0 * 1024.0), bytesPerState());
        }

        /**
         * The set of states' size alone, as a table cell or a log line's aside, e.g. {@code 152.3 MiB, 58.9 B/state},
         * or {@code not measured}.
         */
        public String stateSetSize() {
            return stateBytes < 0
                    ? "not measured"
                    : String.format("%.1f MiB, %.1f B/state", stateBytes / (1024.0 * 1024.0), bytesPerState());
        }

        /** Failures of the subject itself. */
        public List<Found> subjectFailures() {
            return found.stream().filter(Found::againstSubject).toList();
        }

        /** Findings against the model that no known finding matches. */
        public List<Found> newFindings() {
            return found.stream()
                    .filter(f -> !f.againstSubject() && f.known() == null)
                    .toList();
        }

        /** Whether the bound holds: explored completely, no subject failure, no new finding. */
        public boolean holds() {
            return complete && subjectFailures().isEmpty() && newFindings().isEmpty();
        }
    }

    /**
     * Progress after each level.
     *
     * @param depth       the depth just completed
     * @param frontier    new states first reached at that depth
     * @param states      distinct states so far
     * @param transitions operations applied so far
     * @param millis      time so far
     * @param cpuMillis   the exploring threads' CPU time so far, all of them together
     */
    public record Level(int depth, long frontier, long states, long transitions, long millis, long cpuMillis) {

        /** Distinct states so far per second of elapsed time. */
        public double statesPerSecond() {
            return states * 1000.0 / Math.max(1, millis);
        }

        /** Distinct states so far per second of CPU time. */
        public double statesPerCpuSecond() {
            return states * 1000.0 / Math.max(1, cpuMillis);
        }
    }

    /**
     * What one exploring thread did over the whole exploration.
     *
     * @param index       the thread's number, from 0
     * @param states      distinct states it put into the set first (which thread that is varies from run to
     *                    run; the sum over the threads is the states less the empty broadcast)
     * @param transitions operations it applied
     * @param cpuMillis   its CPU time expanding states
     */
    public record Worker(int index, long states, long transitions, long cpuMillis) {

        /** Its distinct states per second of its own CPU time. */
        public double statesPerCpuSecond() {
            return states * 1000.0 / Math.max(1, cpuMillis);
        }
    }

    /**
     * Which child is kept among those with one key, and which failure is reported among those with one
     * signature. Only {@link #SMALLEST_ORDINAL} is a correct rule; the other is a negative control for the test
     * that results do not depend on the thread count.
     */
    enum WinnerRule {
        /** The smallest ordinal: the child or failure one thread would meet first. */
        SMALLEST_ORDINAL(LevelExpander.WinnerRule.SMALLEST_ORDINAL),
        /** Whichever thread gets there first: a race, so the scripts may change with the threads' timing. */
        FIRST_INSERTED(LevelExpander.WinnerRule.FIRST_INSERTED);

        private final LevelExpander.WinnerRule expanderRule;

        WinnerRule(LevelExpander.WinnerRule expanderRule) {
            this.expanderRule = expanderRule;
        }
    }

    /**
     * The explorer's expansion: the scope's operations at each state, every failure kept under its
     * {@link #signature}, a known finding explored past under its own; a level always runs to its end.
     */
    private record ScopeExpansion(Scope scope) implements LevelExpander.Expansion {
        @Override
        public List<Op> operations(LockstepPair pair, int depth) {
            // By rank from the model's state: equal keys, equal transitions.
            Generator.Targets targets = scope.writerPaths() ? pair.targets(depth) : Generator.Targets.NONE;
            return scope.operations(pair.consumers(), targets.pending(), targets.spoilable());
        }

        @Override
        public String signature(Failure failure, boolean explorePast) {
            return explorePast ? failure.signature() : Explorer.signature(failure);
        }
    }

    private Explorer() {}

    /**
     * Explores a scope with one thread per core and the default key ({@link ExploreSettings#of(long)}:
     * {@link Keying#DEFAULT}).
     *
     * @param subject     what runs against the model (must be forkable, as the model is)
     * @param scope       the scope
     * @param stateLimit  stop (incomplete) once this many distinct states are reached
     * @param stopOnSubjectFailure stop at the end of the level where the subject first fails
     * @param known       the known findings against the model, or null
     * @param progress    told after each level, or null
     * @throws IllegalArgumentException if {@code stateLimit} is below 1
     */
    public static Result explore(
            BroadcastFactory subject,
            Scope scope,
            long stateLimit,
            boolean stopOnSubjectFailure,
            KnownFindings known,
            Consumer<Level> progress) {
        return explore(
                subject,
                scope,
                ExploreSettings.of(stateLimit)
                        .stoppingOnSubjectFailure(stopOnSubjectFailure)
                        .withProgress(progress),
                known);
    }

    /**
     * Explores a scope.
     *
     * @param subject  what runs against the model (must be forkable, as the model is)
     * @param scope    the scope
     * @param settings threads, key, limits and progress
     * @param known    the known findings against the model, or null
     */
    public static Result explore(BroadcastFactory subject, Scope scope, ExploreSettings settings, KnownFindings known) {
        return explore(subject, scope, settings, known, WinnerRule.SMALLEST_ORDINAL);
    }

    /**
     * The key's name as the report gives it: the symmetric key says when it could not rename the consumers (a
     * side that does not write them through the key writer), and was then the binary key.
     */
    private static String keyName(ExploreSettings settings, LockstepPair root, BroadcastFactory subject) {
        return settings.key() == Keying.SYMMETRIC && !root.canRenameConsumers()
                ? settings.keyName() + " (renaming off: " + subject.id()
                        + " does not name its consumers through the key" + " writer)"
                : settings.keyName();
    }

    /** Explores a scope keeping the winners {@code rule} picks (the wrong rule only for its negative control). */
    static Result explore(
            BroadcastFactory subject, Scope scope, ExploreSettings settings, KnownFindings known, WinnerRule rule) {
        long start = System.currentTimeMillis();
        long cpuStart = LevelExpander.cpuNanos();
        Tolerance tolerance = Tolerance.of(known, subject.algorithm());
        LockstepPair root = new LockstepPair(subject, scope.options(), tolerance);
        Map<String, Found> found = new LinkedHashMap<>();
        List<Level> levels = new ArrayList<>();
        List<Node> level = new ArrayList<>(List.of(new Node(root, Path.ROOT)));
        int depth = 0;
        boolean limited = false;
        try (LevelExpander expander =
                new LevelExpander(new ScopeExpansion(scope), settings.key(), settings.threads(), rule.expanderRule)) {
            expander.seed(root);
            long expanded = 0; // states expanded at the levels before: the ordinals of a level follow theirs
            while (depth < scope.depth() && !level.isEmpty()) {
                boolean last = depth + 1 == scope.depth(); // the last level's states are checked, never expanded
                int size = level.size();
                LevelExpander.Outcome o = expander.expand(level, depth, expanded, last, found.keySet());
                expanded += size;
                for (LevelExpander.FailureAt f : o.failures()) { // in ordinal order: the first of each signature wins
                    if (!found.containsKey(f.signature())) {
                        found.put(
                                f.signature(),
                                report(subject, scope, f.path(), known, f.explorePast() ? Tolerance.NONE : tolerance));
                    }
                }
                depth++;
                level = o.next();
                Level done = new Level(
                        depth,
                        o.reached(),
                        expander.states(),
                        expander.transitions(),
                        System.currentTimeMillis() - start,
                        expander.cpuMillis(LevelExpander.cpuNanos() - cpuStart));
                levels.add(done);
                if (settings.progress() != null) {
                    settings.progress().accept(done);
                }
                boolean subjectFailed = found.values().stream().anyMatch(Found::againstSubject);
                if (settings.stopOnSubjectFailure() && subjectFailed) {
                    break;
                }
                if (expander.states() > settings.stateLimit()) {
                    limited = true;
                    break;
                }
            }
            boolean complete = !limited && (depth >= scope.depth() || level.isEmpty());
            return new Result(
                    subject.id(),
                    scope,
                    expander.states(),
                    expander.transitions(),
                    depth,
                    complete,
                    System.currentTimeMillis() - start,
                    expander.cpuMillis(LevelExpander.cpuNanos() - cpuStart),
                    List.copyOf(found.values()),
                    settings.threads(),
                    keyName(settings, root, subject),
                    List.copyOf(levels),
                    expander.workers().stream()
                            .map(w -> new Worker(w.index(), w.states(), w.transitions(), w.cpuMillis()))
                            .toList(),
                    expander.stateBytes());
        }
    }

    /** The signature a failure is recorded under: every divergence is one kind, whatever its detail. */
    static String signature(Failure f) {
        return f.kind() == Failure.Kind.DIVERGENCE ? "DIVERGENCE" : f.signature();
    }

    /** Replays the failing path for the report (the replay gives every step's observations). */
    static Found report(BroadcastFactory subject, Scope scope, Path failing, KnownFindings known, Tolerance tolerance) {
        Lockstep.Run run = Lockstep.run(subject, new Script(scope.options(), failing.ops()), tolerance);
        Failure f = run.failure();
        KnownFindings.Finding k =
                f != null && f.kind().againstModel() && known != null ? known.matching(f, subject.algorithm()) : null;
        return new Found(f, run, k);
    }
}
