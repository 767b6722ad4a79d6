package io.cursorcheck.impl;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;

/**
 * The benchmarks' API floor: {@link BroadcastCore} with every tracking hook empty, so a read
 * costs exactly what the shared code costs (bounds check, ring read, cursor increment, the
 * reply) and nothing for the minimum. It never trims by itself; the benchmark's workload, which
 * knows every cursor by construction, calls {@link #trimTo} where a tracker's trim would drop
 * entries, so memory stays bounded and the drop itself (O(1) per entry, what any tracker pays
 * too) is timed for the floor as for the variants.
 *
 * <p>Every operation of the API, {@code writev}, {@code endSync}, {@code abort}, {@code drain} and
 * {@code spoil} included, is {@code BroadcastCore}'s own: the floor adds nothing to them and leaves
 * out only the minimum's tracking. Drains settle where the trims the workload asks for leave the
 * buffer under budget, as a tracker's trims would; a spoiled read clears the buffer, after which no
 * cursor the workload knows is valid, so a workload that spoils must stop trimming.
 *
 * <p>Not a conforming broadcast (it breaks I5 and I6 between those calls), so it is not in the
 * {@code Variant} registry. It lives in {@code bench/} under {@code impl}'s package only because
 * {@code BroadcastCore} is package-private: {@code impl/} itself stays free of benchmark code.
 *
 * <p>Single-threaded: one thread calls everything.
 */
public final class ApiFloorBroadcast extends BroadcastCore {

    /**
     * Creates an empty broadcast with an open writer.
     *
     * @param options the budget and policy
     */
    public ApiFloorBroadcast(Options options) {
        super(options);
    }

    /**
     * Drops the entries before {@code position} if it is past {@code bufferStart}; the caller
     * guarantees no attached consumer is behind it.
     *
     * @param position the slowest cursor, as the workload knows it
     * @throws ImpossibleStateException if {@code position} is past end, where no cursor can be: the
     *                                  workload lost track of its consumers
     */
    public void trimTo(long position) {
        if (position > endPosition()) {
            throw new ImpossibleStateException("the workload trims to " + position + ", past the end " + endPosition()
                    + " where no cursor can be");
        }
        if (position > bufferStart()) { // below it: a DROP_OLDEST eviction already dropped more
            dropBefore(position);
        }
    }

    @Override
    BroadcastCore copy(ReaderCopies copies) {
        throw new UnsupportedOperationException("the API floor is not forkable");
    }

    @Override
    String trackingKey() {
        return "-";
    }

    @Override
    void attached(Reader r) {
    }

    @Override
    void advanced(long old, Site site) {
    }

    @Override
    void removed(Reader r, boolean trimAllowed) {
    }

    @Override
    void trim() {
    }

    @Override
    void laggardMoving(Reader r) {
    }

    @Override
    void evicted() {
    }

    @Override
    void forgetMinimum() {
    }

    @Override
    Diagnostics.MinCache minCache() {
        return null;
    }
}
