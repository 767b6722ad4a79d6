package io.cursorcheck.spi;

/**
 * The argument checks every broadcast performs, in one place, so that all implementations and the
 * model reject bad input with the same exception and message.
 */
public final class Arguments {

    private Arguments() {
    }

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
