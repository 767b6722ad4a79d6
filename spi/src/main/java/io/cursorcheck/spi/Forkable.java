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
     * Everything that decides this broadcast's future answers, except what belongs to detached
     * consumers, in a canonical text: positions relative to {@code bufferStart}, pending operations
     * by their rank among the pending ones (not by number), bytes accepted and scan counts left out.
     * Two broadcasts with equal keys answer every future sequence of operations alike, up to a
     * shift of positions, a shift of the byte total {@code end} completes with, and a renaming of
     * operation numbers.
     *
     * @return the canonical key
     */
    String stateKey();

    /**
     * Writes the same content as {@link #stateKey()} item by item, every consumer through
     * {@link KeyWriter#consumer(int)}: two broadcasts of one class write equal sequences exactly when
     * their {@link #stateKey()}s are equal. The default writes {@link #stateKey()} as one text, which
     * is exact but names consumers inside the text, where no explorer can rename them; such a
     * broadcast answers false to {@link #namesConsumersThroughWriter()}.
     *
     * @param key where to write
     */
    default void writeKey(KeyWriter key) {
        key.text(stateKey());
    }

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
     * is in {@link #stateKey()}), or detached with or without an error.
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
