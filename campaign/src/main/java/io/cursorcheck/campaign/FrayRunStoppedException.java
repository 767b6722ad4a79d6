package io.cursorcheck.campaign;

import io.cursorcheck.properties.io.SetupProblem;
import java.io.IOException;

/**
 * The Fray run stopped before its grade wrote the report (a build error, a crash of the test JVM, a run
 * killed): nothing of it is published, the last complete report stays. Its message says so and where the
 * output is; the command line prints it as one line (a {@link SetupProblem}: the message is all the user
 * needs, no Java trace helps with a child process's failure).
 */
final class FrayRunStoppedException extends IOException implements SetupProblem {

    private static final long serialVersionUID = 1L;

    /**
     * A run that stopped.
     *
     * @param message what stopped, with which exit code, and what was kept
     */
    public FrayRunStoppedException(String message) {
        super(message);
    }
}
