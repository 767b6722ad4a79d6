package io.cursorcheck.impl;

import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;
import java.util.Arrays;

/**
 * The cached minimum of PR #63322 without its rescans: a count of consumers per position, kept
 * in a ring ("wheel") aligned with the buffer, so the minimum moves forward by looking at the
 * next slots instead of at every consumer.
 *
 * <p>Structures and what they protect:
 * <ul>
 * <li>{@code counts[p & mask]}: how many attached consumers have cursor {@code p}, for every
 * {@code p} in {@code [cachedMin, cachedMin + counts.length)}; every other slot is 0. It is what
 * makes I6 cheap to keep: the count at the minimum is just a slot, never a scan.</li>
 * <li>{@code cachedMin}: with a consumer attached, the smallest cursor (I6), so trim drops exactly
 * up to the slowest consumer (I1, I5). With nobody attached it is stale and every count is 0;
 * the next attach resets it (I7: nothing is trimmed meanwhile).</li>
 * </ul>
 *
 * <p>Fast path: an advance decrements its old slot and increments the next one; if it left the
 * minimum empty, the minimum walks forward over empty slots to the first occupied one (at worst
 * the advancing consumer's new position), then trim drops what is behind it. Attach and detach
 * touch one slot each. Why O(1) amortised whatever the pattern: the walk only ever passes
 * positions the writer appended, each at most once while the minimum moves forward, so its total
 * cost is bounded by the appends; the ring grows by doubling (bounded by the span from the
 * slowest cursor to the end, which the buffer retains anyway), and is cleared only by fail and
 * cancel, which happen once. The one backwards move, a late joiner attaching below a minimum that
 * moved without trimming (a read that finds the broadcast errored removes its consumer without
 * trimming), is paid back by that consumer's own advances. No operation scans the consumers.
 *
 * <p>Single-threaded: one thread calls everything.
 */
public final class WheelBroadcast extends BroadcastCore {

    private int[] counts = new int[16];
    private long cachedMin;

    /**
     * Creates an empty broadcast with an open writer.
     *
     * @param options the budget and policy
     * @throws IllegalArgumentException if {@code options} is null
     */
    public WheelBroadcast(Options options) {
        super(options);
    }

    /**
     * Creates an empty broadcast with an open writer that follows the given algorithm: spec §2 as
     * Node releases it, or its correction, spec §8 (which changes no tracking: only when flushes run).
     *
     * @param options   the budget and policy
     * @param algorithm the algorithm
     * @throws IllegalArgumentException if {@code options} or {@code algorithm} is null
     */
    public WheelBroadcast(Options options, Algorithm algorithm) {
        super(options, algorithm);
    }

    private WheelBroadcast(WheelBroadcast other, ReaderCopies copies) {
        super(other, copies);
        this.counts = other.counts.clone();
        this.cachedMin = other.cachedMin;
    }

    @Override
    BroadcastCore copy(ReaderCopies copies) {
        return new WheelBroadcast(this, copies);
    }

    @Override
    void writeTrackingKey(io.cursorcheck.spi.KeyWriter k) {
        // All the hidden state there is: the minimum (even with nobody attached, where the correct class never
        // reads it: the key must not assume the correctness the explorer checks), the ring's size, then each
        // non-zero count with its position (the window starting at cachedMin names each slot's position), closed
        // by a zero count (a written count is never zero, so the list decodes).
        k.number(cachedMin - bufferStart());
        k.count(counts.length);
        for (long p = cachedMin; p < cachedMin + counts.length; p++) {
            int c = counts[slot(p)];
            if (c != 0) {
                k.number(c);
                k.number(p - bufferStart());
            }
        }
        k.number(0);
    }

    @Override
    void attached(Reader r) {
        long p = r.cursor;
        if (consumers.size() == 1) {
            cachedMin = p; // every count is 0 with nobody attached: any alignment will do
            counts[slot(p)] = 1;
        } else if (p < cachedMin) {
            lowerMinimum(p);
        } else {
            occupy(p);
        }
    }

    @Override
    void advanced(long old, Site site) {
        int left = leave(old);
        occupy(old + 1);
        if (old == cachedMin && left == 0) {
            walkMinimum();
            trim();
        }
    }

    @Override
    void removed(Reader r, boolean trimAllowed) {
        int left = leave(r.cursor);
        if (r.cursor == cachedMin && left == 0 && !consumers.isEmpty()) {
            walkMinimum(); // even without a trim: I6 holds between operations
            if (trimAllowed) {
                trim();
            }
        }
    }

    @Override
    void trim() {
        if (consumers.isEmpty()) {
            return; // I7: retained data waits for late joiners
        }
        // Never past end, as scan() never answers beyond it: a cursor sits past end only after a cleared buffer.
        long to = Math.min(cachedMin, endPosition());
        if (to > bufferStart()) {
            dropBefore(to);
        }
    }

    @Override
    void laggardMoving(Reader r) {
        leave(r.cursor);
        occupy(bufferStart());
    }

    @Override
    void evicted() {
        if (!consumers.isEmpty()) {
            walkMinimum(); // the laggards' old slots are empty now; the walk passes the evicted positions once
        }
    }

    @Override
    void forgetMinimum() {
        Arrays.fill(counts, 0); // fail and cancel remove everyone without a removed() each; they happen once
    }

    @Override
    Diagnostics.MinCache minCache() {
        return new Diagnostics.MinCache(cachedMin, counts[slot(cachedMin)]);
    }

    // ---------------------------------------------------------------- the wheel

    private int slot(long p) {
        return (int) p & (counts.length - 1);
    }

    /** One consumer fewer at {@code p}; returns how many are left there. */
    private int leave(long p) {
        int left = --counts[slot(p)];
        if (left < 0) {
            throw new ImpossibleStateException("the wheel's count at " + p + " would drop below 0");
        }
        return left;
    }

    /** One more consumer at {@code p >= cachedMin}; grows the ring if {@code p} is past its window. */
    private void occupy(long p) {
        if (p - cachedMin >= counts.length) {
            regrow(cachedMin, p);
        }
        counts[slot(p)]++;
    }

    /**
     * Moves the minimum forward over empty slots to the first occupied one. Every count lies in the
     * window {@code [cachedMin, cachedMin + counts.length)}, so the walk finds one before it leaves
     * the window it started with. Usually at or below {@code end}; beyond it only where a spoiled
     * read cleared the buffer of an already errored broadcast and left late joiners past the new
     * end (spec §2, reading an entry; the finding spoiled-read-leaves-cursor-past-end).
     */
    private void walkMinimum() {
        long limit = cachedMin + counts.length;
        while (counts[slot(cachedMin)] == 0) {
            if (++cachedMin >= limit) {
                throw new ImpossibleStateException("no consumer in the wheel's window up to " + limit
                        + " though one is attached (end " + endPosition() + ")");
            }
        }
    }

    /** A late joiner below the minimum (only after a removal that did not trim). */
    private void lowerMinimum(long p) {
        long end = endPosition();
        if (end - p >= counts.length) {
            regrow(p, end);
        }
        cachedMin = p; // slots of [p, old cachedMin) alias positions past end: all 0
        counts[slot(p)]++;
    }

    /** A ring of at least {@code hi - lo + 1} slots holding the same counts; O(old size). */
    private void regrow(long lo, long hi) {
        int size = counts.length;
        while (hi - lo >= size) {
            size <<= 1;
            if (size <= 0) {
                throw new ImpossibleStateException("wheel cannot span " + (hi - lo + 1) + " positions");
            }
        }
        int[] bigger = new int[size];
        long from = Math.min(lo, cachedMin);
        for (long p = cachedMin; p < cachedMin + counts.length; p++) {
            int c = counts[slot(p)];
            if (c != 0) {
                if (p < from || p - from >= size) {
                    throw new ImpossibleStateException("count at " + p + " outside the wheel [" + lo + ", " + hi + "]");
                }
                bigger[(int) p & (size - 1)] = c;
            }
        }
        counts = bigger;
    }
}
