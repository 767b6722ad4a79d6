package io.cursorcheck.impl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * The retained entries' sizes, indexed by absolute position, in a growable power-of-two ring:
 * the entry at position {@code p} lives in {@code slots[p & (slots.length - 1)]} while
 * {@code start <= p < end}. O(1) append and read, O(n) to drop n entries from the front.
 *
 * <p>Written by one thread at a time (the owner of the broadcast's state). Readers on other
 * threads may read an entry without that lock, through {@link #endAcquire()} then
 * {@link #sizeAcquire(long)}: the writer stores the slot, then publishes {@code end} with a
 * release store, and publishes a grown array (a copy; the old one is never written again) with a
 * release store before any entry lands in it. A slot is rewritten only for position
 * {@code p + capacity}, which the writer appends only after {@code start} has passed {@code p}.
 * On x86 these release stores and acquire loads compile to plain moves, so single-threaded
 * owners pay nothing for them.
 *
 * <p>Beside each size the ring keeps the operation number of the write that stored the entry and
 * whether the entry is spoiled (spec §1, "each entry remembers the write that stored it and
 * whether it is spoiled"). The owner marks an entry spoiled only in a section no lock-free reader
 * overlaps (see {@code PublishedCursorBroadcast}), so a reader that entered after it sees the mark
 * through that section's volatile handshake; the arrays are grown together, before the release of
 * the grown size array.
 */
final class EntryRing {

    private static final VarHandle END;
    private static final VarHandle SLOTS;
    private static final VarHandle SPOILED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            END = lookup.findVarHandle(EntryRing.class, "end", long.class);
            SLOTS = lookup.findVarHandle(EntryRing.class, "slots", int[].class);
            SPOILED = lookup.findVarHandle(EntryRing.class, "spoiled", boolean[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private int[] slots;
    private long[] writes; // operation number of the write that stored each entry
    private boolean[] spoiled; // I14: a spoiled entry is never delivered
    private long start;
    private long end;

    EntryRing(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two, was " + capacity);
        }
        slots = new int[capacity];
        writes = new long[capacity];
        spoiled = new boolean[capacity];
    }

    /**
     * A ring sized for a budget: a buffer under budget holds at most {@code budget} entries (each
     * stored entry has at least one byte), so small budgets start, and stay, small; larger ones
     * start at 16 and grow.
     */
    static EntryRing forBudget(long budget) {
        int capacity = 1;
        while (capacity < 16 && capacity < budget) {
            capacity <<= 1;
        }
        return new EntryRing(capacity);
    }

    /** A copy holding the same entries at the same positions. */
    EntryRing copy() {
        return new EntryRing(this);
    }

    /** A copy of {@code other}: its arrays cloned, not allocated and then copied into. */
    private EntryRing(EntryRing other) {
        slots = other.slots.clone();
        writes = other.writes.clone();
        spoiled = other.spoiled.clone();
        start = other.start;
        end = other.end;
    }

    /** Position of the oldest retained entry. */
    long start() {
        return start;
    }

    /** One past the newest entry's position. */
    long end() {
        return end;
    }

    /** Entries retained. */
    int size() {
        return (int) (end - start);
    }

    /** The size of the entry at {@code position}; the owner's read. */
    int get(long position) {
        if (position < start || position >= end) {
            throw new IndexOutOfBoundsException("position " + position + " outside [" + start + ", " + end + ")");
        }
        return slots[(int) position & (slots.length - 1)];
    }

    /** {@code end}, with acquire semantics: pairs with the release in {@link #addLast}. */
    long endAcquire() {
        return (long) END.getAcquire(this);
    }

    /**
     * The size at {@code position}, read without the owner's lock; valid for a position below a
     * value {@link #endAcquire()} returned and not yet trimmed past.
     */
    int sizeAcquire(long position) {
        int[] s = (int[]) SLOTS.getAcquire(this); // pairs with the release in grow()
        return s[(int) position & (s.length - 1)];
    }

    /**
     * Whether the entry at {@code position} is spoiled, read without the owner's lock; valid where
     * {@link #sizeAcquire} is, after the volatile read that orders this reader after the last
     * exclusive section (where entries are marked).
     */
    boolean spoiledAcquire(long position) {
        boolean[] s = (boolean[]) SPOILED.getAcquire(this); // pairs with the release in grow()
        return s[(int) position & (s.length - 1)];
    }

    /** Whether the retained entry at {@code position} is spoiled; the owner's read. */
    boolean isSpoiled(long position) {
        get(position); // bounds check
        return spoiled[(int) position & (spoiled.length - 1)];
    }

    /** The operation number of the write that stored the retained entry at {@code position}. */
    long writeOf(long position) {
        get(position); // bounds check
        return writes[(int) position & (writes.length - 1)];
    }

    /**
     * Marks the retained entry stored by write {@code operation} spoiled; false if no retained
     * entry was stored by it. O(entries).
     */
    boolean spoil(long operation) {
        for (long p = start; p < end; p++) {
            int i = (int) p & (writes.length - 1);
            if (writes[i] == operation) {
                spoiled[i] = true;
                return true;
            }
        }
        return false;
    }

    /** Positions of the retained entries that are spoiled, ascending. */
    List<Long> spoiledPositions() {
        List<Long> list = null; // made at the first spoiled entry: a snapshot per operation, and most spoil nothing
        for (long p = start; p < end; p++) {
            if (spoiled[(int) p & (spoiled.length - 1)]) {
                if (list == null) {
                    list = new ArrayList<>(2);
                }
                list.add(p);
            }
        }
        return list == null ? List.of() : list;
    }

    /**
     * Drops every retained entry without moving {@code start} (spec §2, reading an entry, step 3):
     * {@code end} comes back to {@code start}. The caller has ended the broadcast, so nothing is
     * appended again, and no lock-free reader is mid-read.
     */
    void clear() {
        for (long p = start; p < end; p++) {
            spoiled[(int) p & (spoiled.length - 1)] = false;
        }
        END.setRelease(this, start);
    }

    /** Appends an entry stored by write {@code operation} and publishes it. */
    void addLast(int size, long operation) {
        if (end - start == slots.length) {
            grow();
        }
        writes[(int) end & (writes.length - 1)] = operation;
        spoiled[(int) end & (spoiled.length - 1)] = false; // the slot may have held a trimmed spoiled entry
        slots[(int) end & (slots.length - 1)] = size;
        END.setRelease(this, end + 1); // publishes the slots written above
    }

    /** Drops the oldest entry and returns its size. */
    int removeFirst() {
        int size = get(start);
        start++;
        return size;
    }

    /** Drops the entries before {@code newStart} and returns the sum of their sizes. */
    long removeBefore(long newStart) {
        if (newStart < start || newStart > end) {
            throw new IndexOutOfBoundsException("cannot trim to " + newStart + " within [" + start + ", " + end + "]");
        }
        long bytes = 0;
        for (long p = start; p < newStart; p++) {
            bytes += slots[(int) p & (slots.length - 1)];
        }
        start = newStart;
        return bytes;
    }

    /** The retained sizes, oldest first. */
    List<Integer> toList() {
        Integer[] sizes = new Integer[size()];
        for (long p = start; p < end; p++) {
            sizes[(int) (p - start)] = slots[(int) p & (slots.length - 1)];
        }
        return List.of(sizes); // immutable: a Snapshot keeps it without another copy
    }

    /** Writes the retained sizes, oldest first, each with its spoiled flag, after their count (for state keys). */
    void writeSizes(io.cursorcheck.spi.KeyWriter k) {
        k.count(size());
        for (long p = start; p < end; p++) {
            int i = (int) p & (slots.length - 1);
            k.number(slots[i]);
            k.flag(spoiled[i]);
        }
    }

    private void grow() {
        int[] bigger = new int[slots.length * 2];
        long[] biggerWrites = new long[bigger.length];
        boolean[] biggerSpoiled = new boolean[bigger.length];
        for (long p = start; p < end; p++) {
            int from = (int) p & (slots.length - 1);
            int to = (int) p & (bigger.length - 1);
            bigger[to] = slots[from];
            biggerWrites[to] = writes[from];
            biggerSpoiled[to] = spoiled[from];
        }
        writes = biggerWrites; // read by the owner only
        SPOILED.setRelease(this, biggerSpoiled); // readers holding the old array still see intact marks
        SLOTS.setRelease(this, bigger); // readers holding the old array still see intact entries
    }
}
