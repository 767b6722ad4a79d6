package io.cursorcheck.properties.engine.key;

/**
 * A look-up view of the key a {@link StateKeyBuilder} holds, so that a state set can be asked about a key
 * without copying it: equal to a {@link StateKey} with the same bytes, with the same hash code. Most of the
 * explorer's transitions reach a state it has seen, and those never need a key of their own; only a key that
 * goes into the set is copied ({@link #toKey()}).
 *
 * <p>Only ever the argument of a look-up, never stored: it changes with its builder's next key. It is equal
 * to a {@link StateKey}, but no StateKey is equal to it (a set calls the probe's {@code equals}, as
 * {@link java.util.concurrent.ConcurrentHashMap#get} and {@link java.util.concurrent.ConcurrentHashMap#replace}
 * do with their argument).
 *
 * <p>Single-threaded, like its builder.
 */
public final class KeyProbe {

    private final StateKeyBuilder builder;

    KeyProbe(StateKeyBuilder builder) {
        this.builder = builder;
    }

    /** The builder whose key this is: a {@link StateSet} reads its bytes in place. */
    StateKeyBuilder builder() {
        return builder;
    }

    /** An immutable copy of the key the builder holds now: what a set stores. */
    public StateKey toKey() {
        return builder.build();
    }

    /** True exactly when {@code o} is a {@link StateKey} with the bytes the builder holds now. */
    @Override
    public boolean equals(Object o) {
        return o instanceof StateKey k && builder.isHeldBy(k);
    }

    /** The hash the builder's key will have as a {@link StateKey}. */
    @Override
    public int hashCode() {
        return builder.hash();
    }

    /** The bytes in hexadecimal, as {@link StateKey#toString()}. */
    @Override
    public String toString() {
        return builder.build().toString();
    }
}
