package io.cursorcheck.model;

import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Forkable.Fork;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.WriterState;
import java.util.Arrays;

/**
 * Forking a {@link ScanningModel} and naming its state (spi {@code Forkable}): what the explorer needs to branch
 * from a state and to recognise one it has seen. Not semantics: it reads and copies the state of spec §1 and
 * changes nothing; {@link ScanningModel#fork()}, {@link ScanningModel#writeKey} and
 * {@link ScanningModel#consumerKey} delegate here.
 *
 * <p>Single-threaded, like the model: call it only between operations (no flush running).
 */
final class ModelFork {

    /** Opens the spoiled entries' part of the key. */
    private static final int KEY_SPOILED = 1;
    /** Opens the consumers' part of the key. */
    private static final int KEY_CONSUMERS = 2;

    private ModelFork() {}

    /**
     * A copy of {@code original} in the same state, and the map from its consumer handles to the copy's. Every
     * consumer attached or stale in the waiting list is copied at once, by id (ids are unique in a broadcast, 0
     * to {@code consumersAttached - 1}); a detached one is copied when its handle is first mapped.
     */
    static Fork fork(ScanningModel original) {
        Consumer[] copies = new Consumer[original.consumersAttached];
        ScanningModel copy = new ScanningModel(original.options, original.algorithm);
        copy.buffer.addAll(original.buffer); // entries are immutable records, shared safely
        copy.bufferStart = original.bufferStart;
        copy.bufferedBytes = original.bufferedBytes;
        for (Consumer c : original.consumers) {
            copies[c.id] = c.duplicateInto(copy);
            copy.consumers.add(copies[c.id]);
        }
        for (Consumer c : original.waiters) {
            if (copies[c.id] == null) {
                copies[c.id] = c.duplicateInto(copy); // a stale entry, copied too: the fork is exact
            }
            copy.waiters.add(copies[c.id]);
        }
        copy.ended = original.ended;
        copy.cancelled = original.cancelled;
        copy.errored = original.errored;
        copy.error = original.error;
        copy.writer.state = original.writer.state;
        copy.writer.error = original.writer.error;
        copy.writer.queuedWrites.addAll(original.writer.queuedWrites); // immutable records, shared safely
        copy.writer.pendingDrains.addAll(original.writer.pendingDrains);
        copy.writer.pendingEnds.addAll(original.writer.pendingEnds);
        copy.writer.bytesAccepted = original.writer.bytesAccepted;
        copy.operationsTaken = original.operationsTaken;
        copy.consumersAttached = original.consumersAttached;
        copy.scans = original.scans;
        copy.writeAtPosition.addAll(original.writeAtPosition);
        copy.trimsInsideFlush = original.trimsInsideFlush;
        return new Fork(copy, handle -> {
            Consumer c = original.consumerOf(handle);
            if (copies[c.id] == null) {
                copies[c.id] = c.duplicateInto(copy); // a detached consumer, copied on demand
            }
            return copies[c.id];
        });
    }

    /**
     * The model's whole state, canonically: retained sizes with their spoiled flags, attached consumers in attach
     * order with their cursors relative to bufferStart and their open reads by rank among all pending operations,
     * the waiting order, the lifecycle, the writer, the queued writes (with their spoiled flags), pending drains
     * and pending ends. Which write stored a retained entry is not in the key: abort and spoil name writes, and
     * the entries' order already says which entry a write made, whatever its number. Each part is opened by a
     * symbol of its own so that the sequence decodes; consumers go through {@link KeyWriter#consumer}.
     */
    static void writeKey(ScanningModel m, KeyWriter k) {
        Writer writer = m.writer;
        long[] ranked = k.scratch(openOperationCount(m));
        int n = rankOpenOperations(m, ranked);
        k.count(m.buffer.size());
        for (Entry e : m.buffer) {
            k.number(e.size());
        }
        for (int i = 0; i < m.buffer.size(); i++) {
            if (m.buffer.get(i).spoiled()) {
                k.symbol(KEY_SPOILED);
                k.number(i); // spoiled entries by index from bufferStart
            }
        }
        k.symbol(KEY_CONSUMERS);
        k.count(m.consumers.size());
        for (Consumer c : m.consumers) {
            k.consumer(c.id);
            k.number(c.cursor - m.bufferStart);
            k.number(c.hasOutstandingRead() ? Arrays.binarySearch(ranked, 0, n, c.outstandingRead) : -1);
            k.count(c.laterReads.size());
            for (long q : c.laterReads) {
                k.number(Arrays.binarySearch(ranked, 0, n, q));
            }
        }
        k.count(m.waiters.size());
        for (Consumer c : m.waiters) { // stale entries too: the key assumes nothing of how notify treats them
            k.consumer(c.id);
            k.symbol(c.hasOutstandingRead() ? 0 : c.detached ? 1 : 2);
        }
        k.flag(m.ended);
        k.flag(m.cancelled);
        k.flag(m.errored);
        if (m.errored) {
            k.text(Outcome.describeReason(m.error));
        }
        k.symbol(writer.state.ordinal());
        if (writer.is(WriterState.ERRORED)) {
            k.text(Outcome.describeReason(writer.error));
        }
        k.count(writer.queuedWrites.size());
        for (Writer.WaitingWrite w : writer.queuedWrites) {
            k.number(Arrays.binarySearch(ranked, 0, n, w.write()));
            k.number(w.size());
            k.flag(w.spoiled());
        }
        k.count(writer.pendingDrains.size());
        for (long d : writer.pendingDrains) {
            k.number(Arrays.binarySearch(ranked, 0, n, d));
        }
        k.count(writer.pendingEnds.size());
        for (long e : writer.pendingEnds) {
            k.number(Arrays.binarySearch(ranked, 0, n, e));
        }
    }

    /** How many operations are open (pending ends, queued writes, pending drains, reads): what the ranking holds. */
    private static int openOperationCount(ScanningModel m) {
        int n = m.writer.pendingEnds.size() + m.writer.queuedWrites.size() + m.writer.pendingDrains.size();
        for (Consumer c : m.consumers) {
            n += c.openReadCount();
        }
        return n;
    }

    /**
     * Fills {@code ranked} (at least {@link #openOperationCount} long: the key writer's scratch, so that a fork
     * allocates nothing to be keyed) with every open operation's number, sorted, so that an operation's index is
     * its rank: their order matters to a state, not their numbers. Returns how many.
     */
    private static int rankOpenOperations(ScanningModel m, long[] ranked) {
        int n = 0;
        for (long e : m.writer.pendingEnds) {
            ranked[n++] = e;
        }
        for (Writer.WaitingWrite w : m.writer.queuedWrites) {
            ranked[n++] = w.write();
        }
        for (long d : m.writer.pendingDrains) {
            ranked[n++] = d;
        }
        for (Consumer c : m.consumers) {
            if (c.hasOutstandingRead()) {
                ranked[n++] = c.outstandingRead;
            }
            for (long q : c.laterReads) {
                ranked[n++] = q;
            }
        }
        Arrays.sort(ranked, 0, n);
        return n;
    }

    /** What consumer {@code handle} of {@code m} answers on its own account: attached, or detached with its error. */
    static String consumerKey(ScanningModel m, ConsumerHandle handle) {
        Consumer c = m.consumerOf(handle);
        if (!c.detached) {
            return "attached";
        }
        return c.error == null ? "detached" : "detached!" + c.error;
    }
}
