package io.cursorcheck.properties;

import static io.cursorcheck.properties.CheckStep.sizeAt;
import static io.cursorcheck.properties.CheckStep.writeSize;

import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.Snapshot.ConsumerState;
import io.cursorcheck.spi.WriterState;

/**
 * The rules on the step from the snapshot before to the snapshot after: I3, I4 (cursors move by what was
 * delivered), I7, I9, I10 (fail, cancel and end take effect) and I14 (a read that found a spoiled entry errors
 * the broadcast); it keeps no memory of its own (the positions reached come from the {@link ConsumerBooks}).
 */
final class TransitionRules {

    private final Options options;

    TransitionRules(Options options) {
        this.options = options;
    }

    /** Invariants of the step from the snapshot before to the snapshot after. */
    void check(CheckStep s, Op op, Reply reply, ConsumerBooks books) {
        Snapshot b = s.b;
        Snapshot a = s.a;
        if (a.bufferStart() < b.bufferStart()) {
            s.fail(Invariant.I3, "bufferStart went back from " + b.bufferStart() + " to " + a.bufferStart());
        }
        for (long p = Math.max(a.bufferStart(), b.bufferStart()); p < Math.min(a.end(), b.end()); p++) {
            if (!sizeAt(a, p).equals(sizeAt(b, p))) {
                s.fail(Invariant.I3, "entry " + p + " changed from " + sizeAt(b, p) + "B to " + sizeAt(a, p) + "B");
            }
        }
        for (int i = 0; i < b.consumers().size(); i++) {
            ConsumerState cb = b.consumers().get(i);
            ConsumerState ca = a.consumer(cb.id());
            if (ca == null) {
                continue;
            }
            if (ca.cursor() < cb.cursor()) {
                s.fail(Invariant.I3, "c" + cb.id() + " moved back from " + cb.cursor() + " to " + ca.cursor());
            }
            long moved = ca.cursor() - cb.cursor();
            int got = s.deliveredTo(cb.id());
            if (moved != got && !(s.evicting && moved > got)) {
                s.fail(
                        Invariant.I4,
                        "c" + cb.id() + " moved from " + cb.cursor() + " to " + ca.cursor() + " but was delivered "
                                + got + " entr" + (got == 1 ? "y" : "ies"));
            }
        }
        if (!s.evicting) {
            if (b.consumers().isEmpty() && a.bufferStart() != b.bufferStart()) {
                s.fail(
                        Invariant.I7,
                        "with no consumer attached, bufferStart moved from " + b.bufferStart() + " to "
                                + a.bufferStart());
            } else if (!b.consumers().isEmpty() && a.consumers().isEmpty()) {
                long furthest = b.bufferStart();
                for (int i = 0; i < b.consumers().size(); i++) {
                    ConsumerState cb = b.consumers().get(i);
                    furthest = Math.max(furthest, books.reached(cb));
                }
                if (a.bufferStart() > furthest) {
                    s.fail(
                            Invariant.I7,
                            "the last consumer left and bufferStart moved to " + a.bufferStart()
                                    + ", past every position a consumer had reached (" + furthest + ")");
                }
            }
        }
        checkBudget(s, op, reply);
        boolean failed = b.writerState() != WriterState.ERRORED && a.writerState() == WriterState.ERRORED;
        boolean cancelled = !b.cancelled() && a.cancelled();
        if ((failed || cancelled) && !a.consumers().isEmpty()) {
            s.fail(
                    Invariant.I10,
                    "right after an effective " + (failed ? "fail" : "cancel") + ", "
                            + a.consumers().size() + " consumer(s) are still attached");
        }
        if (b.ended() && a.end() > b.end()) {
            s.fail(
                    Invariant.I10,
                    "the broadcast had ended, yet entries " + b.end() + ".." + (a.end() - 1) + " were appended");
        }
        // Once ended, end moves only by the clear of a read that found a spoiled entry (spec §2 reading an
        // entry step 3), which leaves no entry retained.
        if (b.ended() && a.end() < b.end() && !(s.readFoundSpoiled && a.sizes().isEmpty())) {
            s.fail(
                    Invariant.I10,
                    "the broadcast had ended, yet its end went back from " + b.end() + " to " + a.end()
                            + " without a read of a spoiled entry clearing the buffer");
        }
    }

    private void checkBudget(CheckStep s, Op op, Reply reply) {
        Snapshot b = s.b;
        Snapshot a = s.a;
        long budget = options.budget();
        Policy policy = options.policy();
        if (reply != null && writeSize(op) >= 0) {
            long size = writeSize(op);
            Outcome.Kind kind = reply.outcome().kind();
            if (kind == Outcome.Kind.ACCEPTED
                    && size > 0
                    && policy != Policy.DROP_OLDEST
                    && b.bufferedBytes() >= budget) {
                s.fail(
                        Invariant.I9,
                        policy + " accepted " + op.script() + " at " + b.bufferedBytes() + "B >= budget " + budget);
            }
            if (kind == Outcome.Kind.DISCARDED && (policy != Policy.DROP_NEWEST || b.bufferedBytes() < budget)) {
                s.fail(
                        Invariant.I9,
                        policy + " discarded " + op.script() + " at " + b.bufferedBytes() + "B (budget " + budget
                                + ")");
            }
            boolean refused = kind == Outcome.Kind.REFUSED || kind == Outcome.Kind.QUEUED;
            if (refused && b.writerState() == WriterState.OPEN && !b.ended() && b.bufferedBytes() < budget) {
                s.fail(
                        Invariant.I9,
                        op.script() + " answered " + kind + " at " + b.bufferedBytes() + "B < budget " + budget);
            }
        }
        // Every entry appended by this operation found the buffer under budget (after any
        // eviction). The retained bytes before it now are a lower bound of what it found.
        long bytesBefore = 0;
        for (long q = a.bufferStart(); q < a.end(); q++) {
            if (q >= b.end() && bytesBefore >= budget) {
                s.fail(
                        Invariant.I9,
                        "entry " + q + " was appended with at least " + bytesBefore + "B buffered before it (budget "
                                + budget + ")");
            }
            bytesBefore += sizeAt(a, q);
        }
    }

    /**
     * I14: after an operation in which a read found a spoiled entry (a read answered or settled
     * FAILED(INVALID_ENTRY), or a read of a consumer whose cursor sat at a spoiled entry failed with
     * the earlier error), the writer is not OPEN, the broadcast is errored and no entry is retained.
     */
    void checkSpoiledRead(CheckStep s) {
        if (!s.readFoundSpoiled) {
            return;
        }
        Snapshot a = s.a;
        if (a.writerState() == WriterState.OPEN || !a.errored() || !a.sizes().isEmpty()) {
            s.fail(
                    Invariant.I14,
                    "a read found a spoiled entry, yet the writer is " + a.writerState()
                            + ", the broadcast is " + (a.errored() ? "errored" : "not errored") + " and "
                            + a.sizes().size() + " entr" + (a.sizes().size() == 1 ? "y is" : "ies are") + " retained");
        }
    }

    /**
     * Completes {@link CheckStep#readFoundSpoiled}: besides a read failing with INVALID_ENTRY (noted as the
     * answers are read), a read whose consumer sat at a spoiled entry and that failed with the earlier
     * error of an already errored broadcast found one too.
     */
    static void markSpoiledRead(CheckStep s, Op op, int id, Reply reply) {
        if (!s.readFoundSpoiled
                && reply != null
                && op instanceof Op.Next
                && reply.outcome().kind() == Outcome.Kind.FAILED) {
            ConsumerState c = s.b.consumer(id);
            s.readFoundSpoiled = c != null && s.b.spoiledEntries().contains(c.cursor());
        }
    }
}
