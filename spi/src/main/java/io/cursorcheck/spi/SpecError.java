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
    CANCELLED
}
