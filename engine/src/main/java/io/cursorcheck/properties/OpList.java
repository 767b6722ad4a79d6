package io.cursorcheck.properties;

/**
 * Operation numbers in arrival order: a small growable array, copied on write. The explorer copies
 * every checker once per transition and most copies never change a list, so a copy shares its
 * original's array and whichever of the two writes first takes a private one ({@link #own(int)}).
 * Every write to {@code ops} goes through {@link #add} or {@link #remove}; clearing only sets
 * {@code size}, which is each list's own.
 */
final class OpList {
    private static final long[] NONE = new long[0];
    long[] ops;
    int size;
    private boolean shared; // ops may be another list's too: never written in place

    OpList() {
        this(NONE, 0, false);
    }

    private OpList(long[] ops, int size, boolean shared) {
        this.ops = ops;
        this.size = size;
        this.shared = shared;
    }

    OpList copy() {
        shared = true;
        return new OpList(ops, size, true);
    }

    /** Takes a private array before a write, so a list sharing the old one does not see it. */
    private void own(int capacity) {
        if (shared || capacity > ops.length) {
            ops = java.util.Arrays.copyOf(ops, Math.max(capacity, Math.max(2, ops.length)));
            shared = false;
        }
    }

    void add(long op) {
        own(size == ops.length ? Math.max(2, size * 2) : size + 1);
        ops[size++] = op;
    }

    boolean remove(long op) {
        for (int i = 0; i < size; i++) {
            if (ops[i] == op) {
                own(size);
                System.arraycopy(ops, i + 1, ops, i, size - i - 1);
                size--;
                return true;
            }
        }
        return false;
    }

    boolean contains(long op) {
        for (int i = 0; i < size; i++) {
            if (ops[i] == op) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < size; i++) {
            b.append(i == 0 ? "" : ", ").append(ops[i]);
        }
        return b.append(']').toString();
    }
}
