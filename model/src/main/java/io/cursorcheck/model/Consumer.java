package io.cursorcheck.model;

import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Reason;
import java.util.ArrayDeque;

/**
 * A consumer, laid out as spec §1 ("A consumer") lists it: its id, its cursor, its outstanding read with the
 * queue of further open reads behind it, whether it is attached, whether it is detached, and the error it was
 * detached with. Plain state: the procedures of {@link ScanningModel} change it.
 */
final class Consumer implements ConsumerHandle {

    /** {@link #outstandingRead} when the consumer has no open read. */
    static final long NO_OUTSTANDING_READ = -1;

    /** The broadcast that made it: a handle of another broadcast is refused (spec §5, bad input). */
    final ScanningModel broadcast;
    /** Its attach ordinal within its broadcast (spec §1 {@code id}). */
    final int id;
    /** The next position it will be delivered (spec §1 {@code cursor}). */
    long cursor;
    /** The operation number of its outstanding read, or {@link #NO_OUTSTANDING_READ}. */
    long outstandingRead = NO_OUTSTANDING_READ;
    /** The operation numbers of the open reads queued behind the outstanding one, first in first out. */
    final ArrayDeque<Long> laterReads;
    /** In the broadcast's {@code consumers} until it is removed. */
    boolean attached = true;
    /** Final once set (spec §1: "Detached is final"). */
    boolean detached;
    /** None ({@code null}), or the reason it was detached with, itself possibly a reason whose value is null. */
    Reason error;

    /** A new consumer of {@code broadcast} at {@code cursor}, attached, with no open read. */
    Consumer(ScanningModel broadcast, int id, long cursor) {
        this(broadcast, id, cursor, new ArrayDeque<>());
    }

    private Consumer(ScanningModel broadcast, int id, long cursor, ArrayDeque<Long> laterReads) {
        this.broadcast = broadcast;
        this.id = id;
        this.cursor = cursor;
        this.laterReads = laterReads;
    }

    /** This consumer in the same state, belonging to {@code fork} (a copy of its broadcast). */
    Consumer duplicateInto(ScanningModel fork) {
        // Forked once per explored transition: an empty queue as small as can be, a full one in one array copy.
        ArrayDeque<Long> reads = laterReads.isEmpty() ? new ArrayDeque<>(0) : laterReads.clone();
        Consumer copy = new Consumer(fork, id, cursor, reads);
        copy.outstandingRead = outstandingRead;
        copy.attached = attached;
        copy.detached = detached;
        copy.error = error;
        return copy;
    }

    /** Whether it has an outstanding read (spec §1: at most one). */
    boolean hasOutstandingRead() {
        return outstandingRead != NO_OUTSTANDING_READ;
    }

    /** How many reads it has open: the outstanding one and those queued behind it. */
    int openReadCount() {
        return (hasOutstandingRead() ? 1 : 0) + laterReads.size();
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String toString() {
        return "c" + id;
    }
}
