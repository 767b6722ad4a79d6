package io.cursorcheck.properties;

import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.SpecError;
import java.util.ArrayList;
import java.util.List;

/**
 * What one operation saw and broke, shared by the {@link InvariantChecker}'s rule groups for that operation:
 * the snapshots before and after, whether it evicted, the entries it delivered per consumer, what its
 * settlements did (for I13 and I14) and the violations found so far, in the order the groups found them.
 */
final class CheckStep {
    final Snapshot b;
    final Snapshot a;
    final boolean evicting;
    // Entries delivered per consumer in this step: (id, count) pairs, made on the first delivery.
    // A step delivers to a few consumers at most, so a linear lookup beats a map's boxing.
    private int[] deliveredIds;
    private int[] deliveredCounts;
    private int deliveredTo;
    // Empty and shared until the first breach: most steps break nothing (the caller gets it either way).
    List<Violation> violations = List.of();
    /** A settlement of this operation stored a queued write (ACCEPTED): a trim had made room (I13). */
    boolean storedQueuedWrite;
    /** A read of this operation failed with INVALID_ENTRY: it found a spoiled entry (I14). */
    boolean readFoundSpoiled;

    CheckStep(Op op, Snapshot b, Snapshot a, Options options) {
        this.b = b;
        this.a = a;
        this.evicting =
                options.policy() == Policy.DROP_OLDEST && b.bufferedBytes() >= options.budget() && writeSize(op) >= 0;
    }

    /** Where in {@link #violations} the cache rule (I6) put or would put its breach; -1: not reached. */
    int cacheRuleAt = -1;
    /** The scan the cache rule judged against, once reached. */
    MinimumScan cacheScan;

    void fail(Invariant invariant, String detail) {
        fail(new Violation(invariant, detail));
    }

    void fail(Violation violation) {
        if (violations.isEmpty()) {
            violations = new ArrayList<>(2);
        }
        violations.add(violation);
    }

    /** Counts one entry delivered to consumer {@code id}. */
    void delivered(int id) {
        for (int i = 0; i < deliveredTo; i++) {
            if (deliveredIds[i] == id) {
                deliveredCounts[i]++;
                return;
            }
        }
        if (deliveredIds == null) {
            deliveredIds = new int[4];
            deliveredCounts = new int[4];
        } else if (deliveredTo == deliveredIds.length) {
            deliveredIds = java.util.Arrays.copyOf(deliveredIds, deliveredTo * 2);
            deliveredCounts = java.util.Arrays.copyOf(deliveredCounts, deliveredTo * 2);
        }
        deliveredIds[deliveredTo] = id;
        deliveredCounts[deliveredTo++] = 1;
    }

    /** How many entries this step delivered to consumer {@code id}. */
    int deliveredTo(int id) {
        for (int i = 0; i < deliveredTo; i++) {
            if (deliveredIds[i] == id) {
                return deliveredCounts[i];
            }
        }
        return 0;
    }

    /** A read's failure with the broadcast's own validation error. */
    static boolean isInvalidEntry(Outcome o) {
        return o.kind() == Outcome.Kind.FAILED && o.reason() == SpecError.INVALID_ENTRY;
    }

    /** The size a write operation offers (a writev's sum), or -1 if {@code op} is no write. */
    static long writeSize(Op op) {
        if (op instanceof Op.Write w) {
            return w.size();
        }
        if (op instanceof Op.WriteSync w) {
            return w.size();
        }
        List<Integer> sizes = op instanceof Op.Writev w ? w.sizes() : op instanceof Op.WritevSync w ? w.sizes() : null;
        if (sizes == null) {
            return -1;
        }
        long sum = 0;
        for (int size : sizes) {
            sum += size;
        }
        return sum;
    }

    /** The size of the entry at position {@code p} in {@code s}, or null if {@code s} retains none there. */
    static Integer sizeAt(Snapshot s, long p) {
        if (p < s.bufferStart() || p >= s.end()) {
            return null;
        }
        return s.sizes().get((int) (p - s.bufferStart()));
    }
}
