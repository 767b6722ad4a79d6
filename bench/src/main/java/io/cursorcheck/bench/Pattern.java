package io.cursorcheck.bench;

/**
 * The access patterns of the per-advance benchmarks. Every workload is deterministic (fixed
 * seeds, fixed schedules), writes entries of one byte only when the consumer about to read has
 * reached the end, and keeps its span bounded so that a run can last as long as JMH wants.
 */
public enum Pattern {
    /** Round-robin: consumer 0, 1, ..., n-1 each advance by one, then again; one write per round. */
    LOCKSTEP("round-robin, each consumer advances by one per round"),
    /** Rounds as in LOCKSTEP, each in one of 16 fixed pseudo-random orders (seed 42). */
    RANDOM("each round every consumer advances once, in one of 16 fixed shuffled orders"),
    /**
     * All but one consumer at the tail; the straggler reads a lag of {@link Workload#CATCHUP_LAG}
     * entries. Only the straggler's advances are timed: the others' reads that rebuild the lag run
     * in JMH's per-invocation setup.
     */
    CATCHUP("all but one at the tail, the straggler reads a lag of 256 entries (only its reads timed)"),
    /** Consumers staggered by one; the slowest reads until it is one past the fastest, then the next. */
    JUMP("staggered by one, the slowest advances past all the others, then the next slowest"),
    /**
     * Staggered by one; the consumer at the minimum detaches, a new one attaches (at the new
     * minimum) and reads up to one past the fastest. An operation is an advance or a
     * detach-and-attach.
     */
    CHURN("staggered by one, the slowest detaches, a new one attaches and catches up; per advance or detach+attach"),
    /**
     * DROP_OLDEST, budget 64 bytes: consumer 0 never reads, the others read round-robin and the
     * writer overflows on every round, evicting one entry and moving the stalled consumer. With one
     * consumer an operation is a write.
     */
    DROP_OLDEST_STALLED(
            "DROP_OLDEST budget 64: one consumer never reads, the rest round-robin, one eviction per round");

    private final String description;

    Pattern(String description) {
        this.description = description;
    }

    /** One line for the report. */
    public String description() {
        return description;
    }
}
