package io.cursorcheck.conformance.protocol;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;

/**
 * The subject broke the cursorcheck-subject protocol: it answered a line that is not JSON, not an
 * object, too long, not UTF-8, or without a field the protocol requires; answered
 * {@code {"error": ...}}; or said nothing (no answer in time, or its output closed while the
 * process lived on or exited with code 0).
 *
 * <p>That is a broken adapter or subject, never a difference of semantics: the run reports it as
 * such, does not shrink or classify it, fails its verdict, and starts a fresh process for the next
 * sequence. (A process that exits with another code or dies by a signal is a crash instead,
 * {@link SubjectCrash}: the runtime itself died.)
 */
public final class SubjectProtocolError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Characters of a line shown in a message; the rest is counted. */
    static final int SHOWN_CHARS = 200;

    private final String request;
    private final String line;

    /**
     * A protocol error about an answer.
     *
     * @param request  the request that was answered, as sent
     * @param line     what the subject answered as shown ({@link #quote}), or null if it said nothing
     * @param problem  what is wrong and what was expected
     */
    SubjectProtocolError(String request, String line, String problem) {
        super("protocol error: "
                + (line == null
                        ? "to " + shorten(request) + " the subject " + problem
                        : "the subject answered " + line + " to " + shorten(request) + ": " + problem));
        this.request = request;
        this.line = line;
    }

    /** The request that was answered, as sent. */
    public String request() {
        return request;
    }

    /** The answer as shown in the message (quoted, shortened), or null if the subject said nothing. */
    public String line() {
        return line;
    }

    /** Whether a lockstep run stopped because the subject broke the protocol (not a finding). */
    public static boolean ended(Lockstep.Run run) {
        return run.failed() && causedBy(run.failure());
    }

    /** Whether a failure is a protocol error of the subject rather than something it did. */
    public static boolean causedBy(Failure failure) {
        Observation.Thrown thrown =
                failure.subject() == null ? null : failure.subject().thrown();
        return failure.kind() == Failure.Kind.SUBJECT_THREW
                && thrown != null
                && thrown.cause() instanceof SubjectProtocolError;
    }

    /**
     * A line as a message shows it: in single quotes, as it is but for control characters, which
     * are written as a backslash, {@code u} and four hex digits (so that the message stays on one
     * line), cut after {@link #SHOWN_CHARS} characters with the length of the rest.
     */
    static String quote(String text) {
        StringBuilder b = new StringBuilder("'");
        int shown = Math.min(text.length(), SHOWN_CHARS);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        b.append('\'');
        if (text.length() > shown) {
            b.append(" (").append(text.length() - shown).append(" more characters)");
        }
        return b.toString();
    }

    private static String shorten(String request) {
        return request.length() <= SHOWN_CHARS ? request : request.substring(0, SHOWN_CHARS) + "...";
    }
}
