package io.cursorcheck.spi;

/**
 * The argument checks every broadcast performs, in one place, so that all implementations and the
 * model reject bad input with the same exception and message.
 */
public final class Arguments {

    private Arguments() {}

    /**
     * Checks an entry size.
     *
     * @param size the size in bytes
     * @return {@code size}
     * @throws IllegalArgumentException if {@code size < 0}
     */
    public static int requireSize(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0, was " + size);
        }
        return size;
    }

    /**
     * Checks the chunk sizes of a {@code writev} or {@code writevSync} and sums them (spec §2
     * writevSync and writev: one entry of the summed size).
     *
     * @param sizes the chunk sizes in bytes
     * @return their sum
     * @throws IllegalArgumentException if {@code sizes} is null, a size is negative, or the sum
     *                                  exceeds {@link Integer#MAX_VALUE}
     */
    public static int requireSizes(int[] sizes) {
        if (sizes == null) {
            throw new IllegalArgumentException("sizes must not be null");
        }
        long sum = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < 0) {
                throw new IllegalArgumentException("sizes[" + i + "] must be >= 0, was " + sizes[i]);
            }
            sum += sizes[i];
        }
        if (sum > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("sizes must sum to at most " + Integer.MAX_VALUE + ", was " + sum);
        }
        return (int) sum;
    }

    /**
     * Checks the operation an {@code abort} or {@code spoil} names: an earlier operation of this
     * broadcast.
     *
     * @param operation the operation number named
     * @param current   the number the naming operation itself took
     * @return {@code operation}
     * @throws IllegalArgumentException if {@code operation} is negative or not earlier than
     *                                  {@code current}
     */
    public static long requireEarlierOperation(long operation, long current) {
        if (operation < 0 || operation >= current) {
            throw new IllegalArgumentException("operation must name an earlier operation, was " + operation);
        }
        return operation;
    }

    /**
     * Checks the options given to a broadcast's constructor.
     *
     * @param options the options
     * @return {@code options}
     * @throws IllegalArgumentException if {@code options} is null
     */
    public static Options requireOptions(Options options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        return options;
    }

    /**
     * The exception for a consumer argument that is null.
     *
     * @return the exception to throw
     */
    public static IllegalArgumentException nullConsumer() {
        return new IllegalArgumentException("consumer must not be null");
    }

    /**
     * The exception for a consumer handle made by another broadcast.
     *
     * @param handle the foreign handle
     * @return the exception to throw
     */
    public static IllegalArgumentException foreignConsumer(ConsumerHandle handle) {
        return new IllegalArgumentException("consumer c" + handle.id() + " belongs to another broadcast");
    }
}
