package io.cursorcheck.properties;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Snapshot;

/**
 * The spec's {@code scan()} (docs/spec.md §2) over a snapshot: the slowest cursor among the attached
 * consumers and how many sit at it, starting from {@code (end, 0)}. It is what invariant I6 says the cached
 * minimum must equal and what I5 compares {@code bufferStart} with; the invariant checker, the jcstress
 * tests' and the Fray scenes' final check ({@link RaceOutcomes#invariants}) and the Lincheck scene's sequential specification all read it
 * from here, so the three checkers cannot disagree about what "the minimum" is.
 *
 * <p>It lives in {@code properties}, not in {@code spi}: the implementations and the model (which see only
 * {@code spi}) keep their own scans, so a slip in this one cannot be shared by the code it checks.
 *
 * @param min   the smallest cursor among the attached consumers at or below end, or {@code end} when none is
 * @param count how many attached consumers sit at {@code min}; 0 when there is no consumer, and when every
 *              attached cursor lies beyond end (which breaks I1, and which the scan, starting at end, never counts)
 */
public record MinimumScan(long min, int count) {

    /**
     * Scans the attached consumers of {@code s}, in the spec's words: start from {@code (end, 0)}; a smaller
     * cursor restarts the count at 1, an equal one adds 1.
     */
    public static MinimumScan of(Snapshot s) {
        long min = s.end();
        int count = 0;
        for (Snapshot.ConsumerState c : s.consumers()) {
            if (c.cursor() < min) {
                min = c.cursor();
                count = 1;
            } else if (c.cursor() == min) {
                count++;
            }
        }
        return new MinimumScan(min, count);
    }

    /** True when the scan counted nobody: no attached consumer at or below end. */
    public boolean nobody() {
        return count == 0;
    }

    /** True when an implementation's cache holds exactly this scan's minimum and count (I6). */
    public boolean matches(Diagnostics.MinCache cache) {
        return cache.cachedMin() == min && cache.minCount() == count;
    }

    /** The scan in the shape of an implementation's cache, for comparing whole values (the Lincheck scene). */
    public Diagnostics.MinCache asCache() {
        return new Diagnostics.MinCache(min, count);
    }
}
