package io.cursorcheck.cli;

/**
 * A mistake in the command line found inside a command (an unknown mutant id, two options that
 * contradict each other): exit code 2, with the message and where to read the usage.
 */
final class UsageError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, naming the option and its value */
    UsageError(String message) {
        super(message);
    }
}
