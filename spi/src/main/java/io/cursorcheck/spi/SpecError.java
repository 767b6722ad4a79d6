package io.cursorcheck.spi;

/**
 * The errors the spec ({@code docs/spec.md} §5) itself raises, used as failure reasons next to the user-supplied reasons of
 * {@code fail} and {@code cancel}.
 */
public enum SpecError {
    /** {@code write()} on a writer that is closing or closed (Node: "Writer is closed"). */
    WRITER_CLOSED,
    /** A second queued {@code write()} under {@link Policy#STRICT} (Node: "Backpressure violation"). */
    BACKPRESSURE,
    /** A queued write failed by {@code cancel} (Node: an AbortError "Broadcast cancelled"). */
    CANCELLED,
    /**
     * A queued write or a pending end whose abort signal fired (spec §2 abort; Node: the signal's
     * reason, an AbortError "This operation was aborted").
     */
    ABORTED,
    /**
     * A spoiled entry read, or a spoiled queued write flushed (spec §2 reading an entry; Node: a
     * TypeError "Byte view was resized or detached after being accepted").
     */
    INVALID_ENTRY
}
