package io.cursorcheck.properties.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How short a reported script is known to be: what the shortest search
 * ({@link io.cursorcheck.properties.engine.shrink.ShortestSearch}) did after
 * the shrinker.
 *
 * @param shrunk     the shrinker's script (1-minimal), which the search started from
 * @param length     the reported script's length: the shortest found, or the shrunk one's if none shorter
 * @param checkedUpTo every script of the alphabet up to this many operations was run and none showed the
 *                   failure (below {@code length} if the search stopped at its limit)
 * @param states     distinct states the search reached
 * @param stateLimit the most states it could reach
 * @param alphabet   the alphabet searched, as a page lists it
 */
public record Minimality(Script shrunk, int length, int checkedUpTo, long states, long stateLimit, String alphabet) {

    /** The same search, its script reported at {@code reportedLength} operations (simplified after the search). */
    public Minimality reportedAt(int reportedLength) {
        return new Minimality(shrunk, reportedLength, checkedUpTo, states, stateLimit, alphabet);
    }

    /** Whether no script of the alphabet shorter than the reported one shows the failure. */
    public boolean proven() {
        return checkedUpTo >= length - 1;
    }

    /** The shrinker's length. */
    public int shrunkLength() {
        return shrunk.length();
    }

    /** One sentence for a page: a proven minimum, or a 1-minimal script and where the search stopped. */
    public String sentence() {
        if (proven()) {
            return "shortest: no script of its alphabet below " + length + " operations shows it (breadth-first, "
                    + String.format("%,d", states) + " states"
                    + (shrunk.length() > length
                            ? "; the shrinker's 1-minimal script had " + shrunk.length() + ")"
                            : ")");
        }
        return "1-minimal; the search for a shorter script stopped at its limit of " + String.format("%,d", stateLimit)
                + " states (no script of its alphabet up to " + checkedUpTo + " operations shows it)";
    }

    /** The JSON object a counterexample file records under {@code foundBy.shortest}. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("proven", proven());
        m.put("sentence", sentence());
        m.put("alphabet", alphabet);
        m.put("checkedUpTo", checkedUpTo);
        m.put("states", states);
        m.put("stateLimit", stateLimit);
        m.put("shrunkLength", shrunk.length());
        List<String> lines = shrunk.lines();
        m.put("shrunkOperations", lines);
        return m;
    }
}
