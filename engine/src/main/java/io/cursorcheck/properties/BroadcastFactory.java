package io.cursorcheck.properties;

import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;

/** Something the suite can check: a name and a way to make a fresh broadcast. */
public interface BroadcastFactory {

    /** The short stable name used on the command line and in reports, e.g. {@code cached-count}. */
    String id();

    /** One sentence saying what this is (for a mutant: what is wrong with it). */
    String description();

    /** A fresh, empty broadcast with an open writer. */
    Broadcast create(Options options);

    /**
     * The algorithm this subject claims to follow, and so the reference it is checked against
     * ({@link Variant#referenceFor}): spec §2 as Node releases it by default, or the correction of
     * spec §8. The known findings are findings against §2: under {@link Algorithm#CORRECTED} none is
     * expected, and one that appears is a new failure.
     */
    default Algorithm algorithm() {
        return Algorithm.AS_RELEASED;
    }

    /**
     * The test class through which a project outside this repository checks this subject with the
     * {@code cursorcheck-junit} entry point, or null (the default) for a subject of this repository. Its
     * counterexample pages tell the reader how to replay and keep a failure in that project's own build,
     * where there is no {@code bin/cursorcheck} and no {@code properties/} to paste a test into.
     */
    default String entryPointTest() {
        return null;
    }

    /** What the suite can see of this subject and ask of it; {@link Capabilities#FULL} by default. */
    default Capabilities capabilities() {
        return Capabilities.FULL;
    }

    /**
     * What the suite can see of a subject and ask of it.
     *
     * <p>An in-process implementation shows everything: snapshots, diagnostics, every operation of
     * the SPI. An external one (Node.js behind the subject protocol) shows only what its users
     * can: each operation's answer and the settlements it caused, and a {@link Probe} of its
     * public counters. For such a subject the engine compares answers and probes only; the
     * model's own invariants are still checked.
     *
     * @param observableOnly   no snapshot and no diagnostics: compare answers and probes only
     *                         (its broadcasts implement {@link Probe.Source}), and draw no bad
     *                         input (foreign and null handles, negative sizes are Java API concepts)
     * <p>Capabilities describe what the suite can see and the shape of the API (sizes in entries
     * or bytes), never a behaviour: a pattern the spec covers (overlapping reads, queued writes, a
     * flush caused by a read) is made on every subject and its answers judged, so no capability can
     * switch one off.
     *
     * @param unitSizes        the subject sizes its buffer in entries, not bytes: every write is of
     *                         size 1, so entry and byte counts agree
     */
    record Capabilities(boolean observableOnly, boolean unitSizes) {
        /** Everything visible, the whole operation set. */
        public static final Capabilities FULL = new Capabilities(false, false);
    }
}
