package io.cursorcheck.spi;

/** What a write does when the buffer holds {@code budget} bytes or more ({@code docs/spec.md}, spec §2 offer step 3). */
public enum Policy {
    /** Refuse the write; {@code write()} may queue one write, a second fails with a backpressure error. */
    STRICT,
    /** Refuse the write; {@code write()} queues any number of writes. */
    UNBOUNDED,
    /** Evict the oldest entries and move lagging consumers forward, then append. */
    DROP_OLDEST,
    /** Accept the write and discard it. */
    DROP_NEWEST
}
