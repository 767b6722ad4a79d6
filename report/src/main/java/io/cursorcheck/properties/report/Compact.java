package io.cursorcheck.properties.report;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.WriterState;
import java.util.StringJoiner;

/** Short renderings of answers and states for tables and traces. */
public final class Compact {

    private Compact() {}

    /** An answer: the outcome, then what it settled, e.g. {@code ACCEPTED, settles #1 -> DATA@0(1B)}. */
    public static String answer(Observation o) {
        return o == null ? "" : o.render(Object::toString);
    }

    /**
     * A state, e.g. {@code [1..3)=2,1 (3B) spoiled=2 c0@1 c1@3 r1 | CLOSING queued=2 drains=1 ended}: the
     * retained range and sizes (and the positions of spoiled entries), each attached consumer's cursor
     * (and open reads), then what is not default in the writer and lifecycle (queued writes, with
     * {@code !} after a spoiled one, pending ends and drains).
     */
    public static String state(Snapshot s) {
        if (s == null) {
            return "(undefined: the operation threw)";
        }
        StringJoiner j = new StringJoiner(" ");
        StringJoiner sizes = new StringJoiner(",");
        s.sizes().forEach(size -> sizes.add(String.valueOf(size)));
        j.add("[" + s.bufferStart() + ".." + s.end() + ")"
                + (s.sizes().isEmpty() ? "" : "=" + sizes + " (" + s.bufferedBytes() + "B)"));
        if (!s.spoiledEntries().isEmpty()) {
            StringJoiner spoiled = new StringJoiner(",");
            s.spoiledEntries().forEach(p -> spoiled.add(String.valueOf(p)));
            j.add("spoiled=" + spoiled);
        }
        if (s.consumers().isEmpty()) {
            j.add("no consumer");
        }
        for (Snapshot.ConsumerState c : s.consumers()) {
            j.add("c" + c.id() + "@" + c.cursor() + (c.openReads() > 0 ? " r" + c.openReads() : ""));
        }
        StringJoiner w = new StringJoiner(" ");
        if (s.writerState() != WriterState.OPEN) {
            w.add(s.writerState() + (s.writerError() != null ? "(" + s.writerError() + ")" : ""));
        }
        if (!s.queuedWrites().isEmpty()) {
            StringJoiner q = new StringJoiner(",");
            for (int i = 0; i < s.queuedWrites().size(); i++) {
                q.add(s.queuedWrites().get(i) + (s.spoiledQueued().contains(i) ? "!" : ""));
            }
            w.add("queued=" + q);
        }
        if (s.pendingEnds() > 0) {
            w.add("ends=" + s.pendingEnds());
        }
        if (s.pendingDrains() > 0) {
            w.add("drains=" + s.pendingDrains());
        }
        if (s.ended()) {
            w.add("ended");
        }
        if (s.cancelled()) {
            w.add("cancelled");
        }
        if (s.error() != null) {
            w.add("error=" + s.error());
        }
        if (w.length() > 0) {
            j.add("|").add(w.toString());
        }
        return j.toString();
    }
}
