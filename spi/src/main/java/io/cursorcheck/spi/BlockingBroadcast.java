package io.cursorcheck.spi;

/**
 * A thread-safe {@link Broadcast} with blocking reads and writes.
 *
 * <p>Many threads may use it at once: any thread may write, end, fail, cancel, attach and
 * detach; each consumer is read by one thread at a time (like an iterator), which may hand it to
 * another thread with a happens-before edge (a queue, a thread start). The non-blocking operations
 * of {@link Broadcast} keep their meaning; a read or write they leave pending settles in the reply
 * of whichever operation settles it, and the blocking methods below wait for that instead.
 */
public interface BlockingBroadcast extends Broadcast {

    /**
     * Reads the consumer's next entry, waiting for one: a consumer thread's {@code for await}.
     * No wake-up is lost: a read that settles while its thread is about to wait is seen.
     *
     * @param consumer a consumer of this broadcast, read by the calling thread only
     * @return {@code DATA}, {@code DONE} or {@code FAILED}
     * @throws InterruptedException if interrupted while waiting; the read stays open, and the next
     *                              {@code take} on this consumer returns its outcome first, so no
     *                              entry is lost
     */
    Outcome take(ConsumerHandle consumer) throws InterruptedException;

    /**
     * Writes an entry, waiting for space under {@link Policy#STRICT} and {@link Policy#UNBOUNDED}:
     * a queued write waits until a trim flushes it; under STRICT, a write that finds another one
     * queued waits for that one to settle, then tries again.
     *
     * @param size the entry's size in bytes
     * @return {@code ACCEPTED}, {@code DISCARDED} or {@code FAILED}
     * @throws InterruptedException if interrupted while waiting; a write already queued stays
     *                              queued and may still be flushed
     * @throws IllegalArgumentException if {@code size < 0}
     */
    Outcome put(int size) throws InterruptedException;
}
