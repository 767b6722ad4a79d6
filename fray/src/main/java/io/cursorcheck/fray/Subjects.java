package io.cursorcheck.fray;

import io.cursorcheck.impl.LockedCountBroadcast;
import io.cursorcheck.impl.PublishedCursorBroadcast;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.Options;

/**
 * The subjects a race runs on: the two thread-safe variants by name ({@value #LOCKED},
 * {@value #PUBLISHED}) and the racy twins of {@link Mutants#RACY_TWINS} by id. A twin is the real
 * class with one patch, compiled by properties' MutantCompiler into a package of its own; Fray
 * instruments every class as it loads, a renamed one too. Stateless.
 */
public final class Subjects {

    /** The lock-based baseline, {@link LockedCountBroadcast}. */
    public static final String LOCKED = "Locked";
    /** The design under test with lock-free reads, {@link PublishedCursorBroadcast}. */
    public static final String PUBLISHED = "Published";

    private Subjects() {}

    /**
     * A new broadcast of the subject.
     *
     * @throws IllegalArgumentException if the subject is neither a variant named here nor a racy twin
     */
    public static BlockingBroadcast create(String subject, Options options) {
        if (LOCKED.equals(subject)) {
            return new LockedCountBroadcast(options);
        }
        if (PUBLISHED.equals(subject)) {
            return new PublishedCursorBroadcast(options);
        }
        return (BlockingBroadcast) Mutants.factory(twin(subject)).create(options);
    }

    /**
     * The racy twin of that id.
     *
     * @throws IllegalArgumentException if {@link Mutants#RACY_TWINS} has no twin of that id
     */
    public static Mutant twin(String id) {
        Mutant m = Mutants.named(id);
        if (m == null || !Mutants.RACY_TWINS.contains(m)) {
            throw new IllegalArgumentException("subject '" + id + "' is neither " + LOCKED + ", " + PUBLISHED
                    + " nor a racy twin of Mutants.RACY_TWINS");
        }
        return m;
    }

    /** Whether the subject is a racy twin (a negative control) rather than a real variant. */
    public static boolean isTwin(String subject) {
        return !LOCKED.equals(subject) && !PUBLISHED.equals(subject);
    }
}
