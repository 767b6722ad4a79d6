package io.cursorcheck.spi;

/** The writer's lifecycle state (spec §1, {@code docs/spec.md}). */
public enum WriterState {
    /** Accepting writes. */
    OPEN,
    /** {@code end()} was called; the writer waits for queued writes and attached consumers. */
    CLOSING,
    /** The end completed, or the broadcast was cancelled. */
    CLOSED,
    /** {@code fail()} took effect. */
    ERRORED
}
