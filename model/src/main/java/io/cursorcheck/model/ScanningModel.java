package io.cursorcheck.model;

import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Arguments;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Forkable;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.KeyWriter;
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
import java.util.List;

/**
 * The reference: spec §2 ({@code docs/spec.md}) with no cache at all.
 *
 * <p>Wherever the cached-count variant consults or updates its cached minimum, this model scans
 * every attached consumer instead; it trims after every advance (in next, notify and end) and
 * after every removal of a consumer. Plain lists, full scans, no shortcuts: every line here
 * should be checkable against a sentence of the spec, and speed does not matter. Where the spec
 * records one of the model's choices as a model note (spec §7), the comment at that code names it.
 *
 * <p>It follows the algorithm of spec §2 as Node releases it, or, made with {@link Algorithm#CORRECTED},
 * the two steps of spec §8: a flush never runs inside another, and a read of a spoiled entry
 * removes every consumer before it clears the buffer, also on a broadcast that was already errored.
 *
 * <p>Single-threaded: one thread calls everything.
 */
public final class ScanningModel implements Forkable {

    private static final long NO_READ = -1;

    private final Options options;
    private final Algorithm algorithm;

    // Broadcast state (spec §1).
    private final List<Integer> buffer; // sizes of retained entries, oldest first
    private final List<Boolean> spoiled; // aligned with buffer: whether the entry is spoiled
    private long bufferStart;
    private long bufferedBytes;
    private final List<Long> writers; // position -> the write operation that stored it
    private final List<Consumer> consumers; // attached, in attach order
    private List<Consumer> waiters;
    private boolean ended;
    private boolean cancelled;
    private boolean errored;
    private Object error;

    // Writer state.
    private WriterState writerState = WriterState.OPEN;
    private Object writerError;
    private final List<QueuedWrite> queuedWrites; // oldest first; abort takes from anywhere
    private final List<Long> pendingDrains; // in call order
    private final List<Long> pendingEnds;
    private long bytesAccepted;

    // Bookkeeping of the observation protocol (spec §5).
    private long operations;
    private int consumersMade;
    private long scans;
    private List<Settlement> settlements = new ArrayList<>();

    // Re-entrancy (spec §8): whether a flush is running in this operation, and how often a trim inside one
    // left the buffer under budget after dropping entries (where Node signals its writer's drain, nested).
    private boolean flushing;
    private long trimsInsideFlush;

    /**
     * Creates an empty broadcast with an open writer.
     *
     * @param options the budget and policy
     * @throws IllegalArgumentException if {@code options} is null
     */
    public ScanningModel(Options options) {
        this(options, Algorithm.AS_RELEASED);
    }

    /**
     * Creates an empty broadcast with an open writer that follows the given algorithm.
     *
     * @param options   the budget and policy
     * @param algorithm spec §2 as released, or the correction of spec §8
     * @throws IllegalArgumentException if {@code options} or {@code algorithm} is null
     */
    public ScanningModel(Options options, Algorithm algorithm) {
        this.options = Arguments.requireOptions(options);
        if (algorithm == null) {
            throw new IllegalArgumentException("algorithm must not be null");
        }
        this.algorithm = algorithm;
        this.buffer = new ArrayList<>();
        this.spoiled = new ArrayList<>();
        this.writers = new ArrayList<>();
        this.consumers = new ArrayList<>();
        this.waiters = new ArrayList<>();
        this.queuedWrites = new ArrayList<>();
        this.pendingDrains = new ArrayList<>();
        this.pendingEnds = new ArrayList<>();
    }

    /**
     * A copy of {@code other} in the same state; {@code copies} receives each copied consumer (attached, or
     * stale in the waiting list) at its id, which is unique in a broadcast. Each list is copied in one go
     * (the explorer forks the model once per transition).
     */
    private ScanningModel(ScanningModel other, Consumer[] copies) {
        this.options = other.options;
        this.algorithm = other.algorithm;
        this.buffer = new ArrayList<>(other.buffer);
        this.spoiled = new ArrayList<>(other.spoiled);
        this.writers = new ArrayList<>(other.writers);
        this.bufferStart = other.bufferStart;
        this.bufferedBytes = other.bufferedBytes;
        this.consumers = new ArrayList<>(other.consumers.size());
        for (Consumer c : other.consumers) {
            Consumer copy = copyOf(c);
            copies[c.id] = copy;
            this.consumers.add(copy);
        }
        this.waiters = new ArrayList<>(other.waiters.size());
        for (Consumer c : other.waiters) {
            if (copies[c.id] == null) {
                copies[c.id] = copyOf(c); // stale entries too: an exact copy
            }
            this.waiters.add(copies[c.id]);
        }
        this.ended = other.ended;
        this.cancelled = other.cancelled;
        this.errored = other.errored;
        this.error = other.error;
        this.writerState = other.writerState;
        this.writerError = other.writerError;
        this.queuedWrites = new ArrayList<>(other.queuedWrites); // records: immutable, shared safely
        this.pendingDrains = new ArrayList<>(other.pendingDrains);
        this.pendingEnds = new ArrayList<>(other.pendingEnds);
        this.bytesAccepted = other.bytesAccepted;
        this.operations = other.operations;
        this.consumersMade = other.consumersMade;
        this.scans = other.scans;
        this.trimsInsideFlush = other.trimsInsideFlush;
    }

    private Consumer copyOf(Consumer c) {
        // Forked once per transition: an empty queue as small as can be, a full one cloned in one array copy.
        ArrayDeque<Long> queued = c.queued.isEmpty() ? new ArrayDeque<>(0) : c.queued.clone();
        Consumer copy = new Consumer(this, c.id, c.cursor, queued);
        copy.outstanding = c.outstanding;
        copy.detached = c.detached;
        copy.attached = c.attached;
        copy.error = c.error;
        return copy;
    }

    private static final class Consumer implements ConsumerHandle {
        final ScanningModel owner;
        final int id;
        long cursor;
        long outstanding = NO_READ; // operation number of the outstanding read
        final ArrayDeque<Long> queued; // operation numbers of queued reads
        boolean detached;
        boolean attached = true;
        Reason error;

        Consumer(ScanningModel owner, int id, long cursor) {
            this(owner, id, cursor, new ArrayDeque<>());
        }

        Consumer(ScanningModel owner, int id, long cursor, ArrayDeque<Long> queued) {
            this.owner = owner;
            this.id = id;
            this.cursor = cursor;
            this.queued = queued;
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

    /** A queued write: its operation number, its size (a writev's sum) and whether it is spoiled (spec §1). */
    private record QueuedWrite(long op, int size, boolean spoiled) {
    }

    private enum Offer { ACCEPTED, DISCARDED, REFUSED }

    @Override
    public Options options() {
        return options;
    }

    // ---------------------------------------------------------------- operations

    @Override
    public ConsumerHandle attach() {
        operations++;
        // A new consumer starts at bufferStart, so it reads everything retained (I7).
        Consumer c = new Consumer(this, consumersMade++, bufferStart);
        consumers.add(c);
        return c;
    }

    @Override
    public Reply next(ConsumerHandle handle) {
        long op = operations++;
        Consumer c = own(handle);
        if (c.detached) {
            return reply(op, c.error != null ? Outcome.failed(c.error.value()) : Outcome.DONE);
        }
        if (c.cursor < endPosition()) {
            long position = c.cursor;
            if (!readEntry(position)) {
                // Spec reading an entry, step 4: the read answers FAILED with the broadcast's error.
                return reply(op, Outcome.failed(error));
            }
            int size = sizeAt(position);
            advance(c);
            return reply(op, Outcome.data(position, size));
        }
        if (errored) {
            c.detached = true;
            c.error = Reason.of(error);
            remove(c);
            return reply(op, Outcome.failed(error));
        }
        if (ended || cancelled) {
            detachConsumer(c);
            return reply(op, Outcome.DONE);
        }
        if (c.outstanding != NO_READ) {
            c.queued.addLast(op);
            return reply(op, Outcome.PENDING);
        }
        c.outstanding = op;
        waiters.add(c);
        return reply(op, Outcome.WAIT);
    }

    @Override
    public Reply detach(ConsumerHandle handle) {
        long op = operations++;
        detachConsumer(own(handle));
        return reply(op, Outcome.DONE);
    }

    @Override
    public Reply writeSync(int size) {
        long op = operations++;
        Arguments.requireSize(size);
        return writeSync(op, size);
    }

    @Override
    public Reply writevSync(int... sizes) {
        long op = operations++;
        // Spec writevSync and writev: writeSync(sum) in every step and answer, under this operation number.
        return writeSync(op, Arguments.requireSizes(sizes));
    }

    /** Spec writeSync steps 2 and 3, for a size already checked. */
    private Reply writeSync(long op, int size) {
        if (writerState != WriterState.OPEN) {
            return reply(op, Outcome.REFUSED);
        }
        Offer result = offer(op, size);
        if (result == Offer.REFUSED) {
            return reply(op, Outcome.REFUSED);
        }
        bytesAccepted += size;
        return reply(op, result == Offer.ACCEPTED ? Outcome.ACCEPTED : Outcome.DISCARDED);
    }

    @Override
    public Reply write(int size) {
        long op = operations++;
        Arguments.requireSize(size);
        return write(op, size);
    }

    @Override
    public Reply writev(int... sizes) {
        long op = operations++;
        // Spec writevSync and writev: write(sum) in every step and answer, under this operation number.
        return write(op, Arguments.requireSizes(sizes));
    }

    /** Spec write steps 2 to 4, for a size already checked. */
    private Reply write(long op, int size) {
        if (writerState == WriterState.ERRORED) {
            return reply(op, Outcome.failed(writerError));
        }
        if (writerState != WriterState.OPEN) {
            return reply(op, Outcome.failed(SpecError.WRITER_CLOSED));
        }
        Offer result = offer(op, size);
        if (result != Offer.REFUSED) {
            bytesAccepted += size;
            return reply(op, result == Offer.ACCEPTED ? Outcome.ACCEPTED : Outcome.DISCARDED);
        }
        switch (options.policy()) {
            case STRICT:
                if (!queuedWrites.isEmpty()) {
                    return reply(op, Outcome.failed(SpecError.BACKPRESSURE));
                }
                break;
            case UNBOUNDED:
                break;
            default:
                throw new ImpossibleStateException(options.policy() + " refused a write while the writer is open");
        }
        queuedWrites.add(new QueuedWrite(op, size, false));
        return reply(op, Outcome.QUEUED);
    }

    @Override
    public Reply end() {
        long op = operations++;
        if (writerState == WriterState.ERRORED) {
            return reply(op, Outcome.failed(writerError));
        }
        if (writerState == WriterState.CLOSED) {
            return reply(op, Outcome.completed(bytesAccepted));
        }
        pendingEnds.add(op);
        if (writerState == WriterState.OPEN) {
            writerState = WriterState.CLOSING;
            settleDrains(Outcome.DRAINED_FALSE); // spec end step 3: the writer left OPEN
            endIfNoWriteQueued();
        }
        // If the end completed or failed inside this call, its settlement is this call's own answer (spec end step 4).
        for (int i = 0; i < settlements.size(); i++) {
            if (settlements.get(i).op() == op) {
                Outcome own = settlements.remove(i).outcome();
                return reply(op, own);
            }
        }
        return reply(op, Outcome.PENDING);
    }

    @Override
    public Reply endSync() {
        long op = operations++;
        if (writerState == WriterState.CLOSED) {
            return reply(op, Outcome.completed(bytesAccepted));
        }
        if (writerState == WriterState.ERRORED || writerState == WriterState.CLOSING) {
            return reply(op, Outcome.INCOMPLETE); // Node's -1; nothing changes
        }
        writerState = WriterState.CLOSING;
        settleDrains(Outcome.DRAINED_FALSE); // spec endSync step 3: the writer left OPEN
        endIfNoWriteQueued(); // no pending end is recorded: the end may complete later without a settlement
        return reply(op, writerState == WriterState.CLOSED ? Outcome.completed(bytesAccepted) : Outcome.INCOMPLETE);
    }

    @Override
    public Reply abort(long operation) {
        long op = operations++;
        Arguments.requireEarlierOperation(operation, op);
        for (int i = 0; i < queuedWrites.size(); i++) {
            if (queuedWrites.get(i).op() == operation) {
                // Spec abort step 1: out of the queue wherever it is; nothing is flushed.
                queuedWrites.remove(i);
                settle(operation, Outcome.failed(SpecError.ABORTED));
                endIfNoWriteQueued(); // I12: a closing writer whose queue an abort emptied ends the broadcast
                return reply(op, Outcome.OK);
            }
        }
        if (pendingEnds.remove(Long.valueOf(operation))) {
            // Spec abort step 2: that call stops waiting; the writer stays CLOSING.
            settle(operation, Outcome.failed(SpecError.ABORTED));
        }
        return reply(op, Outcome.OK); // spec abort step 3 otherwise: nothing happens
    }

    @Override
    public Reply drain() {
        long op = operations++;
        if (writerState != WriterState.OPEN || ended) {
            return reply(op, Outcome.UNWRITABLE);
        }
        if (bufferedBytes < options.budget()) {
            return reply(op, Outcome.DRAINED_TRUE);
        }
        pendingDrains.add(op); // I13: it waits only while the buffer is at or over budget
        return reply(op, Outcome.PENDING);
    }

    @Override
    public Reply spoil(long operation) {
        long op = operations++;
        Arguments.requireEarlierOperation(operation, op);
        for (long position = bufferStart; position < endPosition(); position++) {
            if (writers.get((int) position) == operation) {
                spoiled.set((int) (position - bufferStart), true);
                return reply(op, Outcome.OK);
            }
        }
        for (int i = 0; i < queuedWrites.size(); i++) {
            QueuedWrite w = queuedWrites.get(i);
            if (w.op() == operation) {
                queuedWrites.set(i, new QueuedWrite(w.op(), w.size(), true));
                return reply(op, Outcome.OK);
            }
        }
        return reply(op, Outcome.OK); // never stored, trimmed, evicted, discarded, zero-size or not a write
    }

    @Override
    public Reply fail(Object reason) {
        long op = operations++;
        if (writerState == WriterState.ERRORED || writerState == WriterState.CLOSED) {
            return reply(op, Outcome.OK); // the first error is kept
        }
        failWriter(reason);
        if (!errored) {
            failBroadcast(reason);
        }
        return reply(op, Outcome.OK);
    }

    @Override
    public Reply cancel() {
        return cancel(false, null);
    }

    @Override
    public Reply cancel(Object reason) {
        return cancel(true, reason);
    }

    private Reply cancel(boolean hasReason, Object reason) {
        long op = operations++;
        if (cancelled) {
            return reply(op, Outcome.OK);
        }
        cancelled = true;
        ended = true;
        if (hasReason) {
            errored = true;
            error = reason;
        }
        if (writerState == WriterState.OPEN || writerState == WriterState.CLOSING) {
            writerState = WriterState.CLOSED;
            while (!queuedWrites.isEmpty()) {
                settle(queuedWrites.remove(0).op(), Outcome.failed(SpecError.CANCELLED));
            }
            settleDrains(Outcome.DRAINED_FALSE);
            for (long end : pendingEnds) {
                settle(end, Outcome.completed(bytesAccepted));
            }
            pendingEnds.clear();
        }
        removeEveryone(hasReason ? Outcome.failed(reason) : Outcome.DONE, hasReason ? Reason.of(reason) : null);
        return reply(op, Outcome.OK);
    }

    // ---------------------------------------------------------------- forking and naming states

    @Override
    public Fork fork() {
        Consumer[] copies = new Consumer[consumersMade]; // by id: ids are unique, 0 to consumersMade - 1
        ScanningModel copy = new ScanningModel(this, copies);
        return new Fork(copy, handle -> {
            Consumer c = own(handle);
            if (copies[c.id] == null) {
                copies[c.id] = copy.copyOf(c); // a detached consumer, copied on demand
            }
            return copies[c.id];
        });
    }

    /**
     * The model's whole state, canonically: retained sizes with their spoiled flags, attached consumers
     * in attach order with their cursors relative to bufferStart and their open reads by rank among
     * all pending operations, the waiting order, the lifecycle, the writer, the queued writes (with
     * their spoiled flags), pending drains and pending ends. Which write stored a retained entry is
     * not in the key: abort and spoil name writes, and the entries' order already says which entry a
     * write made, whatever its number.
     */
    @Override
    public String stateKey() {
        long[] pending = new long[pendingEnds.size() + queuedWrites.size() + pendingDrains.size()];
        int n = 0;
        for (long e : pendingEnds) {
            pending[n++] = e;
        }
        for (QueuedWrite w : queuedWrites) {
            pending[n++] = w.op();
        }
        for (long d : pendingDrains) {
            pending[n++] = d;
        }
        for (Consumer c : consumers) {
            int reads = (c.outstanding != NO_READ ? 1 : 0) + c.queued.size();
            if (n + reads > pending.length) {
                pending = java.util.Arrays.copyOf(pending, Math.max(2 * pending.length, n + reads));
            }
            if (c.outstanding != NO_READ) {
                pending[n++] = c.outstanding;
            }
            for (long q : c.queued) {
                pending[n++] = q;
            }
        }
        java.util.Arrays.sort(pending, 0, n); // pending operations by rank: their order matters, not their numbers
        StringBuilder k = new StringBuilder(96).append(buffer);
        for (int i = 0; i < spoiled.size(); i++) {
            if (spoiled.get(i)) {
                k.append('s').append(i); // spoiled entries by index from bufferStart
            }
        }
        k.append(" c[");
        for (Consumer c : consumers) {
            k.append(c.id).append('@').append(c.cursor - bufferStart);
            if (c.outstanding != NO_READ) {
                k.append('w').append(java.util.Arrays.binarySearch(pending, 0, n, c.outstanding));
            }
            for (long q : c.queued) {
                k.append('q').append(java.util.Arrays.binarySearch(pending, 0, n, q));
            }
            k.append(' ');
        }
        k.append("] wait[");
        for (Consumer c : waiters) { // stale entries too: the key assumes nothing of how notify treats them
            k.append(c.id).append(c.outstanding != NO_READ ? "" : c.detached ? "d" : "-").append(' ');
        }
        k.append("] ").append(ended ? 'E' : '-').append(cancelled ? 'C' : '-');
        if (errored) {
            k.append(" err=").append(Outcome.describeReason(error));
        }
        k.append(' ').append(writerState);
        if (writerState == WriterState.ERRORED) {
            k.append('(').append(Outcome.describeReason(writerError)).append(')');
        }
        for (QueuedWrite w : queuedWrites) {
            k.append(" qw").append(java.util.Arrays.binarySearch(pending, 0, n, w.op())).append(':').append(w.size());
            if (w.spoiled()) {
                k.append('s');
            }
        }
        for (long d : pendingDrains) {
            k.append(" drain").append(java.util.Arrays.binarySearch(pending, 0, n, d));
        }
        for (long e : pendingEnds) {
            k.append(" end").append(java.util.Arrays.binarySearch(pending, 0, n, e));
        }
        return k.toString();
    }

    /**
     * {@inheritDoc} The same content as {@link #stateKey()}, in the same order, each part opened by a
     * symbol of its own so that the sequence decodes: consumers through {@link KeyWriter#consumer}.
     */
    @Override
    public void writeKey(KeyWriter k) {
        long[] pending = k.scratch(pendingCount());
        int n = collectPending(pending);
        k.count(buffer.size());
        for (int size : buffer) {
            k.number(size);
        }
        for (int i = 0; i < spoiled.size(); i++) {
            if (spoiled.get(i)) {
                k.symbol(KEY_SPOILED);
                k.number(i); // spoiled entries by index from bufferStart
            }
        }
        k.symbol(KEY_CONSUMERS);
        k.count(consumers.size());
        for (Consumer c : consumers) {
            k.consumer(c.id);
            k.number(c.cursor - bufferStart);
            k.number(c.outstanding != NO_READ ? java.util.Arrays.binarySearch(pending, 0, n, c.outstanding) : -1);
            k.count(c.queued.size());
            for (long q : c.queued) {
                k.number(java.util.Arrays.binarySearch(pending, 0, n, q));
            }
        }
        k.count(waiters.size());
        for (Consumer c : waiters) { // stale entries too, as in stateKey()
            k.consumer(c.id);
            k.symbol(c.outstanding != NO_READ ? 0 : c.detached ? 1 : 2);
        }
        k.flag(ended);
        k.flag(cancelled);
        k.flag(errored);
        if (errored) {
            k.text(Outcome.describeReason(error));
        }
        k.symbol(writerState.ordinal());
        if (writerState == WriterState.ERRORED) {
            k.text(Outcome.describeReason(writerError));
        }
        k.count(queuedWrites.size());
        for (QueuedWrite w : queuedWrites) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, w.op()));
            k.number(w.size());
            k.flag(w.spoiled());
        }
        k.count(pendingDrains.size());
        for (long d : pendingDrains) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, d));
        }
        k.count(pendingEnds.size());
        for (long e : pendingEnds) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, e));
        }
    }

    /** {@inheritDoc} True: {@link #writeKey} names consumers only through {@link KeyWriter#consumer}. */
    @Override
    public boolean namesConsumersThroughWriter() {
        return true;
    }

    private static final int KEY_SPOILED = 1;
    private static final int KEY_CONSUMERS = 2;

    /** How many operations are pending: what {@link #collectPending} writes. */
    private int pendingCount() {
        int n = pendingEnds.size() + queuedWrites.size() + pendingDrains.size();
        for (Consumer c : consumers) {
            n += (c.outstanding != NO_READ ? 1 : 0) + c.queued.size();
        }
        return n;
    }

    /**
     * Fills {@code pending} (at least {@link #pendingCount()} long: the key writer's scratch, so that a fork
     * allocates nothing to be keyed) with every pending operation's number, sorted (ranks); returns how many.
     */
    private int collectPending(long[] pending) {
        int n = 0;
        for (long e : pendingEnds) {
            pending[n++] = e;
        }
        for (QueuedWrite w : queuedWrites) {
            pending[n++] = w.op();
        }
        for (long d : pendingDrains) {
            pending[n++] = d;
        }
        for (Consumer c : consumers) {
            if (c.outstanding != NO_READ) {
                pending[n++] = c.outstanding;
            }
            for (long q : c.queued) {
                pending[n++] = q;
            }
        }
        java.util.Arrays.sort(pending, 0, n); // pending operations by rank: their order matters, not their numbers
        return n;
    }

    @Override
    public String consumerKey(ConsumerHandle handle) {
        Consumer c = own(handle);
        if (!c.detached) {
            return "attached";
        }
        return c.error == null ? "detached" : "detached!" + c.error;
    }

    // ---------------------------------------------------------------- queries

    @Override
    public Snapshot snapshot() {
        // Immutable lists where they are built here, which Snapshot keeps without another copy, and the
        // shared empty list for what is usually empty: the explorer takes a snapshot per transition.
        Snapshot.ConsumerState[] states = new Snapshot.ConsumerState[consumers.size()];
        for (int i = 0; i < states.length; i++) {
            Consumer c = consumers.get(i);
            int reads = (c.outstanding != NO_READ ? 1 : 0) + c.queued.size();
            states[i] = new Snapshot.ConsumerState(c.id, c.cursor, reads);
        }
        List<Integer> queued = queuedWrites.isEmpty() ? List.of() : new ArrayList<>();
        List<Integer> spoiledQueued = new ArrayList<>(0);
        for (int i = 0; i < queuedWrites.size(); i++) {
            queued.add(queuedWrites.get(i).size());
            if (queuedWrites.get(i).spoiled()) {
                spoiledQueued.add(i);
            }
        }
        List<Long> spoiledEntries = spoiled.contains(Boolean.TRUE) ? new ArrayList<>() : List.of();
        for (int i = 0; i < spoiled.size(); i++) {
            if (spoiled.get(i)) {
                spoiledEntries.add(bufferStart + i);
            }
        }
        return new Snapshot(bufferStart, buffer, bufferedBytes, List.of(states), queued, writerState, bytesAccepted,
                pendingEnds.size(), ended, cancelled, errored ? Reason.of(error) : null,
                writerState == WriterState.ERRORED ? Reason.of(writerError) : null, pendingDrains.size(),
                spoiledEntries, spoiledQueued);
    }

    @Override
    public Diagnostics diagnostics() {
        return new Diagnostics() {
            @Override
            public MinCache minCache() {
                return null; // no cache: that is the point of the model
            }

            @Override
            public long scans() {
                return scans;
            }
        };
    }

    /**
     * The operations an {@code abort} can still take effect on: the operation numbers of the queued
     * writes, oldest first, then of the pending {@code end()} calls, in call order. A tool for
     * generating operations, like {@link #stateKey()}: not semantics.
     *
     * @return a new list
     */
    public List<Long> pendingOperations() {
        List<Long> ops = new ArrayList<>();
        for (QueuedWrite w : queuedWrites) {
            ops.add(w.op());
        }
        ops.addAll(pendingEnds);
        return ops;
    }

    /**
     * The writes a {@code spoil} can still take effect on: the operation numbers of the writes whose
     * entry is retained and not spoiled, in position order, then of the queued writes that are not
     * spoiled, oldest first. A tool for generating operations, like {@link #stateKey()}: not semantics.
     *
     * @return a new list
     */
    public List<Long> spoilableWrites() {
        List<Long> ops = new ArrayList<>();
        for (int i = 0; i < buffer.size(); i++) {
            if (!spoiled.get(i)) {
                ops.add(writers.get((int) (bufferStart + i)));
            }
        }
        for (QueuedWrite w : queuedWrites) {
            if (!w.spoiled()) {
                ops.add(w.op());
            }
        }
        return ops;
    }

    /** The algorithm this model follows: spec §2 as released, or the correction of spec §8. */
    public Algorithm algorithm() {
        return algorithm;
    }

    /**
     * How many trims so far ran inside a running flush, dropped entries and left the buffer under
     * budget: the points where Node's trim signals its writer's drain, and so starts a flush, while
     * another flush runs (spec §8; Node does so whether or not a write is queued, Model note M1). On a
     * script along which this stays 0, both algorithms take the same steps, and so do Node's
     * {@code broadcast.js} with and without the guard of §8. A tool, like {@link #stateKey()}: not
     * semantics.
     *
     * @return the count since this broadcast was made, forks included
     */
    public long trimsInsideFlush() {
        return trimsInsideFlush;
    }

    /**
     * The number of the write operation that stored the entry at a position: the
     * {@code writeSync}, {@code write}, {@code writevSync} or {@code writev} call itself, also when a
     * queued write was stored later by a flush. Positions are not visible from outside an implementation (Node has none), entries
     * named by their write are: the conformance check compares those.
     *
     * @param position a position this broadcast ever appended, trimmed or not
     * @return the operation number of the write that stored it
     * @throws IllegalArgumentException if nothing was ever appended at {@code position}
     */
    public long writeOf(long position) {
        if (position < 0 || position >= writers.size()) {
            throw new IllegalArgumentException("no entry was ever appended at position " + position);
        }
        return writers.get((int) position);
    }

    @Override
    public String toString() {
        return "ScanningModel{" + snapshot() + "}";
    }

    // ---------------------------------------------------------------- spec §2 procedures

    /** Spec scan: the smallest cursor of the attached consumers, starting from {@code end}. */
    private long minCursor() {
        scans++;
        long min = endPosition();
        for (Consumer c : consumers) {
            min = Math.min(min, c.cursor);
        }
        return min;
    }

    /** Moves a consumer past the entry it was just delivered, then trims (the model trims every time). */
    private void advance(Consumer c) {
        c.cursor++;
        trim();
    }

    /**
     * Spec trim, with a fresh scan instead of the cache. Flushing queued writes re-enters
     * offer, notify, advance and trim; it runs only when a write is queued (model note M1), and,
     * under the corrected algorithm (spec §8), only when no flush is running already.
     */
    private void trim() {
        if (consumers.isEmpty()) {
            return; // I7: retained data waits for late joiners
        }
        long min = minCursor();
        if (min < bufferStart) {
            // I1: eviction moves laggards to bufferStart in the same step, so no cursor is ever behind it.
            throw new ImpossibleStateException("a cursor is " + (bufferStart - min) + " behind bufferStart " + bufferStart);
        }
        if (min == bufferStart) {
            return;
        }
        while (bufferStart < min) {
            bufferedBytes -= buffer.remove(0);
            spoiled.remove(0); // trimming never looks at whether an entry is spoiled
            bufferStart++;
        }
        if (bufferedBytes < options.budget()) {
            if (flushing) {
                trimsInsideFlush++;
            }
            // Spec §8, one flush at a time: the running flush's loop offers the next queued write itself.
            if (!queuedWrites.isEmpty() && !(flushing && algorithm == Algorithm.CORRECTED)) {
                flushQueuedWrites();
            }
            if (writerState == WriterState.OPEN) {
                // Spec trim step 3, after the flush it started: room existed, even if the flush filled it (I13).
                settleDrains(Outcome.DRAINED_TRUE);
            }
        }
    }

    /**
     * Writes queued writes in order until one is refused; the write leaves the queue before it is
     * offered (so that a nested flush, spec §2, takes the next one). The outermost flush of an
     * operation marks itself running, for spec §8.
     */
    private void flushQueuedWrites() {
        boolean outermost = !flushing;
        flushing = true;
        try {
            // Spec flush step 1: the loop's condition is the offer's own test for refusing, so a spoiled
            // write behind a full buffer stays unexamined, as Node leaves it.
            while (!queuedWrites.isEmpty() && !ended && bufferedBytes < options.budget()) {
                QueuedWrite w = queuedWrites.remove(0);
                if (w.spoiled()) {
                    settle(w.op(), Outcome.failed(SpecError.INVALID_ENTRY)); // I14: neither stored nor counted
                    continue;
                }
                if (offer(w.op(), w.size()) == Offer.REFUSED) {
                    queuedWrites.add(0, w);
                    break;
                }
                bytesAccepted += w.size();
                settle(w.op(), Outcome.ACCEPTED);
            }
        } finally {
            if (outermost) {
                flushing = false;
            }
        }
        endIfNoWriteQueued();
    }

    private void endIfNoWriteQueued() {
        if (writerState == WriterState.CLOSING && queuedWrites.isEmpty()) {
            endBroadcast();
        }
    }

    /** Spec offer: a write at the broadcast level; {@code writeOp} is the write operation offering it. */
    private Offer offer(long writeOp, int size) {
        if (ended || cancelled) {
            return Offer.REFUSED;
        }
        if (size == 0) {
            return Offer.ACCEPTED; // I8: nothing stored, nobody notified
        }
        boolean evicted = false;
        if (bufferedBytes >= options.budget()) {
            Policy policy = options.policy();
            if (policy == Policy.STRICT || policy == Policy.UNBOUNDED) {
                return Offer.REFUSED;
            }
            if (policy == Policy.DROP_NEWEST) {
                return Offer.DISCARDED;
            }
            evicted = true;
            while (bufferedBytes >= options.budget() && !buffer.isEmpty()) {
                bufferedBytes -= buffer.remove(0);
                spoiled.remove(0);
                bufferStart++;
            }
            for (Consumer c : consumers) {
                if (c.cursor < bufferStart) {
                    c.cursor = bufferStart;
                }
            }
        }
        if (writers.size() != bufferStart + buffer.size()) {
            // Only a spoiled read's clear shortens the buffer without moving bufferStart, and it ends the broadcast.
            throw new ImpossibleStateException("an append at " + (bufferStart + buffer.size()) + " after a clear of"
                    + " positions up to " + writers.size());
        }
        buffer.add(size);
        spoiled.add(false);
        bufferedBytes += size;
        writers.add(writeOp);
        notifyWaiters();
        if (evicted && bufferedBytes < options.budget()) {
            // Spec offer step 6 (model note M2): Node asks its writer to flush first, but only STRICT and
            // UNBOUNDED queue writes, and only DROP_OLDEST evicts, so there is nothing to flush.
            if (!queuedWrites.isEmpty()) {
                throw new ImpossibleStateException("DROP_OLDEST evicted with " + queuedWrites.size()
                        + " write(s) queued");
            }
            if (writerState == WriterState.OPEN) {
                settleDrains(Outcome.DRAINED_TRUE);
            }
        }
        return Offer.ACCEPTED;
    }

    /** Spec notify: one entry per waiting consumer; the ones still waiting join the current list (model note M3). */
    private void notifyWaiters() {
        List<Consumer> taken = waiters;
        waiters = new ArrayList<>();
        for (Consumer c : taken) {
            if (c.outstanding == NO_READ) {
                // A stale entry, and reachable: a consumer that detached while it waited stays listed
                // until the next notify (ReadExamples#detachSettlesOpenReadsDoneInOrder reaches it).
                continue;
            }
            if (c.cursor < endPosition()) {
                long position = c.cursor;
                if (!readEntry(position)) {
                    return; // spec reading an entry, step 4: notify serves nobody else
                }
                int size = sizeAt(position);
                advance(c);
                settleOutstanding(c, Outcome.data(position, size));
                if (!c.queued.isEmpty()) {
                    c.outstanding = c.queued.removeFirst();
                    waiters.add(c);
                }
            } else {
                waiters.add(c);
            }
        }
    }

    /** Spec §2, ending the broadcast: runs once no write is queued; empties the waiting list (model note M5). */
    private void endBroadcast() {
        if (ended) {
            return;
        }
        ended = true;
        for (Consumer c : new ArrayList<>(consumers)) {
            if (!c.attached) {
                // Only this loop removes consumers here, each in its own turn: end runs with no write
                // queued, so no trim below can flush, notify or detach anyone else.
                throw new ImpossibleStateException(c + " left the consumers while end() was serving the others");
            }
            if (c.outstanding == NO_READ) {
                continue; // not waiting: it drains what is left later
            }
            if (c.cursor < endPosition()) {
                long position = c.cursor;
                if (!readEntry(position)) {
                    return; // spec reading an entry, step 4: the end of the broadcast stops, without steps 3 and 4
                }
                int size = sizeAt(position);
                advance(c);
                settleOutstanding(c, Outcome.data(position, size));
            } else {
                settleOutstanding(c, Outcome.DONE);
                while (!c.queued.isEmpty()) {
                    settle(c.queued.removeFirst(), Outcome.DONE);
                }
                c.detached = true;
                remove(c);
            }
        }
        waiters.clear();
        completeEndIfDrained();
    }

    /**
     * Spec reading an entry: whether the entry at {@code position} may be delivered. A spoiled one
     * fails the writer (steps 1 and 2 of fail), fails the broadcast unless it is already errored (the
     * corrected algorithm, spec §8, removes everyone then too, with the existing error), and clears the
     * buffer without moving bufferStart (step 3); the caller stops its delivery (step 4).
     *
     * @return true if the entry is not spoiled and the delivery goes on
     */
    private boolean readEntry(long position) {
        if (!spoiled.get((int) (position - bufferStart))) {
            return true;
        }
        failWriter(SpecError.INVALID_ENTRY);
        if (!errored) {
            failBroadcast(SpecError.INVALID_ENTRY);
        } else if (algorithm == Algorithm.CORRECTED) {
            // Spec §8, every consumer leaves a cleared buffer: the earlier error stands, and nobody stays
            // attached to positions the clear below removes (I1).
            removeEveryone(Outcome.failed(error), Reason.of(error));
        }
        buffer.clear();
        spoiled.clear();
        // writers (indexed by absolute position) keeps the cleared entries' names: nothing is appended after a
        // clear (the broadcast has ended, step 1 and 2), which offer asserts.
        bufferedBytes = 0; // I2: the byte count goes with the entries; bufferStart does not move
        return false;
    }

    /**
     * Spec fail steps 1 to 3 with {@code reason}, also run by reading a spoiled entry: an OPEN or
     * CLOSING writer becomes ERRORED and its queued writes, drains and pending ends fail, in that order.
     */
    private void failWriter(Object reason) {
        if (writerState == WriterState.ERRORED || writerState == WriterState.CLOSED) {
            return; // the first error stands
        }
        writerState = WriterState.ERRORED;
        writerError = reason;
        while (!queuedWrites.isEmpty()) {
            settle(queuedWrites.remove(0).op(), Outcome.failed(reason));
        }
        settleDrains(Outcome.failed(reason));
        for (long end : pendingEnds) {
            settle(end, Outcome.failed(reason));
        }
        pendingEnds.clear();
    }

    /** Spec fail step 4: the broadcast becomes errored and ended; everyone attached fails and is removed. */
    private void failBroadcast(Object reason) {
        errored = true;
        error = reason;
        ended = true;
        removeEveryone(Outcome.failed(reason), Reason.of(reason));
    }

    /** Spec settling drains: every pending drain, in call order, with one answer; the list is emptied first. */
    private void settleDrains(Outcome outcome) {
        List<Long> drains = new ArrayList<>(pendingDrains);
        pendingDrains.clear();
        for (long drain : drains) {
            settle(drain, outcome);
        }
    }

    /** fail and cancel: every attached consumer's open reads settle with {@code open}; all are removed. */
    private void removeEveryone(Outcome open, Reason error) {
        for (Consumer c : consumers) {
            if (c.outstanding != NO_READ) {
                settleOutstanding(c, open);
            }
            while (!c.queued.isEmpty()) {
                settle(c.queued.removeFirst(), open);
            }
            if (error != null) {
                c.error = error;
            }
            c.detached = true;
            c.attached = false;
        }
        consumers.clear();
        waiters.clear();
    }

    /** The consumer's return/throw. */
    private void detachConsumer(Consumer c) {
        c.detached = true;
        if (c.outstanding != NO_READ) {
            settleOutstanding(c, Outcome.DONE);
        }
        while (!c.queued.isEmpty()) {
            settle(c.queued.removeFirst(), Outcome.DONE);
        }
        if (c.attached) {
            remove(c);
        }
        completeEndIfDrained();
    }

    /** Removes an attached consumer and trims (the model trims after every removal: model note M4). */
    private void remove(Consumer c) {
        consumers.remove(c);
        c.attached = false;
        trim();
    }

    private void completeEndIfDrained() {
        if (ended && consumers.isEmpty() && writerState == WriterState.CLOSING) {
            writerState = WriterState.CLOSED;
            for (long end : pendingEnds) {
                settle(end, Outcome.completed(bytesAccepted));
            }
            pendingEnds.clear();
        }
    }

    // ---------------------------------------------------------------- helpers

    private long endPosition() {
        return bufferStart + buffer.size();
    }

    private int sizeAt(long position) {
        if (position < bufferStart || position >= endPosition()) {
            throw new ImpossibleStateException("read of position " + position + " outside the buffer ["
                    + bufferStart + ", " + endPosition() + ")");
        }
        return buffer.get((int) (position - bufferStart));
    }

    private void settleOutstanding(Consumer c, Outcome outcome) {
        if (c.outstanding == NO_READ) {
            throw new ImpossibleStateException(c + " has no outstanding read to settle with " + outcome
                    + " (settled twice?)");
        }
        long read = c.outstanding;
        c.outstanding = NO_READ;
        settle(read, outcome);
    }

    private void settle(long op, Outcome outcome) {
        settlements.add(new Settlement(op, outcome));
    }

    private Reply reply(long op, Outcome outcome) {
        if (settlements.isEmpty()) {
            return new Reply(op, outcome, List.of()); // most operations settle nothing: no list to copy
        }
        Reply r = new Reply(op, outcome, settlements);
        settlements = new ArrayList<>();
        return r;
    }

    private Consumer own(ConsumerHandle handle) {
        if (handle == null) {
            throw Arguments.nullConsumer();
        }
        if (handle instanceof Consumer c && c.owner == this) {
            return c;
        }
        throw Arguments.foreignConsumer(handle);
    }
}
