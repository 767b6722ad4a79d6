package io.cursorcheck.bench;

import io.cursorcheck.impl.ExternallyTrackedBroadcast;
import io.cursorcheck.impl.MinimumTracker;
import io.cursorcheck.spi.Options;

/**
 * The benchmarks' API floor: a tracker with every hook empty, plugged into {@code impl}'s shared core
 * ({@link ExternallyTrackedBroadcast}), so a read costs exactly what the shared code costs (bounds check, ring
 * read, cursor increment, the reply) and nothing for the minimum. Its broadcast never trims by itself; the
 * benchmark's workload, which knows every cursor by construction, calls
 * {@link ExternallyTrackedBroadcast#trimTo} where a tracker's trim would drop entries ({@link Target#trimHint}),
 * so memory stays bounded and the drop itself (O(1) per entry, what any tracker pays too) is timed for the floor as
 * for the variants.
 *
 * <p>Every operation of the API is the core's own: the floor adds nothing to them and leaves out only the
 * minimum's tracking. A spoiled read clears the buffer, after which no cursor the workload knows is valid, so a
 * workload that spoils must stop trimming. Not a conforming broadcast (it breaks I5 and I6 between trims), so it
 * is not in the {@code Variant} registry.
 */
final class ApiFloor implements MinimumTracker {

    private ApiFloor() {}

    /** A broadcast of the API floor: the shared core, tracking nothing. */
    static ExternallyTrackedBroadcast broadcast(Options options) {
        return new ExternallyTrackedBroadcast(options, new ApiFloor());
    }

    @Override
    public void attached(long cursor) {}

    @Override
    public void advanced(long oldCursor) {}

    @Override
    public void removed(long cursor, boolean trimAllowed) {}

    @Override
    public void laggardMoving(long cursor) {}

    @Override
    public void evicted() {}

    @Override
    public void forgetMinimum() {}
}
