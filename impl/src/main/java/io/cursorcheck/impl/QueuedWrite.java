package io.cursorcheck.impl;

/** A write the buffer refused, waiting for a flush; {@code spoiled} is set by {@code spoil} (I14). */
final class QueuedWrite {
    final long op;
    final int size;
    boolean spoiled;

    QueuedWrite(long op, int size, boolean spoiled) {
        this.op = op;
        this.size = size;
        this.spoiled = spoiled;
    }

    long op() {
        return op;
    }

    int size() {
        return size;
    }
}
