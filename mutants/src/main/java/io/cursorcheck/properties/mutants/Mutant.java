package io.cursorcheck.properties.mutants;

/**
 * One deliberately broken variant: a textual patch of one source file of {@code impl}.
 *
 * @param id          short stable name, e.g. {@code detach-forgets-count}
 * @param description one sentence naming the bug
 * @param impact      what the bug breaks, if anything
 * @param file        the patched file, relative to {@code impl/src/main/java/io/cursorcheck/impl/}
 * @param find        the code to replace, without comments: it must occur exactly once in the file, compared
 *                    as Java tokens with comments and whitespace ignored ({@code MutantCompiler.apply})
 * @param replace     the text put in its place
 * @param entry       the class whose {@code (Options)} constructor makes the mutant broadcast
 * @param equivalence for an {@link Impact#EQUIVALENT} mutant, why nothing observable changes and
 *                    which white-box check still sees it; null for the others
 * @param correctedEquivalence for a SAFETY or LIVENESS mutant whose bug lies on a path the corrected
 *                    algorithm of spec §8 never takes (one only a nested flush reaches: end's data branch,
 *                    a flush inside a running flush; or a cursor left past end by a spoiled read, which
 *                    §8's second correction prevents), why it is equivalent under that algorithm; for an
 *                    {@link Impact#EQUIVALENT} mutant whose argument or white-box check differs under that
 *                    algorithm, the argument that holds there; null for every other mutant ({@link #impactUnder})
 */
public record Mutant(
        String id,
        String description,
        Impact impact,
        String file,
        String find,
        String replace,
        String entry,
        Equivalence equivalence,
        Equivalence correctedEquivalence) {

    /**
     * What a mutant's bug breaks, in the classic split: safety is "nothing bad ever happens",
     * liveness is "something good eventually happens".
     */
    public enum Impact {
        /** Something that must never happen does: data lost, skipped or read out of bounds, a budget overrun, a premature completion. */
        SAFETY,
        /** Something that must happen does not: memory never trimmed, a writer or reader stalled. */
        LIVENESS,
        /** No observable difference; only white-box checks can see it, if any can. */
        EQUIVALENT
    }

    /** The white-box check that still tells an {@link Impact#EQUIVALENT} mutant from the real class. */
    public enum WhiteBox {
        /** I6: after some operation its cached minimum or count differs from a scan. */
        CACHE,
        /** The scan count: it calls {@code scan()} at other operations than the real class does. */
        SCANS,
        /** None: no check of this suite can tell it from the real class. */
        NONE
    }

    /**
     * Why an equivalent mutant changes nothing observable.
     *
     * @param argument one sentence: why every answer and every state stay the same
     * @param seenBy   the white-box check that still sees it, or {@link WhiteBox#NONE}
     */
    public record Equivalence(String argument, WhiteBox seenBy) {}

    /** A mutant that is not equivalent. */
    public Mutant(
            String id, String description, Impact impact, String file, String find, String replace, String entry) {
        this(id, description, impact, file, find, replace, entry, null, null);
    }

    /** A mutant whose impact is the same under both algorithms. */
    public Mutant(
            String id,
            String description,
            Impact impact,
            String file,
            String find,
            String replace,
            String entry,
            Equivalence equivalence) {
        this(id, description, impact, file, find, replace, entry, equivalence, null);
    }

    /**
     * What the mutant breaks when it follows the given algorithm: its {@link #impact()}, except that a
     * mutant on a path the corrected algorithm never takes is {@link Impact#EQUIVALENT} under
     * {@link io.cursorcheck.spi.Algorithm#CORRECTED} (spec §8).
     */
    public Impact impactUnder(io.cursorcheck.spi.Algorithm algorithm) {
        return algorithm == io.cursorcheck.spi.Algorithm.CORRECTED && correctedEquivalence != null
                ? Impact.EQUIVALENT
                : impact;
    }

    /**
     * Why the mutant is equivalent under the given algorithm, or null if it is not ({@link #impactUnder}):
     * under the corrected algorithm its {@code correctedEquivalence} if it has one, else its {@code equivalence}.
     */
    public Equivalence equivalenceUnder(io.cursorcheck.spi.Algorithm algorithm) {
        return algorithm == io.cursorcheck.spi.Algorithm.CORRECTED && correctedEquivalence != null
                ? correctedEquivalence
                : equivalence;
    }

    /** Checks the fields. */
    public Mutant {
        if (!id.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("mutant id must be kebab-case, was '" + id + "'");
        }
        if (find.equals(replace)) {
            throw new IllegalArgumentException("mutant " + id + " changes nothing");
        }
        if ((impact == Impact.EQUIVALENT) != (equivalence != null)) {
            throw new IllegalArgumentException(
                    "mutant " + id + ": an equivalence argument goes with, and only with," + " impact EQUIVALENT");
        }
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
