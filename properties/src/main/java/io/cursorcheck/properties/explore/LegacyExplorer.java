package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Tolerance;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The explorer as it was before issue 16, kept to measure the new one against on the same bound in the
 * same run ({@code bin/cursorcheck explore --legacy}, {@code --compare}) and as the oracle the new one's
 * results must equal: one thread, the String key {@link LockstepPair#stateKey()} in a {@link HashSet}.
 * To be removed once the comparison is recorded in README.
 *
 * <p>Single-threaded.
 */
public final class LegacyExplorer {

    /** What a report calls this explorer's key. */
    public static final String KEY_NAME = "string (legacy explorer)";

    private LegacyExplorer() {}

    /**
     * Explores a scope as the explorer did before issue 16.
     *
     * @param subject     what runs against the model (must be forkable, as the model is)
     * @param scope       the scope
     * @param stateLimit  stop (incomplete) once this many distinct states are reached
     * @param stopOnSubjectFailure stop at the end of the level where the subject first fails
     * @param known       the known findings against the model, or null
     * @param progress    told after each level, or null
     * @throws IllegalArgumentException if {@code stateLimit} is below 1
     */
    public static Explorer.Result explore(
            BroadcastFactory subject,
            Scope scope,
            long stateLimit,
            boolean stopOnSubjectFailure,
            KnownFindings known,
            Consumer<Explorer.Level> progress) {
        if (stateLimit < 1) {
            throw new IllegalArgumentException("explore: stateLimit must be >= 1, was " + stateLimit);
        }
        long start = System.currentTimeMillis();
        long cpuStart = Explorer.cpuNanos();
        Tolerance tolerance = Tolerance.of(known, subject.algorithm());
        LockstepPair root = new LockstepPair(subject, scope.options(), tolerance);
        Set<String> seen = new HashSet<>();
        seen.add(root.stateKey());
        Map<String, Explorer.Found> found = new LinkedHashMap<>();
        List<Node> level = new ArrayList<>(List.of(new Node(root, new Explorer.Path(null, null, 0))));
        List<Explorer.Level> levels = new ArrayList<>();
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
                        String signature = Explorer.signature(f);
                        if (!found.containsKey(signature)) {
                            found.put(
                                    signature,
                                    Explorer.report(
                                            subject,
                                            scope,
                                            new Explorer.Path(node.path, op, depth + 1),
                                            known,
                                            tolerance));
                        }
                        continue; // a failing state is not expanded
                    }
                    Failure past = child.toleratedAtLastStep();
                    if (past != null && !found.containsKey(past.signature())) { // a known finding, explored past
                        found.put(
                                past.signature(),
                                Explorer.report(
                                        subject,
                                        scope,
                                        new Explorer.Path(node.path, op, depth + 1),
                                        known,
                                        Tolerance.NONE));
                    }
                    if (seen.add(child.stateKey())) {
                        reached++;
                        if (!last) {
                            next.add(new Node(child, new Explorer.Path(node.path, op, depth + 1)));
                        }
                    }
                }
            }
            depth++;
            level = next;
            Explorer.Level done = new Explorer.Level(
                    depth,
                    reached,
                    seen.size(),
                    transitions,
                    System.currentTimeMillis() - start,
                    (Explorer.cpuNanos() - cpuStart) / 1_000_000);
            levels.add(done);
            if (progress != null) {
                progress.accept(done);
            }
            boolean subjectFailed = found.values().stream().anyMatch(Explorer.Found::againstSubject);
            if (stopOnSubjectFailure && subjectFailed) {
                break;
            }
            if (seen.size() > stateLimit) {
                limited = true;
                break;
            }
        }
        boolean complete = !limited && (depth >= scope.depth() || level.isEmpty());
        long cpuMillis = (Explorer.cpuNanos() - cpuStart) / 1_000_000;
        return new Explorer.Result(
                subject.id(),
                scope,
                seen.size(),
                transitions,
                depth,
                complete,
                System.currentTimeMillis() - start,
                cpuMillis,
                List.copyOf(found.values()),
                1,
                KEY_NAME,
                List.copyOf(levels),
                List.of(new Explorer.Worker(0, seen.size() - 1, transitions, cpuMillis)));
    }

    /** A state to expand: the pair in that state and the path to it. */
    private record Node(LockstepPair pair, Explorer.Path path) {}
}
