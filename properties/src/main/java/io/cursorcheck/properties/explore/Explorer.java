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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Breadth-first exploration of every operation sequence in a {@link Scope}, the model and a subject
 * in lockstep, every state checked as the lockstep engine checks it.
 *
 * <p>States are deduplicated by the pair's canonical key ({@link LockstepPair#stateKey()}: both
 * sides' full state, positions relative to {@code bufferStart}, pending operations by rank, detached
 * consumers as a sorted list), written as a {@link Keying} says (by default in binary with consumers
 * renamed, {@link LockstepPair#key}), kept exactly in a hash set, so no state is lost to a hash collision.
 * A state is expanded by forking both sides once per enabled operation. A failing state is recorded
 * and not expanded. Because the search is breadth-first, the first failure of each kind is a
 * shortest sequence that shows it. Findings against the model that {@link KnownFindings} knows are
 * recorded but do not count against the subject; those in which the model breaks an invariant without
 * throwing ({@link Tolerance}) are recorded with their shortest script and then explored past, the pair
 * comparing the subject with the model in every later state (spec §3, "After a finding").
 *
 * <p>Single-threaded.
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
     * @param cpuMillis   the exploring thread's CPU time (garbage collection on other threads not included)
     * @param found       failures by signature, each the first (shortest) found
     */
    public record Result(String subject, Scope scope, long states, long transitions, int depth, boolean complete,
                         long millis, long cpuMillis, List<Found> found) {

        /** Distinct states per second of elapsed time. */
        public double statesPerSecond() {
            return states * 1000.0 / Math.max(1, millis);
        }

        /**
         * Distinct states per second of the exploring thread's CPU time: the one-core speed, which
         * other processes on the machine do not dilute.
         */
        public double statesPerCpuSecond() {
            return states * 1000.0 / Math.max(1, cpuMillis);
        }

        /** Failures of the subject itself. */
        public List<Found> subjectFailures() {
            return found.stream().filter(Found::againstSubject).toList();
        }

        /** Findings against the model that no known finding matches. */
        public List<Found> newFindings() {
            return found.stream().filter(f -> !f.againstSubject() && f.known() == null).toList();
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
     * @param cpuMillis   the exploring thread's CPU time so far
     */
    public record Level(int depth, long frontier, long states, long transitions, long millis, long cpuMillis) {
    }

    /**
     * How a state was reached: its last operation and the path before it. Paths share prefixes
     * and hold no broadcast, so only the frontier's states are in memory at once.
     */
    private record Path(Path parent, Op op, int depth) {
        List<Op> ops() {
            Op[] ops = new Op[depth];
            for (Path p = this; p.parent != null; p = p.parent) {
                ops[p.depth - 1] = p.op;
            }
            return List.of(ops);
        }
    }

    /** A state to expand: the pair in that state and the path to it. */
    private record Node(LockstepPair pair, Path path) {
    }

    private Explorer() {
    }

    /**
     * Explores a scope.
     *
     * @param subject     what runs against the model (must be forkable, as the model is)
     * @param scope       the scope
     * @param stateLimit  stop (incomplete) once this many distinct states are reached
     * @param stopOnSubjectFailure stop at the end of the level where the subject first fails
     * @param known       the known findings against the model, or null
     * @param progress    told after each level, or null
     * @throws IllegalArgumentException if {@code stateLimit} is below 1
     */
    public static Result explore(BroadcastFactory subject, Scope scope, long stateLimit, boolean stopOnSubjectFailure,
                                 KnownFindings known, Consumer<Level> progress) {
        return explore(subject, scope, stateLimit, stopOnSubjectFailure, known, progress, Keying.DEFAULT);
    }

    /**
     * Explores a scope, recognising states by {@code keying} (a {@link Keying}, or a test's key function):
     * equal keys must mean states with the same futures, up to what the key function claims.
     *
     * @see #explore(BroadcastFactory, Scope, long, boolean, KnownFindings, Consumer)
     */
    public static Result explore(BroadcastFactory subject, Scope scope, long stateLimit, boolean stopOnSubjectFailure,
                                 KnownFindings known, Consumer<Level> progress,
                                 java.util.function.Function<LockstepPair, ?> keying) {
        if (stateLimit < 1) {
            throw new IllegalArgumentException("explore: stateLimit must be >= 1, was " + stateLimit);
        }
        long start = System.currentTimeMillis();
        long cpuStart = cpuNanos();
        Tolerance tolerance = Tolerance.of(known, subject.algorithm());
        LockstepPair root = new LockstepPair(subject, scope.options(), tolerance);
        Set<Object> seen = new HashSet<>();
        seen.add(keying.apply(root));
        Map<String, Found> found = new LinkedHashMap<>();
        List<Node> level = new ArrayList<>(List.of(new Node(root, new Path(null, null, 0))));
        long transitions = 0;
        int depth = 0;
        boolean limited = false;
        while (depth < scope.depth() && !level.isEmpty()) {
            List<Node> next = new ArrayList<>();
            boolean last = depth + 1 == scope.depth(); // the last level's states are checked, never expanded
            long reached = 0;
            for (int i = 0; i < level.size(); i++) {
                Node node = level.get(i);
                level.set(i, null); // expanded: its pair can go
                // By rank from the model's state: equal keys, equal transitions.
                Generator.Targets targets = scope.writerPaths() ? node.pair.targets(depth) : Generator.Targets.NONE;
                for (Op op : scope.operations(node.pair.consumers(), targets.pending(), targets.spoilable())) {
                    LockstepPair child = node.pair.fork();
                    Failure f = child.step(depth, op);
                    transitions++;
                    if (f != null) {
                        String signature = f.kind() == Failure.Kind.DIVERGENCE ? "DIVERGENCE" : f.signature();
                        if (!found.containsKey(signature)) {
                            found.put(signature, report(subject, scope, new Path(node.path, op, depth + 1), known,
                                    tolerance));
                        }
                        continue; // a failing state is not expanded
                    }
                    Failure past = child.toleratedAtLastStep();
                    if (past != null && !found.containsKey(past.signature())) { // a known finding, explored past
                        found.put(past.signature(), report(subject, scope, new Path(node.path, op, depth + 1), known,
                                Tolerance.NONE));
                    }
                    if (seen.add(keying.apply(child))) {
                        reached++;
                        if (!last) {
                            next.add(new Node(child, new Path(node.path, op, depth + 1)));
                        }
                    }
                }
            }
            depth++;
            level = next;
            if (progress != null) {
                progress.accept(new Level(depth, reached, seen.size(), transitions,
                        System.currentTimeMillis() - start, (cpuNanos() - cpuStart) / 1_000_000));
            }
            boolean subjectFailed = found.values().stream().anyMatch(Found::againstSubject);
            if (stopOnSubjectFailure && subjectFailed) {
                break;
            }
            if (seen.size() > stateLimit) {
                limited = true;
                break;
            }
        }
        boolean complete = !limited && (depth >= scope.depth() || level.isEmpty());
        return new Result(subject.id(), scope, seen.size(), transitions, depth, complete,
                System.currentTimeMillis() - start, (cpuNanos() - cpuStart) / 1_000_000, List.copyOf(found.values()));
    }

    private static long cpuNanos() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Replays the failing path for the report (the replay gives every step's observations). */
    private static Found report(BroadcastFactory subject, Scope scope, Path failing, KnownFindings known,
                                Tolerance tolerance) {
        Lockstep.Run run = Lockstep.run(subject, new Script(scope.options(), failing.ops()), tolerance);
        Failure f = run.failure();
        KnownFindings.Finding k = f != null && f.kind().againstModel() && known != null ? known.matching(f, subject.algorithm()) : null;
        return new Found(f, run, k);
    }
}
