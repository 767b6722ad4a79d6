package io.cursorcheck.spi;

import java.util.List;

/**
 * What one operation returned: its number, its own outcome, and the settlements of earlier
 * pending operations that it caused, in order.
 *
 * @param op          this operation's number (see {@link Broadcast})
 * @param outcome     this operation's own answer
 * @param settlements settlements of earlier operations caused by this one, in the order they
 *                    happened; never null
 */
public record Reply(long op, Outcome outcome, List<Settlement> settlements) {

    /**
     * Copies the settlements and checks the arguments.
     *
     * @throws IllegalArgumentException if {@code outcome} or {@code settlements} is null
     */
    public Reply {
        if (outcome == null) {
            throw new IllegalArgumentException("outcome must not be null");
        }
        if (settlements == null) {
            throw new IllegalArgumentException("settlements must not be null");
        }
        settlements = List.copyOf(settlements);
    }

    @Override
    public String toString() {
        return settlements.isEmpty() ? "#" + op + " " + outcome : "#" + op + " " + outcome + " " + settlements;
    }
}
