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
 */
final class EntryRing {

    private static final VarHandle END;
    private static final VarHandle SLOTS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            END = lookup.findVarHandle(EntryRing.class, "end", long.class);
            SLOTS = lookup.findVarHandle(EntryRing.class, "slots", int[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private int[] slots;
    private long start;
    private long end;

    EntryRing(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two, was " + capacity);
        }
        slots = new int[capacity];
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
        EntryRing c = new EntryRing(slots.length);
        System.arraycopy(slots, 0, c.slots, 0, slots.length);
        c.start = start;
        c.end = end;
        return c;
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

    /** Appends an entry and publishes it. */
    void addLast(int size) {
        if (end - start == slots.length) {
            grow();
        }
        slots[(int) end & (slots.length - 1)] = size;
        END.setRelease(this, end + 1); // publishes the slot written above
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
        List<Integer> list = new ArrayList<>(size());
        for (long p = start; p < end; p++) {
            list.add(slots[(int) p & (slots.length - 1)]);
        }
        return list;
    }

    /** Appends the retained sizes, oldest first, as {@code [a, b]} (for state keys). */
    void appendSizes(StringBuilder k) {
        k.append('[');
        for (long p = start; p < end; p++) {
            k.append(p == start ? "" : ", ").append(slots[(int) p & (slots.length - 1)]);
        }
        k.append(']');
    }

    private void grow() {
        int[] bigger = new int[slots.length * 2];
        for (long p = start; p < end; p++) {
            bigger[(int) p & (bigger.length - 1)] = slots[(int) p & (slots.length - 1)];
        }
        SLOTS.setRelease(this, bigger); // readers holding the old array still see intact entries
    }
}
