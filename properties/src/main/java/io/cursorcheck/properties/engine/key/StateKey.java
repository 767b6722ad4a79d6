package io.cursorcheck.properties.engine.key;

import java.util.Arrays;

/**
 * An exact state key in binary: the bytes a {@link StateKeyBuilder} encoded, and their hash. Equal
 * exactly when the bytes are equal; the hash only speeds up the comparison, it never stands in for
 * it (no hash compaction: two states are merged only when their whole keys are equal).
 *
 * <p>Immutable.
 */
public final class StateKey {

    private final byte[] bytes;
    private final int hash;

    StateKey(byte[] bytes, int hash) {
        this.bytes = bytes;
        this.hash = hash;
    }

    /** How many bytes the key holds. */
    public int length() {
        return bytes.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StateKey k && k.hash == hash && Arrays.equals(k.bytes, bytes);
    }

    /** Whether this key holds exactly the first {@code length} bytes of {@code buf}, whose hash is {@code hash}. */
    boolean holds(byte[] buf, int length, int hash) {
        return this.hash == hash && bytes.length == length && Arrays.equals(bytes, 0, length, buf, 0, length);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** The bytes in hexadecimal, for a test's message. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(2 * bytes.length);
        for (byte x : bytes) {
            b.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
        }
        return b.toString();
    }
}
