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
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.SpecError;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference: spec §2 ({@code docs/spec.md}) with no cache at all.
 *
 * <p>Read it next to the spec. The state is laid out as spec §1 lists it (the broadcast's fields here, the writer
 * in {@link Writer}, a consumer in {@link Consumer}, an entry in {@link Entry}); the methods follow spec §2's
 * headings in their order, the shared procedures first, then the operations, each procedure named after its
 * section's heading ({@code trim}, {@code flush}, {@code offer}, {@code eviction}, {@code readingAnEntry},
 * {@code settlingDrains}, {@code removal}, {@code endingTheBroadcast}, {@code completingTheEnd}, ...) with the
 * spec's step numbers in its comments. Wherever the cached-count variant consults or updates its cached minimum,
 * this model finds the minimum by the full {@link #scan() scan} instead: it never caches, which is its reason to
 * exist, and it trims after every advance (in next, notify and the end of the broadcast) and after every removal of
 * a consumer (spec §4). Plain lists, full scans, no shortcuts; speed does not matter. Where the spec records one of
 * the model's choices as a model note (spec §7), the comment at that code names it; where the spec leaves a choice
 * to the model without a note, the comment says "the spec is silent" and names the section.
 *
 * <p>It follows the algorithm of spec §2 as Node releases it, or, made with {@link Algorithm#CORRECTED},
 * the two steps of spec §8: a flush never runs inside another, and a read of a spoiled entry removes every
 * consumer before it clears the buffer, also on a broadcast that was already errored.
 *
 * <p>Forking, the state key, snapshots and diagnostics are tools, not semantics: they live beside the model, in
 * {@link ModelFork} and {@link ModelViews}, and the methods of {@link Forkable} here delegate to them.
 *
 * <p>It is written from the spec, not from {@code impl}: it shares no procedure name with the ports beyond the
 * spec's own words ({@code properties/.../architecture/ModelIndependenceTest.java} checks this).
 *
 * <p>Single-threaded: one thread calls everything.
 */
public final class ScanningModel implements Forkable {

    // The state is package-private so that the tools beside the model (ModelFork, ModelViews) can read and copy
    // it; only the procedures below change it.
    final Options options;
    final Algorithm algorithm;

    // Spec §1, the broadcast.
    /** {@code buffer}: the retained entries, at positions [bufferStart, bufferEnd()), oldest first. */
    final List<Entry> buffer;

    long bufferStart;
    long bufferedBytes;
    /** The attached consumers, in attach order. */
    final List<Consumer> consumers;
    /** The waiting list; it may hold stale entries, which notify skips. */
    List<Consumer> waiters;

    boolean ended;
    boolean cancelled;
    boolean errored;
    Object error;

    // Spec §1, the writer.
    final Writer writer;

    // Spec §5, observing: operation numbers, settlements, the scan count, and which write stored each position
    // ever appended (kept past trims and clears, so that writeOf names trimmed entries too; not semantics).
    long operationsTaken;
    int consumersAttached;
    long scans;
    private List<Settlement> settledDuringOperation = new ArrayList<>();
    final List<Long> writeAtPosition;

    // Spec §8, re-entrancy: how many flushes are running in this operation (0 between operations), and how often
    // a trim inside one left the buffer under budget after dropping entries (where Node signals its writer's
    // drain, nested).
    private int flushesRunning;
    long trimsInsideFlush;

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
        this.consumers = new ArrayList<>();
        this.waiters = new ArrayList<>();
        this.writer = new Writer();
        this.writeAtPosition = new ArrayList<>();
    }

    /** The answers of spec §2 offer. */
    private enum OfferAnswer {
        ACCEPTED,
        DISCARDED,
        REFUSED
    }

    @Override
    public Options options() {
        return options;
    }

    /**
     * The algorithm this model follows: spec §2 as released, or the correction of spec §8.
     *
     * @return the algorithm given when it was made
     */
    public Algorithm algorithm() {
        return algorithm;
    }

    // ================================================================ spec §2, the procedures they share, in the
    // spec's order
    // The spec describes them first; the operations below call them.

    /**
     * Spec §2 scan: the smallest cursor among the attached consumers, lowered consumer by consumer from
     * {@code end} (never from a sentinel: I1). The spec's scan also counts the consumers at the minimum; the
     * model has no {@code minCount} to fill, so it returns the minimum alone. Each call counts as one scan (§5).
     */
    private long scan() {
        scans++;
        long min = bufferEnd();
        for (Consumer c : consumers) {
            if (c.cursor < min) {
                min = c.cursor;
            }
        }
        return min;
    }

    /**
     * Spec §2 advance: step 1 moves the cursor past the entry being delivered; step 2 consults the cache, and
     * the model, which has none, trims every time instead (spec §4).
     */
    private void advance(Consumer c) {
        c.cursor = c.cursor + 1;
        trim();
    }

    /**
     * Spec §2 trim, with a fresh scan where the cached-count variant reads its cache. The flush it starts
     * re-enters offer, notify, advance and trim; it runs only when a write is queued (model note M1).
     */
    private void trim() {
        // Step 1, the retain guard: with nobody attached, everything is kept for late joiners (I7).
        if (consumers.isEmpty()) {
            return;
        }
        // Step 2: the minimum, always by the full scan.
        long minimum = scan();
        if (minimum < bufferStart) {
            // I1: eviction moves laggards to bufferStart in the same step, so no cursor is ever behind it.
            throw new ImpossibleStateException(
                    "a cursor is " + (bufferStart - minimum) + " behind bufferStart " + bufferStart);
        }
        // Step 3; a minimum that has not moved past bufferStart changes nothing, flush and drains included.
        if (minimum > bufferStart) {
            while (bufferStart < minimum) {
                bufferedBytes -= buffer.remove(0).size(); // trimming never looks at whether an entry is spoiled
                bufferStart++;
            }
            if (bufferedBytes < options.budget()) {
                if (flushesRunning > 0) {
                    trimsInsideFlush++;
                }
                if (writer.hasQueuedWrites()) {
                    flush();
                }
                if (writer.is(WriterState.OPEN)) {
                    // After the flush it started: room existed, even if the flush filled it again (I13).
                    settlingDrains(Outcome.DRAINED_TRUE);
                }
            }
        }
    }

    /**
     * Spec §2 flush: stores queued writes, oldest first. Under the corrected algorithm, spec §8 step 0 first.
     */
    private void flush() {
        // Spec §8 step 0, one flush at a time: the running flush's loop offers the next queued write itself.
        if (algorithm == Algorithm.CORRECTED && flushesRunning > 0) {
            return;
        }
        flushesRunning++;
        try {
            // Step 1: the loop's condition is offer's own test for refusing, so a spoiled write behind a full
            // buffer stays unexamined, as Node leaves it.
            while (writer.hasQueuedWrites() && !ended && bufferedBytes < options.budget()) {
                // Off the queue before it is offered, so that a nested flush takes the next one.
                Writer.WaitingWrite first = writer.queuedWrites.remove(0);
                if (first.spoiled()) {
                    // I14: neither stored nor counted; the loop goes on with the next one.
                    recordSettlement(first.write(), Outcome.failed(SpecError.INVALID_ENTRY));
                    continue;
                }
                if (offer(first.size(), first.write()) == OfferAnswer.REFUSED) {
                    writer.queuedWrites.add(0, first); // step 2: back at the front, and stop
                    break;
                }
                // Step 3, after the settlements its offer caused.
                writer.bytesAccepted += first.size();
                recordSettlement(first.write(), Outcome.ACCEPTED);
            }
        } finally {
            flushesRunning--;
        }
        // Step 4.
        if (writer.is(WriterState.CLOSING) && !writer.hasQueuedWrites()) {
            endingTheBroadcast();
        }
    }

    /** Spec §2 offer: a write at the broadcast level, of {@code size}, made by write operation {@code write}. */
    private OfferAnswer offer(int size, long write) {
        if (ended || cancelled) {
            return OfferAnswer.REFUSED; // step 1
        }
        if (size == 0) {
            return OfferAnswer.ACCEPTED; // step 2, I8: nothing stored, nobody notified, budget not consulted
        }
        // Step 3.
        boolean evicted = false;
        if (bufferedBytes >= options.budget()) {
            switch (options.policy()) {
                case STRICT, UNBOUNDED -> {
                    return OfferAnswer.REFUSED;
                }
                case DROP_NEWEST -> {
                    return OfferAnswer.DISCARDED;
                }
                case DROP_OLDEST -> {
                    eviction();
                    evicted = true;
                }
            }
        }
        // Step 4.
        if (writeAtPosition.size() != bufferEnd()) {
            // Only a spoiled read's clear shortens the buffer without moving bufferStart, and it ends the broadcast.
            throw new ImpossibleStateException(
                    "an append at " + bufferEnd() + " after a clear of positions up to " + writeAtPosition.size());
        }
        buffer.add(new Entry(size, write, false));
        bufferedBytes += size;
        writeAtPosition.add(write);
        notifyAfterAppend();
        // Step 6 (model note M2), before step 5's answer. Node asks its writer to flush first, but only STRICT and
        // UNBOUNDED queue writes, and only DROP_OLDEST evicts, so there is nothing to flush.
        if (evicted && bufferedBytes < options.budget()) {
            if (writer.hasQueuedWrites()) {
                throw new ImpossibleStateException(
                        "DROP_OLDEST evicted with " + writer.queuedWrites.size() + " write(s) queued");
            }
            if (writer.is(WriterState.OPEN)) {
                settlingDrains(Outcome.DRAINED_TRUE);
            }
        }
        return OfferAnswer.ACCEPTED; // step 5
    }

    /** Spec §2 eviction: DROP_OLDEST making room before the append, with nobody attached too. */
    private void eviction() {
        // Step 1.
        while (bufferedBytes >= options.budget() && !buffer.isEmpty()) {
            bufferedBytes -= buffer.remove(0).size();
            bufferStart++;
        }
        // Step 2: the entries a laggard skips are lost to it, the only gap I4 allows.
        for (Consumer c : consumers) {
            if (c.cursor < bufferStart) {
                c.cursor = bufferStart;
            }
        }
        // Step 3 refreshes the cache; the model has none, and it neither flushes nor notifies here.
    }

    /**
     * Spec §2 notify: serves the waiting consumers after an append, at most one entry each. (Named apart from
     * the heading only because {@code Object.notify} is final.)
     */
    private void notifyAfterAppend() {
        // Step 1.
        List<Consumer> taken = waiters;
        waiters = new ArrayList<>();
        // Step 2. Model note M3: "the waiting list" below is the field as it is at that moment, which a notify
        // nested inside the advance may have replaced.
        for (Consumer c : taken) {
            if (!c.hasOutstandingRead()) {
                // A stale entry, and reachable: a consumer that detached while it waited leaves the list here
                // (ReadExamples#detachSettlesOpenReadsDoneInOrder reaches it).
                continue;
            }
            if (c.cursor >= bufferEnd()) {
                waiters.add(c); // nothing for it yet
                continue;
            }
            long position = c.cursor;
            if (!readingAnEntry(position)) {
                return; // reading an entry, step 4: notify serves nobody else
            }
            int size = sizeAt(position);
            advance(c); // may trim, flush and re-enter notify before the settlement below
            settleOutstandingRead(c, Outcome.data(position, size));
            if (!c.laterReads.isEmpty()) {
                c.outstandingRead = c.laterReads.removeFirst();
                waiters.add(c);
            }
        }
    }

    /**
     * Spec §2 reading an entry: whether the entry at {@code position} may be delivered. A spoiled one runs
     * steps 1 to 3 and answers false, and the caller stops its delivery (step 4).
     *
     * @return true if the entry is not spoiled and the delivery goes on
     */
    private boolean readingAnEntry(long position) {
        if (!retainedEntry(position).spoiled()) {
            return true;
        }
        failSteps1To3(SpecError.INVALID_ENTRY); // step 1
        // Step 2.
        if (!errored) {
            failStep4(SpecError.INVALID_ENTRY);
        } else if (algorithm == Algorithm.CORRECTED) {
            // Spec §8, every consumer leaves a cleared buffer: the earlier error stands, and nobody stays attached
            // to positions step 3 removes (I1).
            detachAndRemoveEveryConsumer(Outcome.failed(error), Reason.of(error));
        }
        // Step 3. writeAtPosition keeps the cleared entries' writes: nothing is appended after a clear (steps 1
        // and 2 ended the broadcast), which offer asserts.
        buffer.clear();
        bufferedBytes = 0; // I2: the byte count goes with the entries; bufferStart does not move
        return false;
    }

    /** Spec §2 settling drains: every pending drain, in call order, with one answer; the list is emptied first. */
    private void settlingDrains(Outcome answer) {
        List<Long> drains = new ArrayList<>(writer.pendingDrains);
        writer.pendingDrains.clear();
        for (long drain : drains) {
            recordSettlement(drain, answer);
        }
    }

    /**
     * Spec §2 removal: takes an attached consumer out of {@code consumers} and trims, as the model does after
     * every removal (spec §4; model note M4 for next step 3's "no trim").
     */
    private void removal(Consumer c) {
        consumers.remove(c);
        c.attached = false;
        trim();
    }

    // ================================================================ spec §2, the operations, in the spec's order
    // Each first takes the next operation number, then checks its arguments (spec §2, §5). Steps an operation
    // shares with another follow it; ending the broadcast and completing the end sit where the spec's headings
    // put them, after spoil.

    /** Spec §2 attach. */
    @Override
    public ConsumerHandle attach() {
        operationsTaken++;
        // The cursor is bufferStart, so a late joiner reads everything retained (I7). The rest of the section
        // updates the cache, which the model has none of: it neither scans, trims nor notifies here.
        Consumer c = new Consumer(this, consumersAttached++, bufferStart);
        consumers.add(c);
        return c;
    }

    /** Spec §2 next: a read of consumer {@code handle}, steps 1 to 6 in order. */
    @Override
    public Reply next(ConsumerHandle handle) {
        long op = operationsTaken++;
        Consumer c = consumerOf(handle);
        // Step 1: a detached consumer answers from its own record alone.
        if (c.detached) {
            return answer(op, c.error != null ? Outcome.failed(c.error.value()) : Outcome.DONE);
        }
        // Step 2: an entry exists at its cursor, whatever the lifecycle.
        if (c.cursor < bufferEnd()) {
            long position = c.cursor;
            if (!readingAnEntry(position)) {
                return answer(op, Outcome.failed(error)); // reading an entry, step 4
            }
            // The spec is silent (§2 next step 2) on when the answer's size is read; the model reads it before
            // the advance, which may trim the entry away, as notify step 2 says outright ("note the entry").
            int size = sizeAt(position);
            advance(c);
            return answer(op, Outcome.data(position, size));
        }
        // Step 3: the broadcast is errored. Model note M4: the removal trims, as every removal does.
        if (errored) {
            c.detached = true;
            c.error = Reason.of(error);
            removal(c);
            return answer(op, Outcome.failed(error));
        }
        // Step 4: the broadcast has ended or is cancelled.
        if (ended || cancelled) {
            detachSteps(c);
            return answer(op, Outcome.DONE);
        }
        // Step 5: an outstanding read already: this one queues behind it (overlapping reads).
        if (c.hasOutstandingRead()) {
            c.laterReads.addLast(op);
            return answer(op, Outcome.PENDING);
        }
        // Step 6: it waits.
        c.outstandingRead = op;
        waiters.add(c);
        return answer(op, Outcome.WAIT);
    }

    /** Spec §2 detach: the consumer's {@code return()} or {@code throw()}. */
    @Override
    public Reply detach(ConsumerHandle handle) {
        long op = operationsTaken++;
        detachSteps(consumerOf(handle));
        return answer(op, Outcome.DONE);
    }

    /** Spec §2 detach steps 1 to 4, also run by next step 4. */
    private void detachSteps(Consumer c) {
        c.detached = true; // step 1: its error is unchanged
        // Step 2.
        if (c.hasOutstandingRead()) {
            settleOutstandingRead(c, Outcome.DONE);
        }
        while (!c.laterReads.isEmpty()) {
            recordSettlement(c.laterReads.removeFirst(), Outcome.DONE);
        }
        // Step 3: a consumer that fail or cancel removed is not removed again.
        if (c.attached) {
            removal(c);
        }
        completingTheEnd(); // step 4
    }

    /** Spec §2 writeSync. */
    @Override
    public Reply writeSync(int size) {
        long op = operationsTaken++;
        Arguments.requireSize(size); // step 1
        return writeSyncSteps(op, size);
    }

    /** Spec §2 writeSync steps 2 and 3, for a size already checked. */
    private Reply writeSyncSteps(long op, int size) {
        if (!writer.is(WriterState.OPEN)) {
            return answer(op, Outcome.REFUSED); // step 2: the buffer is not asked
        }
        OfferAnswer offered = offer(size, op); // step 3
        if (offered == OfferAnswer.REFUSED) {
            return answer(op, Outcome.REFUSED); // nothing is queued
        }
        writer.bytesAccepted += size;
        return answer(op, offered == OfferAnswer.ACCEPTED ? Outcome.ACCEPTED : Outcome.DISCARDED);
    }

    /** Spec §2 write. */
    @Override
    public Reply write(int size) {
        long op = operationsTaken++;
        Arguments.requireSize(size); // step 1
        return writeSteps(op, size);
    }

    /** Spec §2 write steps 2 to 4, for a size already checked. */
    private Reply writeSteps(long op, int size) {
        // Step 2: a writer that is not OPEN fails the write, and nothing is queued.
        if (writer.is(WriterState.ERRORED)) {
            return answer(op, Outcome.failed(writer.error));
        }
        if (!writer.is(WriterState.OPEN)) {
            return answer(op, Outcome.failed(SpecError.WRITER_CLOSED));
        }
        // Step 3.
        OfferAnswer offered = offer(size, op);
        if (offered != OfferAnswer.REFUSED) {
            writer.bytesAccepted += size;
            return answer(op, offered == OfferAnswer.ACCEPTED ? Outcome.ACCEPTED : Outcome.DISCARDED);
        }
        // Step 4: refused, which only STRICT and UNBOUNDED do while the writer is open.
        boolean strict = switch (options.policy()) {
            case STRICT -> true;
            case UNBOUNDED -> false;
            case DROP_OLDEST, DROP_NEWEST ->
                throw new ImpossibleStateException(options.policy() + " refused a write while the writer is open");
        };
        if (strict && writer.hasQueuedWrites()) {
            return answer(op, Outcome.failed(SpecError.BACKPRESSURE));
        }
        writer.queuedWrites.add(new Writer.WaitingWrite(op, size, false));
        return answer(op, Outcome.QUEUED);
    }

    /** Spec §2 writevSync: writeSync(sum) in every step and answer, under this operation number. */
    @Override
    public Reply writevSync(int... sizes) {
        long op = operationsTaken++;
        return writeSyncSteps(op, Arguments.requireSizes(sizes));
    }

    /** Spec §2 writev: write(sum) in every step and answer, under this operation number. */
    @Override
    public Reply writev(int... sizes) {
        long op = operationsTaken++;
        return writeSteps(op, Arguments.requireSizes(sizes));
    }

    /** Spec §2 end: the writer's {@code end()}. */
    @Override
    public Reply end() {
        long op = operationsTaken++;
        if (writer.is(WriterState.ERRORED)) {
            return answer(op, Outcome.failed(writer.error)); // step 1
        }
        if (writer.is(WriterState.CLOSED)) {
            return answer(op, Outcome.completed(writer.bytesAccepted)); // step 2
        }
        // Step 3; a call made while CLOSING waits with the earlier ones.
        writer.pendingEnds.add(op);
        if (writer.is(WriterState.OPEN)) {
            writer.state = WriterState.CLOSING;
            settlingDrains(Outcome.DRAINED_FALSE);
            if (!writer.hasQueuedWrites()) {
                endingTheBroadcast();
            }
        }
        // Step 4: an end that completed or failed during this call answers with that, not with a settlement.
        Outcome settledHere = takeSettlementOf(op);
        return answer(op, settledHere != null ? settledHere : Outcome.PENDING);
    }

    /** Spec §2 endSync: an end that answers at once and records no pending end. */
    @Override
    public Reply endSync() {
        long op = operationsTaken++;
        if (writer.is(WriterState.CLOSED)) {
            return answer(op, Outcome.completed(writer.bytesAccepted)); // step 1
        }
        if (writer.is(WriterState.ERRORED) || writer.is(WriterState.CLOSING)) {
            return answer(op, Outcome.INCOMPLETE); // step 2: Node's -1; nothing changes
        }
        // Step 3. No pending end is recorded: the end may complete later without a settlement.
        writer.state = WriterState.CLOSING;
        settlingDrains(Outcome.DRAINED_FALSE);
        if (!writer.hasQueuedWrites()) {
            endingTheBroadcast();
        }
        return answer(op, writer.is(WriterState.CLOSED) ? Outcome.completed(writer.bytesAccepted) : Outcome.INCOMPLETE);
    }

    /** Spec §2 abort: the abort signal of operation {@code operation} fires. */
    @Override
    public Reply abort(long operation) {
        long op = operationsTaken++;
        Arguments.requireEarlierOperation(operation, op);
        // Step 1: a queued write leaves the queue wherever it is; nothing is flushed.
        for (int i = 0; i < writer.queuedWrites.size(); i++) {
            if (writer.queuedWrites.get(i).write() == operation) {
                writer.queuedWrites.remove(i);
                recordSettlement(operation, Outcome.failed(SpecError.ABORTED));
                if (writer.is(WriterState.CLOSING) && !writer.hasQueuedWrites()) {
                    endingTheBroadcast(); // I12: the abort emptied a closing writer's queue
                }
                return answer(op, Outcome.OK);
            }
        }
        // Step 2: a pending end() stops waiting; the writer stays CLOSING.
        if (writer.pendingEnds.remove(Long.valueOf(operation))) {
            recordSettlement(operation, Outcome.failed(SpecError.ABORTED));
        }
        return answer(op, Outcome.OK); // step 3 otherwise: nothing happens
    }

    /** Spec §2 drain: the writer's drainable protocol, waiting for room. */
    @Override
    public Reply drain() {
        long op = operationsTaken++;
        if (!writer.is(WriterState.OPEN) || ended) {
            return answer(op, Outcome.UNWRITABLE); // step 1
        }
        if (bufferedBytes < options.budget()) {
            return answer(op, Outcome.DRAINED_TRUE); // step 2
        }
        writer.pendingDrains.add(op); // step 3; I13: it waits only while the buffer is at or over budget
        return answer(op, Outcome.PENDING);
    }

    /** Spec §2 spoil: the memory write {@code operation} handed over is detached. */
    @Override
    public Reply spoil(long operation) {
        long op = operationsTaken++;
        Arguments.requireEarlierOperation(operation, op);
        for (int i = 0; i < buffer.size(); i++) {
            if (buffer.get(i).write() == operation) {
                buffer.set(i, buffer.get(i).spoil()); // a retained entry
                return answer(op, Outcome.OK);
            }
        }
        for (int i = 0; i < writer.queuedWrites.size(); i++) {
            if (writer.queuedWrites.get(i).write() == operation) {
                writer.queuedWrites.set(i, writer.queuedWrites.get(i).spoil()); // a queued write
                return answer(op, Outcome.OK);
            }
        }
        return answer(op, Outcome.OK); // never stored, trimmed, evicted, discarded, zero-size or not a write
    }

    /**
     * Spec §2 ending the broadcast: runs once, when no write is queued. The spec asks it of callers ("finds no
     * write queued"); the model's callers test it at each call, as their sections say.
     */
    private void endingTheBroadcast() {
        if (ended) {
            return; // it runs once; later it does nothing
        }
        ended = true; // step 1
        // Step 2, over the consumers attached when it starts.
        for (Consumer c : new ArrayList<>(consumers)) {
            if (!c.attached) {
                // Only this loop removes consumers here, one at its own turn: with no write queued no trim below
                // can flush, notify or detach anyone else.
                throw new ImpossibleStateException(c + " left the consumers while end() was serving the others");
            }
            if (!c.hasOutstandingRead()) {
                continue; // it drains what is retained later
            }
            if (c.cursor < bufferEnd()) {
                // Only inside a re-entrant flush (I11 between operations); its queued reads stay queued.
                long position = c.cursor;
                if (!readingAnEntry(position)) {
                    return; // reading an entry, step 4: the end stops, without steps 3 and 4
                }
                int size = sizeAt(position);
                advance(c);
                settleOutstandingRead(c, Outcome.data(position, size));
            } else {
                settleOutstandingRead(c, Outcome.DONE);
                while (!c.laterReads.isEmpty()) {
                    recordSettlement(c.laterReads.removeFirst(), Outcome.DONE);
                }
                c.detached = true;
                removal(c);
            }
        }
        waiters.clear(); // step 3, model note M5
        completingTheEnd(); // step 4
    }

    /** Spec §2 completing the end: due once the broadcast has ended, nobody is attached and the writer is CLOSING. */
    private void completingTheEnd() {
        if (!ended || !consumers.isEmpty() || !writer.is(WriterState.CLOSING)) {
            return;
        }
        writer.state = WriterState.CLOSED;
        for (long end : writer.pendingEnds) {
            recordSettlement(end, Outcome.completed(writer.bytesAccepted));
        }
        writer.pendingEnds.clear();
    }

    /** Spec §2 fail. */
    @Override
    public Reply fail(Object reason) {
        long op = operationsTaken++;
        if (writer.is(WriterState.ERRORED) || writer.is(WriterState.CLOSED)) {
            return answer(op, Outcome.OK); // step 1: the first error stands
        }
        failSteps1To3(reason);
        // Step 4. The spec is silent (§2 fail) on a broadcast already errored with a writer still failing; it
        // cannot happen (an error of the broadcast comes with a failed or closed writer), and the model keeps
        // the earlier error then, as reading an entry step 2 does.
        if (!errored) {
            failStep4(reason);
        }
        return answer(op, Outcome.OK); // step 5
    }

    /**
     * Spec §2 fail steps 1 to 3 with {@code reason}, also run by reading a spoiled entry (reading an entry step
     * 1): an OPEN or CLOSING writer becomes ERRORED, and its queued writes, drains and pending ends fail, in
     * that order.
     */
    private void failSteps1To3(Object reason) {
        if (writer.is(WriterState.ERRORED) || writer.is(WriterState.CLOSED)) {
            return; // step 1: the first error stands
        }
        writer.state = WriterState.ERRORED; // step 2
        writer.error = reason;
        // Step 3.
        while (writer.hasQueuedWrites()) {
            recordSettlement(writer.queuedWrites.remove(0).write(), Outcome.failed(reason));
        }
        settlingDrains(Outcome.failed(reason));
        for (long end : writer.pendingEnds) {
            recordSettlement(end, Outcome.failed(reason));
        }
        writer.pendingEnds.clear();
    }

    /** Spec §2 fail step 4: the broadcast becomes errored and ended; everyone attached fails and is removed. */
    private void failStep4(Object reason) {
        errored = true;
        error = reason;
        ended = true;
        detachAndRemoveEveryConsumer(Outcome.failed(reason), Reason.of(reason));
    }

    /** Spec §2 cancel without a reason. */
    @Override
    public Reply cancel() {
        return cancelSteps(false, null);
    }

    /** Spec §2 cancel with a reason, whatever its value. */
    @Override
    public Reply cancel(Object reason) {
        return cancelSteps(true, reason);
    }

    /** Spec §2 cancel steps 1 to 5. */
    private Reply cancelSteps(boolean reasonGiven, Object reason) {
        long op = operationsTaken++;
        if (cancelled) {
            return answer(op, Outcome.OK); // step 1
        }
        // Step 2.
        cancelled = true;
        ended = true;
        if (reasonGiven) {
            errored = true;
            error = reason;
        }
        // Step 3: an ERRORED writer keeps its own error; a CLOSED one stays CLOSED.
        if (writer.is(WriterState.OPEN) || writer.is(WriterState.CLOSING)) {
            writer.state = WriterState.CLOSED;
            while (writer.hasQueuedWrites()) {
                recordSettlement(writer.queuedWrites.remove(0).write(), Outcome.failed(SpecError.CANCELLED));
            }
            settlingDrains(Outcome.DRAINED_FALSE);
            for (long end : writer.pendingEnds) {
                recordSettlement(end, Outcome.completed(writer.bytesAccepted));
            }
            writer.pendingEnds.clear();
        }
        // Step 4.
        detachAndRemoveEveryConsumer(
                reasonGiven ? Outcome.failed(reason) : Outcome.DONE, reasonGiven ? Reason.of(reason) : null);
        return answer(op, Outcome.OK); // step 5
    }

    /**
     * Spec §2 fail step 4 and cancel step 4, "every attached consumer, in attach order": its outstanding read,
     * then its queued reads, settle with {@code reads}; its error becomes {@code reason} unless that is null
     * (cancel without a reason); it is detached and removed without the removal procedure, and the waiting list
     * is emptied. The buffer is kept, untrimmed.
     */
    private void detachAndRemoveEveryConsumer(Outcome reads, Reason reason) {
        for (Consumer c : consumers) {
            if (c.hasOutstandingRead()) {
                settleOutstandingRead(c, reads);
            }
            while (!c.laterReads.isEmpty()) {
                recordSettlement(c.laterReads.removeFirst(), reads);
            }
            if (reason != null) {
                c.error = reason;
            }
            c.detached = true;
            c.attached = false;
        }
        consumers.clear();
        waiters.clear();
    }

    // ================================================================ the state's own small questions

    /** {@code end}, spec §1: the position after the last retained entry. */
    private long bufferEnd() {
        return bufferStart + buffer.size();
    }

    /** The retained entry at {@code position}; outside the buffer is an impossible state (I1). */
    private Entry retainedEntry(long position) {
        if (position < bufferStart || position >= bufferEnd()) {
            throw new ImpossibleStateException(
                    "read of position " + position + " outside the buffer [" + bufferStart + ", " + bufferEnd() + ")");
        }
        return buffer.get((int) (position - bufferStart));
    }

    private int sizeAt(long position) {
        return retainedEntry(position).size();
    }

    /** Settles {@code c}'s outstanding read; one that is already settled is the finding "settled twice" (§7 M3). */
    private void settleOutstandingRead(Consumer c, Outcome outcome) {
        if (!c.hasOutstandingRead()) {
            throw new ImpossibleStateException(
                    c + " has no outstanding read to settle with " + outcome + " (settled twice?)");
        }
        long read = c.outstandingRead;
        c.outstandingRead = Consumer.NO_OUTSTANDING_READ;
        recordSettlement(read, outcome);
    }

    /** Spec §5: an earlier open operation's final answer, reported by the operation that caused it. */
    private void recordSettlement(long operation, Outcome outcome) {
        settledDuringOperation.add(new Settlement(operation, outcome));
    }

    /** Takes the settlement of {@code operation} made during this operation out of the list, or null. */
    private Outcome takeSettlementOf(long operation) {
        for (int i = 0; i < settledDuringOperation.size(); i++) {
            if (settledDuringOperation.get(i).op() == operation) {
                return settledDuringOperation.remove(i).outcome();
            }
        }
        return null;
    }

    /** The reply of operation {@code op}: its answer and the settlements it caused, in the order they were made. */
    private Reply answer(long op, Outcome outcome) {
        if (settledDuringOperation.isEmpty()) {
            return new Reply(op, outcome, List.of()); // most operations settle nothing: no list to copy
        }
        Reply reply = new Reply(op, outcome, settledDuringOperation);
        settledDuringOperation = new ArrayList<>();
        return reply;
    }

    /** The consumer behind {@code handle}; a null or foreign handle is bad input (spec §5). */
    Consumer consumerOf(ConsumerHandle handle) {
        if (handle == null) {
            throw Arguments.nullConsumer();
        }
        if (handle instanceof Consumer c && c.broadcast == this) {
            return c;
        }
        throw Arguments.foreignConsumer(handle);
    }

    @Override
    public String toString() {
        return "ScanningModel{" + snapshot() + "}";
    }

    // ================================================================ tools beside the model (not semantics)
    // Forking and naming states live in ModelFork, snapshots and the other views in ModelViews: they read the
    // state above and change nothing.

    @Override
    public Fork fork() {
        return ModelFork.fork(this);
    }

    /** {@inheritDoc} The key is written by {@link ModelFork#writeKey}. */
    @Override
    public void writeKey(KeyWriter key) {
        ModelFork.writeKey(this, key);
    }

    /** {@inheritDoc} True: {@link #writeKey} names consumers only through {@link KeyWriter#consumer}. */
    @Override
    public boolean namesConsumersThroughWriter() {
        return true;
    }

    @Override
    public String consumerKey(ConsumerHandle handle) {
        return ModelFork.consumerKey(this, handle);
    }

    @Override
    public Snapshot snapshot() {
        return ModelViews.snapshot(this);
    }

    @Override
    public Diagnostics diagnostics() {
        return ModelViews.diagnostics(this);
    }

    /**
     * The operations an {@code abort} can still take effect on: the operation numbers of the queued
     * writes, oldest first, then of the pending {@code end()} calls, in call order. A tool for
     * generating operations, like {@link #writeKey}: not semantics.
     *
     * @return a new list
     */
    public List<Long> pendingOperations() {
        return ModelViews.pendingOperations(this);
    }

    /**
     * The writes a {@code spoil} can still take effect on: the operation numbers of the writes whose
     * entry is retained and not spoiled, in position order, then of the queued writes that are not
     * spoiled, oldest first. A tool for generating operations, like {@link #writeKey}: not semantics.
     *
     * @return a new list
     */
    public List<Long> spoilableWrites() {
        return ModelViews.spoilableWrites(this);
    }

    /**
     * How many trims so far ran inside a running flush, dropped entries and left the buffer under
     * budget: the points where Node's trim signals its writer's drain, and so starts a flush, while
     * another flush runs (spec §8; Node does so whether or not a write is queued, Model note M1). On a
     * script along which this stays 0, both algorithms take the same steps, and so do Node's
     * {@code broadcast.js} with and without the guard of §8. A tool, like {@link #writeKey}: not
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
     * queued write was stored later by a flush. Positions are not visible from outside an implementation (Node has
     * none), entries named by their write are: the conformance check compares those.
     *
     * @param position a position this broadcast ever appended, trimmed or not
     * @return the operation number of the write that stored it
     * @throws IllegalArgumentException if nothing was ever appended at {@code position}
     */
    public long writeOf(long position) {
        if (position < 0 || position >= writeAtPosition.size()) {
            throw new IllegalArgumentException("no entry was ever appended at position " + position);
        }
        return writeAtPosition.get((int) position);
    }
}
