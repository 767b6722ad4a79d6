package io.cursorcheck.conformance.source;

import java.io.IOException;

/**
 * A release's {@code broadcast.js} cannot be read: a Bun release (it has none), a Node release not installed where
 * none may be installed, or one that did not print its embedded source. Its message names the release and the
 * reason, one line, fit for a page.
 */
public final class SourceUnavailableException extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * A source that cannot be read.
     *
     * @param message {@code release: reason}
     */
    public SourceUnavailableException(String message) {
        super(message);
    }
}
