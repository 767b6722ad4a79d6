package io.cursorcheck.conformance.protocol;

/**
 * An operation of the external subject threw synchronously (the adapter reports the exception's
 * name and message); the operations of {@code docs/spec.md} never throw on valid input, so this is a finding.
 */
public final class JsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public JsException(String name, String message) {
        super(name + ": " + message);
    }
}
