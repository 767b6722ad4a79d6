package io.cursorcheck.fray;

import io.cursorcheck.properties.MinimumScan;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import java.util.function.Supplier;

/**
 * The tokens the jcstress tests grade (the same spelling, so a Fray outcome reads like a row of
 * their tables), and the invariant check they run once the actors are done. Stateless.
 */
public final class Answers {

    private Answers() {
    }

    /** An outcome as a token: {@code e0/7} (entry 0 of 7 bytes), {@code done}, {@code accepted} ... */
    public static String token(Outcome o) {
        return o.kind() == Outcome.Kind.DATA ? "e" + o.value() + "/" + o.size() : o.kind().name().toLowerCase();
    }

    /**
     * Runs an operation of the subject and logs it; its outcome token, or {@code threw-<Exception>}
     * if the subject threw (an answer the spec does not allow, which the allowed outcomes exclude).
     */
    public static String call(Trace trace, String operation, Supplier<Reply> call) {
        String answer;
        Reply reply = null;
        try {
            reply = call.get();
            answer = token(reply.outcome());
        } catch (RuntimeException e) {
            answer = "threw-" + e.getClass().getSimpleName();
        }
        trace.log(operation, reply == null ? answer : answer + " (op " + reply.op() + ")");
        return answer;
    }

    /** What a read ended with: its own outcome, or the settlement another reply delivered to it. */
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
     * The invariants a race could break, checked once the actors are done: I2 byte accounting, I1
     * trimming safety, I5 eager trim, I6 cache exactness (with properties' {@link MinimumScan}).
     * {@code ok-<bufferStart>}, or the first broken one.
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
