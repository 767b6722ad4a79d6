package io.cursorcheck.stress;

import io.cursorcheck.impl.LockedCountBroadcast;
import io.cursorcheck.impl.PublishedCursorBroadcast;
import io.cursorcheck.properties.MinimumScan;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import java.util.function.Supplier;

/**
 * What every stress test shares: the subjects, and outcome tokens without characters jcstress
 * would read as a regular expression.
 */
final class Stress {

    private Stress() {
    }

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

    /** An outcome as a token: {@code e0/7} (entry 0 of 7 bytes), {@code wait}, {@code done}, {@code accepted} ... */
    static String token(Outcome o) {
        return o.kind() == Outcome.Kind.DATA ? "e" + o.value() + "/" + o.size() : o.kind().name().toLowerCase();
    }

    /** Runs an operation; its outcome token, or {@code threw-<Exception>} if it threw. */
    static String call(Supplier<Reply> operation) {
        try {
            return token(operation.get().outcome());
        } catch (RuntimeException e) {
            return "threw-" + e.getClass().getSimpleName();
        }
    }

    /** What a read ended with: its own outcome, or the settlement another reply delivered to it. */
    static String delivered(Reply read, Reply... others) {
        if (read == null) {
            return "none";
        }
        if (!read.outcome().isPending()) {
            return "read-" + token(read.outcome());
        }
        for (Reply other : others) {
            for (Settlement s : other.settlements()) {
                if (s.op() == read.op()) {
                    return "notified-" + token(s.outcome());
                }
            }
        }
        return "waiting";
    }

    /**
     * The invariants a race could break, checked once the actors are done: I2 byte accounting, I1
     * trimming safety, I5 eager trim, I6 cache exactness. {@code ok} and where the buffer starts,
     * or the first broken one.
     */
    static String invariants(Broadcast b) {
        Snapshot s = b.snapshot();
        long sum = s.sizes().stream().mapToLong(Integer::longValue).sum();
        if (sum != s.bufferedBytes()) {
            return "I2";
        }
        for (Snapshot.ConsumerState c : s.consumers()) {
            if (c.cursor() < s.bufferStart() || c.cursor() > s.end()) {
                return "I1";
            }
        }
        if (!s.consumers().isEmpty()) {
            MinimumScan scan = MinimumScan.of(s);
            if (s.bufferStart() != scan.min()) {
                return "I5";
            }
            Diagnostics.MinCache cache = b.diagnostics().minCache();
            if (cache != null && !scan.matches(cache)) {
                return "I6";
            }
        }
        return "ok-" + s.bufferStart();
    }
}
