package io.cursorcheck.spi;

import java.util.function.UnaryOperator;

/**
 * A broadcast whose state can be copied and named: what an exhaustive explorer needs to branch
 * from a state without replaying the path to it, and to recognise a state it has seen.
 *
 * <p>Single-threaded: fork and name a broadcast only while no operation runs on it.
 */
public interface Forkable extends Broadcast {

    /**
     * An independent copy of this broadcast in the same state, with a way to find, for any consumer
     * handle of this broadcast (attached or detached), the corresponding handle of the copy.
     *
     * @return the copy and its handle map
     */
    Fork fork();

    /**
     * Writes this broadcast's state key item by item: everything that decides its future answers, except
     * what belongs to detached consumers, canonically: positions relative to {@code bufferStart}, pending
     * operations by their rank among the pending ones (not by number), bytes accepted and scan counts left
     * out. Two broadcasts of one class that write equal sequences answer every future sequence of operations
     * alike, up to a shift of positions, a shift of the byte total {@code end} completes with, and a renaming
     * of operation numbers. This is the one encoding of a state: any text form of it is rendered from it.
     *
     * <p>A broadcast that writes every consumer through {@link KeyWriter#consumer(int)}, and nowhere else,
     * says so with {@link #namesConsumersThroughWriter()}; one that names consumers otherwise (as numbers,
     * inside a text) is still exact, but no explorer can rename its consumers.
     *
     * @param key where to write
     */
    void writeKey(KeyWriter key);

    /**
     * Whether {@link #writeKey} names every consumer through {@link KeyWriter#consumer(int)} and
     * nowhere else, so that an explorer may rename consumers consistently (consumer symmetry).
     *
     * @return false unless {@link #writeKey} is overridden to keep that promise
     */
    default boolean namesConsumersThroughWriter() {
        return false;
    }

    /**
     * What a consumer of this broadcast will answer on its own account: {@code attached} (its state
     * is in {@link #writeKey}), or detached with or without an error.
     *
     * @param consumer a consumer of this broadcast
     * @return its key
     * @throws IllegalArgumentException if {@code consumer} is null or belongs to another broadcast
     */
    String consumerKey(ConsumerHandle consumer);

    /**
     * A forked copy and the map from the original's consumer handles to the copy's.
     *
     * @param broadcast the copy
     * @param handles   maps a handle of the original to the copy's handle of the same consumer
     */
    record Fork(Forkable broadcast, UnaryOperator<ConsumerHandle> handles) {}
}
