package io.cursorcheck.properties.campaign;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Minimality;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.RandomRun;

/**
 * Runs a negative control: random lockstep sequences against a mutant until it fails (a
 * divergence, a throw or a broken invariant of its own), then shrinks the failure.
 */
public final class Controls {

    private Controls() {}

    /**
     * How a mutant was caught, or not.
     *
     * @param mutant     the mutant
     * @param result     the random run
     * @param caught     the mutant's own failure, shrunk, or null if it survived
     */
    public record Verdict(Mutant mutant, RandomRun.Result result, RandomRun.Found caught) {
        /** Whether the mutant was caught. */
        public boolean killed() {
            return caught != null;
        }

        /**
         * The reported script's length (after the shrinker and the shortest search; the shrinker's own is in
         * the counterexample's {@link Minimality#shrunkLength()}), or -1.
         */
        public int reportedLength() {
            return caught == null ? -1 : caught.counterexample().script().length();
        }
    }

    /** Runs one mutant for at most {@code sequences} sequences or {@code millis}. */
    public static Verdict run(
            Mutant mutant,
            long seed,
            long sequences,
            long millis,
            int maxSteps,
            Weights weights,
            int threads,
            java.nio.file.Path reportDir,
            KnownFindings known) {
        BroadcastFactory factory = Mutants.factory(mutant);
        RandomRun.Result result = RandomRun.run(
                new RandomRun.Config(
                        factory, seed, sequences, millis, maxSteps, weights, threads, true, reportDir, known),
                new RandomRun.Progress());
        RandomRun.Found caught = result.subjectFailures().isEmpty()
                ? null
                : result.subjectFailures().get(0);
        return new Verdict(mutant, result, caught);
    }
}
