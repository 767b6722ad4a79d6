package io.cursorcheck.spi;

/**
 * A consumer returned by {@link Broadcast#attach()}: an opaque handle, valid only for the
 * broadcast that made it.
 *
 * <p>Passing a handle to another broadcast, or {@code null}, fails with an
 * {@link IllegalArgumentException} naming the argument.
 */
public interface ConsumerHandle {

    /**
     * The consumer's number: 0 for the first consumer attached to its broadcast, then 1, 2, ...
     *
     * @return the attach ordinal of this consumer within its broadcast
     */
    int id();
}
