package io.cursorcheck.properties.mutants;

/**
 * One deliberately broken variant: a textual patch of one source file of {@code impl}.
 *
 * @param id          short stable name, e.g. {@code detach-forgets-count}
 * @param description one sentence naming the bug
 * @param impact      what the bug breaks, if anything
 * @param file        the patched file, relative to {@code impl/src/main/java/io/cursorcheck/impl/}
 * @param find        the exact text to replace; it must occur exactly once in the file
 * @param replace     the text put in its place
 * @param entry       the class whose {@code (Options)} constructor makes the mutant broadcast
 */
public record Mutant(String id, String description, Impact impact, String file, String find, String replace,
                     String entry) {

    /** What a mutant's bug breaks. */
    public enum Impact {
        /** Data lost, skipped or read out of bounds. */
        SAFETY,
        /** Memory never trimmed, a writer or reader stalled. */
        LIVENESS,
        /** No observable difference; only white-box checks can see it. */
        EQUIVALENT
    }

    /** Checks the fields. */
    public Mutant {
        if (!id.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("mutant id must be kebab-case, was '" + id + "'");
        }
        if (find.equals(replace)) {
            throw new IllegalArgumentException("mutant " + id + " changes nothing");
        }
    }

    /** A mutant of {@code CachedCountBroadcast.java}. */
    static Mutant cachedCount(String id, Impact impact, String description, String find, String replace) {
        return new Mutant(id, description, impact, "CachedCountBroadcast.java", find, replace, "CachedCountBroadcast");
    }

    /** A mutant of {@code WheelBroadcast.java}. */
    static Mutant wheel(String id, Impact impact, String description, String find, String replace) {
        return new Mutant(id, description, impact, "WheelBroadcast.java", find, replace, "WheelBroadcast");
    }

    /** A mutant of {@code BroadcastCore.java}, run as a {@code CachedCountBroadcast}. */
    static Mutant core(String id, Impact impact, String description, String find, String replace) {
        return new Mutant(id, description, impact, "BroadcastCore.java", find, replace, "CachedCountBroadcast");
    }

    /** The class name of the mutant as a Java identifier: {@code detach-forgets-count} gives {@code DetachForgetsCountMutant}. */
    public String className() {
        StringBuilder b = new StringBuilder();
        for (String part : id.split("-")) {
            b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return b.append("Mutant").toString();
    }

    /** The patch as a unified-diff-like pair of lines, for reports. */
    public String diff() {
        StringBuilder b = new StringBuilder("--- ").append(file).append('\n');
        find.lines().forEach(l -> b.append("- ").append(l.strip()).append('\n'));
        replace.lines().forEach(l -> b.append("+ ").append(l.strip()).append('\n'));
        return b.toString();
    }
}
