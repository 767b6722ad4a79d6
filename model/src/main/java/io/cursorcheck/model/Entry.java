package io.cursorcheck.model;

/**
 * One retained entry of the buffer, as spec §1 ("The broadcast", {@code buffer}) describes it: its size, the
 * write that stored it, and whether it is spoiled. Immutable: spoiling an entry replaces it.
 *
 * @param size    its size in bytes, at least 1 (spec I8: a size of 0 stores nothing)
 * @param write   the operation number of the write that stored it (spec §2 offer step 4: "remember which write
 *                stored it"; a queued write's entry is named by the {@code write()} that made it, flush step 1)
 * @param spoiled whether the memory it holds was detached after the write (spec §2 spoil)
 */
record Entry(int size, long write, boolean spoiled) {

    /** The same entry, spoiled (spec §2 spoil: "that entry becomes spoiled"). */
    Entry spoil() {
        return new Entry(size, write, true);
    }
}
