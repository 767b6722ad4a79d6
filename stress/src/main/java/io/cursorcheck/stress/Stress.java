package io.cursorcheck.stress;

import io.cursorcheck.impl.LockedCountBroadcast;
import io.cursorcheck.impl.PublishedCursorBroadcast;
import io.cursorcheck.properties.RaceOutcomes;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import java.util.function.Supplier;

/**
 * What every stress test shares: the subjects, and outcome tokens without characters jcstress
 * would read as a regular expression.
 */
final class Stress {

    private Stress() {}

    /** The obviously correct baseline. */
    static BlockingBroadcast locked(Options options) {
        return new LockedCountBroadcast(options);
    }

    /** The design under test: lock-free reads. */
    static BlockingBroadcast published(Options options) {
        return new PublishedCursorBroadcast(options);
    }

    /** A racy twin from {@link Mutants#RACY_TWINS}, compiled from the real source with one patch. */
    static BlockingBroadcast twin(String id, Options options) {
        Mutant m = Mutants.named(id);
        if (m == null || !Mutants.RACY_TWINS.contains(m)) {
            throw new IllegalArgumentException("no racy twin named " + id);
        }
        return (BlockingBroadcast) Mutants.factory(m).create(options);
    }

    /** An outcome as a token ({@link RaceOutcomes#token}): {@code e0/7}, {@code wait}, {@code done} ... */
    static String token(Outcome o) {
        return RaceOutcomes.token(o);
    }

    /** Runs an operation; its outcome token, or {@code threw-<Exception>} if it threw. */
    static String call(Supplier<Reply> operation) {
        try {
            return token(operation.get().outcome());
        } catch (RuntimeException e) {
            return RaceOutcomes.threw(e);
        }
    }

    /** What a read ended with ({@link RaceOutcomes#delivered}). */
    static String delivered(Reply read, Reply... others) {
        return RaceOutcomes.delivered(read, others);
    }

    /** The invariants a race could break, checked once the actors are done ({@link RaceOutcomes#invariants}). */
    static String invariants(Broadcast b) {
        return RaceOutcomes.invariants(b);
    }
}
