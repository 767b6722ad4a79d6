package io.cursorcheck.spi;

/**
 * The settlement of an earlier pending operation, caused by the operation that reports it.
 *
 * <p>Settlements are events, not callbacks: no user code runs inside an operation. They are
 * reported in the order the pending operations settled.
 *
 * @param op      the number of the operation that was pending (see {@link Broadcast})
 * @param outcome what it settled with
 */
public record Settlement(long op, Outcome outcome) {

    /**
     * Checks the arguments.
     *
     * @throws IllegalArgumentException if {@code op < 0}, or {@code outcome} is null or pending
     */
    public Settlement {
        if (op < 0) {
            throw new IllegalArgumentException("op must be >= 0, was " + op);
        }
        if (outcome == null || outcome.isPending()) {
            throw new IllegalArgumentException("outcome must be final, was " + outcome);
        }
    }

    @Override
    public String toString() {
        return "#" + op + " -> " + outcome;
    }
}
