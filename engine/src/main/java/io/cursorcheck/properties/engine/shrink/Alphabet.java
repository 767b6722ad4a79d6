package io.cursorcheck.properties.engine.shrink;

import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Script;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The operations the shortest search ({@link ShortestSearch}) enumerates around a shrunk script: the explorer's
 * scope with the script's consumers and sizes. Up to as many {@code attach()} as the script has (at least one);
 * {@code next(c)} and {@code detach(c)} of every consumer attached so far (detached ones included);
 * {@code write(s)} and {@code writeSync(s)} of every size from 0 to 2 (the explorer's sizes), of every size up to
 * the script's largest (up to {@link #SMALL_SIZES}), and of each size the script writes; {@code end()}, every
 * {@code fail} and {@code cancel} form the explorer's scopes try ({@code fail("e1")}, {@code fail(null)};
 * {@code cancel()}, {@code cancel("e2")}, {@code cancel(null)}) besides the script's own; when the script takes
 * any of the writer's further paths, all of them as the writer-paths scope has them ({@code drain()},
 * {@code endSync()}, writev and writevSync of no chunk and of two of 1, and {@code abort(#n)} of each
 * operation the model holds pending and {@code spoil(#n)} of each spoilable write, enumerated from the model's
 * state, so two states with the same key have the same operations); and the script's calls on a foreign or null
 * handle and its aborts or spoils of a negative step, as they are.
 *
 * <p>Why the whole scope and not only the script's own operations: the shrinker only deletes, so a shorter script
 * may need an operation the shrunk one lacks. Fresh-seed runs met both cases: {@code cancel(); c0 = attach();
 * cancel()} where {@code cancel(); cancel("e2")} suffices, and {@code errored-read-keeps-consumer} shrunk to 6
 * operations without a fail where {@code fail("e1"); c0 = attach(); next(c0)} shows it in 3. "Shortest" still
 * means within this alphabet: one more consumer than the script has is not tried.
 *
 * @param consumers how many attaches in all
 * @param fixed     the operations that name neither a consumer nor an earlier step, in the script's order
 * @param abort     whether {@code abort(#n)} of each pending operation is enumerated
 * @param spoil     whether {@code spoil(#n)} of each spoilable write is enumerated
 */
public record Alphabet(int consumers, List<Op> fixed, boolean abort, boolean spoil) {

    /** The forms of {@code fail} the explorer's scopes enumerate: one reason, and a null one. */
    static final List<Op> FAIL_FORMS = List.of(new Op.Fail("e1"), new Op.Fail(null));

    /** The forms of {@code cancel} the explorer's scopes enumerate: without a reason, with one, with null. */
    static final List<Op> CANCEL_FORMS =
            List.of(new Op.Cancel(false, null), new Op.Cancel(true, "e2"), new Op.Cancel(true, null));

    /** Writes of every size up to this one join the alphabet (the explorer's sizes are 0 to 2); larger ones only as written. */
    static final int SMALL_SIZES = 4;

    /** The explorer's gate and writer-paths scopes write sizes 0 to 2: every alphabet has them. */
    static final int EXPLORER_SIZES = 2;

    /** The chunk shapes of writev and writevSync the explorer's writer-paths scopes enumerate. */
    static final List<List<Integer>> CHUNK_SHAPES = List.of(List.of(), List.of(1, 1));

    /** Copies the list. */
    public Alphabet {
        fixed = List.copyOf(fixed);
    }

    /** The alphabet of a script. */
    public static Alphabet of(Script script) {
        int consumers = 0;
        boolean abort = false;
        boolean spoil = false;
        Set<Op> fixed = new LinkedHashSet<>();
        int largest = -1;
        boolean writevs = false;
        boolean drains = false;
        for (Op op : script.ops()) {
            if (op instanceof Op.Write w && w.size() >= 0) {
                largest = Math.max(largest, w.size());
            } else if (op instanceof Op.WriteSync w && w.size() >= 0) {
                largest = Math.max(largest, w.size());
            } else if (op instanceof Op.Writev || op instanceof Op.WritevSync) {
                writevs = true;
            } else if (op instanceof Op.Drain || op instanceof Op.EndSync) {
                drains = true;
            }
            if (op instanceof Op.Attach) {
                consumers++;
            } else if (op.target() < 0 && op.target() != Integer.MIN_VALUE) {
                fixed.add(op); // bad input (no such operation) stays as it is
            } else if (op instanceof Op.Abort) {
                abort = true;
            } else if (op instanceof Op.Spoil) {
                spoil = true;
            } else if (op instanceof Op.Write w) {
                fixed.add(new Op.WriteSync(w.size()));
                fixed.add(w);
            } else if (op instanceof Op.WriteSync w) {
                fixed.add(w);
                fixed.add(new Op.Write(w.size()));
            } else if (op.consumer() < 0) {
                fixed.add(op); // names no consumer of the script (none, a foreign or a null handle): kept as it is
            }
        }
        // The explorer's scope around the script: its sizes, every lifecycle form; the writer's further paths if the
        // script takes any of them. A shorter script may need an operation the shrunk one does not have (a CI run
        // shrank errored-read-keeps-consumer to 6 operations without a fail; fail("e1"); attach; next shows it in 3).
        for (int size = 0; size <= Math.max(EXPLORER_SIZES, Math.min(largest, SMALL_SIZES)); size++) {
            fixed.add(new Op.WriteSync(size));
            fixed.add(new Op.Write(size));
        }
        fixed.add(new Op.End());
        fixed.addAll(FAIL_FORMS);
        fixed.addAll(CANCEL_FORMS);
        if (writevs || abort || spoil || drains) {
            fixed.add(new Op.Drain());
            fixed.add(new Op.EndSync());
            abort = true;
            spoil = true;
            for (List<Integer> chunks : CHUNK_SHAPES) {
                fixed.add(new Op.WritevSync(chunks));
                fixed.add(new Op.Writev(chunks));
            }
        }
        // At least one consumer: a failure of the writer alone may show sooner with a consumer attached (an endSync
        // answering while a consumer waits), and the shrinker, which only deletes, cannot add one.
        return new Alphabet(Math.max(1, consumers), new ArrayList<>(fixed), abort, spoil);
    }

    /**
     * This alphabet with writes of one more size ({@code write(size)} and {@code writeSync(size)}), unless it
     * has them: for a search on a larger budget, which the shrinker may have lowered at the cost of length.
     */
    public Alphabet withSize(int size) {
        Set<Op> more = new LinkedHashSet<>(fixed);
        more.add(new Op.WriteSync(size));
        more.add(new Op.Write(size));
        return new Alphabet(consumers, new ArrayList<>(more), abort, spoil);
    }

    /**
     * The operations enabled in a pair's state at step {@code step}: attach while fewer than
     * {@link #consumers} were attached, next and detach of each consumer, the fixed operations, then aborts
     * and spoils of what the model holds.
     */
    public List<Op> at(LockstepPair pair, int step) {
        List<Op> ops = new ArrayList<>();
        int made = pair.consumers();
        if (made < consumers) {
            ops.add(new Op.Attach());
        }
        for (int c = 0; c < made; c++) {
            ops.add(new Op.Next(c));
            ops.add(new Op.Detach(c));
        }
        ops.addAll(fixed);
        if (abort || spoil) {
            Generator.Targets targets = pair.targets(step);
            if (abort) {
                targets.pending().forEach(n -> ops.add(new Op.Abort(Math.toIntExact(n))));
            }
            if (spoil) {
                targets.spoilable().forEach(n -> ops.add(new Op.Spoil(Math.toIntExact(n))));
            }
        }
        return ops;
    }

    /** The alphabet as a page lists it, e.g. {@code attach (2), next, detach, writeSync(1), write(1), end()}. */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        if (consumers > 0) {
            parts.add("attach (" + consumers + ")");
            parts.add("next");
            parts.add("detach");
        }
        fixed.forEach(op -> parts.add(op.script()));
        if (abort) {
            parts.add("abort (of each pending operation)");
        }
        if (spoil) {
            parts.add("spoil (of each spoilable write)");
        }
        return parts.stream().collect(Collectors.joining(", "));
    }
}
