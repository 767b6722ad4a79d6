package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Policy;

/**
 * The judgement of a reported counterexample's length against the explorer's minimum, shared by the controls'
 * test ({@link ShortestCounterexampleProperties}) and the kill matrix's ({@code KillMatrixProperties}).
 *
 * <p>A pin ({@link ExploreProperties#SHORTEST}) is the shortest failure of any kind of the mutant checked
 * directly. A reported script of exactly that length is the explorer's minimum. One longer is right only if it
 * is another failure (of another kind, or seen by a weaker stage: a black-box subject does not check I6) and the
 * explorer, run on the reported subject in the pin's bound under every policy one operation shorter than the
 * reported script, shows no failure of its kind and signature (the shrinker's rule). One shorter than the pin
 * means the pin or its bound is wrong.
 */
public final class ExplorerMinimum {

    private ExplorerMinimum() {}

    /**
     * Null if {@code cx}'s length is the explorer's minimum for its failure, else what is wrong.
     *
     * @param pinned    the id of the mutant (or control) as pinned, without stage or algorithm suffixes
     * @param algorithm the algorithm the mutant ran under (its bound may differ, {@link CorrectedExploreProperties})
     * @param subject   the subject the counterexample ran against (a black-box or scan-checked one too)
     */
    public static String mismatch(
            String pinned, Algorithm algorithm, BroadcastFactory subject, Counterexample cx, KnownFindings known) {
        String againstPin = ExploreProperties.pinMismatch(pinned, cx.script().length());
        if (againstPin == null) {
            return null;
        }
        Integer length = ExploreProperties.SHORTEST.containsKey(pinned)
                ? ExploreProperties.SHORTEST.get(pinned).length()
                : null;
        if (length == null || cx.script().length() < length) {
            return againstPin; // no pin, or shorter than the explorer's shortest of any failure
        }
        ExploreProperties.Bound bound = algorithm == Algorithm.CORRECTED
                ? CorrectedExploreProperties.BOUND_DIFFERS.getOrDefault(pinned, ExploreProperties.boundOf(pinned))
                : ExploreProperties.boundOf(pinned);
        for (Policy policy : Policy.values()) {
            Scope scope = bound.scopes.apply(policy);
            Scope shorter = scope.withDepth(Math.min(scope.depth(), cx.script().length() - 1));
            Explorer.Result r = Explorer.explore(subject, shorter, 5_000_000, false, known, null);
            for (Explorer.Found f : r.subjectFailures()) {
                if (sameFailure(cx.failure(), f.failure())) {
                    return againstPin + "; the explorer shows " + subject.id() + " "
                            + f.failure().signature() + " in "
                            + f.run().script().length() + " under " + policy + ": "
                            + String.join("; ", f.run().script().lines());
                }
            }
        }
        return null;
    }

    /** The shrinker's and the search's rule: the same kind, and the same signature unless a divergence. */
    private static boolean sameFailure(Failure reported, Failure explored) {
        return reported.kind() == explored.kind()
                && (reported.kind() == Failure.Kind.DIVERGENCE
                        || reported.signature().equals(explored.signature()));
    }
}
