package io.cursorcheck.conformance.release;

import io.cursorcheck.properties.io.SetupProblem;
import java.io.IOException;

/**
 * A tool the run needs is not on this machine (npm, to install a release): a setup error, not a
 * failure of the subject. Its message says what is missing and how to get it.
 */
public final class MissingToolException extends IOException implements SetupProblem {

    private static final long serialVersionUID = 1L;

    /**
     * A missing tool.
     *
     * @param message what is missing, what needs it, and how to install it
     */
    public MissingToolException(String message) {
        super(message);
    }
}
