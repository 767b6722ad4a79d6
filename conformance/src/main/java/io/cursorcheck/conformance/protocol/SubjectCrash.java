package io.cursorcheck.conformance.protocol;

/**
 * The external subject's process exited or hung while answering an operation: reported as the
 * subject throwing (a finding), after which the process is restarted for the next sequence.
 */
public final class SubjectCrash extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SubjectCrash(String message) {
        super(message);
    }
}
