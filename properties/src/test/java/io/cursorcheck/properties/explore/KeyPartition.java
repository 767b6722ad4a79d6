package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Tolerance;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Whether a key function partitions the states of a scope exactly as {@link LockstepPair#stateKey()}
 * does: a breadth-first walk deduplicated by the String key that names every non-failing state it
 * reaches (new or not) both ways, and records where the map String to other key, or other key to
 * String, is not a function.
 */
final class KeyPartition {

    /**
     * What the walk saw.
     *
     * @param strings   distinct String keys
     * @param others    distinct keys of the other function
     * @param named     states named (reached, new or not)
     * @param conflicts the first few states where one key of one kind meets two of the other
     * @param conflictCount how many such meetings in all
     */
    record Result(long strings, long others, long named, List<String> conflicts, long conflictCount) {}

    private KeyPartition() {}

    static Result of(BroadcastFactory factory, Scope scope, KnownFindings known, Function<LockstepPair, ?> other) {
        LockstepPair root = new LockstepPair(factory, scope.options(), Tolerance.of(known, factory.algorithm()));
        Map<String, Object> toOther = new HashMap<>();
        Map<Object, String> toString = new HashMap<>();
        List<String> conflicts = new ArrayList<>();
        long[] counts = new long[2]; // named, conflicts
        name(root, List.of(), toOther, toString, conflicts, counts, other);
        List<LockstepPair> level = List.of(root);
        List<List<Op>> paths = List.of(List.of());
        for (int depth = 0; depth < scope.depth() && !level.isEmpty(); depth++) {
            List<LockstepPair> next = new ArrayList<>();
            List<List<Op>> nextPaths = new ArrayList<>();
            for (int i = 0; i < level.size(); i++) {
                LockstepPair pair = level.get(i);
                Generator.Targets targets = scope.writerPaths() ? pair.targets(depth) : Generator.Targets.NONE;
                for (Op op : scope.operations(pair.consumers(), targets.pending(), targets.spoilable())) {
                    LockstepPair child = pair.fork();
                    Failure f = child.step(depth, op);
                    if (f != null) {
                        continue; // the explorer names no failing state either
                    }
                    List<Op> path = new ArrayList<>(paths.get(i));
                    path.add(op);
                    if (name(child, path, toOther, toString, conflicts, counts, other)) {
                        next.add(child);
                        nextPaths.add(path);
                    }
                }
            }
            level = next;
            paths = nextPaths;
        }
        return new Result(toOther.size(), toString.size(), counts[0], conflicts, counts[1]);
    }

    /** Names one state both ways; true if its String key is new. */
    private static boolean name(
            LockstepPair pair,
            List<Op> path,
            Map<String, Object> toOther,
            Map<Object, String> toString,
            List<String> conflicts,
            long[] counts,
            Function<LockstepPair, ?> other) {
        counts[0]++;
        String s = pair.stateKey();
        Object o = other.apply(pair);
        Object before = toOther.putIfAbsent(s, o);
        String beforeString = toString.putIfAbsent(o, s);
        if (before != null && !before.equals(o)) {
            counts[1]++;
            if (conflicts.size() < 5) {
                conflicts.add("one String key, two others, after " + path + ": " + s);
            }
        }
        if (beforeString != null && !beforeString.equals(s)) {
            counts[1]++;
            if (conflicts.size() < 5) {
                conflicts.add("one key, two String keys, after " + path + ":\n  " + beforeString + "\n  " + s);
            }
        }
        return before == null;
    }
}
