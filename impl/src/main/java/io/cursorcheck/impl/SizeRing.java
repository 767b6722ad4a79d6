package io.cursorcheck.impl;

import java.util.ArrayList;
import java.util.List;

/**
 * The retained entries' sizes, oldest first, in a growable power-of-two ring: O(1) append,
 * O(1) indexed read, O(n) to drop n entries from the front (amortised O(1) per entry).
 *
 * <p>Single-threaded.
 */
final class SizeRing {

    private int[] sizes = new int[16];
    private int head;
    private int count;

    int size() {
        return count;
    }

    int get(int index) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("index " + index + " outside [0, " + count + ")");
        }
        return sizes[(head + index) & (sizes.length - 1)];
    }

    void addLast(int size) {
        if (count == sizes.length) {
            grow();
        }
        sizes[(head + count) & (sizes.length - 1)] = size;
        count++;
    }

    /** Removes the oldest entry and returns its size. */
    int removeFirst() {
        if (count == 0) {
            throw new IndexOutOfBoundsException("removeFirst on an empty ring");
        }
        int size = sizes[head];
        head = (head + 1) & (sizes.length - 1);
        count--;
        return size;
    }

    /** Removes the {@code n} oldest entries and returns the sum of their sizes. */
    long removeFirst(int n) {
        if (n < 0 || n > count) {
            throw new IndexOutOfBoundsException("cannot remove " + n + " of " + count + " entries");
        }
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            bytes += sizes[(head + i) & (sizes.length - 1)];
        }
        head = (head + n) & (sizes.length - 1);
        count -= n;
        return bytes;
    }

    List<Integer> toList() {
        List<Integer> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            list.add(get(i));
        }
        return list;
    }

    private void grow() {
        int[] bigger = new int[sizes.length * 2];
        for (int i = 0; i < count; i++) {
            bigger[i] = sizes[(head + i) & (sizes.length - 1)];
        }
        sizes = bigger;
        head = 0;
    }
}
