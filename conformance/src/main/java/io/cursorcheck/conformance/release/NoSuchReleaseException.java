package io.cursorcheck.conformance.release;

import io.cursorcheck.properties.io.SetupProblem;

/**
 * The npm registry has no such release (a version never published): bad input, not a failure of a subject
 * nor of the machine. Its message is npm's own reason; the command line prefixes the argument that named the
 * release and prints it as one line.
 */
public final class NoSuchReleaseException extends IllegalArgumentException implements SetupProblem {

    private static final long serialVersionUID = 1L;

    /**
     * A release the registry does not have.
     *
     * @param message the release and npm's reason, in one line
     */
    public NoSuchReleaseException(String message) {
        super(message);
    }
}
