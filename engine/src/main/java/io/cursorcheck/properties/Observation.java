package io.cursorcheck.properties;

import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Snapshot;
import java.util.List;
import java.util.Objects;

/**
 * Everything one operation produced on one broadcast: its reply (or the consumer it attached, or
 * what it threw), the snapshot after it, and the invariants it broke.
 *
 * @param op         the operation
 * @param reply      its reply; null for attach and when it threw
 * @param attachedId the id of the consumer attach made, else -1
 * @param thrown     what it threw, or null
 * @param snapshot   the snapshot after it
 * @param violations the invariants it broke, empty if none
 * @param probe      for a subject that shows no snapshot, its {@link Probe} after the operation; else null
 */
public record Observation(
        Op op, Reply reply, int attachedId, Thrown thrown, Snapshot snapshot, List<Violation> violations, Probe probe) {

    /** An observation of a broadcast that shows its snapshot (no probe). */
    public Observation(
            Op op, Reply reply, int attachedId, Thrown thrown, Snapshot snapshot, List<Violation> violations) {
        this(op, reply, attachedId, thrown, snapshot, violations, null);
    }

    /**
     * An exception an operation threw, by class and message.
     *
     * @param type    the exception's simple class name
     * @param message its message
     * @param cause   the exception itself (not compared)
     */
    public record Thrown(String type, String message, Throwable cause) {

        /** Whether the spec specifies this exception: an {@link IllegalArgumentException} for bad input. */
        public boolean specified() {
            return "IllegalArgumentException".equals(type);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Thrown t && type.equals(t.type) && Objects.equals(message, t.message);
        }

        @Override
        public int hashCode() {
            return Objects.hash(type, message);
        }

        @Override
        public String toString() {
            return "threw " + type + ": " + message;
        }
    }

    /** What the operation answered, as compared between two broadcasts (not the snapshot). */
    public String answer() {
        if (thrown != null) {
            return thrown.toString();
        }
        if (reply == null) {
            return "c" + attachedId;
        }
        return reply.settlements().isEmpty() ? reply.outcome().toString() : reply.outcome() + " " + reply.settlements();
    }

    /**
     * The answer for people, e.g. {@code ACCEPTED, settles #1 -> DATA@0(1B)}: the operation's
     * outcome, then each settlement it caused, each outcome written by {@code outcome}.
     */
    public String render(java.util.function.Function<Outcome, String> outcome) {
        if (thrown != null) {
            return "throws " + thrown.type() + ": " + thrown.message();
        }
        if (reply == null) {
            return "c" + attachedId;
        }
        StringBuilder b = new StringBuilder(outcome.apply(reply.outcome()));
        for (io.cursorcheck.spi.Settlement s : reply.settlements()) {
            b.append(", settles #").append(s.op()).append(" -> ").append(outcome.apply(s.outcome()));
        }
        return b.toString();
    }

    /** Whether two observations answer alike: same outcome, same settlements, same exception. */
    public boolean sameAnswer(Observation other) {
        return attachedId == other.attachedId
                && Objects.equals(reply, other.reply)
                && Objects.equals(thrown, other.thrown);
    }
}
