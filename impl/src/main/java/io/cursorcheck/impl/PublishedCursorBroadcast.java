package io.cursorcheck.impl;

import io.cursorcheck.spi.Arguments;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * A thread-safe cached-count broadcast whose consumers read retained entries without taking the
 * lock: the hot path of a fan-out, many consumer threads draining what one writer appended, does
 * not serialise.
 *
 * <h2>Fast path and slow path</h2>
 * A read ({@code next}) by a consumer that has an entry at its cursor and no open read runs
 * lock-free: it reads the entry and moves its own cursor; if it sits at the cached minimum, it
 * first decrements the shared count with a compare-and-set, but only from two or more. The last
 * consumer at the minimum reads under the lock instead, where its advance and the trim it causes
 * (a rescan, as in {@link CachedCountBroadcast}) are one atomic step. Everything else (writes,
 * waits, attach, detach, end, fail, cancel) runs {@link LockedCountBroadcast}'s way: the same
 * single-threaded core under one lock.
 *
 * <p>Why the last one takes the lock: an earlier version let the reader that took the count to
 * zero trim afterwards, under the lock. Lincheck's model checker found a locked operation (a
 * snapshot) slipping into that gap and seeing the count at zero, the cursor moved and the entry
 * untrimmed: a state no sequential run has; with a detach in the gap, an entry stayed retained
 * that every sequential order trims. A read must be one step.
 *
 * <h2>Who owns what</h2>
 * <ul>
 * <li>The entries, {@code bufferStart}, {@code bufferedBytes}, the waiters and the writer: the lock
 *     holder. Lock-free readers only read entries, through the ring's published {@code end}.</li>
 * <li>A consumer's {@code cursor}: its own thread while it has no open read; the lock holder while
 *     it has one (notify and end deliver to it) or during an <em>exclusive</em> section (eviction
 *     forces it forward; a scan reads it).</li>
 * <li>{@code cachedMin}: written only in exclusive sections (and by the attach of a first consumer,
 *     when no other consumer exists); read by lock-free readers.</li>
 * <li>{@code minCount}: changed only by atomic read-modify-writes (lock-free readers leaving the
 *     minimum race each other and the lock holder's own updates; a lock-free reader never takes it
 *     below one), and stored outright only in exclusive sections.</li>
 * </ul>
 *
 * <h2>Exclusive sections: the handshake</h2>
 * A lock holder about to read every cursor (a scan), move cursors (eviction), remove a consumer
 * another thread may be reading for (detach, fail, cancel, a read that finds a spoiled entry), mark
 * an entry spoiled ({@code spoil}), clear the buffer, or take a snapshot enters an exclusive
 * section: it sets the volatile {@code structural} flag, then waits until every attached consumer's
 * volatile {@code busy} flag is clear. A lock-free reader sets its {@code busy} flag, then reads
 * {@code structural}, and backs off to the lock if it is set. Volatile accesses are sequentially
 * consistent, so (Dekker) either the reader sees {@code structural} and backs off, or the lock
 * holder sees {@code busy} and waits for the reader to clear it: the two never overlap. The section
 * ends when the locked operation ends ({@code structural} cleared before the unlock).
 *
 * <h2>Happens-before edges</h2>
 * <ol>
 * <li>Entry publication: the writer stores the slot, then {@code end} with release; a reader loads
 *     {@code end} with acquire, then the slot. A grown ring array is published with release before
 *     any entry lands in it, and the old array is never written again.</li>
 * <li>A reader's work to the next exclusive section: its reads of the entry and its cursor store
 *     come before its volatile {@code busy = false}; the section's volatile read of {@code busy}
 *     that sees it clear comes after. So a scan sees every finished read, and a trim computed from
 *     it frees only entries every reader has finished with.</li>
 * <li>An exclusive section to later readers: its writes ({@code cachedMin}, moved cursors,
 *     {@code detached}) come before its volatile {@code structural = false}; a reader's volatile
 *     read of {@code structural} that sees it clear comes after.</li>
 * <li>Deliveries by the lock holder to the reader's thread: notify and end move the cursor, then
 *     settle the read, which decrements the consumer's volatile {@code openReads}; a reader that
 *     sees {@code openReads == 0} sees the moved cursor. Lock release and acquire order everything
 *     the lock holders do among themselves.</li>
 * </ol>
 *
 * <h2>Why a trim never overtakes a reader (I1, I4)</h2>
 * A trim drops entries below {@code cachedMin}, and {@code cachedMin <= cursor} for every attached
 * consumer at every moment: it is a scan's minimum (cursors only grow afterwards) or a new
 * consumer's start. A reader reads the entry at its own cursor, so never below {@code cachedMin}.
 * A dropped entry's slot is written again only for the position one ring length later, which the
 * writer appends only once {@code start} has passed the dropped position. The exception is
 * DROP_OLDEST eviction, which drops entries consumers have not read: it runs exclusive, so no
 * reader is mid-read, and forces laggards forward before any slot is reused.
 *
 * <h2>Why the count stays exact (I6) and trimming never stalls</h2>
 * A lock-free reader decrements and then moves its cursor inside one busy section; a scan never
 * sees the pair half done, because scans are exclusive. Decrements are atomic, so two readers
 * leaving the minimum at once both count, and since lock-free ones stop at one, the count reaches
 * zero only under the lock, in the operation that then trims (a trim with a count of zero
 * rescans). So a locked operation never sees a count of zero with consumers attached, after every
 * operation {@code (cachedMin, minCount) == scan()}, and the last consumer to leave the minimum
 * always moves it.
 *
 * <h2>Races with attach and detach</h2>
 * Attach runs under the lock at {@code bufferStart}, which only the lock holder moves, so a late
 * joiner never starts below it (I1); joining at the minimum increments the count atomically,
 * joining below it rescans (exclusive). Detach, fail and cancel enter an exclusive section first,
 * so the detached consumer's own thread is either done with its read (and the detach sees its new
 * cursor) or will back off to the lock and find itself detached: its advance and its removal
 * never both leave the minimum. A scan iterates the consumers under the lock, so it never races a
 * list change.
 *
 * <h2>What is shared</h2>
 * Lock-free readers write only their own {@code cursor} and {@code busy}, plus {@code minCount}
 * when they leave the minimum with others still there, and the operation counter, which every
 * operation increments (the settlements of pending operations name them by number). Single-threaded, this class gives the
 * same answers as the model; the lockstep engine checks it like every variant.
 *
 * <p>Thread-safe: any thread may call anything; a consumer is read by one thread at a time.
 */
public class PublishedCursorBroadcast extends LockedCountBroadcast {

    private final Core state;

    /**
     * Creates an empty broadcast with an open writer.
     *
     * @param options the budget and policy
     * @throws IllegalArgumentException if {@code options} is null
     */
    public PublishedCursorBroadcast(Options options) {
        this(new Core(
                options, EntryRing.forBudget(Arguments.requireOptions(options).budget())));
    }

    private PublishedCursorBroadcast(Core core) {
        super(core);
        this.state = core;
    }

    @Override
    LockedCountBroadcast wrap(BroadcastCore copy) {
        return new PublishedCursorBroadcast((Core) copy);
    }

    @Override
    public Reply next(ConsumerHandle consumer) {
        Reply unlocked = tryWithoutLock(consumer);
        return unlocked != null ? unlocked : super.next(consumer);
    }

    /**
     * The lock-free read: the entry at the consumer's cursor, if there is one and nobody else may
     * move that cursor now; null to take the lock instead.
     */
    @Override
    Reply tryWithoutLock(ConsumerHandle handle) {
        if (!(handle instanceof Reader r) || r.owner != state) {
            return null; // bad input: the locked path throws it with the right operation number
        }
        r.busy = true; // volatile: announces this read to exclusive sections (Dekker, with `structural`)
        if (state.structural || r.detached || r.openReads != 0) {
            r.busy = false; // an exclusive section is running, or others may move this cursor
            return null;
        }
        long p = r.cursor;
        if (p >= state.buffer.endAcquire()) { // acquire: pairs with the release in EntryRing.addLast
            r.busy = false;
            return null; // nothing to read: waiting needs the lock
        }
        if (state.buffer.spoiledAcquire(p)) { // marked in an exclusive section, published by `structural` above
            r.busy = false;
            return null; // I14: a spoiled entry fails the read, the writer and the broadcast: under the lock
        }
        if (p == state.cachedMin && !state.leaveMinimumUnlessLast()) {
            r.busy = false;
            return null; // the last consumer at the minimum reads under the lock: its advance and its trim are one step
        }
        int size = state.buffer.sizeAcquire(p); // read the entry before the cursor passes it
        r.cursor = p + 1;
        long op = state.nextOperation();
        r.busy = false; // volatile: publishes the read and the cursor to the next exclusive section
        return new Reply(op, Outcome.data(p, size), List.of());
    }

    @Override
    void enterExclusive() {
        state.exclusive();
    }

    @Override
    void leaveExclusive() {
        state.endExclusive();
    }

    /**
     * {@link CachedCountBroadcast}'s tracking, with an atomic count, a published minimum, and an
     * exclusive section around everything that reads or moves other consumers' cursors.
     */
    static final class Core extends BroadcastCore {

        private static final VarHandle COUNT;
        private static final VarHandle OPERATIONS;

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                COUNT = lookup.findVarHandle(Core.class, "minCount", int.class);
                OPERATIONS = lookup.findVarHandle(Core.class, "operations", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        volatile long cachedMin; // written in exclusive sections; read by lock-free readers
        private volatile int minCount; // atomic read-modify-writes only, stored outright in exclusive sections
        private volatile long operations;
        volatile boolean structural; // an exclusive section is running
        private boolean exclusive; // guarded by the lock: this operation entered its exclusive section

        Core(Options options, EntryRing ring) {
            super(options, ring);
        }

        private Core(Core other, ReaderCopies copies) {
            super(other, copies);
            this.cachedMin = other.cachedMin;
            this.minCount = other.minCount;
            this.operations = other.operations;
        }

        @Override
        BroadcastCore copy(ReaderCopies copies) {
            return new Core(this, copies);
        }

        @Override
        void writeTrackingKey(io.cursorcheck.spi.KeyWriter k) {
            k.number(cachedMin - bufferStart()); // even with nobody attached: see CachedCountBroadcast
            k.number(minCount);
        }

        /** Waits until no consumer is mid-read and keeps new lock-free reads out until {@link #endExclusive}. */
        void exclusive() {
            if (exclusive) {
                return;
            }
            exclusive = true;
            structural = true; // volatile write, then volatile reads of busy: the Dekker order
            for (Reader r : consumers) {
                int spins = 0;
                while (r.busy) {
                    if (++spins < 100) {
                        Thread.onSpinWait();
                    } else {
                        Thread.yield(); // the reader may have been descheduled mid-read
                    }
                }
            }
        }

        void endExclusive() {
            if (exclusive) {
                exclusive = false;
                structural = false; // volatile: publishes this section's writes to later readers
            }
        }

        /**
         * A lock-free reader leaving the minimum: decrements the count unless it is the last one
         * there ({@code minCount <= 1}), in which case nothing changes and it must read under the
         * lock. So a lock-free read never takes the count to zero, and no locked operation can
         * observe a count of zero whose trim has not run.
         */
        boolean leaveMinimumUnlessLast() {
            for (int c = minCount; c > 1; c = minCount) {
                if (COUNT.compareAndSet(this, c, c - 1)) {
                    return true;
                }
            }
            return false;
        }

        /** The lock holder's decrement (slow path, notify, end, eviction, removal): the count after it. */
        int leaveMinimum() {
            int before = (int) COUNT.getAndAdd(this, -1);
            if (before <= 0) {
                throw new ImpossibleStateException(
                        "minCount was " + before + " when a consumer left cachedMin " + cachedMin);
            }
            return before - 1;
        }

        @Override
        long nextOperation() {
            return (long) OPERATIONS.getAndAdd(this, 1L);
        }

        @Override
        void attached(Reader r) {
            if (consumers.size() == 1) {
                cachedMin = r.cursor; // no other consumer, so no lock-free reader to race
                minCount = 1;
            } else if (r.cursor == cachedMin) {
                COUNT.getAndAdd(this, 1);
            } else {
                recompute();
            }
        }

        @Override
        void advanced(long old, Site site) {
            if (old == cachedMin && leaveMinimum() == 0) {
                trim();
            }
        }

        @Override
        void removed(Reader r, boolean trimAllowed) {
            if (r.cursor == cachedMin && leaveMinimum() == 0 && trimAllowed) {
                trim();
            }
        }

        @Override
        void trim() {
            if (consumers.isEmpty()) {
                return; // I7: retained data waits for late joiners
            }
            if (minCount == 0) {
                recompute();
            }
            if (cachedMin > bufferStart()) {
                dropBefore(cachedMin); // below every cursor: no reader is there, no exclusion needed
            }
        }

        @Override
        void beforeSpoiledRead() {
            exclusive(); // the read removes every consumer and clears the buffer: no reader may be mid-read
        }

        @Override
        void beforeEviction() {
            exclusive(); // eviction drops unread entries and moves cursors: no reader may be mid-read
        }

        @Override
        void laggardMoving(Reader r) {
            if (r.cursor == cachedMin) {
                leaveMinimum();
            }
        }

        @Override
        void evicted() {
            recompute();
        }

        @Override
        void forgetMinimum() {
            minCount = 0; // fail and cancel run exclusive
        }

        @Override
        Diagnostics.MinCache minCache() {
            return new Diagnostics.MinCache(cachedMin, minCount);
        }

        private void recompute() {
            exclusive(); // a scan must not see a reader between its cursor move and its decrement
            Scan scan = scan();
            cachedMin = scan.min();
            minCount = scan.count();
        }
    }
}
