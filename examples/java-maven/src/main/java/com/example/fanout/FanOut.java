package com.example.fanout;

import io.cursorcheck.spi.Arguments;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.SpecError;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The project's own fan-out buffer: one writer, many consumers, each reading through its own cursor,
 * entries dropped once the slowest consumer has read them. Written from cursorcheck's
 * {@code docs/spec.md} §2, as a user of the suite would write theirs; it shares no code with the suite.
 *
 * <p>Tracking: a <em>full scan</em>. Whenever a cursor moves or a consumer leaves, the slowest cursor is
 * found again by looking at every attached consumer, and every entry before it is dropped. That costs
 * O(consumers) per read; the suite's {@code CachedCountBroadcast} keeps a cached minimum and a count
 * instead. The answers are the same, which is what the check compares.
 *
 * <p>The procedures keep the spec's names (trim, flush, offer, eviction, notify, ...) and call one
 * another re-entrantly as the spec says: a read's advance may trim, the trim flush a queued write, the
 * write notify waiting consumers, all inside the one operation.
 *
 * <p>Single-threaded: one operation at a time.
 */
public final class FanOut implements Broadcast {

    private final Options options;
    private long nextOperation;
    /** The operation running now: its own pending end may complete inside it (spec §2 end step 4). */
    private long currentOperation = -1;
    private Outcome ownOutcome;
    private List<Settlement> settlements = new ArrayList<>();

    private long bufferStart;
    /** The retained entries; entry {@code i} is at position {@code bufferStart + i}. */
    private final List<Entry> buffer = new ArrayList<>();
    private long bufferedBytes;
    private final List<Reader> consumers = new ArrayList<>();
    private int nextConsumerId;
    /** Consumers with an outstanding read, in the order they started waiting; may hold stale ones. */
    private List<Reader> waiters = new ArrayList<>();
    private boolean ended;
    private boolean cancelled;
    /** The broadcast's error, null when it is not errored. */
    private Reason error;

    private WriterState writer = WriterState.OPEN;
    private Reason writerError;
    private final List<QueuedWrite> queued = new ArrayList<>();
    private final List<Long> pendingDrains = new ArrayList<>();
    private final List<Long> pendingEnds = new ArrayList<>();
    private long bytesAccepted;

    /**
     * An empty buffer with an open writer.
     *
     * @param options the budget and the policy for a full buffer
     * @throws IllegalArgumentException if {@code options} is null
     */
    public FanOut(Options options) {
        this.options = Arguments.requireOptions(options);
    }

    /**
     * A fresh, empty buffer with an open writer: the factory the check calls.
     *
     * @param options the budget and the policy for a full buffer
     * @return the buffer
     */
    public static Broadcast create(Options options) {
        return new FanOut(options);
    }

    @Override
    public Options options() {
        return options;
    }

    // ---------------------------------------------------------------- consumers' operations

    @Override
    public ConsumerHandle attach() {
        begin();
        Reader c = new Reader(nextConsumerId++, bufferStart);
        consumers.add(c);
        return c;
    }

    @Override
    public Reply next(ConsumerHandle consumer) {
        long op = begin();
        Reader c = reader(consumer);
        if (c.detached) {
            return reply(op, c.error != null ? Outcome.failed(c.error.value()) : Outcome.DONE);
        }
        if (hasEntryAt(c.cursor)) {
            Entry e = entryAt(c.cursor);
            if (e.spoiled) {
                readSpoiledEntry();
                return reply(op, Outcome.failed(error.value()));
            }
            long position = c.cursor;
            advance(c);
            return reply(op, Outcome.data(position, e.size));
        }
        if (error != null) {
            c.detached = true;
            c.error = error;
            consumers.remove(c); // no trim: c sits at end, so the minimum cannot rise (spec §2 next step 3)
            return reply(op, Outcome.failed(error.value()));
        }
        if (ended) {
            detachConsumer(c);
            return reply(op, Outcome.DONE);
        }
        c.reads.addLast(op);
        if (c.reads.size() > 1) {
            return reply(op, Outcome.PENDING);
        }
        waiters.add(c);
        return reply(op, Outcome.WAIT);
    }

    @Override
    public Reply detach(ConsumerHandle consumer) {
        long op = begin();
        detachConsumer(reader(consumer));
        return reply(op, Outcome.DONE);
    }

    // ---------------------------------------------------------------- the writer's operations

    @Override
    public Reply writeSync(int size) {
        long op = begin();
        return reply(op, offerWithoutWaiting(Arguments.requireSize(size), op));
    }

    @Override
    public Reply writevSync(int... sizes) {
        long op = begin();
        return reply(op, offerWithoutWaiting(Arguments.requireSizes(sizes), op));
    }

    @Override
    public Reply write(int size) {
        long op = begin();
        return reply(op, offerOrQueue(Arguments.requireSize(size), op));
    }

    @Override
    public Reply writev(int... sizes) {
        long op = begin();
        return reply(op, offerOrQueue(Arguments.requireSizes(sizes), op));
    }

    @Override
    public Reply end() {
        long op = begin();
        if (writer == WriterState.ERRORED) {
            return reply(op, Outcome.failed(writerError.value()));
        }
        if (writer == WriterState.CLOSED) {
            return reply(op, Outcome.completed(bytesAccepted));
        }
        pendingEnds.add(op);
        if (writer == WriterState.OPEN) {
            startClosing();
        }
        // settle() keeps this call's own completion (or failure) as its answer, not as a settlement
        return reply(op, ownOutcome != null ? ownOutcome : Outcome.PENDING);
    }

    @Override
    public Reply endSync() {
        long op = begin();
        if (writer == WriterState.CLOSED) {
            return reply(op, Outcome.completed(bytesAccepted));
        }
        if (writer != WriterState.OPEN) {
            return reply(op, Outcome.INCOMPLETE);
        }
        startClosing();
        return reply(op, writer == WriterState.CLOSED ? Outcome.completed(bytesAccepted) : Outcome.INCOMPLETE);
    }

    @Override
    public Reply abort(long operation) {
        long op = begin();
        Arguments.requireEarlierOperation(operation, op);
        QueuedWrite w = queuedWrite(operation);
        if (w != null) {
            queued.remove(w);
            settle(operation, Outcome.failed(SpecError.ABORTED));
            if (writer == WriterState.CLOSING && queued.isEmpty()) {
                endTheBroadcast();
            }
        } else if (pendingEnds.remove(Long.valueOf(operation))) {
            settle(operation, Outcome.failed(SpecError.ABORTED));
        }
        return reply(op, Outcome.OK);
    }

    @Override
    public Reply drain() {
        long op = begin();
        if (writer != WriterState.OPEN || ended) {
            return reply(op, Outcome.UNWRITABLE);
        }
        if (bufferedBytes < options.budget()) {
            return reply(op, Outcome.DRAINED_TRUE);
        }
        pendingDrains.add(op);
        return reply(op, Outcome.PENDING);
    }

    @Override
    public Reply spoil(long operation) {
        long op = begin();
        Arguments.requireEarlierOperation(operation, op);
        for (Entry e : buffer) {
            if (e.write == operation) {
                e.spoiled = true;
            }
        }
        QueuedWrite w = queuedWrite(operation);
        if (w != null) {
            w.spoiled = true;
        }
        return reply(op, Outcome.OK);
    }

    @Override
    public Reply fail(Object reason) {
        long op = begin();
        if (writer != WriterState.ERRORED && writer != WriterState.CLOSED) {
            failWriter(reason);
            failBroadcast(reason);
        }
        return reply(op, Outcome.OK);
    }

    @Override
    public Reply cancel() {
        long op = begin();
        cancel(false, null);
        return reply(op, Outcome.OK);
    }

    @Override
    public Reply cancel(Object reason) {
        long op = begin();
        cancel(true, reason);
        return reply(op, Outcome.OK);
    }

    @Override
    public Snapshot snapshot() {
        List<Integer> sizes = new ArrayList<>();
        List<Long> spoiledEntries = new ArrayList<>();
        for (int i = 0; i < buffer.size(); i++) {
            sizes.add(buffer.get(i).size);
            if (buffer.get(i).spoiled) {
                spoiledEntries.add(bufferStart + i);
            }
        }
        List<Snapshot.ConsumerState> states = new ArrayList<>();
        for (Reader c : consumers) {
            states.add(new Snapshot.ConsumerState(c.id, c.cursor, c.reads.size()));
        }
        List<Integer> queuedSizes = new ArrayList<>();
        List<Integer> spoiledQueued = new ArrayList<>();
        for (int i = 0; i < queued.size(); i++) {
            queuedSizes.add(queued.get(i).size);
            if (queued.get(i).spoiled) {
                spoiledQueued.add(i);
            }
        }
        return new Snapshot(bufferStart, sizes, bufferedBytes, states, queuedSizes, writer, bytesAccepted,
                pendingEnds.size(), ended, cancelled, error, writer == WriterState.ERRORED ? writerError : null,
                pendingDrains.size(), spoiledEntries, spoiledQueued);
    }

    // ---------------------------------------------------------------- the procedures of spec §2

    /** The slowest attached cursor; {@code end} with nobody attached (never a sentinel: end is a valid answer). */
    private long scan() {
        long min = endPosition();
        for (Reader c : consumers) {
            min = Math.min(min, c.cursor);
        }
        return min;
    }

    private void advance(Reader c) {
        c.cursor++;
        trim();
    }

    /** Drops what every attached consumer has read; keeps everything while nobody is attached (I7). */
    private void trim() {
        if (consumers.isEmpty()) {
            return;
        }
        long min = scan();
        if (min <= bufferStart) {
            return;
        }
        while (bufferStart < min) {
            bufferedBytes -= buffer.remove(0).size;
            bufferStart++;
        }
        if (bufferedBytes < options.budget()) {
            if (!queued.isEmpty()) {
                flush();
            }
            if (writer == WriterState.OPEN) {
                settleDrains(Outcome.DRAINED_TRUE);
            }
        }
    }

    /** Stores queued writes, oldest first, while there is room. */
    private void flush() {
        while (!queued.isEmpty() && !ended && bufferedBytes < options.budget()) {
            QueuedWrite w = queued.remove(0); // taken off first, so a nested flush sees the next one
            if (w.spoiled) {
                settle(w.operation, Outcome.failed(SpecError.INVALID_ENTRY));
                continue;
            }
            if (offer(w.size, w.operation) == Outcome.REFUSED) {
                queued.add(0, w);
                break;
            }
            bytesAccepted += w.size;
            settle(w.operation, Outcome.ACCEPTED);
        }
        if (writer == WriterState.CLOSING && queued.isEmpty()) {
            endTheBroadcast();
        }
    }

    /** A write at the broadcast level: ACCEPTED, DISCARDED or REFUSED. */
    private Outcome offer(int size, long write) {
        if (ended) {
            return Outcome.REFUSED;
        }
        if (size == 0) {
            return Outcome.ACCEPTED; // stores nothing, notifies nobody (I8)
        }
        boolean evicted = false;
        if (bufferedBytes >= options.budget()) {
            if (options.policy() == Policy.DROP_NEWEST) {
                return Outcome.DISCARDED;
            }
            if (options.policy() != Policy.DROP_OLDEST) {
                return Outcome.REFUSED;
            }
            evict();
            evicted = true;
        }
        buffer.add(new Entry(size, write));
        bufferedBytes += size;
        notifyWaiters();
        if (evicted && bufferedBytes < options.budget() && writer == WriterState.OPEN) {
            settleDrains(Outcome.DRAINED_TRUE);
        }
        return Outcome.ACCEPTED;
    }

    /** DROP_OLDEST: drops the oldest entries until under budget, moving consumers that lose them. */
    private void evict() {
        while (bufferedBytes >= options.budget() && !buffer.isEmpty()) {
            bufferedBytes -= buffer.remove(0).size;
            bufferStart++;
        }
        for (Reader c : consumers) {
            c.cursor = Math.max(c.cursor, bufferStart);
        }
    }

    /** Serves each waiting consumer at most one entry after an append. */
    private void notifyWaiters() {
        List<Reader> taken = waiters;
        waiters = new ArrayList<>();
        for (Reader c : taken) {
            if (c.reads.isEmpty()) {
                continue; // stale: detached, or served meanwhile
            }
            if (!hasEntryAt(c.cursor)) {
                waiters.add(c);
                continue;
            }
            Entry e = entryAt(c.cursor);
            if (e.spoiled) {
                readSpoiledEntry();
                return;
            }
            long position = c.cursor;
            advance(c); // may trim, flush and notify again, nested
            settleOutstandingRead(c, Outcome.data(position, e.size));
            if (!c.reads.isEmpty()) {
                waiters.add(c); // the list as it is now, which a nested notify may have replaced (spec M3)
            }
        }
    }

    /** A spoiled entry was about to be delivered: the writer and the broadcast fail, the buffer is cleared. */
    private void readSpoiledEntry() {
        if (writer != WriterState.ERRORED && writer != WriterState.CLOSED) {
            failWriter(SpecError.INVALID_ENTRY);
        }
        if (error == null) {
            failBroadcast(SpecError.INVALID_ENTRY);
        }
        buffer.clear();
        bufferedBytes = 0;
    }

    private void detachConsumer(Reader c) {
        c.detached = true;
        settleAllReads(c, Outcome.DONE);
        if (consumers.remove(c)) {
            trim();
        }
        completeTheEndIfDue();
    }

    private Outcome offerWithoutWaiting(int size, long op) {
        if (writer != WriterState.OPEN) {
            return Outcome.REFUSED;
        }
        Outcome o = offer(size, op);
        if (o != Outcome.REFUSED) {
            bytesAccepted += size;
        }
        return o;
    }

    private Outcome offerOrQueue(int size, long op) {
        if (writer == WriterState.ERRORED) {
            return Outcome.failed(writerError.value());
        }
        if (writer != WriterState.OPEN) {
            return Outcome.failed(SpecError.WRITER_CLOSED);
        }
        Outcome o = offer(size, op);
        if (o != Outcome.REFUSED) {
            bytesAccepted += size;
            return o;
        }
        if (options.policy() == Policy.STRICT && !queued.isEmpty()) {
            return Outcome.failed(SpecError.BACKPRESSURE);
        }
        queued.add(new QueuedWrite(op, size));
        return Outcome.QUEUED;
    }

    /** OPEN to CLOSING (end, endSync): drains answer false; with nothing queued the broadcast ends now. */
    private void startClosing() {
        writer = WriterState.CLOSING;
        settleDrains(Outcome.DRAINED_FALSE);
        if (queued.isEmpty()) {
            endTheBroadcast();
        }
    }

    /** Runs once: waiting consumers get a last entry or DONE; the end completes when nobody is left. */
    private void endTheBroadcast() {
        if (ended) {
            return;
        }
        ended = true;
        for (Reader c : new ArrayList<>(consumers)) {
            if (c.reads.isEmpty()) {
                continue; // drains what is retained; its next read past the end detaches it
            }
            if (!consumers.contains(c)) {
                throw new ImpossibleStateException("c" + c.id + " left while the broadcast was ending");
            }
            if (hasEntryAt(c.cursor)) {
                Entry e = entryAt(c.cursor);
                if (e.spoiled) {
                    readSpoiledEntry();
                    return;
                }
                long position = c.cursor;
                advance(c);
                settleOutstandingRead(c, Outcome.data(position, e.size));
            } else {
                settleAllReads(c, Outcome.DONE);
                c.detached = true;
                consumers.remove(c);
                trim();
            }
        }
        waiters.clear();
        completeTheEndIfDue();
    }

    private void completeTheEndIfDue() {
        if (ended && consumers.isEmpty() && writer == WriterState.CLOSING) {
            writer = WriterState.CLOSED;
            settleEach(pendingEnds, Outcome.completed(bytesAccepted));
        }
    }

    /** The writer's side of fail: queued writes, drains, then pending ends fail with the reason. */
    private void failWriter(Object reason) {
        writer = WriterState.ERRORED;
        writerError = Reason.of(reason);
        Outcome failed = Outcome.failed(reason);
        settleQueuedWrites(failed);
        settleDrains(failed);
        settleEach(pendingEnds, failed);
    }

    /** The broadcast's side of fail: errored and ended; every attached consumer's reads fail and it leaves. */
    private void failBroadcast(Object reason) {
        error = Reason.of(reason);
        ended = true;
        removeEveryone(Outcome.failed(reason), error);
    }

    private void cancel(boolean withReason, Object reason) {
        if (cancelled) {
            return;
        }
        cancelled = true;
        ended = true;
        if (withReason) {
            error = Reason.of(reason);
        }
        if (writer == WriterState.OPEN || writer == WriterState.CLOSING) {
            writer = WriterState.CLOSED;
            settleQueuedWrites(Outcome.failed(SpecError.CANCELLED));
            settleDrains(Outcome.DRAINED_FALSE);
            settleEach(pendingEnds, Outcome.completed(bytesAccepted));
        }
        removeEveryone(withReason ? Outcome.failed(reason) : Outcome.DONE, withReason ? error : null);
    }

    /** fail and cancel: everyone leaves at once, in attach order; the buffer is kept untrimmed. */
    private void removeEveryone(Outcome reads, Reason consumerError) {
        for (Reader c : consumers) {
            settleAllReads(c, reads);
            if (consumerError != null) {
                c.error = consumerError;
            }
            c.detached = true;
        }
        consumers.clear();
        waiters.clear();
    }

    // ---------------------------------------------------------------- settlements and small helpers

    private long begin() {
        currentOperation = nextOperation++;
        ownOutcome = null;
        settlements = new ArrayList<>();
        return currentOperation;
    }

    private Reply reply(long op, Outcome outcome) {
        return new Reply(op, outcome, settlements);
    }

    private void settle(long operation, Outcome outcome) {
        if (operation == currentOperation) {
            ownOutcome = outcome; // an end() completing within its own call answers with it
        } else {
            settlements.add(new Settlement(operation, outcome));
        }
    }

    private void settleOutstandingRead(Reader c, Outcome outcome) {
        Long read = c.reads.pollFirst();
        if (read == null) {
            throw new ImpossibleStateException("c" + c.id + " has no outstanding read to settle with " + outcome);
        }
        settle(read, outcome);
    }

    private void settleAllReads(Reader c, Outcome outcome) {
        while (!c.reads.isEmpty()) {
            settle(c.reads.pollFirst(), outcome);
        }
    }

    private void settleDrains(Outcome outcome) {
        settleEach(pendingDrains, outcome);
    }

    private void settleQueuedWrites(Outcome outcome) {
        List<QueuedWrite> writes = new ArrayList<>(queued);
        queued.clear();
        for (QueuedWrite w : writes) {
            settle(w.operation, outcome);
        }
    }

    /** Empties the list first, then settles each in order. */
    private void settleEach(List<Long> operations, Outcome outcome) {
        List<Long> taken = new ArrayList<>(operations);
        operations.clear();
        for (long operation : taken) {
            settle(operation, outcome);
        }
    }

    private QueuedWrite queuedWrite(long operation) {
        for (QueuedWrite w : queued) {
            if (w.operation == operation) {
                return w;
            }
        }
        return null;
    }

    private long endPosition() {
        return bufferStart + buffer.size();
    }

    private boolean hasEntryAt(long position) {
        return position >= bufferStart && position < endPosition();
    }

    private Entry entryAt(long position) {
        return buffer.get((int) (position - bufferStart));
    }

    private Reader reader(ConsumerHandle consumer) {
        if (consumer == null) {
            throw Arguments.nullConsumer();
        }
        if (!(consumer instanceof Reader r) || r.owner() != this) {
            throw Arguments.foreignConsumer(consumer);
        }
        return r;
    }

    /** One stored write. */
    private static final class Entry {
        final int size;
        /** The operation number of the write that stored it: what spoil names. */
        final long write;
        boolean spoiled;

        Entry(int size, long write) {
            this.size = size;
            this.write = write;
        }
    }

    /** A write the buffer refused, waiting for room. */
    private static final class QueuedWrite {
        final long operation;
        final int size;
        boolean spoiled;

        QueuedWrite(long operation, int size) {
            this.operation = operation;
            this.size = size;
        }
    }

    /** A consumer: its cursor and its open reads (the first is the outstanding one). */
    private final class Reader implements ConsumerHandle {
        final int id;
        long cursor;
        final Deque<Long> reads = new ArrayDeque<>();
        boolean detached;
        /** The reason it was detached with, null for none (not the same as a reason whose value is null). */
        Reason error;

        Reader(int id, long cursor) {
            this.id = id;
            this.cursor = cursor;
        }

        FanOut owner() {
            return FanOut.this;
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
}
