package io.cursorcheck.spi;

/**
 * The options of a broadcast: a byte {@code budget} and a backpressure {@code policy}.
 *
 * <p>Validated on construction, so every implementation and the model reject the same bad
 * options with the same message.
 *
 * @param budget the byte budget, at least 1 (Node 26.12 accepts any integer budget from 1 on)
 * @param policy what a write does when the buffer is at or over budget
 */
public record Options(long budget, Policy policy) {

    /** Node's default budget for multi-consumer streams, in bytes. */
    public static final long DEFAULT_BUDGET = 65536;

    /**
     * Validates the options.
     *
     * @throws IllegalArgumentException if {@code budget < 1} or {@code policy} is null
     */
    public Options {
        if (budget < 1) {
            throw new IllegalArgumentException("budget must be >= 1, was " + budget);
        }
        if (policy == null) {
            throw new IllegalArgumentException("policy must not be null");
        }
    }

    /**
     * The default options: {@link #DEFAULT_BUDGET} bytes, {@link Policy#STRICT}.
     *
     * @return the default options
     */
    public static Options defaults() {
        return new Options(DEFAULT_BUDGET, Policy.STRICT);
    }

    /**
     * Options with the given budget and policy.
     *
     * @param budget the byte budget, at least 1
     * @param policy the backpressure policy, not null
     * @return the options
     * @throws IllegalArgumentException if either argument is invalid
     */
    public static Options of(long budget, Policy policy) {
        return new Options(budget, policy);
    }

    @Override
    public String toString() {
        return "budget=" + budget + ", policy=" + policy;
    }
}
