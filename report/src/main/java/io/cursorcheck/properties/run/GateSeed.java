package io.cursorcheck.properties.run;

import java.security.SecureRandom;
import java.util.function.LongSupplier;

/**
 * The seed of the random parts of {@code mvn verify}: {@value #FIXED} by default, so a red gate is
 * red again on rerun; {@code -Dcursorcheck.seed=S} pins another; {@code -Dcursorcheck.seed=fresh}
 * draws a fresh one ({@link SecureRandom}) for the lane that looks beyond the fixed sequences. It is
 * resolved once per JVM, so every random part of one run uses the same seed and one command replays
 * them all; every part prints it with that command.
 *
 * <p>Thread-safe.
 */
public final class GateSeed {

    /** The system property that pins a seed, or asks for a fresh one. */
    public static final String PROPERTY = "cursorcheck.seed";

    /** The value of {@link #PROPERTY} that asks for a fresh seed. */
    public static final String FRESH = "fresh";

    /** The gate's seed when none is given. */
    public static final long FIXED = 20261201L;

    /** Where a seed came from. */
    public enum Source {
        /** {@link #FIXED}: no seed was given. */
        FIXED("the gate's fixed seed"),
        /** Given with {@code -Dcursorcheck.seed=S}. */
        PINNED("pinned by -D" + PROPERTY),
        /** Drawn afresh for this run ({@code -Dcursorcheck.seed=fresh}). */
        FRESH("a fresh seed, drawn for this run");

        private final String words;

        Source(String words) {
            this.words = words;
        }

        /** What it means, in words. */
        public String words() {
            return words;
        }
    }

    /**
     * A resolved seed.
     *
     * @param value  the seed
     * @param source where it came from
     */
    public record Seed(long value, Source source) {
        /** {@code seed S (where it came from)}. */
        public String describe() {
            return "seed " + value + " (" + source.words() + ")";
        }
    }

    private static volatile Seed current;

    private GateSeed() {}

    /**
     * This JVM's seed, from {@code -Dcursorcheck.seed}, resolved on first use.
     *
     * @throws IllegalArgumentException naming the property and its value if it is neither a whole
     *                                  number nor {@code fresh}
     */
    public static Seed get() {
        Seed s = current;
        if (s == null) {
            synchronized (GateSeed.class) {
                if (current == null) {
                    current = resolve(System.getProperty(PROPERTY), () -> new SecureRandom().nextLong());
                }
                s = current;
            }
        }
        return s;
    }

    /**
     * Resolves a value of {@code -Dcursorcheck.seed}.
     *
     * @param value the property's value, or null if it is not set
     * @param fresh where a fresh seed comes from (made non-negative, so it prints as it parses)
     * @throws IllegalArgumentException naming the property and the value if it is neither a whole
     *                                  number nor {@code fresh}
     */
    public static Seed resolve(String value, LongSupplier fresh) {
        if (value == null || value.isBlank()) {
            return new Seed(FIXED, Source.FIXED);
        }
        if (value.strip().equalsIgnoreCase(FRESH)) {
            return new Seed(fresh.getAsLong() & Long.MAX_VALUE, Source.FRESH);
        }
        try {
            return new Seed(Long.parseLong(value.strip()), Source.PINNED);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "-D" + PROPERTY + " must be a whole number (a 64-bit signed integer)" + " or '" + FRESH + "', was '"
                            + value + "'",
                    e);
        }
    }

    /** The Maven command that runs {@code test} of {@code module} again on {@code seed}. */
    public static String mavenCommand(String module, String test, long seed) {
        return "mvn -B verify -pl " + module + " -am -Dtest='" + test + "' -Dsurefire.failIfNoSpecifiedTests=false -D"
                + PROPERTY + "=" + seed;
    }

    /**
     * The launcher command that runs the very sequences of a gate's {@link RandomRun} of
     * {@code subject} with default weights: sequence {@code i} of seed {@code S} is the same
     * wherever it runs, so the same seed, count and bound give the same sequences, and the same
     * first failure.
     */
    public static String checkCommand(String subject, long seed, long runs, int maxSteps, int threads) {
        return "bin/cursorcheck check --variant " + subject + " --seed " + seed + " --runs " + runs + " --max-steps "
                + maxSteps + " --threads " + threads;
    }
}
