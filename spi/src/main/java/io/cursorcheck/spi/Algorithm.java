package io.cursorcheck.spi;

/**
 * Which algorithm a broadcast follows: the one Node releases ({@code docs/spec.md} §2, flaws
 * included), or the suite's correction of it (§8, one flush at a time). The two take the same
 * steps on every operation in which no flush would start inside a running one.
 */
public enum Algorithm {
    /** Spec §2 as written: a trim inside a running flush flushes again, nested. */
    AS_RELEASED("as-released"),
    /** Spec §8: a flush never runs inside another; the running flush's loop offers the next write. */
    CORRECTED("corrected");

    private final String id;

    Algorithm(String id) {
        this.id = id;
    }

    /** The short stable name used on the command line and in reports: {@code as-released}, {@code corrected}. */
    public String id() {
        return id;
    }

    /**
     * The algorithm with the given name.
     *
     * @throws IllegalArgumentException naming the value and the known names if there is none
     */
    public static Algorithm named(String name) {
        for (Algorithm a : values()) {
            if (a.id.equals(name)) {
                return a;
            }
        }
        throw new IllegalArgumentException("algorithm must be as-released or corrected, was '" + name + "'");
    }

    @Override
    public String toString() {
        return id;
    }
}
