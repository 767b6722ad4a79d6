package io.cursorcheck.spi;

/**
 * Thrown when a broadcast reaches a state the spec ({@code docs/spec.md}) says cannot happen: a read settled twice, a
 * negative minimum count, a cursor behind {@code bufferStart}.
 *
 * <p>Implementations throw it instead of papering over the state, so the suite sees it. It is
 * never a specified outcome: whoever throws it has failed.
 */
public final class ImpossibleStateException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what state was reached, naming the variables involved
     */
    public ImpossibleStateException(String message) {
        super(message);
    }
}
