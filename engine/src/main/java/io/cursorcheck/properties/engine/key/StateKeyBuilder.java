package io.cursorcheck.properties.engine.key;

import io.cursorcheck.spi.KeyWriter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encodes a state key into a reusable byte buffer; {@link #probe()} looks it up in a set without a copy,
 * {@link #build()} copies it into an immutable {@link StateKey}. One builder serves one thread, key after
 * key, so the hot path allocates only the keys a set keeps.
 *
 * <p>The encoding is prefix-free: every item starts with a header byte whose high nibble names the
 * item's kind (consumer, number, symbol, flag, count, text) and whose low nibble holds a payload
 * from 0 to 14, or 15 when an unsigned varint with the payload follows (a number is zigzagged
 * first, a text is its length then its UTF-16 units as varints). The header says how long the item
 * is, so a sequence of items decodes in one way only: equal bytes, equal sequences of calls.
 *
 * <p>Consumer renaming (symmetry): while a table is set ({@link #renameConsumers}),
 * {@link #consumer(int)} writes the label the table gives the id instead of the id; an id the table
 * does not know (no consumer of the script: a faulty subject may keep a handle of another broadcast) is
 * written as itself under a tag of its own, so it can never be taken for a label.
 *
 * <p>Single-threaded.
 */
public final class StateKeyBuilder implements KeyWriter {

    static final int CONSUMER = 1;
    static final int NUMBER = 2;
    static final int SYMBOL = 3;
    static final int FLAG = 4;
    static final int COUNT = 5;
    static final int TEXT = 6;
    static final int UNRENAMED_CONSUMER = 7; // an id the renaming table does not know, written as itself
    static final int INLINE = 15; // low nibble: a varint follows

    private byte[] buf = new byte[256];
    private int length;
    private int[] renameIds = new int[8];
    private int[] renameLabels = new int[8];
    private int renames = -1; // -1: no table, consumers are written by id
    // The hash of the first hashedLength bytes: still the key's while nothing was written since, because
    // writes only append and reset() forgets it.
    private int hash;
    private int hashedLength = -1;
    private final KeyProbe probe = new KeyProbe(this);

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Starts a new key: forgets what was written and any renaming table. */
    public void reset() {
        length = 0;
        renames = -1;
        hashedLength = -1;
    }

    /**
     * From now on writes the consumer {@code ids[i]} as {@code labels[i]}, for i below {@code n}.
     * The caller keeps the map one-to-one.
     *
     * @throws IllegalArgumentException if {@code n} is negative or beyond either array
     */
    public void renameConsumers(int[] ids, int[] labels, int n) {
        if (n < 0 || n > ids.length || n > labels.length) {
            throw new IllegalArgumentException("renameConsumers: n must be within 0 and the arrays' lengths ("
                    + ids.length + ", " + labels.length + "), was " + n);
        }
        if (renameIds.length < n) {
            renameIds = new int[2 * n];
            renameLabels = new int[2 * n];
        }
        System.arraycopy(ids, 0, renameIds, 0, n);
        System.arraycopy(labels, 0, renameLabels, 0, n);
        renames = n;
    }

    /** Writes consumers by their ids again. */
    public void stopRenaming() {
        renames = -1;
    }

    /**
     * The key of one broadcast on its own, with a builder of its own (not the explorer's hot path): for comparing
     * a fork with its original, and for a message that shows a state ({@link StateKey#toString()}).
     *
     * @param broadcast the broadcast, while no operation runs on it
     * @return its key, consumers by id
     */
    public static StateKey keyOf(io.cursorcheck.spi.Forkable broadcast) {
        StateKeyBuilder b = new StateKeyBuilder();
        broadcast.writeKey(b);
        return b.build();
    }

    /** The key written since the last {@link #reset()}, hashed over all its bytes. */
    public StateKey build() {
        return new StateKey(Arrays.copyOf(buf, length), hash());
    }

    /**
     * A view of the key written since the last {@link #reset()}, for looking it up without a copy: equal to the
     * {@link StateKey} {@link #build()} would make; one per builder, valid until the next write or reset.
     */
    public KeyProbe probe() {
        return probe;
    }

    /**
     * The buffer the key is written into, for a {@link StateSet} to read its first {@link #length()} bytes in
     * place; the builder's own, rewritten by its next key.
     */
    byte[] buffer() {
        return buf;
    }

    /** How many bytes the key written since the last reset holds. */
    int length() {
        return length;
    }

    /** Whether {@code key} holds exactly the bytes written since the last reset. */
    boolean isHeldBy(StateKey key) {
        return key.holds(buf, length, hash());
    }

    /**
     * The hash of the bytes written since the last reset, eight bytes at a time (a key is tens of bytes, and
     * every transition hashes one), computed once per key. Equal bytes, equal hash; the hash never decides
     * equality (see {@link StateKey}).
     */
    int hash() {
        if (hashedLength != length) {
            long h = 0x9E3779B97F4A7C15L ^ length;
            int i = 0;
            for (; i + Long.BYTES <= length; i += Long.BYTES) {
                h = Long.rotateLeft(h ^ ((long) LONGS.get(buf, i) * 0xC2B2AE3D27D4EB4FL), 31) * 0x9E3779B97F4A7C15L;
            }
            long tail = 0;
            for (int shift = 0; i < length; i++, shift += 8) {
                tail |= (buf[i] & 0xFFL) << shift;
            }
            h = Long.rotateLeft(h ^ (tail * 0xC2B2AE3D27D4EB4FL), 31) * 0x9E3779B97F4A7C15L;
            hash = fmix(h);
            hashedLength = length;
        }
        return hash;
    }

    // Scratch arrays for the pair's key (LockstepPair#key), kept here because a builder lives per thread and a
    // pair per state: grown, never shrunk, never part of a key.
    private int[] scratchIds = new int[8];
    private int[] scratchLabels = new int[8];
    private int[] scratchOrder = new int[8];
    private String[] scratchModel = new String[8];
    private String[] scratchSubject = new String[8];

    /** Makes every scratch array hold at least {@code n} items (for the lockstep pair's key). */
    public void ensureScratch(int n) {
        if (scratchIds.length < n) {
            scratchIds = new int[2 * n];
            scratchLabels = new int[2 * n];
            scratchOrder = new int[2 * n];
            scratchModel = new String[2 * n];
            scratchSubject = new String[2 * n];
        }
    }

    /** Scratch for the pair's key: consumer ids, never part of a key. */
    public int[] scratchIds() {
        return scratchIds;
    }

    /** Scratch for the pair's key: consumer labels, never part of a key. */
    public int[] scratchLabels() {
        return scratchLabels;
    }

    /** Scratch for the pair's key: an order of consumers, never part of a key. */
    public int[] scratchOrder() {
        return scratchOrder;
    }

    /** Scratch for the pair's key: the model's per-consumer text, never part of a key. */
    public String[] scratchModel() {
        return scratchModel;
    }

    /** Scratch for the pair's key: the subject's per-consumer text, never part of a key. */
    public String[] scratchSubject() {
        return scratchSubject;
    }

    private long[] scratch = new long[16]; // lent to writeKey methods (scratch(int)): grown, never part of a key

    /** {@inheritDoc} This builder's own array, grown as needed: one per thread, not one per key. */
    @Override
    public long[] scratch(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("scratch: size must be >= 0, was " + size);
        }
        if (scratch.length < size) {
            scratch = new long[2 * size];
        }
        return scratch;
    }

    @Override
    public void consumer(int id) {
        if (id < 0) {
            throw new IllegalArgumentException("consumer: id must be >= 0, was " + id);
        }
        if (renames < 0) {
            item(CONSUMER, id);
            return;
        }
        for (int i = 0; i < renames; i++) {
            if (renameIds[i] == id) {
                item(CONSUMER, renameLabels[i]);
                return;
            }
        }
        // Not one of the script's consumers (a subject that kept another broadcast's handle): its id is no
        // script index, so no renaming applies to it; the tag keeps it apart from every label, so the key stays exact.
        item(UNRENAMED_CONSUMER, id);
    }

    @Override
    public void number(long value) {
        item(NUMBER, (value << 1) ^ (value >> 63)); // zigzag: small negatives stay short
    }

    @Override
    public void symbol(int symbol) {
        if (symbol < 0) {
            throw new IllegalArgumentException("symbol: must be >= 0, was " + symbol);
        }
        item(SYMBOL, symbol);
    }

    @Override
    public void flag(boolean value) {
        item(FLAG, value ? 1 : 0);
    }

    @Override
    public void count(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count: must be >= 0, was " + count);
        }
        item(COUNT, count);
    }

    @Override
    public void text(String text) {
        Objects.requireNonNull(text, "text: a key's text must not be null");
        item(TEXT, text.length());
        for (int i = 0; i < text.length(); i++) {
            if (length + 3 > buf.length) { // a UTF-16 unit takes at most three varint bytes
                buf = Arrays.copyOf(buf, 2 * buf.length + 3);
            }
            varint(text.charAt(i));
        }
    }

    /** A header byte, with the payload inside it when it fits in 0 to 14, else after it as a varint. */
    private void item(int kind, long payload) {
        if (length + 11 > buf.length) { // a header and the longest varint (ten bytes)
            buf = Arrays.copyOf(buf, 2 * buf.length + 11);
        }
        if (payload >= 0 && payload < INLINE) {
            buf[length++] = (byte) ((kind << 4) | (int) payload);
        } else {
            buf[length++] = (byte) ((kind << 4) | INLINE);
            varint(payload);
        }
    }

    /** Unsigned LEB128: seven bits a byte, the high bit set on every byte but the last; room made by the caller. */
    private void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            buf[length++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[length++] = (byte) v;
    }

    /** MurmurHash3's 64-bit finaliser, folded to 32 bits: spreads the words' hash over every bit a hash set reads. */
    private static int fmix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) (h ^ (h >>> 32));
    }
}
