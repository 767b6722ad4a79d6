package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Tolerance;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The negative control of {@link ExploreProperties}' pinned lengths: an explorer of the same scope
 * (the same operations in the same order, the same state keys, the same checks at every step) that
 * searches depth-first and reports the first failure of the subject it reaches. Depth-first, that
 * failure is any one within the bound, not a shortest one, which is what the pins must reject.
 *
 * <p>Test code only: nothing else needs a search that gives up shortness.
 */
final class DepthFirstExplorer {

    private final Scope scope;
    private final long stateLimit;
    private final Set<io.cursorcheck.properties.engine.key.StateKey> seen = new HashSet<>();
    private final List<Op> path = new ArrayList<>();

    private DepthFirstExplorer(Scope scope, long stateLimit) {
        this.scope = scope;
        this.stateLimit = stateLimit;
    }

    /**
     * What a depth-first search did.
     *
     * @param found  the first failure of the subject it reached, or null
     * @param states distinct states it reached
     */
    record Result(Explorer.Found found, long states) {}

    /**
     * The first failure of the subject a depth-first search of {@code scope} reaches, if any is
     * within the bound and the search reaches it before {@code stateLimit} distinct states.
     * Findings against the model end their branch, as in {@link Explorer}, except those {@code tolerance}
     * continues past.
     */
    static Result first(BroadcastFactory subject, Scope scope, long stateLimit, Tolerance tolerance) {
        DepthFirstExplorer dfs = new DepthFirstExplorer(scope, stateLimit);
        LockstepPair root = new LockstepPair(subject, scope.options(), tolerance); // past known findings, as Explorer
        dfs.seen.add(root.key());
        List<Op> failing = dfs.search(root, 0);
        if (failing == null) {
            return new Result(null, dfs.seen.size());
        }
        Lockstep.Run run = Lockstep.run(subject, new Script(scope.options(), failing), tolerance);
        return new Result(new Explorer.Found(run.failure(), run, null), dfs.seen.size());
    }

    /** Depth-first from {@code pair}, which {@code depth} operations reached; the failing path, or null. */
    private List<Op> search(LockstepPair pair, int depth) {
        // As in Explorer: aborts and spoils by rank from the model's state, in a scope with the writer's paths.
        Generator.Targets targets = scope.writerPaths() ? pair.targets(depth) : Generator.Targets.NONE;
        for (Op op : scope.operations(pair.consumers(), targets.pending(), targets.spoilable())) {
            if (seen.size() >= stateLimit) {
                return null;
            }
            LockstepPair child = pair.fork();
            Failure f = child.step(depth, op);
            path.add(op);
            if (f != null && !f.kind().againstModel()) {
                return List.copyOf(path);
            }
            // As in Explorer: a failing state is not expanded, the last level is checked but never expanded.
            if (f == null && depth + 1 < scope.depth() && seen.add(child.key())) {
                List<Op> failing = search(child, depth + 1);
                if (failing != null) {
                    return failing;
                }
            }
            path.remove(path.size() - 1);
        }
        return null;
    }
}
