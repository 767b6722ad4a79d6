package io.cursorcheck.properties;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.Snapshot.ConsumerState;
import io.cursorcheck.spi.WriterState;
import java.util.List;

/**
 * The structural rules on the snapshot after an operation: I1, I2, I4 (open reads as counted), I5, I6, I8,
 * I10 (no open read once ended), I11, I12 and I13 (pending drains); it keeps no memory of its own (the counts
 * of open reads come from the {@link ConsumerBooks}).
 */
final class StateRules {

    private final Options options;

    StateRules(Options options) {
        this.options = options;
    }

    /**
     * I6 on one broadcast's cache against the scan of its snapshot, or null if it holds (or the broadcast claims no
     * cache). Its own method because a mirrored session is judged by it alone ({@link InvariantChecker#mirrored}).
     *
     * @param scan  the scan of the snapshot after the operation
     * @param cache the broadcast's cache, or null
     */
    static Violation cacheBreach(MinimumScan scan, Diagnostics.MinCache cache) {
        // scan() starts from (end, 0) (spec §2 scan) and so counts nobody when every attached consumer sits
        // beyond end, which only the finding spoiled-read-leaves-cursor-past-end reaches (I1 reports it, on
        // the model and the ports alike): then there is no minimum for the cache to equal. With anyone at or
        // below end, scan() is defined and the cache is checked as always.
        if (cache == null || scan.nobody() || scan.matches(cache)) {
            return null;
        }
        return new Violation(
                Invariant.I6,
                "cache " + cache + " but scan() gives (min=" + scan.min() + ", count=" + scan.count() + ")");
    }

    /** Invariants of the state after the operation. */
    void check(CheckStep s, Diagnostics.MinCache cache, ConsumerBooks books) {
        Snapshot a = s.a;
        long sum = 0;
        for (int i = 0; i < a.sizes().size(); i++) {
            int size = a.sizes().get(i);
            sum += size;
            if (size <= 0) {
                s.fail(Invariant.I8, "entry " + (a.bufferStart() + i) + " has size " + size);
            }
        }
        if (sum != a.bufferedBytes()) {
            s.fail(
                    Invariant.I2,
                    "bufferedBytes is " + a.bufferedBytes() + " but the retained entries " + a.sizes() + " sum to "
                            + sum);
        }
        List<ConsumerState> attached = a.consumers();
        for (int i = 0; i < attached.size(); i++) {
            ConsumerState c = attached.get(i);
            if (c.cursor() < a.bufferStart() || c.cursor() > a.end()) {
                s.fail(
                        Invariant.I1,
                        "c" + c.id() + " has cursor " + c.cursor() + " outside [bufferStart " + a.bufferStart()
                                + ", end " + a.end() + "]");
            }
            if (c.openReads() > 0 && c.cursor() < a.end()) {
                s.fail(
                        Invariant.I11,
                        "c" + c.id() + " has " + c.openReads() + " open read(s) while entry " + c.cursor()
                                + " exists at its cursor");
            }
            int tracked = books.openReads(c.id());
            if (c.openReads() != tracked) {
                s.fail(
                        Invariant.I4,
                        "c" + c.id() + " reports " + c.openReads() + " open read(s), but " + tracked
                                + " were made and not settled");
            }
        }
        books.checkGone(s, a);
        if (!attached.isEmpty()) {
            MinimumScan scan = MinimumScan.of(a);
            if (a.bufferStart() != scan.min()) {
                s.fail(Invariant.I5, "bufferStart is " + a.bufferStart() + " but the slowest cursor is " + scan.min());
            }
            s.cacheRuleAt = s.violations.size();
            s.cacheScan = scan;
            Violation breach = cacheBreach(scan, cache);
            if (breach != null) {
                s.fail(breach);
            }
        }
        if (!a.queuedWrites().isEmpty() && a.bufferedBytes() < options.budget()) {
            s.fail(
                    Invariant.I12,
                    a.queuedWrites().size() + " write(s) queued while bufferedBytes " + a.bufferedBytes() + " < budget "
                            + options.budget());
        }
        // I12: otherwise the end would wait for a flush that is not coming.
        if (a.writerState() == WriterState.CLOSING && a.queuedWrites().isEmpty() && !a.ended()) {
            s.fail(Invariant.I12, "the writer is CLOSING with no write queued, yet the broadcast has not ended");
        }
        // I13: a drain waits only while the buffer is full and the writer can still write.
        if (a.pendingDrains() > 0
                && (a.writerState() != WriterState.OPEN || a.ended() || a.bufferedBytes() < options.budget())) {
            s.fail(
                    Invariant.I13,
                    a.pendingDrains() + " drain(s) pending with the writer " + a.writerState()
                            + (a.ended() ? ", the broadcast ended" : "") + " and " + a.bufferedBytes() + "B (budget "
                            + options.budget() + ")");
        }
        if (a.ended()) {
            for (int i = 0; i < attached.size(); i++) {
                ConsumerState c = attached.get(i);
                if (c.openReads() > 0) {
                    s.fail(
                            Invariant.I10,
                            "the broadcast has ended but c" + c.id() + " still has " + c.openReads() + " open read(s)");
                }
            }
        }
    }
}
