package io.cursorcheck.spi;

/**
 * A broadcast buffer with its writer: one writer appends entries, every attached consumer reads
 * them in order through its own cursor, and entries behind the slowest cursor are trimmed.
 *
 * <p>The semantics are those of spec §2, {@code docs/spec.md} (Node.js {@code stream/iter} broadcast,
 * 26.10 and later). Positions are absolute {@code long}s that never wrap; an entry has a byte
 * size and no payload.
 *
 * <h2>Operations and their numbers</h2>
 * Every call of an operation ({@link #attach}, {@link #next}, {@link #detach},
 * {@link #writeSync}, {@link #write}, {@link #writevSync}, {@link #writev}, {@link #end},
 * {@link #endSync}, {@link #abort}, {@link #drain}, {@link #spoil}, {@link #fail},
 * {@link #cancel()}), valid or not, takes the next operation number, starting at 0. A {@link Reply} carries the number of
 * its operation; a {@link Settlement} names the earlier pending operation it settles by that
 * number. {@link #snapshot()}, {@link #options()} and {@link #diagnostics()} are queries, not
 * operations.
 *
 * <h2>Invariants (spec §3), holding between operations</h2>
 * <ul>
 * <li>I1 trimming safety: every attached consumer has {@code bufferStart <= cursor <= end}; no
 *     entry a consumer has not read is dropped, except by DROP_OLDEST eviction.</li>
 * <li>I2 byte accounting: {@code bufferedBytes == sum(size of retained entries)}.</li>
 * <li>I3 monotonicity: {@code bufferStart}, every cursor, and every entry's position never
 *     decrease.</li>
 * <li>I4 delivery order: each consumer receives consecutive positions from its attach position
 *     on, the only gaps being DROP_OLDEST evictions; overlapping reads of one consumer settle in
 *     the order they were made, each exactly once, with at most one entry.</li>
 * <li>I5 eager trim: with at least one consumer attached, {@code bufferStart == min(cursor)}.</li>
 * <li>I6 cache exactness (cached-count variants): with at least one consumer attached,
 *     {@code minCount >= 1} and {@code (cachedMin, minCount) == scan()}.</li>
 * <li>I7 retention: with no consumer attached nothing is trimmed.</li>
 * <li>I8 zero-size writes never create entries.</li>
 * <li>I9 budget: STRICT/UNBOUNDED/DROP_NEWEST accept only while {@code bufferedBytes < budget};
 *     after DROP_OLDEST eviction {@code bufferedBytes < budget} or the buffer is empty.</li>
 * <li>I10 lifecycle: right after an effective fail or cancel no consumer is attached; after the
 *     broadcast ends no consumer is waiting; once ended, nothing is appended.</li>
 * <li>I11 no stranded read: no consumer has an outstanding read while an entry exists at its
 *     cursor.</li>
 * <li>I12 writer progress: a queued write exists only while {@code bufferedBytes >= budget}; a
 *     CLOSING writer with no queued write has ended the broadcast.</li>
 * <li>I13 drain: a drain is pending only while the writer is OPEN, the broadcast has not ended and
 *     {@code bufferedBytes >= budget}; it answers or settles {@code DRAINED(true)} only when room
 *     existed.</li>
 * <li>I14 spoiled entries: a spoiled entry is never delivered, a spoiled queued write never
 *     stored; a read that finds one fails and leaves the writer not OPEN, the broadcast errored and
 *     the buffer empty.</li>
 * </ul>
 *
 * <h2>Bad input</h2>
 * A negative size (of any chunk of a writev), a null size array, a null or foreign consumer
 * handle, an abort or spoil naming no earlier operation fail with an
 * {@link IllegalArgumentException} naming the argument and its value (see {@link Arguments}),
 * before any state changes. Operations after detach, end, fail or cancel are not bad input:
 * the spec gives their outcomes.
 *
 * <p>Implementations are single-threaded unless their class comment says otherwise.
 */
public interface Broadcast {

    /**
     * The options this broadcast was made with.
     *
     * @return the options
     */
    Options options();

    /**
     * Attaches a new consumer at {@code bufferStart}: it will read every retained entry.
     *
     * @return the new consumer's handle
     */
    ConsumerHandle attach();

    /**
     * A read: delivers the entry at the consumer's cursor, or waits for one.
     *
     * @param consumer a consumer of this broadcast
     * @return {@code DATA}, {@code WAIT}, {@code PENDING} (queued behind an outstanding read),
     *         {@code DONE} or {@code FAILED}, and the settlements it caused
     * @throws IllegalArgumentException if {@code consumer} is null or belongs to another broadcast
     */
    Reply next(ConsumerHandle consumer);

    /**
     * Detaches a consumer (its iterator's {@code return}): its open reads settle with
     * {@code DONE}. Detaching twice is harmless.
     *
     * @param consumer a consumer of this broadcast
     * @return {@code DONE} and the settlements it caused
     * @throws IllegalArgumentException if {@code consumer} is null or belongs to another broadcast
     */
    Reply detach(ConsumerHandle consumer);

    /**
     * Offers an entry without waiting.
     *
     * @param size the entry's size in bytes; 0 is accepted and stores nothing
     * @return {@code ACCEPTED}, {@code DISCARDED} or {@code REFUSED}, and the settlements it caused
     * @throws IllegalArgumentException if {@code size < 0}
     */
    Reply writeSync(int size);

    /**
     * Writes an entry, queueing it if the buffer refuses it (STRICT: at most one queued write).
     *
     * @param size the entry's size in bytes; 0 is accepted and stores nothing
     * @return {@code ACCEPTED}, {@code DISCARDED}, {@code QUEUED} or {@code FAILED}, and the
     *         settlements it caused
     * @throws IllegalArgumentException if {@code size < 0}
     */
    Reply write(int size);

    /**
     * Offers several chunks as one entry of their summed size, without waiting: spec §2
     * writevSync and writev, {@code writeSync(sum)} in every answer.
     *
     * @param sizes the chunks' sizes in bytes; a sum of 0 is accepted and stores nothing
     * @return {@code ACCEPTED}, {@code DISCARDED} or {@code REFUSED}, and the settlements it caused
     * @throws IllegalArgumentException if {@code sizes} is null, a size is negative or the sum
     *                                  exceeds {@link Integer#MAX_VALUE}
     */
    Reply writevSync(int... sizes);

    /**
     * Writes several chunks as one entry of their summed size, queueing it if the buffer refuses:
     * spec §2 writevSync and writev, {@code write(sum)} in every answer.
     *
     * @param sizes the chunks' sizes in bytes; a sum of 0 is accepted and stores nothing
     * @return {@code ACCEPTED}, {@code DISCARDED}, {@code QUEUED} or {@code FAILED}, and the
     *         settlements it caused
     * @throws IllegalArgumentException if {@code sizes} is null, a size is negative or the sum
     *                                  exceeds {@link Integer#MAX_VALUE}
     */
    Reply writev(int... sizes);

    /**
     * Ends the stream once queued writes are flushed; completes when no consumer is attached.
     *
     * @return {@code COMPLETED(bytes)}, {@code PENDING} or {@code FAILED}, and the settlements it
     *         caused
     */
    Reply end();

    /**
     * Ends the stream without waiting (spec §2 endSync): no pending end is recorded.
     *
     * @return {@code COMPLETED(bytes)} if the end completed within the call, otherwise
     *         {@code INCOMPLETE}, and the settlements it caused
     */
    Reply endSync();

    /**
     * Fires the abort signal of an earlier operation (spec §2 abort): a queued write is taken out
     * of the queue, a pending end stops waiting, both with {@code FAILED(ABORTED)}; anything else
     * is unaffected.
     *
     * @param operation the number of an earlier operation of this broadcast
     * @return {@code OK} and the settlements it caused
     * @throws IllegalArgumentException if {@code operation} names no earlier operation
     */
    Reply abort(long operation);

    /**
     * Waits for room in the buffer (spec §2 drain: the writer's drainable protocol).
     *
     * @return {@code DRAINED(true)}, {@code PENDING} or {@code UNWRITABLE}, and the settlements it
     *         caused
     */
    Reply drain();

    /**
     * Spoils what an earlier write handed over (spec §2 spoil: its memory detached after the
     * write): its retained entry or its queued write becomes spoiled; otherwise nothing happens.
     *
     * @param operation the number of an earlier operation of this broadcast
     * @return {@code OK} and the settlements it caused (none)
     * @throws IllegalArgumentException if {@code operation} names no earlier operation
     */
    Reply spoil(long operation);

    /**
     * Fails the writer and the broadcast with a reason; a no-op once the writer is errored or
     * closed.
     *
     * @param reason any value, null included
     * @return {@code OK} and the settlements it caused
     */
    Reply fail(Object reason);

    /**
     * Cancels the broadcast without a reason: open reads answer {@code DONE}.
     *
     * @return {@code OK} and the settlements it caused
     */
    Reply cancel();

    /**
     * Cancels the broadcast with a reason (a reason counts as given whatever its value, null
     * and 0 included): open and later reads fail with it.
     *
     * @param reason any value, null included
     * @return {@code OK} and the settlements it caused
     */
    Reply cancel(Object reason);

    /**
     * The comparable state of spec §5.
     *
     * @return a snapshot taken now
     */
    Snapshot snapshot();

    /**
     * Internal bookkeeping for white-box checks.
     *
     * @return the diagnostics view; {@link Diagnostics#NONE} by default
     */
    default Diagnostics diagnostics() {
        return Diagnostics.NONE;
    }
}
