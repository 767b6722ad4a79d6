package io.cursorcheck.spi;

/**
 * Where a {@link Forkable} writes its state key item by item, instead of building a String: what an
 * exhaustive explorer's state set stores. An implementation encodes the items so that two sequences
 * of calls give equal keys exactly when they are the same sequence (same methods, same arguments,
 * same order): a key is exact, never a hash.
 *
 * <p>Consumers are written with {@link #consumer(int)}, never as numbers, so that an explorer may
 * rename them (consumer symmetry): whatever a key says about a consumer must be written through
 * that method. Everything else (positions, counts, ranks, lifecycle) is a {@link #number},
 * {@link #symbol}, {@link #flag} or {@link #text}.
 *
 * <p>A key must be decodable: a list of varying length is written with its {@link #count} first,
 * or closed by a {@link #symbol} its items never start with, so that two different states never
 * write the same sequence.
 *
 * <p>Single-threaded: one writer serves one key at a time.
 */
public interface KeyWriter {

    /**
     * A consumer, by the broadcast's id for it ({@link ConsumerHandle#id()}).
     *
     * @param id the consumer's id, at least 0
     * @throws IllegalArgumentException if {@code id} is negative
     */
    void consumer(int id);

    /**
     * A number: a position relative to {@code bufferStart}, a size, a rank.
     *
     * @param value any value
     */
    void number(long value);

    /**
     * A structural mark or an enumerated value (an ordinal, a field's tag).
     *
     * @param symbol at least 0
     * @throws IllegalArgumentException if {@code symbol} is negative
     */
    void symbol(int symbol);

    /**
     * A yes or no.
     *
     * @param value the value
     */
    void flag(boolean value);

    /**
     * The length of the list that follows.
     *
     * @param count at least 0
     * @throws IllegalArgumentException if {@code count} is negative
     */
    void count(int count);

    /**
     * A text, e.g. an error's description.
     *
     * @param text the text
     * @throws NullPointerException if {@code text} is null
     */
    void text(String text);

    /**
     * A working array of at least {@code size} longs that a {@link Forkable#writeKey} may use while it writes
     * (e.g. to rank operation numbers), never part of the key: a writer that serves key after key (the
     * explorer's, one per thread) lends one array for all of them, so that a freshly forked state does not
     * allocate one per key. Its content is undefined, and it is valid only until the next call to this method
     * (a writeKey that delegates to another must not hold it across that call).
     *
     * @param size the least length, at least 0
     * @return an array of at least {@code size} longs; by default a new one
     * @throws IllegalArgumentException if {@code size} is negative
     */
    default long[] scratch(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("scratch: size must be >= 0, was " + size);
        }
        return new long[size];
    }
}
