package io.cursorcheck.impl;

import static io.cursorcheck.impl.Reader.NO_READ;

import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.WriterState;

/**
 * Names a {@link BroadcastCore}'s state for the explorer ({@link io.cursorcheck.spi.Forkable}): the key, written
 * item by item through a {@link KeyWriter}, and a consumer's key. Two states with the same key behave the same from then on, so the key holds
 * everything the core's procedures read, with pending operations by rank (only their order matters) and positions
 * relative to {@code bufferStart}; the subclass adds its tracking state. Reads the core's fields, never writes them.
 */
final class StateKeys {

    private StateKeys() {}

    /**
     * {@link BroadcastCore#writeKey}: the state with pending operations by rank and positions relative to
     * bufferStart, consumers through {@link KeyWriter#consumer}; then the subclass's
     * {@link BroadcastCore#writeTrackingKey}.
     */
    static void writeKey(BroadcastCore b, KeyWriter k) {
        long[] pending = k.scratch(pendingCount(b));
        int n = collectPending(b, pending);
        long start = b.buffer.start();
        b.buffer.writeSizes(k);
        k.count(b.consumers.size());
        for (Reader r : b.consumers) {
            k.consumer(r.id);
            k.number(r.cursor - start);
            k.number(r.outstanding != NO_READ ? java.util.Arrays.binarySearch(pending, 0, n, r.outstanding) : -1);
            k.count(r.queued == null ? 0 : r.queued.size());
            if (r.queued != null) {
                for (long q : r.queued) {
                    k.number(java.util.Arrays.binarySearch(pending, 0, n, q));
                }
            }
        }
        k.count(b.waiters.size());
        for (Reader r : b.waiters) { // stale entries too: the key assumes nothing of how notify treats them
            k.consumer(r.id);
            k.symbol(r.outstanding != NO_READ ? 0 : r.detached ? 1 : 2);
        }
        k.flag(b.ended);
        k.flag(b.cancelled);
        k.flag(b.errored);
        if (b.errored) {
            k.text(Outcome.describeReason(b.error));
        }
        k.symbol(b.writerState.ordinal());
        if (b.writerState == WriterState.ERRORED) {
            k.text(Outcome.describeReason(b.writerError));
        }
        for (long p = b.buffer.start(); p < b.buffer.end(); p++) { // as many as the sizes written above
            k.number(java.util.Arrays.binarySearch(pending, 0, n, b.buffer.writeOf(p)));
        }
        k.count(b.queuedWrites.size());
        for (QueuedWrite w : b.queuedWrites) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, w.op()));
            k.number(w.size());
            k.flag(w.spoiled);
        }
        k.count(b.pendingEnds.size());
        for (long e : b.pendingEnds) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, e));
        }
        k.count(b.pendingDrains.size());
        for (long d : b.pendingDrains) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, d));
        }
        b.writeTrackingKey(k);
    }

    /** How many operation numbers {@link #collectPending} writes. */
    private static int pendingCount(BroadcastCore b) {
        int n = b.pendingEnds.size() + b.pendingDrains.size() + b.queuedWrites.size() + b.buffer.size();
        for (Reader r : b.consumers) {
            n += (r.outstanding != NO_READ ? 1 : 0) + (r.queued == null ? 0 : r.queued.size());
        }
        return n;
    }

    /**
     * Fills {@code pending} (at least {@link #pendingCount} long: the key writer's scratch, so that a fork
     * allocates nothing to be keyed) with every pending operation's number, sorted (ranks); returns how many.
     */
    private static int collectPending(BroadcastCore b, long[] pending) {
        int n = 0;
        for (long e : b.pendingEnds) {
            pending[n++] = e;
        }
        for (long d : b.pendingDrains) {
            pending[n++] = d;
        }
        for (long p = b.buffer.start(); p < b.buffer.end(); p++) {
            pending[n++] = b.buffer.writeOf(p); // an abort or spoil names an entry's write: its rank matters
        }
        for (QueuedWrite w : b.queuedWrites) {
            pending[n++] = w.op();
        }
        for (Reader r : b.consumers) {
            if (r.outstanding != NO_READ) {
                pending[n++] = r.outstanding;
            }
            if (r.queued != null) {
                for (long q : r.queued) {
                    pending[n++] = q;
                }
            }
        }
        java.util.Arrays.sort(pending, 0, n); // only their order matters, not their numbers
        return n;
    }

    /** {@link BroadcastCore#consumerKey}: whether the consumer is attached, and how it left. */
    static String consumerKey(BroadcastCore b, ConsumerHandle handle) {
        Reader r = b.own(handle);
        if (!r.detached) {
            return "attached";
        }
        return r.error == null ? "detached" : "detached!" + r.error;
    }
}
