package io.cursorcheck.conformance.protocol;

import io.cursorcheck.properties.io.SetupProblem;
import java.io.IOException;

/**
 * A program given as a subject cannot be checked at all: it is not there, cannot be started, or does
 * not answer the protocol's handshake (docs/protocol.md). A setup error, not a finding about a
 * broadcast; its message names the command and what went wrong, in one line.
 */
public final class SubjectStartException extends IOException implements SetupProblem {

    private static final long serialVersionUID = 1L;

    /**
     * A subject that cannot be checked.
     *
     * @param message the command, quoted, and why it cannot be checked
     */
    public SubjectStartException(String message) {
        super(message);
    }
}
