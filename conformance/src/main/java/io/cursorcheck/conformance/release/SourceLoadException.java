package io.cursorcheck.conformance.release;

import io.cursorcheck.properties.io.SetupProblem;
import java.io.IOException;

/**
 * A {@code broadcast.js} given with {@code --source} does not load into the release (a syntax error,
 * a module it requires that the release lacks, no {@code broadcast} export, an unreadable file): the
 * user's file to put right, not a failure of the release. Its message is one line naming the file
 * and the cause, as the loader printed it.
 */
public final class SourceLoadException extends IOException implements SetupProblem {

    private static final long serialVersionUID = 1L;

    /**
     * A source that does not load.
     *
     * @param message {@code --source FILE: cause}
     */
    public SourceLoadException(String message) {
        super(message);
    }
}
