package io.cursorcheck.model;

import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * PROTOTYPE, for tools/CodecExploreProto.java only (not built by Maven, not used by the suite): an exact codec of a
 * {@link ScanningModel}'s state between operations, "route 2" of the explore-shapes record. {@link #encode} writes
 * every field the procedures read (the fields {@link ModelFork#fork} copies, every consumer the script made,
 * attached, stale in the waiting list or detached); {@link #decodeInto} rewrites the one model this codec was made
 * for, in place: its lists cleared and refilled, its consumers taken from a pool (one {@link Consumer} per id,
 * made once), immutable entries and queued writes from a cache. It lives in the model's package (on the classpath,
 * beside the model's classes) only to read the package-private state, as ModelFork does.
 *
 * <p>What it does not restore: the model's private {@code settledDuringOperation} (empty between operations unless
 * an operation threw) and {@code flushesRunning} (0 between operations; a throw unwinds it). The caller makes a new
 * model after a child where the model threw.
 */
public final class ModelCodec {

    private final ScanningModel m;
    private Consumer[] pool = new Consumer[4];
    // Objects that can be an error (index 0: null) and reasons of consumers (index 0: null), interned by equality.
    // Shared by every codec of the JVM, so that bytes one codec wrote another decodes (one thread only).
    private static final List<Object> errors = new ArrayList<>(List.of(new Object()));
    private static final List<Reason> reasons = new ArrayList<>(java.util.Collections.singletonList(null));
    private final Entry[] entries = new Entry[8 * 64 * 2];
    private final Writer.WaitingWrite[] waiting = new Writer.WaitingWrite[8 * 64 * 2];

    /** A codec that decodes into {@code model}, a fresh model made for it. */
    public ModelCodec(ScanningModel model) {
        this.m = model;
    }

    /** The model it decodes into. */
    public ScanningModel model() {
        return m;
    }

    /**
     * Writes the state of {@code model} (any model of the same options and algorithm), whose consumers are
     * {@code handles} in script order (a session's handles: the consumer with id i is the i-th).
     */
    public void encode(ScanningModel model, List<ConsumerHandle> handles, CodecBytes out) {
        int n = model.consumersAttached;
        out.putInt(n);
        for (int i = 0; i < n; i++) {
            Consumer c = (Consumer) handles.get(i);
            if (c.id != i) {
                throw new IllegalStateException("handle " + i + " is consumer " + c.id);
            }
            out.putLong(c.cursor);
            out.putLong(c.outstandingRead);
            out.putFlag(c.attached);
            out.putFlag(c.detached);
            out.putInt(reasonIndex(c.error));
            out.putInt(c.laterReads.size());
            for (long q : c.laterReads) {
                out.putLong(q);
            }
        }
        out.putInt(model.buffer.size());
        for (int i = 0; i < model.buffer.size(); i++) {
            Entry e = model.buffer.get(i);
            out.putInt(e.size());
            out.putLong(e.write());
            out.putFlag(e.spoiled());
        }
        out.putLong(model.bufferStart);
        out.putLong(model.bufferedBytes);
        out.putInt(model.consumers.size());
        for (int i = 0; i < model.consumers.size(); i++) {
            out.putInt(model.consumers.get(i).id);
        }
        out.putInt(model.waiters.size());
        for (int i = 0; i < model.waiters.size(); i++) {
            out.putInt(model.waiters.get(i).id);
        }
        out.putFlag(model.ended);
        out.putFlag(model.cancelled);
        out.putFlag(model.errored);
        out.putInt(errorIndex(model.error));
        Writer w = model.writer;
        out.putInt(w.state.ordinal());
        out.putInt(errorIndex(w.error));
        out.putInt(w.queuedWrites.size());
        for (int i = 0; i < w.queuedWrites.size(); i++) {
            Writer.WaitingWrite q = w.queuedWrites.get(i);
            out.putLong(q.write());
            out.putInt(q.size());
            out.putFlag(q.spoiled());
        }
        out.putInt(w.pendingDrains.size());
        for (int i = 0; i < w.pendingDrains.size(); i++) {
            out.putLong(w.pendingDrains.get(i));
        }
        out.putInt(w.pendingEnds.size());
        for (int i = 0; i < w.pendingEnds.size(); i++) {
            out.putLong(w.pendingEnds.get(i));
        }
        out.putLong(w.bytesAccepted);
        out.putLong(model.operationsTaken);
        out.putLong(model.scans);
        out.putInt(model.writeAtPosition.size());
        for (int i = 0; i < model.writeAtPosition.size(); i++) {
            out.putLong(model.writeAtPosition.get(i));
        }
        out.putLong(model.trimsInsideFlush);
    }

    /** Rewrites this codec's model into the state {@code in} holds, and {@code handles} to its consumers. */
    public void decodeInto(CodecBytes in, List<ConsumerHandle> handles) {
        int n = in.getInt();
        m.consumersAttached = n;
        handles.clear();
        for (int i = 0; i < n; i++) {
            Consumer c = consumer(i);
            c.cursor = in.getLong();
            c.outstandingRead = in.getLong();
            c.attached = in.getFlag();
            c.detached = in.getFlag();
            c.error = reasons.get(in.getInt());
            c.laterReads.clear();
            for (int k = in.getInt(); k > 0; k--) {
                c.laterReads.addLast(in.getLong());
            }
            handles.add(c);
        }
        m.buffer.clear();
        for (int k = in.getInt(); k > 0; k--) {
            int size = in.getInt();
            long write = in.getLong();
            boolean spoiled = in.getFlag();
            m.buffer.add(entry(size, write, spoiled));
        }
        m.bufferStart = in.getLong();
        m.bufferedBytes = in.getLong();
        m.consumers.clear();
        for (int k = in.getInt(); k > 0; k--) {
            m.consumers.add(pool[in.getInt()]);
        }
        m.waiters.clear();
        for (int k = in.getInt(); k > 0; k--) {
            m.waiters.add(pool[in.getInt()]);
        }
        m.ended = in.getFlag();
        m.cancelled = in.getFlag();
        m.errored = in.getFlag();
        m.error = error(in.getInt());
        Writer w = m.writer;
        w.state = WriterState.values()[in.getInt()];
        w.error = error(in.getInt());
        w.queuedWrites.clear();
        for (int k = in.getInt(); k > 0; k--) {
            long write = in.getLong();
            int size = in.getInt();
            boolean spoiled = in.getFlag();
            w.queuedWrites.add(waiting(write, size, spoiled));
        }
        w.pendingDrains.clear();
        for (int k = in.getInt(); k > 0; k--) {
            w.pendingDrains.add(in.getLong());
        }
        w.pendingEnds.clear();
        for (int k = in.getInt(); k > 0; k--) {
            w.pendingEnds.add(in.getLong());
        }
        w.bytesAccepted = in.getLong();
        m.operationsTaken = in.getLong();
        m.scans = in.getLong();
        m.writeAtPosition.clear();
        for (int k = in.getInt(); k > 0; k--) {
            m.writeAtPosition.add(in.getLong());
        }
        m.trimsInsideFlush = in.getLong();
    }

    private Consumer consumer(int id) {
        if (id >= pool.length) {
            pool = java.util.Arrays.copyOf(pool, Math.max(id + 1, pool.length * 2));
        }
        Consumer c = pool[id];
        if (c == null) {
            c = new Consumer(m, id, 0);
            pool[id] = c;
        }
        return c;
    }

    private Entry entry(int size, long write, boolean spoiled) {
        if (size < 8 && write >= 0 && write < 64) {
            int i = (size * 64 + (int) write) * 2 + (spoiled ? 1 : 0);
            Entry e = entries[i];
            if (e == null) {
                e = new Entry(size, write, spoiled);
                entries[i] = e;
            }
            return e;
        }
        return new Entry(size, write, spoiled);
    }

    private Writer.WaitingWrite waiting(long write, int size, boolean spoiled) {
        if (size < 8 && write >= 0 && write < 64) {
            int i = (size * 64 + (int) write) * 2 + (spoiled ? 1 : 0);
            Writer.WaitingWrite q = waiting[i];
            if (q == null) {
                q = new Writer.WaitingWrite(write, size, spoiled);
                waiting[i] = q;
            }
            return q;
        }
        return new Writer.WaitingWrite(write, size, spoiled);
    }

    private int errorIndex(Object error) {
        if (error == null) {
            return 0;
        }
        for (int i = 1; i < errors.size(); i++) {
            if (Objects.equals(errors.get(i), error)) {
                return i;
            }
        }
        errors.add(error);
        return errors.size() - 1;
    }

    private Object error(int index) {
        return index == 0 ? null : errors.get(index);
    }

    private int reasonIndex(Reason reason) {
        if (reason == null) {
            return 0;
        }
        for (int i = 1; i < reasons.size(); i++) {
            if (reasons.get(i).equals(reason)) {
                return i;
            }
        }
        reasons.add(reason);
        return reasons.size() - 1;
    }
}
