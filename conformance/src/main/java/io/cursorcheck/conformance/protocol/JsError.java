package io.cursorcheck.conformance.protocol;

/**
 * A failure reason from the external subject that is neither a user's reason nor one of the spec's
 * errors ({@link io.cursorcheck.spi.SpecError}): e.g. {@code TypeError: resolve is not a function}.
 *
 * @param text the error's name and message
 */
public record JsError(String text) {
    @Override
    public String toString() {
        return text;
    }
}
