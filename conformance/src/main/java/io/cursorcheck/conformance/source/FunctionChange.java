package io.cursorcheck.conformance.source;

/**
 * How one named function of {@code broadcast.js} differs between two releases. Names and counts only: the text
 * stays in the releases.
 *
 * @param name    the function's qualified name ({@link JsFunction#name()})
 * @param change  added, removed or changed
 * @param removed lines of the older release's text not in the newer one (whitespace normalised)
 * @param added   lines of the newer release's text not in the older one (whitespace normalised)
 */
public record FunctionChange(String name, Change change, int removed, int added) {

    /** What happened to a function from one release to the next. */
    public enum Change {
        /** Only the newer release has it. */
        ADDED,
        /** Only the older release has it. */
        REMOVED,
        /** Both have it, with texts that differ once whitespace is normalised. */
        CHANGED;

        /** {@code added}, {@code removed}, {@code changed}. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Checks the counts. */
    public FunctionChange {
        if (removed < 0 || added < 0) {
            throw new IllegalArgumentException(name + ": line counts are >= 0, were -" + removed + " +" + added);
        }
    }

    /** The lines changed: removed and added. */
    public int changedLines() {
        return removed + added;
    }

    /** For a page: {@code Broadcast#write (changed, -2 +3 lines)}. */
    public String summary() {
        return name + " (" + change.word() + ", -" + removed + " +" + added + " lines)";
    }
}
