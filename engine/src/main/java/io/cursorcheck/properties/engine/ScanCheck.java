package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;

/**
 * A subject with the scan-count check on: besides running in lockstep with the model, it runs
 * beside a reference implementation (for a mutant, the real class it patches), and after every
 * operation both must have called the spec's {@code scan()} ({@code docs/spec.md} §2) equally often
 * ({@link io.cursorcheck.spi.Diagnostics#scans()}). A mismatch is a
 * {@link Failure.Kind#SUBJECT_SCANS} failure.
 *
 * <p>Why: some slips change only <em>when</em> the minimum is recomputed (a rescan on every
 * removal, a missed first-consumer shortcut). Every answer, every state and the cache stay right,
 * so neither the model nor I6 can see them; the cost they add can. The model scans far more often
 * than a cached variant by design, so the reference must be a cached variant itself.
 *
 * <p>Its id is the subject's with {@link #SUFFIX}, which the campaign's subject resolver ({@code campaign.Subjects.named}) understands.
 *
 * @param subject   the subject
 * @param reference the implementation whose scan count it must match
 */
public record ScanCheck(BroadcastFactory subject, BroadcastFactory reference) implements BroadcastFactory {

    /** What a scan-checked subject's id adds to its subject's. */
    public static final String SUFFIX = "+scans";

    @Override
    public String id() {
        return subject.id() + SUFFIX;
    }

    @Override
    public String description() {
        return subject.description() + " (scan count checked against " + reference.id() + ")";
    }

    /** The subject's algorithm: a wrapper changes what is checked, never which model it is checked against. */
    @Override
    public Algorithm algorithm() {
        return subject.algorithm();
    }

    @Override
    public Broadcast create(Options options) {
        return subject.create(options);
    }

    @Override
    public String toString() {
        return id();
    }
}
