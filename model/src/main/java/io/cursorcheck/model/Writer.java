package io.cursorcheck.model;

import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.List;

/**
 * The writer's state, laid out as spec §1 ("The writer") lists it: its lifecycle state, its own error, its
 * queued writes, its pending drains, its pending ends and the bytes it accepted. Plain state: the procedures
 * of {@link ScanningModel} change it.
 */
final class Writer {

    /**
     * A write the buffer refused and the writer queued (spec §2 "queued writes").
     *
     * @param write   the operation number of the {@code write} or {@code writev} that made it
     * @param size    its size (a writev's sum)
     * @param spoiled whether its memory was detached while it waited (spec §2 spoil)
     */
    record WaitingWrite(long write, int size, boolean spoiled) {

        /** The same queued write, spoiled. */
        WaitingWrite spoil() {
            return new WaitingWrite(write, size, true);
        }
    }

    /** Spec §1 {@code state}, the writer lifecycle. */
    WriterState state = WriterState.OPEN;
    /** Its own error, set by {@code fail} and kept apart from the broadcast's. */
    Object error;
    /** Spec §1 {@code queuedWrites}: oldest first; an abort takes one from anywhere. */
    final List<WaitingWrite> queuedWrites;
    /** Spec §1 {@code pendingDrains}: operation numbers, in call order. */
    final List<Long> pendingDrains;
    /** Spec §1 {@code pendingEnds}: operation numbers, in call order. */
    final List<Long> pendingEnds;
    /** Spec §1 {@code bytesAccepted}: what {@code end()} completes with. */
    long bytesAccepted;

    /** An OPEN writer with nothing queued or pending. */
    Writer() {
        this.queuedWrites = new ArrayList<>();
        this.pendingDrains = new ArrayList<>();
        this.pendingEnds = new ArrayList<>();
    }

    /** Whether the writer is in {@code state}. */
    boolean is(WriterState wanted) {
        return state == wanted;
    }

    /** Whether a write is queued. */
    boolean hasQueuedWrites() {
        return !queuedWrites.isEmpty();
    }
}
