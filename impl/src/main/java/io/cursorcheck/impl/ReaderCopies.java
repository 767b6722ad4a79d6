package io.cursorcheck.impl;

import io.cursorcheck.spi.Forkable;

/**
 * Forking a {@link BroadcastCore}, and the map from its readers to their copies during the fork, by reader id: an
 * identity map's job without its hashing or its table, since the explorer forks once per transition. Ids are
 * unique in a broadcast and below its {@code consumersMade}, so they index an array exactly.
 */
final class ReaderCopies {
    private final Reader[] byId;

    ReaderCopies(int readers) {
        this.byId = new Reader[readers];
    }

    /**
     * {@link BroadcastCore#fork()}: the subclass's copy, which copies the attached consumers and the waiting list
     * into a fresh map, and a handle map that copies a detached consumer the first time it is asked for.
     */
    static Forkable.Fork fork(BroadcastCore original) {
        ReaderCopies copies = new ReaderCopies(original.consumersMade);
        BroadcastCore copy = original.copy(copies);
        return new Forkable.Fork(copy, handle -> copies.copyIn(original.own(handle), copy));
    }

    /** Records {@code copy} as the copy of {@code original}. */
    void put(Reader original, Reader copy) {
        byId[original.id] = copy;
    }

    /** The copy of {@code original}, made in {@code copy} the first time it is asked for (no lambda per call). */
    Reader copyIn(Reader original, BroadcastCore copy) {
        Reader c = byId[original.id];
        if (c == null) {
            c = original.copyFor(copy);
            byId[original.id] = c;
        }
        return c;
    }
}
