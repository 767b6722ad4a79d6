package com.example.fanout;

import io.cursorcheck.impl.CachedCountBroadcast;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;

/**
 * The project's fan-out buffer, as the check sees it: a factory of {@link Broadcast}s.
 *
 * <p>In this example the buffer is the suite's own port of Node's cached-count tracking
 * ({@code io.cursorcheck.impl.CachedCountBroadcast}), standing in for an implementation of your own:
 * yours implements {@link Broadcast} (and {@link io.cursorcheck.spi.Forkable}, for the exhaustive
 * bounds) and is created here in its place.
 */
public final class FanOut {

    private FanOut() {
    }

    /**
     * A fresh, empty buffer with an open writer.
     *
     * @param options the budget and the policy for a full buffer
     * @return the buffer
     */
    public static Broadcast create(Options options) {
        return new CachedCountBroadcast(options);
    }
}
