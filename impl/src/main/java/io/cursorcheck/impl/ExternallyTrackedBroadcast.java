package io.cursorcheck.impl;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;

/**
 * The shared core of spec §2 with its minimum tracked by a {@link MinimumTracker} given from outside this package:
 * every operation, {@code writev}, {@code endSync}, {@code abort}, {@code drain} and {@code spoil} included, is
 * {@code BroadcastCore}'s own, and each tracking hook is one call of the tracker with the consumer's cursor. It
 * never trims by itself: the tracker's owner calls {@link #trimTo} where its minimum moved, and drains settle
 * where those trims leave the buffer under budget, as a variant's trims would.
 *
 * <p>Conforming only as far as its tracker and the {@link #trimTo} calls are (I5 and I6 are theirs), so it is not
 * a variant of the registry; it claims no exact cache ({@link Diagnostics#minCache()} is null) and cannot fork.
 *
 * <p>Single-threaded: one thread calls everything.
 */
public final class ExternallyTrackedBroadcast extends BroadcastCore {

    private final MinimumTracker tracker;

    /**
     * Creates an empty broadcast with an open writer, under the algorithm as Node releases it.
     *
     * @param options the budget and policy
     * @param tracker the minimum's tracking
     * @throws IllegalArgumentException if {@code options} or {@code tracker} is null
     */
    public ExternallyTrackedBroadcast(Options options, MinimumTracker tracker) {
        super(options);
        if (tracker == null) {
            throw new IllegalArgumentException("tracker must not be null");
        }
        this.tracker = tracker;
    }

    /**
     * Drops the entries before {@code position} if it is past {@code bufferStart} (spec §2 trim, steps 2 and 3:
     * the drop, then the flush and the drains); the caller guarantees no attached consumer is behind it.
     *
     * @param position the slowest cursor, as the tracker's owner knows it
     * @throws ImpossibleStateException if {@code position} is past end, where no cursor can be: the caller lost
     *                                  track of its consumers
     */
    public void trimTo(long position) {
        if (position > endPosition()) {
            throw new ImpossibleStateException(
                    "trim to " + position + ", past the end " + endPosition() + " where no cursor can be");
        }
        if (position > bufferStart()) { // below it: a DROP_OLDEST eviction already dropped more
            dropBefore(position);
        }
    }

    @Override
    BroadcastCore copy(ReaderCopies copies) {
        throw new UnsupportedOperationException(
                "a broadcast tracked from outside impl cannot fork: its tracker" + " has no copy");
    }

    @Override
    void writeTrackingKey(io.cursorcheck.spi.KeyWriter k) {
        // the tracker's state is outside; this broadcast is never explored
    }

    @Override
    void attached(Reader r) {
        tracker.attached(r.cursor);
    }

    @Override
    void advanced(long old, Site site) {
        tracker.advanced(old);
    }

    @Override
    void removed(Reader r, boolean trimAllowed) {
        tracker.removed(r.cursor, trimAllowed);
    }

    @Override
    void trim() {
        // Never called: the core leaves trimming to its trackers, and this one's owner trims through trimTo.
    }

    @Override
    void laggardMoving(Reader r) {
        tracker.laggardMoving(r.cursor);
    }

    @Override
    void evicted() {
        tracker.evicted();
    }

    @Override
    void forgetMinimum() {
        tracker.forgetMinimum();
    }

    @Override
    Diagnostics.MinCache minCache() {
        return null;
    }
}
