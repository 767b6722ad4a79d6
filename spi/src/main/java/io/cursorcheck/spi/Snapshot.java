package io.cursorcheck.spi;

import java.util.List;
import java.util.Objects;

/**
 * Everything spec §5 ({@code docs/spec.md}) makes comparable between two broadcasts, taken between operations.
 *
 * <p>Two broadcasts that answered the same operations alike must have equal snapshots: the
 * lockstep engine compares them with {@link #equals(Object)}.
 *
 * @param bufferStart   position of the oldest retained entry
 * @param sizes         sizes of the retained entries, oldest first; entry {@code i} is at
 *                      position {@code bufferStart + i}
 * @param bufferedBytes the broadcast's own byte count (I2 says it equals the sum of {@code sizes})
 * @param consumers     the attached consumers, in attach order (a detached consumer's state shows
 *                      in what its later reads answer)
 * @param queuedWrites  sizes of the writer's queued writes, oldest first
 * @param writerState   the writer's state
 * @param bytesAccepted bytes the writer accepted so far (what {@code end} completes with)
 * @param pendingEnds   {@code end()} calls still waiting for completion
 * @param ended         the broadcast ended (by end, fail or cancel)
 * @param cancelled     {@code cancel} took effect
 * @param error         the broadcast's error, or null when it is not errored
 * @param writerError   the writer's error when {@link WriterState#ERRORED}, otherwise null
 * @param pendingDrains {@code drain()} calls still waiting for room
 * @param spoiledEntries positions of the retained entries that are spoiled, ascending
 * @param spoiledQueued indexes into {@code queuedWrites} of the queued writes that are spoiled,
 *                      ascending
 */
public record Snapshot(
        long bufferStart,
        List<Integer> sizes,
        long bufferedBytes,
        List<ConsumerState> consumers,
        List<Integer> queuedWrites,
        WriterState writerState,
        long bytesAccepted,
        int pendingEnds,
        boolean ended,
        boolean cancelled,
        Reason error,
        Reason writerError,
        int pendingDrains,
        List<Long> spoiledEntries,
        List<Integer> spoiledQueued) {

    /**
     * Copies the lists.
     *
     * @throws NullPointerException if a list or the writer state is null (a broken implementation)
     */
    public Snapshot {
        sizes = List.copyOf(sizes);
        consumers = List.copyOf(consumers);
        queuedWrites = List.copyOf(queuedWrites);
        spoiledEntries = List.copyOf(spoiledEntries);
        spoiledQueued = List.copyOf(spoiledQueued);
        Objects.requireNonNull(writerState, "writerState");
    }

    /**
     * A snapshot with no pending drain and nothing spoiled: the state of a broadcast whose
     * operations never drained or spoiled anything, as seen by an observer that tracks neither.
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public Snapshot(
            long bufferStart,
            List<Integer> sizes,
            long bufferedBytes,
            List<ConsumerState> consumers,
            List<Integer> queuedWrites,
            WriterState writerState,
            long bytesAccepted,
            int pendingEnds,
            boolean ended,
            boolean cancelled,
            Reason error,
            Reason writerError) {
        this(
                bufferStart,
                sizes,
                bufferedBytes,
                consumers,
                queuedWrites,
                writerState,
                bytesAccepted,
                pendingEnds,
                ended,
                cancelled,
                error,
                writerError,
                0,
                List.of(),
                List.of());
    }

    /**
     * One past the newest retained entry's position.
     *
     * @return {@code bufferStart + sizes.size()}
     */
    public long end() {
        return bufferStart + sizes.size();
    }

    /**
     * Whether the broadcast is errored.
     *
     * @return true when {@link #error()} is present
     */
    public boolean errored() {
        return error != null;
    }

    /**
     * The attached consumer with the given id.
     *
     * @param id the consumer's id
     * @return its state, or null if no attached consumer has that id
     */
    public ConsumerState consumer(int id) {
        for (int i = 0; i < consumers.size(); i++) { // indexed: the checkers call this per consumer per step
            ConsumerState c = consumers.get(i);
            if (c.id() == id) {
                return c;
            }
        }
        return null;
    }

    /**
     * The observable state of one attached consumer.
     *
     * @param id        the consumer's id (attach ordinal)
     * @param cursor    the next position it will be delivered
     * @param openReads its outstanding read plus its queued reads
     */
    public record ConsumerState(int id, long cursor, int openReads) {
        @Override
        public String toString() {
            return "c" + id + "{cursor=" + cursor + (openReads == 0 ? "" : ", reads=" + openReads) + "}";
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        s.append("buffer[")
                .append(bufferStart)
                .append("..")
                .append(end())
                .append(")=")
                .append(sizes)
                .append(' ')
                .append(bufferedBytes)
                .append("B consumers=")
                .append(consumers)
                .append(" writer=")
                .append(writerState);
        if (writerError != null) {
            s.append('(').append(writerError).append(')');
        }
        s.append(' ').append(bytesAccepted).append("B");
        if (!queuedWrites.isEmpty()) {
            s.append(" queued=").append(queuedWrites);
        }
        if (pendingEnds > 0) {
            s.append(" pendingEnds=").append(pendingEnds);
        }
        if (pendingDrains > 0) {
            s.append(" pendingDrains=").append(pendingDrains);
        }
        if (!spoiledEntries.isEmpty()) {
            s.append(" spoiled=").append(spoiledEntries);
        }
        if (!spoiledQueued.isEmpty()) {
            s.append(" spoiledQueued=").append(spoiledQueued);
        }
        if (ended) {
            s.append(" ended");
        }
        if (cancelled) {
            s.append(" cancelled");
        }
        if (error != null) {
            s.append(" error=").append(error);
        }
        return s.toString();
    }
}
