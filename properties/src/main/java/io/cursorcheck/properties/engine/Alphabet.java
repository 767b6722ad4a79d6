package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.Op;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The operations a shrunk script is made of, as the shortest search ({@link ShortestSearch}) enumerates
 * them: up to as many {@code attach()} as the script has (at least one); {@code next(c)} and {@code detach(c)} of every
 * consumer attached so far (detached ones included), whatever the script uses of them, since they are the
 * consumer's whole side; {@code write(s)} and {@code writeSync(s)} of every size the script writes with
 * either, and of every size from 0 to the largest of them (up to {@link #SMALL_SIZES}); every form of each lifecycle operation the script uses, as the explorer's
 * scopes enumerate them ({@code fail("e1")} and {@code fail(null)}; {@code cancel()}, {@code cancel("e2")} and
 * {@code cancel(null)}), besides the script's own; {@code writev} and {@code writevSync} of the explorer's chunk
 * shapes (no chunk, two of 1) besides the script's own, when the script uses either; and every other operation
 * exactly as the script has it ({@code end()}, {@code endSync()}, {@code drain()}, each call on a foreign or null
 * handle, each abort or spoil of a negative step). The forms are the explorer's so that a shorter script made
 * of the same kinds of operation is not missed for want of a form: a shrunk {@code cancel(); c0 = attach();
 * cancel()} must find {@code cancel(); cancel("e2")}, which its own two forms cannot write. "Shortest" means
 * within this alphabet: a script using a kind of operation the shrunk one does not (an end, a drain, one more
 * consumer) may be shorter still, which the explorer's pins, checked against every control, would show. If the script
 * aborts (spoils), every state may abort (spoil) each operation its model holds
 * pending (each spoilable write), named by the absolute step that made it, as the explorer's scope does:
 * enumerated from the model's state, so two states with the same key have the same operations.
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
    static final List<Op> CANCEL_FORMS = List.of(new Op.Cancel(false, null), new Op.Cancel(true, "e2"),
            new Op.Cancel(true, null));

    /** Writes of every size up to this one join the alphabet (the explorer's sizes are 0 to 2); larger ones only as written. */
    static final int SMALL_SIZES = 4;

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
        boolean fails = false;
        boolean cancels = false;
        boolean writevs = false;
        for (Op op : script.ops()) {
            if (op instanceof Op.Write w && w.size() >= 0) {
                largest = Math.max(largest, w.size());
            } else if (op instanceof Op.WriteSync w && w.size() >= 0) {
                largest = Math.max(largest, w.size());
            } else if (op instanceof Op.Fail) {
                fails = true;
            } else if (op instanceof Op.Cancel) {
                cancels = true;
            } else if (op instanceof Op.Writev || op instanceof Op.WritevSync) {
                writevs = true;
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
        for (int size = 0; size <= Math.min(largest, SMALL_SIZES); size++) { // a large size keeps only its own
            fixed.add(new Op.WriteSync(size));
            fixed.add(new Op.Write(size));
        }
        if (fails) {
            fixed.addAll(FAIL_FORMS);
        }
        if (cancels) {
            fixed.addAll(CANCEL_FORMS);
        }
        if (writevs) {
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
