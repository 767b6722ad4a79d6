package io.cursorcheck.properties.engine;

/**
 * The end of a time budget, in {@link System#currentTimeMillis()} time. Saturating: a budget of a
 * year, or {@code Long.MAX_VALUE} for "no time limit", must not wrap the deadline into the past,
 * where a run would end at once having done nothing and report that nothing failed.
 */
public final class Deadline {

    private Deadline() {}

    /**
     * {@code now + millis}, or {@code Long.MAX_VALUE} where the sum would pass it.
     *
     * @throws IllegalArgumentException if {@code millis} is negative (a budget is never below none)
     */
    public static long after(long now, long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("a time budget must be >= 0 ms, was " + millis);
        }
        return millis > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + millis;
    }
}
