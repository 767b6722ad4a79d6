package io.cursorcheck.properties;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.Snapshot.ConsumerState;
import io.cursorcheck.spi.SpecError;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks I1 to I14 on one broadcast after every operation, from what the operation answered,
 * the settlements it caused, the snapshots before and after, and (for I6) the diagnostics view.
 *
 * <p>Stateful: it follows each consumer's open reads and next expected position across
 * operations, so it must see every operation of a run, in order. Each check is a necessary
 * condition of an invariant, chosen so that a report always means a real breach: a check that
 * cannot see enough (the state between two re-entrant appends inside one operation, say) checks
 * what it can see and nothing more.
 *
 * <p>Works on any implementation, the model included.
 *
 * <p>On the exhaustive explorer's hot path (every transition is checked, every checker copied): the
 * lists are copied on write, a step with no breach allocates no list, and loops over the snapshot's
 * lists are indexed, since an iterator per loop was a measurable share of the explorer's allocation.
 */
public final class InvariantChecker {

    private final Options options;
    private Snapshot before;
    // What the checker follows, per consumer it has seen, in the order it first saw them. A few
    // consumers at most, so plain arrays and linear lookups: the explorer copies this per transition.
    private final ArrayList<Book> books;
    private final OpList pendingWrites; // queued writes' operation numbers
    private final OpList pendingEnds; // pending ends' operation numbers
    private final OpList pendingDrains; // pending drains' operation numbers
    private final OpList spoiledWrites; // queued writes a spoil named while they were queued (I14)

    private static final long NOWHERE = Long.MIN_VALUE;

    /** One consumer: its open reads (operation numbers, oldest first) and the position it must get next. */
    private static final class Book {
        final int id;
        final OpList reads;
        long next = NOWHERE;

        Book(int id, OpList reads) {
            this.id = id;
            this.reads = reads;
        }
    }

    /**
     * Operation numbers in arrival order: a small growable array, copied on write. The explorer copies
     * every checker once per transition and most copies never change a list, so a copy shares its
     * original's array and whichever of the two writes first takes a private one ({@link #own(int)}).
     * Every write to {@code ops} goes through {@link #add} or {@link #remove}; clearing only sets
     * {@code size}, which is each list's own.
     */
    private static final class OpList {
        private static final long[] NONE = new long[0];
        long[] ops;
        int size;
        private boolean shared; // ops may be another list's too: never written in place

        OpList() {
            this(NONE, 0, false);
        }

        private OpList(long[] ops, int size, boolean shared) {
            this.ops = ops;
            this.size = size;
            this.shared = shared;
        }

        OpList copy() {
            shared = true;
            return new OpList(ops, size, true);
        }

        /** Takes a private array before a write, so a list sharing the old one does not see it. */
        private void own(int capacity) {
            if (shared || capacity > ops.length) {
                ops = java.util.Arrays.copyOf(ops, Math.max(capacity, Math.max(2, ops.length)));
                shared = false;
            }
        }

        void add(long op) {
            own(size == ops.length ? Math.max(2, size * 2) : size + 1);
            ops[size++] = op;
        }

        boolean remove(long op) {
            for (int i = 0; i < size; i++) {
                if (ops[i] == op) {
                    own(size);
                    System.arraycopy(ops, i + 1, ops, i, size - i - 1);
                    size--;
                    return true;
                }
            }
            return false;
        }

        boolean contains(long op) {
            for (int i = 0; i < size; i++) {
                if (ops[i] == op) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < size; i++) {
                b.append(i == 0 ? "" : ", ").append(ops[i]);
            }
            return b.append(']').toString();
        }
    }

    /**
     * @param options the broadcast's options
     * @param initial its snapshot before the first operation
     */
    public InvariantChecker(Options options, Snapshot initial) {
        this.options = options;
        this.before = initial;
        this.books = new ArrayList<>();
        this.pendingWrites = new OpList();
        this.pendingEnds = new OpList();
        this.pendingDrains = new OpList();
        this.spoiledWrites = new OpList();
    }

    /** A copy of {@code other} in its state; the snapshot is immutable and shared, the lists copied on write. */
    private InvariantChecker(InvariantChecker other) {
        this.options = other.options;
        this.before = other.before;
        this.books = new ArrayList<>(other.books.size());
        for (int i = 0; i < other.books.size(); i++) {
            Book b = other.books.get(i);
            Book copy = new Book(b.id, b.reads.copy());
            copy.next = b.next;
            books.add(copy);
        }
        this.pendingWrites = other.pendingWrites.copy();
        this.pendingEnds = other.pendingEnds.copy();
        this.pendingDrains = other.pendingDrains.copy();
        this.spoiledWrites = other.spoiledWrites.copy();
    }

    /** A copy in the same state, for a forked session. */
    public InvariantChecker copy() {
        return new InvariantChecker(this);
    }

    /**
     * Writes what this checker remembers that can decide a later verdict, canonically, for the
     * explorer's state key: per attached consumer the position it must get next (relative to
     * bufferStart) and its open reads, and the pending writes (those spoiled marked), ends and drains,
     * operation numbers by rank.
     * Detached consumers are left out: the checker never looks at them again (their reads were
     * cleared, or reported, when they went). The checks compare positions and operation numbers
     * only with each other, so shifting them all alike changes no verdict. Consumers go through
     * {@link KeyWriter#consumer} (by the broadcast's ids, as the books hold them).
     *
     * @param k where to write
     */
    public void writeKey(KeyWriter k) {
        long[] pending = k.scratch(openCount()); // the writer's array: a forked checker allocates none to be keyed
        int n = sortPending(pending);
        long start = before.bufferStart();
        for (int j = 0; j < books.size(); j++) { // indexed: no iterator per key
            Book b = books.get(j);
            if (before.consumer(b.id) == null) {
                continue; // detached: never looked at again
            }
            k.symbol(KEY_BOOK); // books one by one, closed by KEY_BOOKS_END
            k.consumer(b.id);
            k.flag(b.next != NOWHERE);
            if (b.next != NOWHERE) {
                k.number(b.next - start);
            }
            k.count(b.reads.size);
            for (int i = 0; i < b.reads.size; i++) {
                k.number(java.util.Arrays.binarySearch(pending, 0, n, b.reads.ops[i]));
            }
        }
        k.symbol(KEY_BOOKS_END);
        k.count(pendingWrites.size);
        for (int i = 0; i < pendingWrites.size; i++) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, pendingWrites.ops[i]));
            k.flag(spoiledWrites.contains(pendingWrites.ops[i]));
        }
        k.count(pendingEnds.size);
        for (int i = 0; i < pendingEnds.size; i++) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, pendingEnds.ops[i]));
        }
        k.count(pendingDrains.size);
        for (int i = 0; i < pendingDrains.size; i++) {
            k.number(java.util.Arrays.binarySearch(pending, 0, n, pendingDrains.ops[i]));
        }
    }

    /**
     * Puts every open operation number (reads, writes, ends, drains) into {@code pending} (at least
     * {@link #openCount()} long), sorted, and returns how many: both keys name operations by their rank in it.
     */
    private int sortPending(long[] pending) {
        int n = 0;
        for (int j = 0; j < books.size(); j++) {
            Book b = books.get(j);
            System.arraycopy(b.reads.ops, 0, pending, n, b.reads.size);
            n += b.reads.size;
        }
        System.arraycopy(pendingWrites.ops, 0, pending, n, pendingWrites.size);
        n += pendingWrites.size;
        System.arraycopy(pendingEnds.ops, 0, pending, n, pendingEnds.size);
        n += pendingEnds.size;
        System.arraycopy(pendingDrains.ops, 0, pending, n, pendingDrains.size);
        n += pendingDrains.size;
        java.util.Arrays.sort(pending, 0, n);
        return n;
    }

    /** How many operation numbers are open: what {@link #sortPending} writes. */
    private int openCount() {
        int open = pendingWrites.size + pendingEnds.size + pendingDrains.size;
        for (int i = 0; i < books.size(); i++) {
            open += books.get(i).reads.size;
        }
        return open;
    }

    private static final int KEY_BOOK = 1;
    private static final int KEY_BOOKS_END = 2;

    /**
     * Checks one operation.
     *
     * @param op         the operation
     * @param consumerId the broadcast id of the consumer the operation named or made, or -1
     * @param reply      what it returned; null for attach and for an operation that threw
     * @param after      the snapshot after it
     * @param cache      the broadcast's cache for I6, or null if it claims none
     * @return the violations, empty if none
     */
    public List<Violation> check(Op op, int consumerId, Reply reply, Snapshot after, Diagnostics.MinCache cache) {
        Step step = new Step(op, before, after);
        if (op instanceof Op.Attach && consumerId >= 0) {
            checkAttach(step, consumerId);
        }
        if (reply != null
                && op instanceof Op.Spoil spoil
                && pendingWrites.contains(spoil.operation())
                && !spoiledWrites.contains(spoil.operation())) {
            spoiledWrites.add(
                    spoil.operation()); // spec spoil: "if it is still queued, the queued write becomes spoiled"
        }
        if (reply != null) {
            for (int i = 0; i < reply.settlements().size(); i++) {
                Settlement s = reply.settlements().get(i);
                if (s.outcome().kind() == Outcome.Kind.ACCEPTED && pendingWrites.contains(s.op())) {
                    step.storedQueuedWrite = true;
                }
            }
            ownOutcome(step, op, consumerId, reply);
            for (int i = 0; i < reply.settlements().size(); i++) {
                Settlement s = reply.settlements().get(i);
                settlement(step, op, s);
            }
        }
        markSpoiledRead(step, op, consumerId, reply);
        checkState(step, cache);
        checkTransition(step, op, reply);
        checkSpoiledRead(step);
        if (step.evicting) {
            // The eviction forced laggards forward: their next delivery starts at the new cursor.
            for (int i = 0; i < after.consumers().size(); i++) {
                ConsumerState c = after.consumers().get(i);
                Book b = book(c.id());
                b.next = b.next == NOWHERE ? c.cursor() : Math.max(b.next, c.cursor());
            }
        }
        before = after;
        return step.violations;
    }

    /** What one operation saw and broke. */
    private final class Step {
        final Snapshot b;
        final Snapshot a;
        final boolean evicting;
        // Entries delivered per consumer in this step: (id, count) pairs, made on the first delivery.
        // A step delivers to a few consumers at most, so a linear lookup beats a map's boxing.
        private int[] deliveredIds;
        private int[] deliveredCounts;
        private int deliveredTo;
        // Empty and shared until the first breach: most steps break nothing (the caller gets it either way).
        List<Violation> violations = List.of();
        /** A settlement of this operation stored a queued write (ACCEPTED): a trim had made room (I13). */
        boolean storedQueuedWrite;
        /** A read of this operation failed with INVALID_ENTRY: it found a spoiled entry (I14). */
        boolean readFoundSpoiled;

        Step(Op op, Snapshot b, Snapshot a) {
            this.b = b;
            this.a = a;
            this.evicting = options.policy() == Policy.DROP_OLDEST
                    && b.bufferedBytes() >= options.budget()
                    && writeSize(op) >= 0;
        }

        void fail(Invariant invariant, String detail) {
            if (violations.isEmpty()) {
                violations = new ArrayList<>(2);
            }
            violations.add(new Violation(invariant, detail));
        }

        /** Counts one entry delivered to consumer {@code id}. */
        void delivered(int id) {
            for (int i = 0; i < deliveredTo; i++) {
                if (deliveredIds[i] == id) {
                    deliveredCounts[i]++;
                    return;
                }
            }
            if (deliveredIds == null) {
                deliveredIds = new int[4];
                deliveredCounts = new int[4];
            } else if (deliveredTo == deliveredIds.length) {
                deliveredIds = java.util.Arrays.copyOf(deliveredIds, deliveredTo * 2);
                deliveredCounts = java.util.Arrays.copyOf(deliveredCounts, deliveredTo * 2);
            }
            deliveredIds[deliveredTo] = id;
            deliveredCounts[deliveredTo++] = 1;
        }

        /** How many entries this step delivered to consumer {@code id}. */
        int deliveredTo(int id) {
            for (int i = 0; i < deliveredTo; i++) {
                if (deliveredIds[i] == id) {
                    return deliveredCounts[i];
                }
            }
            return 0;
        }
    }

    private void checkAttach(Step s, int id) {
        Book book = book(id);
        book.reads.size = 0;
        ConsumerState c = s.a.consumer(id);
        if (c == null) {
            s.fail(Invariant.I10, "c" + id + " is not attached right after attach()");
            return;
        }
        book.next = c.cursor();
        if (c.cursor() != s.b.bufferStart()) {
            s.fail(
                    Invariant.I7,
                    "c" + id + " attached at " + c.cursor() + ", not at bufferStart " + s.b.bufferStart()
                            + ": it cannot read everything retained");
        }
    }

    private void ownOutcome(Step s, Op op, int id, Reply reply) {
        Outcome o = reply.outcome();
        long n = reply.op();
        if (op instanceof Op.Next) {
            switch (o.kind()) {
                case DATA -> deliver(s, id, o, "next(c" + id + ")");
                case WAIT -> {
                    if (reads(id).size > 0) {
                        s.fail(
                                Invariant.I4,
                                "next(c" + id + ") answered WAIT while c" + id + " already has " + reads(id).size
                                        + " open read(s)");
                    }
                    openRead(id, n);
                }
                case PENDING -> {
                    if (reads(id).size == 0) {
                        s.fail(
                                Invariant.I4,
                                "next(c" + id + ") answered PENDING but c" + id
                                        + " has no outstanding read to queue behind");
                    }
                    openRead(id, n);
                }
                case FAILED -> {
                    if (isInvalidEntry(o)) {
                        s.readFoundSpoiled = true;
                    }
                }
                default -> {}
            }
        } else if ((op instanceof Op.Write || op instanceof Op.Writev) && o.kind() == Outcome.Kind.QUEUED) {
            pendingWrites.add(n);
        } else if (op instanceof Op.End && o.kind() == Outcome.Kind.PENDING) {
            pendingEnds.add(n);
        } else if (op instanceof Op.Drain) {
            drainAnswer(s, o, n);
        }
    }

    /**
     * I13: drain() answers DRAINED(true) at once only when the buffer was under budget before it,
     * PENDING only when it was at or over, UNWRITABLE only when the writer was not OPEN or the
     * broadcast had ended.
     */
    private void drainAnswer(Step s, Outcome o, long n) {
        Snapshot b = s.b;
        boolean room = b.bufferedBytes() < options.budget();
        boolean writable = b.writerState() == WriterState.OPEN && !b.ended();
        switch (o.kind()) {
            case DRAINED -> {
                if (o.value() == 1 && !room) {
                    s.fail(
                            Invariant.I13,
                            "drain() answered DRAINED(true) at " + b.bufferedBytes() + "B >= budget "
                                    + options.budget());
                }
            }
            case PENDING -> {
                if (room) {
                    s.fail(
                            Invariant.I13,
                            "drain() answered PENDING at " + b.bufferedBytes() + "B < budget " + options.budget());
                }
                pendingDrains.add(n);
            }
            case UNWRITABLE -> {
                if (writable) {
                    s.fail(
                            Invariant.I13,
                            "drain() answered UNWRITABLE while the writer was OPEN and the broadcast"
                                    + " had not ended");
                }
            }
            default -> {}
        }
    }

    private void settlement(Step s, Op op, Settlement settled) {
        long n = settled.op();
        Book owner = ownerOf(n);
        if (owner != null) {
            OpList fifo = owner.reads;
            if (fifo.ops[0] != n) {
                s.fail(
                        Invariant.I4,
                        "read #" + n + " of c" + owner.id + " settled before its earlier read #" + fifo.ops[0]);
            }
            fifo.remove(n);
            if (settled.outcome().kind() == Outcome.Kind.DATA) {
                deliver(s, owner.id, settled.outcome(), "read #" + n);
            } else if (isInvalidEntry(settled.outcome())) {
                s.readFoundSpoiled = true;
            }
        } else if (pendingWrites.contains(n)) {
            pendingWrites.remove(n);
            if (spoiledWrites.remove(n) && settled.outcome().kind() == Outcome.Kind.ACCEPTED) {
                s.fail(Invariant.I14, "queued write #" + n + " was spoiled while queued, yet settled ACCEPTED");
            }
        } else if (pendingDrains.remove(n)) {
            drainSettled(s, op, n, settled.outcome());
        } else if (!pendingEnds.remove(n)) {
            s.fail(
                    Invariant.I4,
                    "settlement of #" + n + " -> " + settled.outcome()
                            + ", which was not pending (settled twice, or never pending)");
        }
    }

    /**
     * I13: a drain settles DRAINED(true) only in an operation after which the buffer is under budget
     * or which stored a queued write; DRAINED(false) only in end, endSync or cancel; FAILED only in
     * fail or in an operation that could have read a spoiled entry (one was retained before it, and
     * the reason is INVALID_ENTRY).
     */
    private void drainSettled(Step s, Op op, long n, Outcome o) {
        switch (o.kind()) {
            case DRAINED -> {
                if (o.value() == 1 && s.a.bufferedBytes() >= options.budget() && !s.storedQueuedWrite) {
                    s.fail(
                            Invariant.I13,
                            "drain #" + n + " settled DRAINED(true) in " + op.script() + ", which left "
                                    + s.a.bufferedBytes() + "B >= budget " + options.budget()
                                    + " and stored no queued write");
                }
                if (o.value() == 0 && !(op instanceof Op.End || op instanceof Op.EndSync || op instanceof Op.Cancel)) {
                    s.fail(
                            Invariant.I13,
                            "drain #" + n + " settled DRAINED(false) in " + op.script()
                                    + ", which is not end, endSync or cancel");
                }
            }
            case FAILED -> {
                boolean spoiledRead = isInvalidEntry(o) && !s.b.spoiledEntries().isEmpty();
                if (!(op instanceof Op.Fail) && !spoiledRead) {
                    s.fail(
                            Invariant.I13,
                            "drain #" + n + " settled " + o + " in " + op.script()
                                    + ", which is neither fail nor a read of a spoiled entry");
                }
            }
            default -> {}
        }
    }

    private void deliver(Step s, int id, Outcome data, String how) {
        long p = data.value();
        if (s.b.spoiledEntries().contains(p)) {
            s.fail(Invariant.I14, how + " delivered position " + p + " to c" + id + ", whose entry was spoiled");
        }
        Book book = book(id);
        long expected = book.next;
        if (expected != NOWHERE && p != expected && !(p > expected && s.evicting)) {
            s.fail(
                    Invariant.I4,
                    how + " delivered position " + p + " to c" + id + ", which expected " + expected
                            + (p > expected ? " (positions " + expected + ".." + (p - 1) + " skipped)" : ""));
        }
        Integer size = sizeAt(s.b, p);
        if (size == null) {
            size = sizeAt(s.a, p);
        }
        if (size != null && size != data.size()) {
            s.fail(
                    Invariant.I4,
                    how + " delivered position " + p + " with " + data.size() + "B, but the entry there has " + size
                            + "B");
        }
        book.next = p + 1;
        s.delivered(id);
    }

    /** Invariants of the state after the operation. */
    private void checkState(Step s, Diagnostics.MinCache cache) {
        Snapshot a = s.a;
        long sum = 0;
        for (int i = 0; i < a.sizes().size(); i++) {
            int size = a.sizes().get(i);
            sum += size;
            if (size <= 0) {
                s.fail(Invariant.I8, "entry " + (a.bufferStart() + i) + " has size " + size);
            }
        }
        if (sum != a.bufferedBytes()) {
            s.fail(
                    Invariant.I2,
                    "bufferedBytes is " + a.bufferedBytes() + " but the retained entries " + a.sizes() + " sum to "
                            + sum);
        }
        List<ConsumerState> attached = a.consumers();
        for (int i = 0; i < attached.size(); i++) {
            ConsumerState c = attached.get(i);
            if (c.cursor() < a.bufferStart() || c.cursor() > a.end()) {
                s.fail(
                        Invariant.I1,
                        "c" + c.id() + " has cursor " + c.cursor() + " outside [bufferStart " + a.bufferStart()
                                + ", end " + a.end() + "]");
            }
            if (c.openReads() > 0 && c.cursor() < a.end()) {
                s.fail(
                        Invariant.I11,
                        "c" + c.id() + " has " + c.openReads() + " open read(s) while entry " + c.cursor()
                                + " exists at its cursor");
            }
            int tracked = reads(c.id()).size;
            if (c.openReads() != tracked) {
                s.fail(
                        Invariant.I4,
                        "c" + c.id() + " reports " + c.openReads() + " open read(s), but " + tracked
                                + " were made and not settled");
            }
        }
        for (int i = 0; i < books.size(); i++) {
            Book b = books.get(i);
            if (b.reads.size > 0 && a.consumer(b.id) == null) {
                s.fail(Invariant.I4, "c" + b.id + " is gone with read(s) " + b.reads + " never settled");
                b.reads.size = 0;
            }
        }
        if (!attached.isEmpty()) {
            MinimumScan scan = MinimumScan.of(a);
            if (a.bufferStart() != scan.min()) {
                s.fail(Invariant.I5, "bufferStart is " + a.bufferStart() + " but the slowest cursor is " + scan.min());
            }
            // scan() starts from (end, 0) (spec §2 scan) and so counts nobody when every attached consumer sits
            // beyond end, which only the finding spoiled-read-leaves-cursor-past-end reaches (I1 reports it, on
            // the model and the ports alike): then there is no minimum for the cache to equal. With anyone at or
            // below end, scan() is defined and the cache is checked as always.
            if (cache != null && !scan.nobody() && !scan.matches(cache)) {
                s.fail(
                        Invariant.I6,
                        "cache " + cache + " but scan() gives (min=" + scan.min() + ", count=" + scan.count() + ")");
            }
        }
        if (!a.queuedWrites().isEmpty() && a.bufferedBytes() < options.budget()) {
            s.fail(
                    Invariant.I12,
                    a.queuedWrites().size() + " write(s) queued while bufferedBytes " + a.bufferedBytes() + " < budget "
                            + options.budget());
        }
        // I12: otherwise the end would wait for a flush that is not coming.
        if (a.writerState() == WriterState.CLOSING && a.queuedWrites().isEmpty() && !a.ended()) {
            s.fail(Invariant.I12, "the writer is CLOSING with no write queued, yet the broadcast has not ended");
        }
        // I13: a drain waits only while the buffer is full and the writer can still write.
        if (a.pendingDrains() > 0
                && (a.writerState() != WriterState.OPEN || a.ended() || a.bufferedBytes() < options.budget())) {
            s.fail(
                    Invariant.I13,
                    a.pendingDrains() + " drain(s) pending with the writer " + a.writerState()
                            + (a.ended() ? ", the broadcast ended" : "") + " and " + a.bufferedBytes() + "B (budget "
                            + options.budget() + ")");
        }
        if (a.ended()) {
            for (int i = 0; i < attached.size(); i++) {
                ConsumerState c = attached.get(i);
                if (c.openReads() > 0) {
                    s.fail(
                            Invariant.I10,
                            "the broadcast has ended but c" + c.id() + " still has " + c.openReads() + " open read(s)");
                }
            }
        }
    }

    /** Invariants of the step from the snapshot before to the snapshot after. */
    private void checkTransition(Step s, Op op, Reply reply) {
        Snapshot b = s.b;
        Snapshot a = s.a;
        if (a.bufferStart() < b.bufferStart()) {
            s.fail(Invariant.I3, "bufferStart went back from " + b.bufferStart() + " to " + a.bufferStart());
        }
        for (long p = Math.max(a.bufferStart(), b.bufferStart()); p < Math.min(a.end(), b.end()); p++) {
            if (!sizeAt(a, p).equals(sizeAt(b, p))) {
                s.fail(Invariant.I3, "entry " + p + " changed from " + sizeAt(b, p) + "B to " + sizeAt(a, p) + "B");
            }
        }
        for (int i = 0; i < b.consumers().size(); i++) {
            ConsumerState cb = b.consumers().get(i);
            ConsumerState ca = a.consumer(cb.id());
            if (ca == null) {
                continue;
            }
            if (ca.cursor() < cb.cursor()) {
                s.fail(Invariant.I3, "c" + cb.id() + " moved back from " + cb.cursor() + " to " + ca.cursor());
            }
            long moved = ca.cursor() - cb.cursor();
            int got = s.deliveredTo(cb.id());
            if (moved != got && !(s.evicting && moved > got)) {
                s.fail(
                        Invariant.I4,
                        "c" + cb.id() + " moved from " + cb.cursor() + " to " + ca.cursor() + " but was delivered "
                                + got + " entr" + (got == 1 ? "y" : "ies"));
            }
        }
        if (!s.evicting) {
            if (b.consumers().isEmpty() && a.bufferStart() != b.bufferStart()) {
                s.fail(
                        Invariant.I7,
                        "with no consumer attached, bufferStart moved from " + b.bufferStart() + " to "
                                + a.bufferStart());
            } else if (!b.consumers().isEmpty() && a.consumers().isEmpty()) {
                long furthest = b.bufferStart();
                for (int i = 0; i < b.consumers().size(); i++) {
                    ConsumerState cb = b.consumers().get(i);
                    long next = book(cb.id()).next;
                    furthest = Math.max(furthest, next == NOWHERE ? cb.cursor() : next);
                }
                if (a.bufferStart() > furthest) {
                    s.fail(
                            Invariant.I7,
                            "the last consumer left and bufferStart moved to " + a.bufferStart()
                                    + ", past every position a consumer had reached (" + furthest + ")");
                }
            }
        }
        checkBudget(s, op, reply);
        boolean failed = b.writerState() != WriterState.ERRORED && a.writerState() == WriterState.ERRORED;
        boolean cancelled = !b.cancelled() && a.cancelled();
        if ((failed || cancelled) && !a.consumers().isEmpty()) {
            s.fail(
                    Invariant.I10,
                    "right after an effective " + (failed ? "fail" : "cancel") + ", "
                            + a.consumers().size() + " consumer(s) are still attached");
        }
        if (b.ended() && a.end() > b.end()) {
            s.fail(
                    Invariant.I10,
                    "the broadcast had ended, yet entries " + b.end() + ".." + (a.end() - 1) + " were appended");
        }
        // Once ended, end moves only by the clear of a read that found a spoiled entry (spec §2 reading an
        // entry step 3), which leaves no entry retained.
        if (b.ended() && a.end() < b.end() && !(s.readFoundSpoiled && a.sizes().isEmpty())) {
            s.fail(
                    Invariant.I10,
                    "the broadcast had ended, yet its end went back from " + b.end() + " to " + a.end()
                            + " without a read of a spoiled entry clearing the buffer");
        }
    }

    private void checkBudget(Step s, Op op, Reply reply) {
        Snapshot b = s.b;
        Snapshot a = s.a;
        long budget = options.budget();
        Policy policy = options.policy();
        if (reply != null && writeSize(op) >= 0) {
            long size = writeSize(op);
            Outcome.Kind kind = reply.outcome().kind();
            if (kind == Outcome.Kind.ACCEPTED
                    && size > 0
                    && policy != Policy.DROP_OLDEST
                    && b.bufferedBytes() >= budget) {
                s.fail(
                        Invariant.I9,
                        policy + " accepted " + op.script() + " at " + b.bufferedBytes() + "B >= budget " + budget);
            }
            if (kind == Outcome.Kind.DISCARDED && (policy != Policy.DROP_NEWEST || b.bufferedBytes() < budget)) {
                s.fail(
                        Invariant.I9,
                        policy + " discarded " + op.script() + " at " + b.bufferedBytes() + "B (budget " + budget
                                + ")");
            }
            boolean refused = kind == Outcome.Kind.REFUSED || kind == Outcome.Kind.QUEUED;
            if (refused && b.writerState() == WriterState.OPEN && !b.ended() && b.bufferedBytes() < budget) {
                s.fail(
                        Invariant.I9,
                        op.script() + " answered " + kind + " at " + b.bufferedBytes() + "B < budget " + budget);
            }
        }
        // Every entry appended by this operation found the buffer under budget (after any
        // eviction). The retained bytes before it now are a lower bound of what it found.
        long bytesBefore = 0;
        for (long q = a.bufferStart(); q < a.end(); q++) {
            if (q >= b.end() && bytesBefore >= budget) {
                s.fail(
                        Invariant.I9,
                        "entry " + q + " was appended with at least " + bytesBefore + "B buffered before it (budget "
                                + budget + ")");
            }
            bytesBefore += sizeAt(a, q);
        }
    }

    /**
     * I14: after an operation in which a read found a spoiled entry (a read answered or settled
     * FAILED(INVALID_ENTRY), or a read of a consumer whose cursor sat at a spoiled entry failed with
     * the earlier error), the writer is not OPEN, the broadcast is errored and no entry is retained.
     */
    private void checkSpoiledRead(Step s) {
        if (!s.readFoundSpoiled) {
            return;
        }
        Snapshot a = s.a;
        if (a.writerState() == WriterState.OPEN || !a.errored() || !a.sizes().isEmpty()) {
            s.fail(
                    Invariant.I14,
                    "a read found a spoiled entry, yet the writer is " + a.writerState()
                            + ", the broadcast is " + (a.errored() ? "errored" : "not errored") + " and "
                            + a.sizes().size() + " entr" + (a.sizes().size() == 1 ? "y is" : "ies are") + " retained");
        }
    }

    /**
     * Completes {@link Step#readFoundSpoiled}: besides a read failing with INVALID_ENTRY (noted as the
     * answers are read), a read whose consumer sat at a spoiled entry and that failed with the earlier
     * error of an already errored broadcast found one too.
     */
    private static void markSpoiledRead(Step s, Op op, int id, Reply reply) {
        if (!s.readFoundSpoiled
                && reply != null
                && op instanceof Op.Next
                && reply.outcome().kind() == Outcome.Kind.FAILED) {
            ConsumerState c = s.b.consumer(id);
            s.readFoundSpoiled = c != null && s.b.spoiledEntries().contains(c.cursor());
        }
    }

    /** A read's failure with the broadcast's own validation error. */
    private static boolean isInvalidEntry(Outcome o) {
        return o.kind() == Outcome.Kind.FAILED && o.reason() == SpecError.INVALID_ENTRY;
    }

    /** The size a write operation offers (a writev's sum), or -1 if {@code op} is no write. */
    private static long writeSize(Op op) {
        if (op instanceof Op.Write w) {
            return w.size();
        }
        if (op instanceof Op.WriteSync w) {
            return w.size();
        }
        List<Integer> sizes = op instanceof Op.Writev w ? w.sizes() : op instanceof Op.WritevSync w ? w.sizes() : null;
        if (sizes == null) {
            return -1;
        }
        long sum = 0;
        for (int size : sizes) {
            sum += size;
        }
        return sum;
    }

    /** The book of consumer {@code id}, opened empty the first time. */
    private Book book(int id) {
        for (int i = 0; i < books.size(); i++) {
            Book b = books.get(i);
            if (b.id == id) {
                return b;
            }
        }
        Book b = new Book(id, new OpList());
        books.add(b);
        return b;
    }

    private OpList reads(int id) {
        return book(id).reads;
    }

    /** The consumer with open read {@code op}, or null if no read of that number is open. */
    private Book ownerOf(long op) {
        for (int i = 0; i < books.size(); i++) {
            if (books.get(i).reads.contains(op)) {
                return books.get(i);
            }
        }
        return null;
    }

    private void openRead(int id, long op) {
        reads(id).add(op);
    }

    private static Integer sizeAt(Snapshot s, long p) {
        if (p < s.bufferStart() || p >= s.end()) {
            return null;
        }
        return s.sizes().get((int) (p - s.bufferStart()));
    }
}
