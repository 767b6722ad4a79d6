package io.cursorcheck.conformance.pages;

import io.cursorcheck.properties.io.SetupProblem;
import java.io.IOException;

/**
 * {@code reports/conformance/index.json} is not an index this version can read (edited by hand,
 * truncated, or of another version): bad input on disk, named with its file and the field that is
 * wrong, not a bug of the run. The run stops before it spends its time, and replaces nothing.
 */
public final class UnreadableIndexException extends IOException implements SetupProblem {

    private static final long serialVersionUID = 1L;

    /**
     * An unreadable index.
     *
     * @param message the file, what is wrong with it (the field and its value), and what to do
     * @param cause   the parser's error, or null
     */
    public UnreadableIndexException(String message, Throwable cause) {
        super(message, cause);
    }
}
