package io.cursorcheck.model;

import java.util.Arrays;

/**
 * PROTOTYPE, for tools/CodecExploreProto.java only (not built by Maven, not used by the suite): a growable byte
 * buffer written and read as zig-zag varints. One instance is written by the encoders and read by the decoders;
 * a state's bytes are copied out of it into the level's arena, and a decoder reads them back from that arena.
 */
public final class CodecBytes {

    private byte[] buf = new byte[256];
    private int pos;
    private byte[] src;
    private int at;

    /** Empties the buffer for writing. */
    public void reset() {
        pos = 0;
    }

    /** How many bytes were written. */
    public int length() {
        return pos;
    }

    /** The written bytes (valid up to {@link #length()}). */
    public byte[] array() {
        return buf;
    }

    public void putLong(long v) {
        long z = (v << 1) ^ (v >> 63);
        if (pos + 10 > buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        while ((z & ~0x7FL) != 0) {
            buf[pos++] = (byte) ((z & 0x7F) | 0x80);
            z >>>= 7;
        }
        buf[pos++] = (byte) z;
    }

    public void putInt(int v) {
        putLong(v);
    }

    public void putFlag(boolean b) {
        putLong(b ? 1 : 0);
    }

    /** Reads from {@code source} at {@code offset} on. */
    public void readFrom(byte[] source, int offset) {
        src = source;
        at = offset;
    }

    public long getLong() {
        long z = 0;
        int shift = 0;
        byte b;
        do {
            b = src[at++];
            z |= (long) (b & 0x7F) << shift;
            shift += 7;
        } while (b < 0);
        return (z >>> 1) ^ -(z & 1);
    }

    public int getInt() {
        return (int) getLong();
    }

    public boolean getFlag() {
        return getLong() != 0;
    }
}
