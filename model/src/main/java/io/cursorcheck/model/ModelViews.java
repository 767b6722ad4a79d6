package io.cursorcheck.model;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.List;

/**
 * What tools read of a {@link ScanningModel} besides its answers: its snapshot and diagnostics (spec §5), and the
 * operations an {@code abort} or a {@code spoil} can still take effect on, for generating operations. Not
 * semantics: it reads the state of spec §1 and changes nothing; the model's public queries delegate here.
 *
 * <p>Single-threaded, like the model: call it only between operations.
 */
final class ModelViews {

    private ModelViews() {}

    /** The state of {@code m} as spec §5's snapshot lists it. */
    static Snapshot snapshot(ScanningModel m) {
        Writer writer = m.writer;
        // Immutable lists where they are built here, which Snapshot keeps without another copy, and the
        // shared empty list for what is usually empty: the explorer takes a snapshot per transition.
        Snapshot.ConsumerState[] states = new Snapshot.ConsumerState[m.consumers.size()];
        for (int i = 0; i < states.length; i++) {
            Consumer c = m.consumers.get(i);
            states[i] = new Snapshot.ConsumerState(c.id, c.cursor, c.openReadCount());
        }
        List<Integer> queued = writer.queuedWrites.isEmpty() ? List.of() : new ArrayList<>();
        List<Integer> spoiledQueued = new ArrayList<>(0);
        for (int i = 0; i < writer.queuedWrites.size(); i++) {
            queued.add(writer.queuedWrites.get(i).size());
            if (writer.queuedWrites.get(i).spoiled()) {
                spoiledQueued.add(i);
            }
        }
        List<Long> spoiledEntries = new ArrayList<>(0);
        for (int i = 0; i < m.buffer.size(); i++) {
            if (m.buffer.get(i).spoiled()) {
                spoiledEntries.add(m.bufferStart + i);
            }
        }
        return new Snapshot(
                m.bufferStart,
                retainedSizes(m),
                m.bufferedBytes,
                List.of(states),
                queued,
                writer.state,
                writer.bytesAccepted,
                writer.pendingEnds.size(),
                m.ended,
                m.cancelled,
                m.errored ? Reason.of(m.error) : null,
                writer.is(WriterState.ERRORED) ? Reason.of(writer.error) : null,
                writer.pendingDrains.size(),
                spoiledEntries,
                spoiledQueued);
    }

    /** The sizes of the retained entries, oldest first. */
    private static List<Integer> retainedSizes(ScanningModel m) {
        List<Integer> sizes = new ArrayList<>(m.buffer.size());
        for (Entry e : m.buffer) {
            sizes.add(e.size());
        }
        return sizes;
    }

    /** The diagnostics of {@code m}: no cache, and its scan count read when asked. */
    static Diagnostics diagnostics(ScanningModel m) {
        return new Diagnostics() {
            @Override
            public MinCache minCache() {
                return null; // no cache: that is the point of the model
            }

            @Override
            public long scans() {
                return m.scans;
            }
        };
    }

    /** The operation numbers of the queued writes, oldest first, then of the pending ends, in call order. */
    static List<Long> pendingOperations(ScanningModel m) {
        List<Long> ops = new ArrayList<>();
        for (Writer.WaitingWrite w : m.writer.queuedWrites) {
            ops.add(w.write());
        }
        ops.addAll(m.writer.pendingEnds);
        return ops;
    }

    /**
     * The operation numbers of the writes whose entry is retained and not spoiled, in position order, then of the
     * queued writes that are not spoiled, oldest first.
     */
    static List<Long> spoilableWrites(ScanningModel m) {
        List<Long> ops = new ArrayList<>();
        for (Entry e : m.buffer) {
            if (!e.spoiled()) {
                ops.add(e.write());
            }
        }
        for (Writer.WaitingWrite w : m.writer.queuedWrites) {
            if (!w.spoiled()) {
                ops.add(w.write());
            }
        }
        return ops;
    }
}
