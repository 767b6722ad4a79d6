package io.cursorcheck.impl;

import static io.cursorcheck.impl.Reader.NO_READ;

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
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Spec §2 ({@code docs/spec.md}) minus the minimum-cursor tracking: reads and waiters, the writer with its
 * queued writes and pending drains, end, endSync, abort, spoiled entries, fail and cancel. A subclass tracks the minimum through the hooks
 * {@link #attached}, {@link #advanced}, {@link #removed}, {@link #trim}, {@link #laggardMoving},
 * {@link #evicted} and {@link #forgetMinimum}, which this class calls at exactly the points
 * where Node's code touches its cache.
 *
 * <p>Fast path: a read of a retained entry is a bounds check, a ring read, a cursor increment and
 * one {@link #advanced} call. Slow paths (scans, eviction, end, fail, cancel) are O(consumers).
 *
 * <p>Re-entrancy is part of the semantics: trim flushes queued writes, which notify waiters,
 * which advance cursors, which may trim again, all inside one operation. Nothing here defends
 * against that; a state the spec says cannot happen throws {@link ImpossibleStateException}.
 *
 * <p>Reads top to bottom: the state, the tracking hooks, then the spec's §2 procedures and operations in the
 * spec's order. A consumer is a {@link Reader}; forking lives in {@link ReaderCopies} and naming states for the
 * explorer in {@link StateKeys}, which read the fields this class alone writes.
 *
 * <p>Single-threaded: one thread calls everything.
 */
abstract class BroadcastCore implements Forkable {

    /** Where a cursor advance happens; the dirty-flag variant treats them differently. */
    enum Site {
        NEXT,
        NOTIFY,
        END
    }

    /** The result of a full scan of the attached consumers. */
    record Scan(long min, int count) {}

    private enum Offer {
        ACCEPTED,
        DISCARDED,
        REFUSED
    }

    final Options options;
    final Algorithm algorithm;
    private final long budget;
    private final Policy policy;

    // Package-private state is read by StateKeys and ReaderCopies (and the buffer and consumers by the trackers);
    // only this class writes it, in the procedures below.
    final EntryRing buffer;
    private long bufferedBytes;
    final LinkedHashSet<Reader> consumers = new LinkedHashSet<>(); // attached, in attach order
    ArrayList<Reader> waiters = new ArrayList<>();
    boolean ended;
    boolean cancelled;
    boolean errored;
    Object error;

    WriterState writerState = WriterState.OPEN;
    Object writerError;
    final ArrayDeque<QueuedWrite> queuedWrites;
    final ArrayList<Long> pendingEnds = new ArrayList<>();
    final ArrayList<Long> pendingDrains = new ArrayList<>(); // I13: only while OPEN, not ended, at or over budget
    private long bytesAccepted;

    private long operations;
    int consumersMade;
    private long scans;
    private final ArrayList<Settlement> settlements = new ArrayList<>();
    private boolean flushing; // a flush is running in this operation (spec §8); false between operations

    BroadcastCore(Options options) {
        this(options, Algorithm.AS_RELEASED);
    }

    BroadcastCore(Options options, Algorithm algorithm) {
        this(options, EntryRing.forBudget(Arguments.requireOptions(options).budget()), algorithm);
    }

    BroadcastCore(Options options, EntryRing ring) {
        this(options, ring, Algorithm.AS_RELEASED);
    }

    BroadcastCore(Options options, EntryRing ring, Algorithm algorithm) {
        this.buffer = ring;
        this.options = Arguments.requireOptions(options);
        if (algorithm == null) {
            throw new IllegalArgumentException("algorithm must not be null");
        }
        this.algorithm = algorithm;
        this.budget = options.budget();
        this.policy = options.policy();
        this.queuedWrites = new ArrayDeque<>();
    }

    /**
     * A copy of {@code other} in the same state, for {@link #fork()}: its attached consumers are
     * copied into {@code copies} (original reader to copy); the subclass copies its tracking.
     */
    BroadcastCore(BroadcastCore other, ReaderCopies copies) {
        this.options = other.options;
        this.algorithm = other.algorithm;
        this.budget = other.budget;
        this.policy = other.policy;
        this.buffer = other.buffer.copy();
        this.bufferedBytes = other.bufferedBytes;
        for (Reader r : other.consumers) {
            Reader c = r.copyFor(this);
            copies.put(r, c);
            consumers.add(c);
        }
        for (Reader r : other.waiters) {
            // Stale entries too (a detached or served consumer): a fork must behave exactly as its
            // original even where a broken subclass would not skip them as this class does.
            waiters.add(copies.copyIn(r, this));
        }
        this.ended = other.ended;
        this.cancelled = other.cancelled;
        this.errored = other.errored;
        this.error = other.error;
        this.writerState = other.writerState;
        this.writerError = other.writerError;
        this.queuedWrites = new ArrayDeque<>(other.queuedWrites.size()); // sized: usually empty, and forked often
        for (QueuedWrite w : other.queuedWrites) {
            this.queuedWrites.addLast(new QueuedWrite(w.op, w.size, w.spoiled)); // mutable: a copy each
        }
        if (!other.pendingEnds.isEmpty()) { // addAll copies even an empty list's array, and forks are many
            this.pendingEnds.addAll(other.pendingEnds);
        }
        if (!other.pendingDrains.isEmpty()) {
            this.pendingDrains.addAll(other.pendingDrains);
        }
        this.bytesAccepted = other.bytesAccepted;
        this.operations = other.operations;
        this.consumersMade = other.consumersMade;
        this.scans = other.scans;
    }

    // ---------------------------------------------------------------- tracking hooks

    /** A consumer was just added to {@link #consumers} at {@code bufferStart}. */
    abstract void attached(Reader r);

    /** A consumer's cursor just moved from {@code old} to {@code old + 1} by a delivery at {@code site}. */
    abstract void advanced(long old, Site site);

    /**
     * A consumer was just removed from {@link #consumers}; {@code trimAllowed} is false where the spec
     * adjusts the count without trimming (a read that finds the broadcast errored).
     */
    abstract void removed(Reader r, boolean trimAllowed);

    /** Spec trim: decide the new start and call {@link #dropBefore} if it moved. */
    abstract void trim();

    /** DROP_OLDEST eviction is about to drop entries and move laggards; nothing changed yet. */
    void beforeEviction() {}

    /** DROP_OLDEST eviction is about to move {@code r} from its cursor to {@code bufferStart}. */
    abstract void laggardMoving(Reader r);

    /** DROP_OLDEST eviction finished moving laggards. */
    abstract void evicted();

    /** fail or cancel removed every consumer. */
    abstract void forgetMinimum();

    /**
     * A read found a spoiled entry: every consumer may be removed and the buffer cleared next
     * (spec §2, reading an entry); nothing changed yet.
     */
    void beforeSpoiledRead() {}

    /** The tracked minimum for I6, or null where the variant claims no exact cache. */
    abstract Diagnostics.MinCache minCache();

    // ---------------------------------------------------------------- hooks of forking and naming states

    /** A copy of this broadcast: the subclass's copy constructor, given the reader map to fill. */
    abstract BroadcastCore copy(ReaderCopies copies);

    /**
     * Writes the subclass's hidden tracking state into the key, positions relative to {@code bufferStart}: tracking
     * state names positions and counts, never consumers.
     */
    abstract void writeTrackingKey(KeyWriter k);

    // ---------------------------------------------------------------- services for the hooks

    final long bufferStart() {
        return buffer.start();
    }

    final long endPosition() {
        return buffer.end();
    }

    final long scans() {
        return scans;
    }

    /** Takes the next operation number; every public operation calls it exactly once, first. */
    long nextOperation() {
        return operations++;
    }

    // ---------------------------------------------------------------- spec §2 procedures
    // In the spec's order: scan, trim, flush, offer, eviction, notify, reading an entry, settling drains, removal.

    /** Spec scan: the smallest cursor and how many consumers sit at it, from {@code (end, 0)}. */
    final Scan scan() {
        scans++;
        long min = endPosition();
        int count = 0;
        for (Reader r : consumers) {
            if (r.cursor < min) {
                min = r.cursor;
                count = 1;
            } else if (r.cursor == min) {
                count++;
            }
        }
        return new Scan(min, count);
    }

    /**
     * Drops the entries before {@code newStart}, then flushes queued writes if the buffer is now
     * under budget (which re-enters offer, notify, advance and trim), unless, under the corrected
     * algorithm (spec §8), a flush is running already: its loop offers the next write itself.
     */
    final void dropBefore(long newStart) {
        if (newStart > endPosition()) {
            throw new ImpossibleStateException("trim to " + newStart + " past the end " + endPosition());
        }
        bufferedBytes -= buffer.removeBefore(newStart);
        boolean room = bufferedBytes < budget; // decided before the flush, which may fill the buffer again
        if (!queuedWrites.isEmpty() && bufferedBytes < budget && !(flushing && algorithm == Algorithm.CORRECTED)) {
            flushQueuedWrites();
        }
        if (room && writerState == WriterState.OPEN) {
            settleDrains(
                    Outcome.DRAINED_TRUE); // I13: room existed, after the flush the trim started (spec §2 trim step 3)
        }
    }

    private void flushQueuedWrites() {
        boolean outermost = !flushing;
        flushing = true;
        try {
            while (!queuedWrites.isEmpty() && !ended && bufferedBytes < budget) {
                if (queuedWrites.getFirst().spoiled) {
                    // I14: neither stored nor counted; the loop goes on with the next one (spec §2 flush step 1).
                    settle(queuedWrites.removeFirst().op(), Outcome.failed(SpecError.INVALID_ENTRY));
                    continue;
                }
                // Leaves the queue before it is offered: the offer may re-enter this flush (spec §2).
                QueuedWrite w = queuedWrites.removeFirst();
                if (offer(w.size(), w.op()) == Offer.REFUSED) {
                    queuedWrites.addFirst(w);
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

    /** Spec offer: a write at the broadcast level, its entry named by write {@code writeOp}. */
    private Offer offer(int size, long writeOp) {
        if (ended || cancelled) {
            return Offer.REFUSED;
        }
        if (size == 0) {
            return Offer.ACCEPTED; // I8: nothing stored, nobody notified
        }
        boolean evicted = false;
        if (bufferedBytes >= budget) {
            switch (policy) {
                case STRICT:
                case UNBOUNDED:
                    return Offer.REFUSED;
                case DROP_NEWEST:
                    return Offer.DISCARDED;
                case DROP_OLDEST:
                    evictOldest();
                    evicted = true;
                    break;
                default:
                    throw new ImpossibleStateException("unknown policy " + policy);
            }
        }
        buffer.addLast(size, writeOp);
        bufferedBytes += size;
        notifyWaiters();
        if (evicted && bufferedBytes < budget) {
            // Spec §2 offer step 6 (model note M2): Node flushes first, but DROP_OLDEST never queues a write.
            if (!queuedWrites.isEmpty()) {
                throw new ImpossibleStateException("a write is queued under DROP_OLDEST, which never refuses");
            }
            if (writerState == WriterState.OPEN) {
                settleDrains(Outcome.DRAINED_TRUE); // I13: the eviction made room
            }
        }
        return Offer.ACCEPTED;
    }

    /** DROP_OLDEST: evict until under budget, then force laggards forward. O(evicted + consumers). */
    private void evictOldest() {
        beforeEviction();
        while (bufferedBytes >= budget && buffer.size() > 0) {
            bufferedBytes -= buffer.removeFirst();
        }
        long start = buffer.start();
        for (Reader r : consumers) {
            if (r.cursor < start) {
                laggardMoving(r);
                r.cursor = start;
            }
        }
        evicted();
    }

    /** Spec notify: one entry per waiting consumer; the ones still waiting form the new list. */
    private void notifyWaiters() {
        if (waiters.isEmpty()) {
            return;
        }
        ArrayList<Reader> taken = waiters;
        waiters = new ArrayList<>();
        for (int i = 0; i < taken.size(); i++) {
            Reader r = taken.get(i);
            if (r.outstanding == NO_READ) {
                // A stale entry, and reachable: a consumer that detached while it waited stays listed
                // until the next notify (ReadExamples#detachSettlesOpenReadsDoneInOrder reaches it).
                continue;
            }
            if (r.cursor < buffer.end()) {
                long old = r.cursor;
                if (readFails(old)) {
                    return; // I14: the read failed the broadcast; this notify serves nobody else
                }
                int size = entryAt(old);
                r.cursor = old + 1;
                advanced(old, Site.NOTIFY); // may trim, flush and re-enter before the settle below
                settleOutstanding(r, Outcome.data(old, size));
                if (r.queuedReads() > 0) {
                    r.outstanding = r.queued.removeFirst();
                    waiters.add(r);
                }
            } else {
                waiters.add(r);
            }
        }
    }

    /**
     * Spec §2, reading an entry: false if the entry at {@code position} may be delivered; if it is
     * spoiled, fails the writer and the broadcast with INVALID_ENTRY, clears the buffer (bufferStart
     * stays) and answers true: the delivery stops, nobody's cursor moved (I14).
     */
    private boolean readFails(long position) {
        entryAt(position); // a cursor behind bufferStart is impossible, spoiled or not
        if (!buffer.isSpoiled(position)) {
            return false;
        }
        beforeSpoiledRead();
        failWriter(SpecError.INVALID_ENTRY);
        // fail step 4 is written out here, not shared with fail(): the catalogue's spoiled-read-spares-consumers
        // patches this path alone.
        if (!errored) {
            errored = true; // fail step 4
            error = SpecError.INVALID_ENTRY;
            ended = true;
            removeEveryone(Outcome.failed(error), Reason.of(error));
        } else if (algorithm == Algorithm.CORRECTED) {
            // Spec §8, every consumer leaves a cleared buffer: the earlier error stands, but nobody stays attached
            // to positions that no longer exist (I1).
            removeEveryone(Outcome.failed(error), Reason.of(error));
        }
        buffer.clear();
        bufferedBytes = 0; // I2: the clear takes the byte count with it
        return true;
    }

    private int entryAt(long position) {
        if (position < buffer.start()) {
            throw new ImpossibleStateException(
                    "a cursor is " + (buffer.start() - position) + " behind bufferStart " + buffer.start());
        }
        return buffer.get(position);
    }

    /** Spec §2, settling drains: every pending drain, in call order, with one answer; the list is emptied first. */
    private void settleDrains(Outcome outcome) {
        if (pendingDrains.isEmpty()) {
            return;
        }
        List<Long> drains = new ArrayList<>(pendingDrains);
        pendingDrains.clear();
        for (long d : drains) {
            settle(d, outcome);
        }
    }

    private void removeConsumer(Reader r, boolean trimAllowed) {
        if (consumers.remove(r)) {
            removed(r, trimAllowed);
        }
    }

    // ---------------------------------------------------------------- operations
    // In the spec's order: attach, next, detach, writeSync, write, writevSync, writev, end, endSync, abort, drain,
    // spoil, ending the broadcast, completing the end, fail, cancel.

    @Override
    public final Options options() {
        return options;
    }

    @Override
    public final ConsumerHandle attach() {
        nextOperation();
        Reader r = new Reader(this, consumersMade++, buffer.start()); // I7: a late joiner reads what is retained
        consumers.add(r);
        attached(r);
        return r;
    }

    @Override
    public final Reply next(ConsumerHandle handle) {
        long op = nextOperation();
        Reader r = own(handle);
        if (r.detached) {
            return reply(op, r.error != null ? Outcome.failed(r.error.value()) : Outcome.DONE);
        }
        if (r.cursor < buffer.end()) {
            long old = r.cursor;
            if (readFails(old)) {
                return reply(op, Outcome.failed(error)); // I14: the read fails with the broadcast's error
            }
            int size = entryAt(old);
            r.cursor = old + 1;
            advanced(old, Site.NEXT);
            return reply(op, Outcome.data(old, size));
        }
        if (errored) {
            r.detached = true;
            r.error = Reason.of(error);
            removeConsumer(r, false);
            return reply(op, Outcome.failed(error));
        }
        if (ended || cancelled) {
            detachReader(r);
            return reply(op, Outcome.DONE);
        }
        r.openReads = r.openReads + 1; // only ever written under the state's owner
        if (r.outstanding != NO_READ) {
            if (r.queued == null) {
                r.queued = new ArrayDeque<>();
            }
            r.queued.addLast(op);
            return reply(op, Outcome.PENDING);
        }
        r.outstanding = op;
        waiters.add(r);
        return reply(op, Outcome.WAIT);
    }

    @Override
    public final Reply detach(ConsumerHandle handle) {
        long op = nextOperation();
        detachReader(own(handle));
        return reply(op, Outcome.DONE);
    }

    /** The consumer's return/throw. */
    private void detachReader(Reader r) {
        r.detached = true;
        if (r.outstanding != NO_READ) {
            settleOutstanding(r, Outcome.DONE);
        }
        settleQueued(r, Outcome.DONE);
        removeConsumer(r, true);
        completeEndIfDrained();
    }

    @Override
    public final Reply writeSync(int size) {
        long op = nextOperation();
        Arguments.requireSize(size);
        return writeSync(op, size);
    }

    private Reply writeSync(long op, int size) {
        if (writerState != WriterState.OPEN) {
            return reply(op, Outcome.REFUSED);
        }
        Offer result = offer(size, op);
        if (result == Offer.REFUSED) {
            return reply(op, Outcome.REFUSED);
        }
        bytesAccepted += size;
        return reply(op, result == Offer.ACCEPTED ? Outcome.ACCEPTED : Outcome.DISCARDED);
    }

    @Override
    public final Reply write(int size) {
        long op = nextOperation();
        Arguments.requireSize(size);
        return write(op, size);
    }

    private Reply write(long op, int size) {
        if (writerState == WriterState.ERRORED) {
            return reply(op, Outcome.failed(writerError));
        }
        if (writerState != WriterState.OPEN) {
            return reply(op, Outcome.failed(SpecError.WRITER_CLOSED));
        }
        Offer result = offer(size, op);
        if (result != Offer.REFUSED) {
            bytesAccepted += size;
            return reply(op, result == Offer.ACCEPTED ? Outcome.ACCEPTED : Outcome.DISCARDED);
        }
        if (policy == Policy.STRICT && !queuedWrites.isEmpty()) {
            return reply(op, Outcome.failed(SpecError.BACKPRESSURE));
        }
        if (policy != Policy.STRICT && policy != Policy.UNBOUNDED) {
            throw new ImpossibleStateException(policy + " refused a write while the writer is open");
        }
        queuedWrites.addLast(new QueuedWrite(op, size, false));
        return reply(op, Outcome.QUEUED);
    }

    @Override
    public final Reply writevSync(int... sizes) {
        long op = nextOperation();
        return writeSync(op, Arguments.requireSizes(sizes)); // one entry of the summed size (spec §2 writevSync)
    }

    @Override
    public final Reply writev(int... sizes) {
        long op = nextOperation();
        return write(op, Arguments.requireSizes(sizes)); // one entry of the summed size (spec §2 writev)
    }

    @Override
    public final Reply end() {
        long op = nextOperation();
        if (writerState == WriterState.ERRORED) {
            return reply(op, Outcome.failed(writerError));
        }
        if (writerState == WriterState.CLOSED) {
            return reply(op, Outcome.completed(bytesAccepted));
        }
        pendingEnds.add(op);
        if (writerState == WriterState.OPEN) {
            writerState = WriterState.CLOSING;
            settleDrains(Outcome.DRAINED_FALSE); // I13: no drain waits once the writer leaves OPEN
            endIfNoWriteQueued();
        }
        // An end that completed, or failed (its end read a spoiled entry), inside this call answers with its
        // settlement (spec §2 end step 4).
        for (int i = 0; i < settlements.size(); i++) {
            if (settlements.get(i).op() == op) {
                return reply(op, settlements.remove(i).outcome());
            }
        }
        return reply(op, Outcome.PENDING);
    }

    @Override
    public final Reply endSync() {
        long op = nextOperation();
        if (writerState == WriterState.CLOSED) {
            return reply(op, Outcome.completed(bytesAccepted));
        }
        if (writerState != WriterState.OPEN) {
            return reply(op, Outcome.INCOMPLETE); // ERRORED or CLOSING: Node's -1, nothing changes
        }
        writerState = WriterState.CLOSING; // no pending end is recorded: the end completes without a settlement
        settleDrains(Outcome.DRAINED_FALSE);
        endIfNoWriteQueued();
        return reply(op, writerState == WriterState.CLOSED ? Outcome.completed(bytesAccepted) : Outcome.INCOMPLETE);
    }

    @Override
    public final Reply abort(long operation) {
        long op = nextOperation();
        Arguments.requireEarlierOperation(operation, op);
        for (java.util.Iterator<QueuedWrite> it = queuedWrites.iterator(); it.hasNext(); ) {
            QueuedWrite w = it.next();
            if (w.op == operation) {
                it.remove(); // wherever it is: the writes behind it stay queued, nothing is flushed
                settle(operation, Outcome.failed(SpecError.ABORTED));
                endIfNoWriteQueued(); // I12: a closing writer whose queue is now empty ends the broadcast
                return reply(op, Outcome.OK);
            }
        }
        if (pendingEnds.remove(Long.valueOf(operation))) {
            settle(operation, Outcome.failed(SpecError.ABORTED)); // the writer stays CLOSING
        }
        return reply(op, Outcome.OK);
    }

    @Override
    public final Reply drain() {
        long op = nextOperation();
        if (writerState != WriterState.OPEN || ended) {
            return reply(op, Outcome.UNWRITABLE);
        }
        if (bufferedBytes < budget) {
            return reply(op, Outcome.DRAINED_TRUE);
        }
        pendingDrains.add(op);
        return reply(op, Outcome.PENDING);
    }

    @Override
    public final Reply spoil(long operation) {
        long op = nextOperation();
        Arguments.requireEarlierOperation(operation, op);
        if (!buffer.spoil(operation)) {
            for (QueuedWrite w : queuedWrites) {
                if (w.op == operation) {
                    w.spoiled = true;
                    break;
                }
            }
        }
        return reply(op, Outcome.OK); // nothing else changes until a read or a flush finds it (I14)
    }

    /** Spec §2, ending the broadcast: runs once no write is queued. O(consumers). */
    private void endBroadcast() {
        if (ended) {
            return;
        }
        ended = true;
        for (Reader r : new ArrayList<>(consumers)) {
            if (!consumers.contains(r)) {
                // Only this loop removes consumers here, each in its own turn: end runs with no write
                // queued, so no trim below can flush, notify or detach anyone else.
                throw new ImpossibleStateException(r + " left the consumers while end() was serving the others");
            }
            if (r.outstanding == NO_READ) {
                continue; // not waiting: it drains what is left later
            }
            if (r.cursor < buffer.end()) {
                long old = r.cursor;
                if (readFails(old)) {
                    return; // I14: the end of the broadcast stops here, without emptying the waiters or completing
                }
                int size = entryAt(old);
                r.cursor = old + 1;
                advanced(old, Site.END);
                settleOutstanding(r, Outcome.data(old, size));
            } else {
                r.detached = true; // before its reads settle, so a lock-free reader never sees it open and readless
                settleOutstanding(r, Outcome.DONE);
                settleQueued(r, Outcome.DONE);
                removeConsumer(r, true);
            }
        }
        waiters.clear();
        completeEndIfDrained();
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

    @Override
    public final Reply fail(Object reason) {
        long op = nextOperation();
        if (!failWriter(reason)) {
            return reply(op, Outcome.OK); // the first error is kept
        }
        if (!errored) {
            errored = true;
            error = reason;
            ended = true;
            removeEveryone(Outcome.failed(reason), Reason.of(reason));
        }
        return reply(op, Outcome.OK);
    }

    /**
     * fail steps 1 to 3, also run by a read that finds a spoiled entry: an OPEN or CLOSING writer becomes ERRORED
     * and its queued writes (oldest first), then its drains, then its pending ends fail with {@code reason}.
     *
     * @return false if the writer was already ERRORED or CLOSED (nothing changed: the first error is kept)
     */
    private boolean failWriter(Object reason) {
        if (writerState == WriterState.ERRORED || writerState == WriterState.CLOSED) {
            return false;
        }
        writerState = WriterState.ERRORED;
        writerError = reason;
        while (!queuedWrites.isEmpty()) {
            settle(queuedWrites.removeFirst().op(), Outcome.failed(reason));
        }
        settleDrains(Outcome.failed(reason));
        for (long end : pendingEnds) {
            settle(end, Outcome.failed(reason));
        }
        pendingEnds.clear();
        return true;
    }

    @Override
    public final Reply cancel() {
        return cancel(false, null);
    }

    @Override
    public final Reply cancel(Object reason) {
        return cancel(true, reason);
    }

    private Reply cancel(boolean hasReason, Object reason) {
        long op = nextOperation();
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
                settle(queuedWrites.removeFirst().op(), Outcome.failed(SpecError.CANCELLED));
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

    /**
     * fail and cancel: settles every attached consumer's open reads with {@code open}, in attach
     * order (outstanding read first), gives it {@code error} (null: none) and removes everyone.
     */
    private void removeEveryone(Outcome open, Reason error) {
        for (Reader r : consumers) {
            if (r.outstanding != NO_READ) {
                settleOutstanding(r, open);
            }
            settleQueued(r, open);
            if (error != null) {
                r.error = error;
            }
            r.detached = true;
        }
        consumers.clear();
        waiters.clear();
        forgetMinimum();
    }

    // ---------------------------------------------------------------- queries

    @Override
    public final Snapshot snapshot() {
        // Immutable lists, which Snapshot keeps as they are instead of copying: a snapshot per operation.
        Snapshot.ConsumerState[] states = new Snapshot.ConsumerState[consumers.size()];
        int n = 0;
        for (Reader r : consumers) {
            int reads = (r.outstanding != NO_READ ? 1 : 0) + r.queuedReads();
            states[n++] = new Snapshot.ConsumerState(r.id, r.cursor, reads);
        }
        List<Integer> queued = List.of();
        List<Integer> spoiledQueued = List.of();
        if (!queuedWrites.isEmpty()) {
            queued = new ArrayList<>(queuedWrites.size());
            for (QueuedWrite w : queuedWrites) {
                if (w.spoiled) {
                    if (spoiledQueued.isEmpty()) {
                        spoiledQueued = new ArrayList<>(1);
                    }
                    spoiledQueued.add(queued.size());
                }
                queued.add(w.size());
            }
        }
        return new Snapshot(
                buffer.start(),
                buffer.toList(),
                bufferedBytes,
                List.of(states),
                queued,
                writerState,
                bytesAccepted,
                pendingEnds.size(),
                ended,
                cancelled,
                errored ? Reason.of(error) : null,
                writerState == WriterState.ERRORED ? Reason.of(writerError) : null,
                pendingDrains.size(),
                buffer.spoiledPositions(),
                spoiledQueued);
    }

    @Override
    public final Diagnostics diagnostics() {
        return new Diagnostics() {
            @Override
            public MinCache minCache() {
                return BroadcastCore.this.minCache();
            }

            @Override
            public long scans() {
                return scans;
            }
        };
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{" + snapshot() + "}";
    }

    // ---------------------------------------------------------------- forking and naming states

    @Override
    public final Fork fork() {
        return ReaderCopies.fork(this);
    }

    /**
     * {@inheritDoc} The core's state, consumers through {@link KeyWriter#consumer}; then the subclass's
     * {@link #writeTrackingKey}.
     */
    @Override
    public final void writeKey(KeyWriter k) {
        StateKeys.writeKey(this, k);
    }

    @Override
    public final String consumerKey(ConsumerHandle handle) {
        return StateKeys.consumerKey(this, handle);
    }

    /** {@inheritDoc} True: {@link #writeKey} names consumers only through {@link KeyWriter#consumer}. */
    @Override
    public final boolean namesConsumersThroughWriter() {
        return true;
    }

    // ---------------------------------------------------------------- settling and replying

    private void settleOutstanding(Reader r, Outcome outcome) {
        if (r.outstanding == NO_READ) {
            throw new ImpossibleStateException(
                    r + " has no outstanding read to settle with " + outcome + " (settled twice?)");
        }
        long read = r.outstanding;
        r.outstanding = NO_READ;
        r.openReads = r.openReads - 1; // release: the cursor move of this delivery happened before
        settle(read, outcome);
    }

    private void settleQueued(Reader r, Outcome outcome) {
        while (r.queuedReads() > 0) {
            r.openReads = r.openReads - 1;
            settle(r.queued.removeFirst(), outcome);
        }
    }

    private void settle(long op, Outcome outcome) {
        settlements.add(new Settlement(op, outcome));
    }

    /** The reply of an operation that completed outside this class (a lock-free read), with what the state's owner settled since. */
    final Reply replyFor(long op, Outcome outcome) {
        return reply(op, outcome);
    }

    private Reply reply(long op, Outcome outcome) {
        if (settlements.isEmpty()) {
            return new Reply(op, outcome, List.of());
        }
        Reply r = new Reply(op, outcome, settlements);
        settlements.clear();
        return r;
    }

    final Reader own(ConsumerHandle handle) {
        if (handle == null) {
            throw Arguments.nullConsumer();
        }
        if (handle instanceof Reader r && r.owner == this) {
            return r;
        }
        throw Arguments.foreignConsumer(handle);
    }
}
