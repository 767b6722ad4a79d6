package io.cursorcheck.properties;

import static io.cursorcheck.properties.CheckStep.isInvalidEntry;

import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.WriterState;

/**
 * The writer's and the drains' rules: I13 (drain answers and settlements), I14 (a write spoiled while queued
 * never settles ACCEPTED), I4 (nothing settles that was not pending); it keeps the operation numbers of the
 * queued writes (and which a spoil named), the pending ends and the pending drains.
 */
final class WriterBooks {

    private final Options options;
    private final OpList pendingWrites; // queued writes' operation numbers
    private final OpList pendingEnds; // pending ends' operation numbers
    private final OpList pendingDrains; // pending drains' operation numbers
    private final OpList spoiledWrites; // queued writes a spoil named while they were queued (I14)

    WriterBooks(Options options) {
        this.options = options;
        this.pendingWrites = new OpList();
        this.pendingEnds = new OpList();
        this.pendingDrains = new OpList();
        this.spoiledWrites = new OpList();
    }

    /** A copy of {@code other}; the lists copied on write. */
    private WriterBooks(WriterBooks other) {
        this.options = other.options;
        this.pendingWrites = other.pendingWrites.copy();
        this.pendingEnds = other.pendingEnds.copy();
        this.pendingDrains = other.pendingDrains.copy();
        this.spoiledWrites = other.spoiledWrites.copy();
    }

    WriterBooks copy() {
        return new WriterBooks(this);
    }

    /** How many writes, ends and drains are pending. */
    int openCount() {
        return pendingWrites.size + pendingEnds.size + pendingDrains.size;
    }

    /** Copies every pending write, end and drain into {@code pending} from {@code n} on, and returns the new count. */
    int copyOpen(long[] pending, int n) {
        System.arraycopy(pendingWrites.ops, 0, pending, n, pendingWrites.size);
        n += pendingWrites.size;
        System.arraycopy(pendingEnds.ops, 0, pending, n, pendingEnds.size);
        n += pendingEnds.size;
        System.arraycopy(pendingDrains.ops, 0, pending, n, pendingDrains.size);
        n += pendingDrains.size;
        return n;
    }

    /** Writes the pending writes (each marked if spoiled), ends and drains by rank in {@code pending} ({@code n} long). */
    void writeKey(KeyWriter k, long[] pending, int n) {
        k.count(pendingWrites.size);
        for (int i = 0; i < pendingWrites.size; i++) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, pendingWrites.ops[i]));
            k.flag(spoiledWrites.contains(pendingWrites.ops[i]));
        }
        k.count(pendingEnds.size);
        for (int i = 0; i < pendingEnds.size; i++) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, pendingEnds.ops[i]));
        }
        k.count(pendingDrains.size);
        for (int i = 0; i < pendingDrains.size; i++) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, pendingDrains.ops[i]));
        }
    }

    /**
     * Notes what an answered operation did to the queue before its own answer is read: a spoil of a queued
     * write spoils it, and a settlement ACCEPTED of a queued write stored it (I13).
     */
    void beforeAnswer(CheckStep s, Op op, Reply reply) {
        if (op instanceof Op.Spoil spoil
                && pendingWrites.contains(spoil.operation())
                && !spoiledWrites.contains(spoil.operation())) {
            spoiledWrites.add(
                    spoil.operation()); // spec spoil: "if it is still queued, the queued write becomes spoiled"
        }
        for (int i = 0; i < reply.settlements().size(); i++) {
            Settlement settled = reply.settlements().get(i);
            if (settled.outcome().kind() == Outcome.Kind.ACCEPTED && pendingWrites.contains(settled.op())) {
                s.storedQueuedWrite = true;
            }
        }
    }

    /** What a write, end or drain answered, as operation {@code n}: a queued write, a pending end or drain. */
    void answered(CheckStep s, Op op, Outcome o, long n) {
        if ((op instanceof Op.Write || op instanceof Op.Writev) && o.kind() == Outcome.Kind.QUEUED) {
            pendingWrites.add(n);
        } else if (op instanceof Op.End && o.kind() == Outcome.Kind.PENDING) {
            pendingEnds.add(n);
        } else if (op instanceof Op.Drain) {
            drainAnswer(s, o, n);
        }
    }

    /**
     * I13: drain() answers DRAINED(true) at once only when the buffer was under budget before it,
     * PENDING only when it was at or over, UNWRITABLE only when the writer was not OPEN or the
     * broadcast had ended.
     */
    private void drainAnswer(CheckStep s, Outcome o, long n) {
        Snapshot b = s.b;
        boolean room = b.bufferedBytes() < options.budget();
        boolean writable = b.writerState() == WriterState.OPEN && !b.ended();
        switch (o.kind()) {
            case DRAINED -> {
                if (o.value() == 1 && !room) {
                    s.fail(
                            Invariant.I13,
                            "drain() answered DRAINED(true) at " + b.bufferedBytes() + "B >= budget "
                                    + options.budget());
                }
            }
            case PENDING -> {
                if (room) {
                    s.fail(
                            Invariant.I13,
                            "drain() answered PENDING at " + b.bufferedBytes() + "B < budget " + options.budget());
                }
                pendingDrains.add(n);
            }
            case UNWRITABLE -> {
                if (writable) {
                    s.fail(
                            Invariant.I13,
                            "drain() answered UNWRITABLE while the writer was OPEN and the broadcast"
                                    + " had not ended");
                }
            }
            default -> {}
        }
    }

    /** Settles {@code settled}, which is no open read: a queued write, a drain or an end, else a breach of I4. */
    void settle(CheckStep s, Op op, Settlement settled) {
        long n = settled.op();
        if (pendingWrites.contains(n)) {
            pendingWrites.remove(n);
            if (spoiledWrites.remove(n) && settled.outcome().kind() == Outcome.Kind.ACCEPTED) {
                s.fail(Invariant.I14, "queued write #" + n + " was spoiled while queued, yet settled ACCEPTED");
            }
        } else if (pendingDrains.remove(n)) {
            drainSettled(s, op, n, settled.outcome());
        } else if (!pendingEnds.remove(n)) {
            s.fail(
                    Invariant.I4,
                    "settlement of #" + n + " -> " + settled.outcome()
                            + ", which was not pending (settled twice, or never pending)");
        }
    }

    /**
     * I13: a drain settles DRAINED(true) only in an operation after which the buffer is under budget
     * or which stored a queued write; DRAINED(false) only in end, endSync or cancel; FAILED only in
     * fail or in an operation that could have read a spoiled entry (one was retained before it, and
     * the reason is INVALID_ENTRY).
     */
    private void drainSettled(CheckStep s, Op op, long n, Outcome o) {
        switch (o.kind()) {
            case DRAINED -> {
                if (o.value() == 1 && s.a.bufferedBytes() >= options.budget() && !s.storedQueuedWrite) {
                    s.fail(
                            Invariant.I13,
                            "drain #" + n + " settled DRAINED(true) in " + op.script() + ", which left "
                                    + s.a.bufferedBytes() + "B >= budget " + options.budget()
                                    + " and stored no queued write");
                }
                if (o.value() == 0 && !(op instanceof Op.End || op instanceof Op.EndSync || op instanceof Op.Cancel)) {
                    s.fail(
                            Invariant.I13,
                            "drain #" + n + " settled DRAINED(false) in " + op.script()
                                    + ", which is not end, endSync or cancel");
                }
            }
            case FAILED -> {
                boolean spoiledRead = isInvalidEntry(o) && !s.b.spoiledEntries().isEmpty();
                if (!(op instanceof Op.Fail) && !spoiledRead) {
                    s.fail(
                            Invariant.I13,
                            "drain #" + n + " settled " + o + " in " + op.script()
                                    + ", which is neither fail nor a read of a spoiled entry");
                }
            }
            default -> {}
        }
    }
}
