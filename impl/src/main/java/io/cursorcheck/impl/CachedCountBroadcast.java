package io.cursorcheck.impl;

import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;

/**
 * The broadcast of Node.js after PR #63322: a cached minimum cursor plus the count of consumers
 * sitting at it (spec §2 of {@code docs/spec.md}, exactly).
 *
 * <p>Fast path: an advance compares the consumer's <em>old</em> cursor with {@code cachedMin} and
 * decrements {@code minCount} when they match; nothing else happens until the count reaches 0.
 * Slow path: when the last consumer at the minimum advances or is removed, trim rescans every
 * consumer ({@code scan()}) and drops what is behind the new minimum. DROP_OLDEST eviction and an
 * attach below the minimum rescan too. So the cost per advance is O(1), plus one O(consumers)
 * scan each time the minimum moves: lockstep readers pay O(1) amortised, a straggler that
 * lets the minimum creep forward one entry at a time pays O(consumers) per entry.
 *
 * <p>Protects I6: with a consumer attached, {@code minCount >= 1} and
 * {@code (cachedMin, minCount) == scan()}; {@code minCount == 0} means "unknown, recompute before
 * use" and is only seen inside an operation or with no consumer attached.
 *
 * <p>Single-threaded: one thread calls everything.
 */
public final class CachedCountBroadcast extends BroadcastCore {

    private long cachedMin;
    private int minCount;

    /**
     * Creates an empty broadcast with an open writer.
     *
     * @param options the budget and policy
     * @throws IllegalArgumentException if {@code options} is null
     */
    public CachedCountBroadcast(Options options) {
        super(options);
    }

    /**
     * Creates an empty broadcast with an open writer that follows the given algorithm: spec §2 as
     * Node releases it, or its correction, spec §8 (a flush never runs inside another).
     *
     * @param options   the budget and policy
     * @param algorithm the algorithm
     * @throws IllegalArgumentException if {@code options} or {@code algorithm} is null
     */
    public CachedCountBroadcast(Options options, Algorithm algorithm) {
        super(options, algorithm);
    }

    private CachedCountBroadcast(CachedCountBroadcast other, ReaderCopies copies) {
        super(other, copies);
        this.cachedMin = other.cachedMin;
        this.minCount = other.minCount;
    }

    @Override
    BroadcastCore copy(ReaderCopies copies) {
        return new CachedCountBroadcast(this, copies);
    }

    @Override
    void writeTrackingKey(io.cursorcheck.spi.KeyWriter k) {
        // Even with nobody attached, where the correct class never reads it: the key must not assume
        // the correctness the explorer checks (a class that forgets to reset it on attach reads it).
        k.number(cachedMin - bufferStart());
        k.number(minCount);
    }

    @Override
    void attached(Reader r) {
        if (consumers.size() == 1) {
            cachedMin = r.cursor;
            minCount = 1;
        } else if (r.cursor == cachedMin) {
            minCount++;
        } else {
            recompute(); // after a DROP_OLDEST eviction bufferStart can sit above the old minimum
        }
    }

    @Override
    void advanced(long old, Site site) {
        // Compare the cursor before the move: the consumer left cachedMin only if it was there.
        if (old == cachedMin && decrementMinCount() == 0) {
            trim();
        }
    }

    @Override
    void removed(Reader r, boolean trimAllowed) {
        if (r.cursor == cachedMin && decrementMinCount() == 0 && trimAllowed) {
            trim();
        }
    }

    @Override
    void trim() {
        if (consumers.isEmpty()) {
            return; // I7: retained data waits for late joiners
        }
        if (minCount == 0) {
            recompute();
        }
        if (cachedMin > bufferStart()) {
            dropBefore(cachedMin);
        }
    }

    @Override
    void laggardMoving(Reader r) {
        if (r.cursor == cachedMin) {
            decrementMinCount();
        }
    }

    @Override
    void evicted() {
        recompute();
    }

    @Override
    void forgetMinimum() {
        minCount = 0;
    }

    @Override
    Diagnostics.MinCache minCache() {
        return new Diagnostics.MinCache(cachedMin, minCount);
    }

    private void recompute() {
        Scan scan = scan();
        cachedMin = scan.min();
        minCount = scan.count();
    }

    private int decrementMinCount() {
        if (minCount <= 0) {
            throw new ImpossibleStateException("minCount would drop below 0 at cachedMin " + cachedMin);
        }
        return --minCount;
    }
}
