package io.cursorcheck.stress.lincheck;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import java.util.StringJoiner;

/**
 * Renders what an operation returned, and the state, as strings that compare equal between a
 * concurrent run and the sequential specification.
 *
 * <p>Operation numbers never appear: a {@link Reply} and a {@link Settlement} name operations by
 * the order each broadcast saw them, which differs between a concurrent run and its
 * linearization. What remains is the outcome and, in order, the outcomes of the earlier pending
 * operations this one settled. Stateless.
 */
final class Tokens {

    private Tokens() {}

    /** {@code e0/1} (entry 0 of 1 byte), {@code wait}, {@code pending}, {@code refused}, {@code failed-BACKPRESSURE} ... */
    static String outcome(Outcome o) {
        return switch (o.kind()) {
            case DATA -> "e" + o.value() + "/" + o.size();
            case FAILED -> "failed-" + Outcome.describeReason(o.reason());
            case COMPLETED -> "completed-" + o.value();
            default -> o.kind().name().toLowerCase();
        };
    }

    /** The outcome, then {@code +[...]} with what it settled in order: {@code accepted +[e1/1]}. */
    static String reply(Reply r) {
        if (r.settlements().isEmpty()) {
            return outcome(r.outcome());
        }
        StringJoiner settled = new StringJoiner(",", " +[", "]");
        for (Settlement s : r.settlements()) {
            settled.add(outcome(s.outcome()));
        }
        return outcome(r.outcome()) + settled;
    }

    /**
     * The state the operations can change: {@code @1[2,1] c0@1 c1@2r1 q[2] min(1,1)} is buffer start
     * 1, entries of 2 and 1 bytes, c0 at 1, c1 at 2 with one open read, a queued write of 2 bytes,
     * and the cached minimum 1 with one consumer at it ({@code min-} when there is no cache).
     */
    static String state(Snapshot s, Diagnostics.MinCache cache) {
        StringBuilder b = new StringBuilder()
                .append('@')
                .append(s.bufferStart())
                .append(s.sizes().toString().replace(" ", ""));
        long sum = 0;
        for (int size : s.sizes()) { // a plain loop: no stream classes for Lincheck to instrument mid-scenario
            sum += size;
        }
        if (s.bufferedBytes() != sum) {
            b.append(" bytes=").append(s.bufferedBytes()); // I2 broken: show the count it keeps
        }
        for (Snapshot.ConsumerState c : s.consumers()) {
            b.append(" c").append(c.id()).append('@').append(c.cursor());
            if (c.openReads() > 0) {
                b.append('r').append(c.openReads());
            }
        }
        if (!s.queuedWrites().isEmpty()) {
            b.append(" q").append(s.queuedWrites().toString().replace(" ", ""));
        }
        b.append(cache == null ? " min-" : " min(" + cache.cachedMin() + "," + cache.minCount() + ")");
        return b.toString();
    }
}
