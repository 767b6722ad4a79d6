package io.cursorcheck.spi;

import java.util.Objects;

/**
 * What an operation answered, or what an earlier pending operation settled with (spec §5, {@code docs/spec.md}).
 *
 * <p>One value type for every operation keeps comparison and printing uniform:
 * <pre>{@code
 * next:       DATA(position, size) | WAIT | PENDING | DONE | FAILED(reason)
 * detach:     DONE
 * writeSync:  ACCEPTED | DISCARDED | REFUSED
 * write:      ACCEPTED | DISCARDED | QUEUED | FAILED(reason)
 * end:        COMPLETED(bytes) | PENDING | FAILED(reason)
 * fail:       OK
 * cancel:     OK
 * }</pre>
 * A queued write settles with {@code ACCEPTED} or {@code FAILED}; a waiting or queued read
 * with {@code DATA}, {@code DONE} or {@code FAILED}; a pending end with {@code COMPLETED} or
 * {@code FAILED}.
 *
 * @param kind     the kind of answer
 * @param value    the entry's position for {@code DATA}, the bytes accepted for
 *                 {@code COMPLETED}, otherwise 0
 * @param size     the entry's size in bytes for {@code DATA}, otherwise 0
 * @param reason   the failure reason for {@code FAILED} (any object, possibly null), otherwise null
 */
public record Outcome(Kind kind, long value, int size, Object reason) {

    /** The kinds of answer. */
    public enum Kind {
        /** A read delivered the entry at {@code value} of {@code size} bytes. */
        DATA,
        /** A read became the consumer's outstanding read. */
        WAIT,
        /** A read was queued behind the outstanding read, or an end waits for completion. */
        PENDING,
        /** A read found the consumer detached or the broadcast ended; also detach's answer. */
        DONE,
        /** The operation failed with {@code reason}. */
        FAILED,
        /** A write was accepted (zero-size writes included: accepted, nothing stored). */
        ACCEPTED,
        /** A write was accepted and dropped under {@link Policy#DROP_NEWEST}. */
        DISCARDED,
        /** {@code writeSync} was refused. */
        REFUSED,
        /** {@code write} was refused by the buffer and queued. */
        QUEUED,
        /** {@code end} completed with {@code value} bytes accepted. */
        COMPLETED,
        /** {@code fail}, {@code cancel}, {@code abort} or {@code spoil} returned (whether or not it took effect). */
        OK,
        /** {@code endSync} could not complete the end now (Node's {@code -1}). */
        INCOMPLETE,
        /** A drain answered or settled with {@code value} 1 (true: room) or 0 (false: the writer stopped). */
        DRAINED,
        /** {@code drain} found the writer not OPEN or the broadcast ended (Node's {@code null}). */
        UNWRITABLE
    }

    /** {@code WAIT}. */
    public static final Outcome WAIT = new Outcome(Kind.WAIT, 0, 0, null);
    /** {@code PENDING}. */
    public static final Outcome PENDING = new Outcome(Kind.PENDING, 0, 0, null);
    /** {@code DONE}. */
    public static final Outcome DONE = new Outcome(Kind.DONE, 0, 0, null);
    /** {@code ACCEPTED}. */
    public static final Outcome ACCEPTED = new Outcome(Kind.ACCEPTED, 0, 0, null);
    /** {@code DISCARDED}. */
    public static final Outcome DISCARDED = new Outcome(Kind.DISCARDED, 0, 0, null);
    /** {@code REFUSED}. */
    public static final Outcome REFUSED = new Outcome(Kind.REFUSED, 0, 0, null);
    /** {@code QUEUED}. */
    public static final Outcome QUEUED = new Outcome(Kind.QUEUED, 0, 0, null);
    /** {@code OK}. */
    public static final Outcome OK = new Outcome(Kind.OK, 0, 0, null);
    /** {@code INCOMPLETE}. */
    public static final Outcome INCOMPLETE = new Outcome(Kind.INCOMPLETE, 0, 0, null);
    /** {@code DRAINED(true)}: there is room. */
    public static final Outcome DRAINED_TRUE = new Outcome(Kind.DRAINED, 1, 0, null);
    /** {@code DRAINED(false)}: the writer stopped before room came. */
    public static final Outcome DRAINED_FALSE = new Outcome(Kind.DRAINED, 0, 0, null);
    /** {@code UNWRITABLE}. */
    public static final Outcome UNWRITABLE = new Outcome(Kind.UNWRITABLE, 0, 0, null);

    /**
     * Checks that the fields fit the kind.
     *
     * @throws IllegalArgumentException if {@code kind} is null, or a field is set that the kind
     *                                  does not use
     */
    public Outcome {
        if (kind == null) {
            throw new IllegalArgumentException("kind must not be null");
        }
        if (kind != Kind.FAILED && reason != null) {
            throw new IllegalArgumentException("reason is only for FAILED, kind was " + kind);
        }
        if (kind != Kind.DATA && kind != Kind.COMPLETED && kind != Kind.DRAINED && value != 0) {
            throw new IllegalArgumentException("value is only for DATA, COMPLETED and DRAINED, kind was " + kind);
        }
        if (kind == Kind.DRAINED && value != 0 && value != 1) {
            throw new IllegalArgumentException("DRAINED's value is 1 (true) or 0 (false), was " + value);
        }
        if (kind != Kind.DATA && size != 0) {
            throw new IllegalArgumentException("size is only for DATA, kind was " + kind);
        }
    }

    /**
     * A delivered entry.
     *
     * @param position the entry's absolute position
     * @param size     the entry's size in bytes
     * @return {@code DATA(position, size)}
     */
    public static Outcome data(long position, int size) {
        return new Outcome(Kind.DATA, position, size, null);
    }

    /**
     * A failure.
     *
     * @param reason the reason, any object or null
     * @return {@code FAILED(reason)}
     */
    public static Outcome failed(Object reason) {
        return new Outcome(Kind.FAILED, 0, 0, reason);
    }

    /**
     * A completed end.
     *
     * @param bytes the bytes the writer accepted in all
     * @return {@code COMPLETED(bytes)}
     */
    public static Outcome completed(long bytes) {
        return new Outcome(Kind.COMPLETED, bytes, 0, null);
    }

    /**
     * A drain's answer.
     *
     * @param room true when there is room, false when the writer stopped first
     * @return {@code DRAINED(room)}
     */
    public static Outcome drained(boolean room) {
        return room ? DRAINED_TRUE : DRAINED_FALSE;
    }

    /**
     * Whether this answer leaves the operation pending, to be settled later by a
     * {@link Settlement}.
     *
     * @return true for {@code WAIT}, {@code PENDING} and {@code QUEUED}
     */
    public boolean isPending() {
        return kind == Kind.WAIT || kind == Kind.PENDING || kind == Kind.QUEUED;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Outcome o
                && kind == o.kind
                && value == o.value
                && size == o.size
                && Objects.equals(reason, o.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, value, size, reason);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case DATA -> "DATA@" + value + "(" + size + "B)";
            case FAILED -> "FAILED(" + describeReason(reason) + ")";
            case COMPLETED -> "COMPLETED(" + value + "B)";
            case DRAINED -> "DRAINED(" + (value == 1) + ")";
            default -> kind.name();
        };
    }

    /**
     * Renders a reason value as it would be written in a script: strings quoted, {@code null}
     * and numbers as they are, {@link SpecError}s by name.
     *
     * @param reason the reason value, may be null
     * @return its script form
     */
    public static String describeReason(Object reason) {
        if (reason instanceof String s) {
            return '"' + s + '"';
        }
        return String.valueOf(reason);
    }
}
