package io.cursorcheck.properties;

import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import java.util.function.Supplier;

/**
 * The outcome vocabulary of the concurrency checks: the tokens a race's actors report and the invariant check
 * run once they are done. The jcstress tests ({@code stress/}) and the Fray scenes ({@code fray/}) both grade
 * with it, against the outcomes of {@link io.cursorcheck.properties.race.RaceCatalogue}, so an outcome means the
 * same in both tables and a Fray failure reads like a row of jcstress's. The tokens use no character jcstress
 * would read as a regular expression. Stateless.
 */
public final class RaceOutcomes {

    private RaceOutcomes() {}

    /**
     * An outcome as a token.
     *
     * @param o the outcome
     * @return {@code e0/7} (entry 0 of 7 bytes), {@code wait}, {@code done}, {@code accepted} ...
     */
    public static String token(Outcome o) {
        return o.kind() == Outcome.Kind.DATA
                ? "e" + o.value() + "/" + o.size()
                : o.kind().name().toLowerCase();
    }

    /**
     * The token of an operation that threw: an answer the spec does not allow, which every race's allowed
     * outcomes exclude.
     *
     * @param e what the subject threw
     * @return {@code threw-<Exception>}
     */
    public static String threw(RuntimeException e) {
        return "threw-" + e.getClass().getSimpleName();
    }

    /**
     * Runs an operation of the subject.
     *
     * @param operation the call
     * @return its outcome's {@link #token}, or {@link #threw} if the subject threw
     */
    public static String call(Supplier<Reply> operation) {
        try {
            return token(operation.get().outcome());
        } catch (RuntimeException e) {
            return threw(e);
        }
    }

    /**
     * What a read ended with: its own outcome, or the settlement another reply delivered to it.
     *
     * @param read   the read's reply, or null if it never ran
     * @param others the replies that may have settled it
     * @return {@code read-<token>}, {@code notified-<token>}, {@code waiting} or {@code none}
     */
    public static String delivered(Reply read, Reply... others) {
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
     * The invariants a race could break, checked once the actors are done: I2 byte accounting, I1 trimming
     * safety, I5 eager trim, I6 cache exactness (with {@link MinimumScan}).
     *
     * @param b the broadcast, no actor running
     * @return {@code ok-<bufferStart>}, or the first broken invariant's name
     */
    public static String invariants(Broadcast b) {
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
