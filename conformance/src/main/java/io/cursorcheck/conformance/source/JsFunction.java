package io.cursorcheck.conformance.source;

import java.util.List;

/**
 * One named piece of a JavaScript source ({@link JsFunctions#split}): a function, a class member, or the code
 * outside every function.
 *
 * @param name      the stable qualified name, e.g. {@code function trim}, {@code Broadcast#write},
 *                  {@code get BroadcastWriter#canWrite}, {@code Broadcast##notify}, {@code Broadcast#[kWrite]}
 * @param firstLine the line its text starts on, from 1 (for the code outside functions, its first line)
 * @param text      its text as the source has it, the comments just before it included (for the code outside
 *                  functions, those lines joined)
 */
public record JsFunction(String name, int firstLine, String text) {

    /** The name of the code outside every function and class member (requires, constants, exports). */
    public static final String OUTSIDE = "(outside functions)";

    /**
     * Its lines with whitespace normalised, the form two releases are compared in: each line stripped, runs of
     * whitespace made one space, blank lines left out. Indentation and blank lines are not a change.
     */
    public List<String> normalizedLines() {
        return normalized(text);
    }

    /** {@link #normalizedLines()} of any text. */
    static List<String> normalized(String text) {
        return text.lines()
                .map(l -> l.strip().replaceAll("\\s+", " "))
                .filter(l -> !l.isEmpty())
                .toList();
    }
}
