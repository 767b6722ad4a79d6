package io.cursorcheck.impl;

/**
 * The tracking of the slowest consumer, written outside this package: the calls {@link ExternallyTrackedBroadcast}
 * makes at exactly the points where Node's code touches its minimum cache (spec §2: advance, removal, eviction,
 * fail and cancel), naming consumers by their cursors. The variants of this package track their minimum through
 * the same points, as subclasses of the shared core; this interface lets a tracker that does not belong here (one
 * that tracks nothing, say, to measure what the shared code alone costs) plug into the same core without reaching
 * into the package.
 *
 * <p>A tracker does not trim by itself: whoever owns it calls {@link ExternallyTrackedBroadcast#trimTo} where its
 * minimum moved. Called by the broadcast's one thread only.
 */
public interface MinimumTracker {

    /**
     * A consumer was just attached.
     *
     * @param cursor its cursor: {@code bufferStart}, as a late joiner reads what is retained (I7)
     */
    void attached(long cursor);

    /**
     * A consumer's cursor just moved from {@code oldCursor} to {@code oldCursor + 1} by a delivery.
     *
     * @param oldCursor the cursor before the move
     */
    void advanced(long oldCursor);

    /**
     * A consumer was just removed (detached, or done at the end of the broadcast).
     *
     * @param cursor      its cursor when it left
     * @param trimAllowed false where the spec adjusts the count without trimming (a read that finds the broadcast
     *                    errored)
     */
    void removed(long cursor, boolean trimAllowed);

    /**
     * DROP_OLDEST eviction is about to move a consumer behind the new {@code bufferStart} forward to it.
     *
     * @param cursor the consumer's cursor before the move
     */
    void laggardMoving(long cursor);

    /** DROP_OLDEST eviction finished moving laggards. */
    void evicted();

    /** fail or cancel removed every consumer. */
    void forgetMinimum();
}
