package io.cursorcheck.impl;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;

/**
 * The broadcast of Node.js up to 26.1.0, before PR #63322: a cached minimum cursor and a
 * {@code dirty} flag (spec §4 of {@code docs/spec.md}), ported as it was, divergences included.
 *
 * <p>Fast path: a read at or below the cached minimum sets the flag, and every read trims, which
 * rescans all consumers whenever the flag is set: under lockstep readers that is one
 * O(consumers) scan per advance, the cost the PR removed. Deliveries made by notify set the flag
 * but do not trim; deliveries made by end do neither.
 *
 * <p>Known divergences from the model, kept on purpose because they are history: trim has no
 * retain guard (detaching the last consumer drops everything, breaking I7 for late joiners);
 * DROP_OLDEST eviction neither sets the flag nor recomputes (trimming stalls on a stale minimum);
 * deliveries by notify and end leave the buffer untrimmed until the next read or detach (I5).
 * It claims no exact cache, so I6 is not checked on it.
 *
 * <p>Single-threaded: one thread calls everything.
 */
public final class DirtyFlagBroadcast extends BroadcastCore {

    private long cachedMin;
    private boolean dirty;

    /**
     * Creates an empty broadcast with an open writer.
     *
     * @param options the budget and policy
     * @throws IllegalArgumentException if {@code options} is null
     */
    public DirtyFlagBroadcast(Options options) {
        super(options);
    }

    private DirtyFlagBroadcast(DirtyFlagBroadcast other, ReaderCopies copies) {
        super(other, copies);
        this.cachedMin = other.cachedMin;
        this.dirty = other.dirty;
    }

    @Override
    BroadcastCore copy(ReaderCopies copies) {
        return new DirtyFlagBroadcast(this, copies);
    }

    @Override
    void writeTrackingKey(io.cursorcheck.spi.KeyWriter k) {
        // Both matter even with nobody attached: a dirty trim drops everything, a clean one trims to cachedMin.
        k.number(cachedMin - bufferStart());
        k.flag(dirty);
    }

    @Override
    void attached(Reader r) {
        if (consumers.size() == 1) {
            cachedMin = r.cursor;
            dirty = false;
        } else {
            dirty = true;
        }
    }

    @Override
    void advanced(long old, Site site) {
        switch (site) {
            case NEXT:
                if (old <= cachedMin) {
                    dirty = true;
                }
                trim();
                break;
            case NOTIFY:
                if (old <= cachedMin) {
                    dirty = true; // 26.1.0 marks the flag here but leaves trimming to the next read
                }
                break;
            case END:
                break; // 26.1.0's end delivered without touching the flag
            default:
                throw new ImpossibleStateException("unknown site " + site);
        }
    }

    @Override
    void removed(Reader r, boolean trimAllowed) {
        dirty = true;
        if (trimAllowed) {
            trim();
        }
    }

    @Override
    void trim() {
        // No retain guard: with no consumer attached, scan() answers end and everything goes.
        if (dirty) {
            cachedMin = scan().min();
            dirty = false;
        }
        if (cachedMin > bufferStart()) {
            dropBefore(cachedMin);
        }
    }

    @Override
    void laggardMoving(Reader r) {
        // 26.1.0 moved laggards without touching the cache.
    }

    @Override
    void evicted() {
        // Neither sets dirty nor recomputes: the cached minimum may now sit below bufferStart.
    }

    @Override
    void forgetMinimum() {
        // 26.1.0's abort and cancel left the cache alone; the next first consumer resets it.
    }

    @Override
    Diagnostics.MinCache minCache() {
        return null; // a dirty flag makes no exactness claim: I6 does not apply
    }
}
