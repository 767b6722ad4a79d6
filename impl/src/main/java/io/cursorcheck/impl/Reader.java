package io.cursorcheck.impl;

import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Reason;
import java.util.ArrayDeque;

/**
 * An attached (or once attached) consumer. Fields are guarded by whoever owns the broadcast's
 * state (its one thread, or its lock), except where a lock-free reader needs them published:
 * {@code openReads} and {@code detached} are volatile and written after the cursor moves they
 * announce, and {@code busy} is the reader's own flag (see {@code PublishedCursorBroadcast}).
 */
final class Reader implements ConsumerHandle {

    /** The value of {@link #outstanding} while the consumer has no read open. */
    static final long NO_READ = -1;

    final BroadcastCore owner;
    final int id;
    long cursor;
    long outstanding = NO_READ; // operation number of the outstanding read
    ArrayDeque<Long> queued; // operation numbers of further overlapping reads; lazily made
    volatile int openReads; // outstanding + queued; 0 tells a lock-free reader nobody else moves its cursor
    volatile boolean detached;
    volatile boolean busy; // set by the consumer's thread around a lock-free read
    Reason error;

    Reader(BroadcastCore owner, int id, long cursor) {
        this.owner = owner;
        this.id = id;
        this.cursor = cursor;
    }

    int queuedReads() {
        return queued == null ? 0 : queued.size();
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String toString() {
        return "c" + id;
    }

    /** A copy of this consumer in the same state, owned by {@code copyOwner} (a fork of its owner). */
    Reader copyFor(BroadcastCore copyOwner) {
        Reader c = new Reader(copyOwner, id, cursor);
        c.outstanding = outstanding;
        if (queued != null) {
            c.queued = new ArrayDeque<>(queued);
        }
        c.openReads = openReads;
        c.detached = detached;
        c.error = error;
        return c;
    }
}
