package io.cursorcheck.properties.engine.key;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntUnaryOperator;

/**
 * An exact set of state keys, each with a long ordinal, that keeps no object per key: the explorer's set of every
 * state it has reached. Two keys are one entry only when their bytes are equal; the hash only finds the place to
 * look and skips most comparisons, it never decides (no hash compaction).
 *
 * <p>Layout. The set is cut into segments (a power of two), a key's segment chosen by its hash's high bits. A
 * segment keeps its keys back to back in an arena of byte pages (the first small, each next twice as large up to
 * {@value #MAX_PAGE} bytes, then all that large), an entry being the key's ordinal (eight bytes, at a multiple of
 * eight so that it can be read and written atomically), the key's length as a varint, then its bytes. Entries never
 * move and are never removed, so an entry's place, its page and position, names it for the set's whole life: an
 * {@linkplain #find entry} is that place with its segment. A segment finds its entries through an open-addressing
 * table (linear probing) of longs, each the key's whole hash in the high half and the entry's place in the low
 * half, zero when empty; the table doubles once three quarters of it is used. Per key: eight bytes of table over
 * the load (between 0.375 and 0.75), and the entry rounded up to eight bytes.
 *
 * <p>Concurrency. Look-ups take no lock: an entry's bytes and ordinal are written before its table slot is
 * published (a release store, read with an acquire load), a grown table is filled before it replaces the old one
 * (a volatile field), and an entry, once in a table, stays where it is. A look-up that meets an old table may
 * miss a key added after the table grew, as a look-up may miss one added while it runs; a miss is only ever
 * acted on through {@link #add}, which looks again under the segment's lock. Adding and changing an ordinal lock
 * the key's segment, so every change of one key is atomic with the look-up that decided it.
 *
 * <p>Thread-safe.
 */
public final class StateSet {

    /** What {@link #get} and {@link #putIfAbsent} answer for a key the set does not hold; never an ordinal. */
    public static final long ABSENT = Long.MIN_VALUE;

    /** What {@link #find} answers for a key the set does not hold; never an entry. */
    public static final long NO_ENTRY = -1;

    /** The largest page of an arena, in bytes: an entry must fit in one page. */
    public static final int MAX_PAGE = 1 << 20;

    /**
     * The longest key the set can hold: a page less the ordinal, the longest varint of a length in a page, and
     * the padding that keeps ordinals aligned.
     */
    public static final int MAX_KEY_LENGTH = MAX_PAGE - 32;

    /** Segments unless told otherwise: enough that threads adding at once rarely wait for one another. */
    public static final int DEFAULT_SEGMENTS = 64;

    private static final int MAX_SEGMENTS = 1 << 16;
    private static final int FIRST_PAGE = 1 << 10;
    private static final int POSITION_BITS = 20; // a position in a page: below MAX_PAGE
    private static final int MAX_PAGES = 1 << (32 - POSITION_BITS); // a place is a page and a position in 32 bits
    private static final int FIRST_TABLE = 16;
    private static final int MAX_TABLE = 1 << 30;
    private static final long PLACE = 0xFFFF_FFF8L; // a slot's place bits (a place is a multiple of eight)
    private static final long USED = 1L; // set in every slot that holds an entry, so that no full slot is zero

    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle ORDINALS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    /**
     * Where a page's first entry starts: the first index whose address is a multiple of eight, as an ordinal read
     * or written atomically must be (a byte array's elements start at an offset of the JVM's choosing). Entries
     * are multiples of eight long, so every ordinal is aligned; places count from here.
     */
    private static final int START =
            (Long.BYTES - ByteBuffer.wrap(new byte[Long.BYTES]).alignmentOffset(0, Long.BYTES)) % Long.BYTES;

    private final Segment[] segments;
    private final int segmentShift; // a hash's segment: its high bits, (hash >>> segmentShift)
    private final IntUnaryOperator rehash; // a test's hash in place of the keys' own, or null
    private final boolean hashDecides; // a test's fault: keys with one hash are one entry (never in production)

    /** A set with {@value #DEFAULT_SEGMENTS} segments. */
    public StateSet() {
        this(DEFAULT_SEGMENTS);
    }

    /**
     * A set with the given number of segments.
     *
     * @param segments a power of two from 1 to 65,536
     * @throws IllegalArgumentException if it is not
     */
    public StateSet(int segments) {
        this(segments, null, false);
    }

    /**
     * A set for the tests of its exactness: {@code rehash} replaces every key's hash (a constant makes every key
     * collide), and {@code hashDecides} makes the set wrong on purpose, keys with equal hashes one entry, so that
     * a test can show it would catch a set that trusted the hash.
     */
    StateSet(int segments, IntUnaryOperator rehash, boolean hashDecides) {
        if (segments < 1 || segments > MAX_SEGMENTS || Integer.bitCount(segments) != 1) {
            throw new IllegalArgumentException(
                    "state set: segments must be a power of two from 1 to " + MAX_SEGMENTS + ", was " + segments);
        }
        this.segments = new Segment[segments];
        for (int s = 0; s < segments; s++) {
            this.segments[s] = new Segment();
        }
        this.segmentShift = 32 - Integer.numberOfTrailingZeros(segments);
        this.rehash = rehash;
        this.hashDecides = hashDecides;
    }

    /**
     * The entry holding the probe's key, without copying it: a place that stays the key's for the set's life.
     *
     * @return the entry, or {@link #NO_ENTRY} (also possibly for a key another thread is adding meanwhile)
     */
    public long find(KeyProbe probe) {
        StateKeyBuilder b = probe.builder();
        return find(b.buffer(), b.length(), b.hash());
    }

    /** The entry holding the key, or {@link #NO_ENTRY}, as {@link #find(KeyProbe)}. */
    public long find(StateKey key) {
        return find(key.bytes(), key.length(), key.hashCode());
    }

    /**
     * Adds the probe's key with an ordinal unless the set holds it, copying its bytes into the arena.
     *
     * @param probe   the key
     * @param ordinal its ordinal, any long but {@link #ABSENT}
     * @return the new entry (zero or more) if the key was added; if the set held it already, {@code ~entry} of its
     *     entry (below zero), the ordinal unchanged
     * @throws IllegalArgumentException if the ordinal is {@link #ABSENT} or the key longer than
     *     {@link #MAX_KEY_LENGTH}
     * @throws IllegalStateException if the key's segment's arena is full
     */
    public long add(KeyProbe probe, long ordinal) {
        StateKeyBuilder b = probe.builder();
        return add(b.buffer(), b.length(), b.hash(), ordinal);
    }

    /** Adds the key with an ordinal unless the set holds it, as {@link #add(KeyProbe, long)}. */
    public long add(StateKey key, long ordinal) {
        return add(key.bytes(), key.length(), key.hashCode(), ordinal);
    }

    /**
     * The ordinal an entry holds now.
     *
     * @param entry an entry this set gave ({@link #find}, {@link #add})
     * @throws IllegalArgumentException if no entry of this set can be there
     */
    public long ordinal(long entry) {
        Segment seg = segmentOf(entry);
        byte[] page = seg.page(entry);
        return (long) ORDINALS.getVolatile(page, START + position(entry));
    }

    /**
     * Lowers an entry's ordinal to {@code ordinal} if it holds a larger one, atomically.
     *
     * @param entry   an entry this set gave
     * @param ordinal the ordinal it should hold at most, not {@link #ABSENT}
     * @return whether the entry holds {@code ordinal} because of this call (false if it held one no larger)
     * @throws IllegalArgumentException if no entry of this set can be there, or the ordinal is {@link #ABSENT}
     */
    public boolean lower(long entry, long ordinal) {
        checkOrdinal(ordinal);
        Segment seg = segmentOf(entry);
        seg.lock.lock();
        try {
            byte[] page = seg.page(entry);
            int at = START + position(entry);
            if ((long) ORDINALS.getVolatile(page, at) <= ordinal) {
                return false;
            }
            ORDINALS.setVolatile(page, at, ordinal);
            return true;
        } finally {
            seg.lock.unlock();
        }
    }

    /**
     * Sets an entry's ordinal to {@code update} if it holds {@code expected}, atomically.
     *
     * @return whether it did
     * @throws IllegalArgumentException if no entry of this set can be there, or {@code update} is {@link #ABSENT}
     */
    public boolean replace(long entry, long expected, long update) {
        checkOrdinal(update);
        Segment seg = segmentOf(entry);
        seg.lock.lock();
        try {
            byte[] page = seg.page(entry);
            int at = START + position(entry);
            if ((long) ORDINALS.getVolatile(page, at) != expected) {
                return false;
            }
            ORDINALS.setVolatile(page, at, update);
            return true;
        } finally {
            seg.lock.unlock();
        }
    }

    /** The probe's key's ordinal, or {@link #ABSENT}: a map's get. */
    public long get(KeyProbe probe) {
        long entry = find(probe);
        return entry == NO_ENTRY ? ABSENT : ordinal(entry);
    }

    /** The key's ordinal, or {@link #ABSENT}: a map's get. */
    public long get(StateKey key) {
        long entry = find(key);
        return entry == NO_ENTRY ? ABSENT : ordinal(entry);
    }

    /**
     * Adds the key with the ordinal unless the set holds it: a map's putIfAbsent.
     *
     * @return {@link #ABSENT} if it added the key, else the ordinal the key holds
     */
    public long putIfAbsent(StateKey key, long ordinal) {
        long entry = add(key, ordinal);
        return entry >= 0 ? ABSENT : ordinal(~entry);
    }

    /** Sets the key's ordinal to {@code update} if it holds {@code expected}: a map's replace; false if absent. */
    public boolean replace(StateKey key, long expected, long update) {
        long entry = find(key);
        if (entry == NO_ENTRY) {
            // Held by no entry now; one being added meanwhile holds its first ordinal, which was not expected here.
            return false;
        }
        return replace(entry, expected, update);
    }

    /** The keys the set holds (exact while no thread adds one). */
    public long size() {
        long sum = 0;
        for (Segment seg : segments) {
            sum += seg.count;
        }
        return sum;
    }

    /**
     * The bytes the set has allocated for its keys: its tables' slots, and its arenas' pages whole (used or not),
     * with their lists of pages; not the few objects of fixed size around them. Exact while no thread adds a key.
     */
    public long bytesUsed() {
        long sum = 0;
        for (Segment seg : segments) {
            sum += seg.bytes();
        }
        return sum;
    }

    private long find(byte[] buf, int length, int keyHash) {
        int hash = rehash == null ? keyHash : rehash.applyAsInt(keyHash);
        int s = segmentIndex(hash);
        Segment seg = segments[s];
        long[] slots = seg.slots;
        int mask = slots.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            long slot = (long) SLOTS.getAcquire(slots, i);
            if (slot == 0) {
                return NO_ENTRY;
            }
            if ((int) (slot >>> 32) == hash && (hashDecides || seg.holds(slot & PLACE, buf, length))) {
                return entry(s, slot);
            }
        }
    }

    private long add(byte[] buf, int length, int keyHash, long ordinal) {
        checkOrdinal(ordinal);
        if (length > MAX_KEY_LENGTH) {
            throw new IllegalArgumentException("state set: a key may be at most " + MAX_KEY_LENGTH
                    + " bytes (one page of the arena), was " + length);
        }
        int hash = rehash == null ? keyHash : rehash.applyAsInt(keyHash);
        int s = segmentIndex(hash);
        Segment seg = segments[s];
        seg.lock.lock();
        try {
            long[] slots = seg.slots;
            int mask = slots.length - 1;
            int i = hash & mask;
            for (long slot; (slot = slots[i]) != 0; i = (i + 1) & mask) {
                if ((int) (slot >>> 32) == hash && (hashDecides || seg.holds(slot & PLACE, buf, length))) {
                    return ~entry(s, slot);
                }
            }
            long place = seg.append(s, buf, length, ordinal);
            long slot = ((long) hash << 32) | place | USED;
            SLOTS.setRelease(slots, i, slot); // publishes the entry's bytes and ordinal, written before
            seg.count++;
            if (seg.count > slots.length - (slots.length >>> 2)) {
                seg.grow(s);
            }
            return entry(s, slot);
        } finally {
            seg.lock.unlock();
        }
    }

    private int segmentIndex(int hash) {
        return (int) ((hash & 0xFFFF_FFFFL) >>> segmentShift);
    }

    private static long entry(int segment, long slot) {
        return ((long) segment << 32) | (slot & PLACE);
    }

    private Segment segmentOf(long entry) {
        long s = entry >>> 32;
        if (entry < 0 || s >= segments.length) {
            throw new IllegalArgumentException(
                    "state set: " + entry + " is no entry of this set (segment " + s + " of " + segments.length + ")");
        }
        return segments[(int) s];
    }

    private static int position(long entry) {
        return (int) (entry & (MAX_PAGE - 1));
    }

    private static void checkOrdinal(long ordinal) {
        if (ordinal == ABSENT) {
            throw new IllegalArgumentException(
                    "state set: an ordinal may be any long but " + ABSENT + " (ABSENT), was " + ordinal);
        }
    }

    /**
     * One segment: its table, its arena, and the lock its writers take. Readers read {@link #slots} and
     * {@link #pages} without it (both volatile, replaced only whole and filled before).
     */
    private static final class Segment {
        final ReentrantLock lock = new ReentrantLock();
        volatile long[] slots = new long[FIRST_TABLE];
        volatile byte[][] pages = new byte[4][];
        volatile int count; // written under the lock
        // The arena's end, under the lock: pages in use, the last one's first free byte, bytes of all pages.
        int pageCount;
        int top;
        long arenaBytes;

        /** Whether the entry at {@code place} holds exactly the first {@code length} bytes of {@code buf}. */
        boolean holds(long place, byte[] buf, int length) {
            byte[] page = pages[(int) (place >>> POSITION_BITS)];
            int at = START + (int) (place & (MAX_PAGE - 1)) + Long.BYTES;
            int stored = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = page[at++];
                stored |= (b & 0x7F) << shift;
                if (b >= 0) {
                    break;
                }
            }
            return stored == length && Arrays.equals(page, at, at + length, buf, 0, length);
        }

        /** The page an entry of this segment is in. */
        byte[] page(long entry) {
            long place = entry & 0xFFFF_FFFFL;
            byte[][] all = pages;
            int p = (int) (place >>> POSITION_BITS);
            byte[] page = p < all.length ? all[p] : null;
            if (page == null || (place & 7) != 0 || START + position(entry) > page.length - Long.BYTES) {
                throw new IllegalArgumentException("state set: " + entry + " is no entry of this set (page " + p
                        + ", position " + position(entry) + ")");
            }
            return page;
        }

        /** Writes an entry at the arena's end and returns its place; under the lock. */
        long append(int segment, byte[] buf, int length, long ordinal) {
            int size = (Long.BYTES + varintSize(length) + length + 7) & ~7;
            byte[] page = pageCount == 0 ? null : pages[pageCount - 1];
            if (page == null || START + top + size > page.length) {
                page = newPage(segment, START + size);
            }
            int place = top;
            int at = START + place;
            ORDINALS.set(page, at, ordinal);
            int i = at + Long.BYTES;
            int v = length;
            while ((v & ~0x7F) != 0) {
                page[i++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            page[i++] = (byte) v;
            System.arraycopy(buf, 0, page, i, length);
            top = place + size;
            return ((long) (pageCount - 1) << POSITION_BITS) | place;
        }

        private byte[] newPage(int segment, int size) {
            if (pageCount == MAX_PAGES) {
                throw new IllegalStateException("state set: segment " + segment + "'s arena is full (" + MAX_PAGES
                        + " pages, " + arenaBytes + " bytes)");
            }
            int length = pageCount == 0 ? FIRST_PAGE : Math.min(MAX_PAGE, 2 * pages[pageCount - 1].length);
            while (length < size) { // a key longer than the page's turn (never past MAX_PAGE: keys are checked)
                length *= 2;
            }
            byte[] page = new byte[length];
            byte[][] all = pages;
            if (pageCount == all.length) {
                all = Arrays.copyOf(all, Math.min(MAX_PAGES, 2 * all.length));
            }
            all[pageCount++] = page;
            pages = all; // published before any slot names the page (that slot's release store follows)
            top = 0;
            arenaBytes += length;
            return page;
        }

        /** Doubles the table; under the lock. A reader still on the old table finds what it held. */
        void grow(int segment) {
            long[] old = slots;
            if (old.length >= MAX_TABLE) {
                throw new IllegalStateException("state set: segment " + segment + " holds " + count
                        + " keys, as many as its table can (" + MAX_TABLE + " slots)");
            }
            long[] table = new long[2 * old.length];
            int mask = table.length - 1;
            for (long slot : old) {
                if (slot != 0) {
                    int i = (int) (slot >>> 32) & mask;
                    while (table[i] != 0) {
                        i = (i + 1) & mask;
                    }
                    table[i] = slot;
                }
            }
            slots = table; // filled before it is published
        }

        long bytes() {
            return (long) slots.length * Long.BYTES + (long) pages.length * Long.BYTES + arenaBytes;
        }

        private static int varintSize(int v) {
            int n = 1;
            while ((v & ~0x7F) != 0) {
                v >>>= 7;
                n++;
            }
            return n;
        }
    }
}
