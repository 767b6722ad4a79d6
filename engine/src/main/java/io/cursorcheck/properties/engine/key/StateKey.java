package io.cursorcheck.properties.engine.key;

import io.cursorcheck.spi.KeyWriter;
import java.util.Arrays;

/**
 * An exact state key in binary: the bytes a {@link StateKeyBuilder} encoded, and their hash. Equal
 * exactly when the bytes are equal; the hash only speeds up the comparison, it never stands in for
 * it (no hash compaction: two states are merged only when their whole keys are equal).
 *
 * <p>The one encoding of a state: {@link #writeTo} decodes it back into the items that were written, and
 * {@link #toString()} renders those items as text (for failure messages and debugging), so a text form is
 * never a second encoding kept beside it.
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

    /** The bytes themselves, for a {@link StateSet} to read (never written: the key is immutable). */
    byte[] bytes() {
        return bytes;
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

    /**
     * Decodes the key and writes its items, in order, into {@code out}: the calls that wrote it, except that a
     * consumer is passed on as written (its label when it was renamed), and one the renaming table did not know
     * comes out as {@link KeyWriter#text} {@code "unrenamed <id>"} before its id as a number.
     *
     * @param out where the items go
     * @throws IllegalStateException if the bytes are not a sequence of whole items (no builder writes such)
     */
    public void writeTo(KeyWriter out) {
        int[] at = {0};
        while (at[0] < bytes.length) {
            int header = bytes[at[0]++] & 0xFF;
            int kind = header >>> 4;
            long payload = (header & 0xF) < StateKeyBuilder.INLINE ? header & 0xF : varint(at);
            switch (kind) {
                case StateKeyBuilder.CONSUMER -> out.consumer((int) payload);
                case StateKeyBuilder.NUMBER -> out.number((payload >>> 1) ^ -(payload & 1));
                case StateKeyBuilder.SYMBOL -> out.symbol((int) payload);
                case StateKeyBuilder.FLAG -> out.flag(payload != 0);
                case StateKeyBuilder.COUNT -> out.count((int) payload);
                case StateKeyBuilder.TEXT -> {
                    char[] text = new char[(int) payload];
                    for (int i = 0; i < text.length; i++) {
                        text[i] = (char) varint(at);
                    }
                    out.text(new String(text));
                }
                case StateKeyBuilder.UNRENAMED_CONSUMER -> {
                    out.text("unrenamed");
                    out.number(payload);
                }
                default ->
                    throw new IllegalStateException("state key: no item has kind " + kind + " (byte " + (at[0] - 1)
                            + " of " + bytes.length + ")");
            }
        }
    }

    private long varint(int[] at) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            if (at[0] >= bytes.length) {
                throw new IllegalStateException("state key: a varint runs past the end (" + bytes.length + " bytes)");
            }
            byte b = bytes[at[0]++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
    }

    /**
     * The key's items as text, rendered from the bytes ({@link #writeTo}): a consumer {@code c3}, a number
     * {@code 5}, a symbol {@code s2}, a flag {@code +} or {@code -}, a count {@code #2}, a text in quotes.
     */
    @Override
    public String toString() {
        KeyText text = new KeyText();
        writeTo(text);
        return text.toString();
    }

    /** Renders items as text, one word each. */
    private static final class KeyText implements KeyWriter {
        private final StringBuilder b = new StringBuilder();

        private StringBuilder next() {
            return b.isEmpty() ? b : b.append(' ');
        }

        @Override
        public void consumer(int id) {
            next().append('c').append(id);
        }

        @Override
        public void number(long value) {
            next().append(value);
        }

        @Override
        public void symbol(int symbol) {
            next().append('s').append(symbol);
        }

        @Override
        public void flag(boolean value) {
            next().append(value ? '+' : '-');
        }

        @Override
        public void count(int count) {
            next().append('#').append(count);
        }

        @Override
        public void text(String text) {
            next().append('"').append(text).append('"');
        }

        @Override
        public String toString() {
            return b.toString();
        }
    }
}
