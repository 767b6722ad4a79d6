package io.cursorcheck.properties.engine;

import java.security.SecureRandom;

/**
 * Settings of the lockstep gate in {@code mvn verify}: a fresh seed per run unless
 * {@code -Dcursorcheck.seed} pins one, and the sequence budget ({@code -Dcursorcheck.sequences}).
 */
final class Gate {

    static final int MAX_STEPS = 60;
    static final int THREADS = 2;

    private Gate() {
    }

    /** The seed for this run, printed with the command that repeats it. */
    static long seed(String test) {
        String pinned = System.getProperty("cursorcheck.seed");
        long seed = pinned != null ? Long.parseLong(pinned) : new SecureRandom().nextLong() & Long.MAX_VALUE;
        System.out.printf("%s: seed %d (repeat: mvn verify -Dcursorcheck.seed=%d)%n", test, seed, seed);
        return seed;
    }

    /** Sequences for the conforming variants' lockstep property. */
    static long sequences() {
        return Long.getLong("cursorcheck.sequences", 5_000);
    }

    /** Sequences per mutant and stage for the kill matrix ({@code -Dcursorcheck.matrixSequences}). */
    static long matrixSequences() {
        return Long.getLong("cursorcheck.matrixSequences", 5_000);
    }

    static KnownFindings known() {
        return KnownFindings.load(Reports.dir().getParent());
    }
}
