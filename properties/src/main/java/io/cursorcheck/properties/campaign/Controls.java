package io.cursorcheck.properties.campaign;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.Coverage;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Minimality;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.RandomRun;
import java.util.Map;

/**
 * Runs a negative control: random lockstep sequences against a mutant until it fails (a
 * divergence, a throw or a broken invariant of its own), then shrinks the failure.
 */
public final class Controls {

    private Controls() {}

    /**
     * The chance per random sequence (default weights, 60 steps at most) that a sequence catches each negative
     * control and {@code dirty-flag}, measured by {@code CatchChancesTest} over a large fixed-seed sample (the
     * record is in reports/runs/; that test holds these numbers to a fresh measurement).
     */
    private static final Map<String, Double> CATCH_CHANCE = Map.ofEntries(
            Map.entry("detach-forgets-count", 0.3623),
            Map.entry("advance-compares-new-cursor", 0.7934),
            Map.entry("trim-without-retain-guard", 0.1615),
            Map.entry("drop-oldest-keeps-stale-minimum", 0.1422),
            Map.entry("wheel-advance-keeps-old-slot", 0.7934),
            Map.entry("wheel-walks-before-counting", 0.7747),
            Map.entry("wheel-laggard-keeps-old-slot", 0.1422),
            Map.entry("dirty-flag", 0.5142));

    /**
     * The fewest sequences on which a survival of {@code subject} (a negative control's id, or
     * {@code dirty-flag}) is judged a failure: with a chance p per sequence of catching it, n sequences all miss
     * it with chance (1 - p)^n <= exp(-p n), below {@link Coverage#MISS_CHANCE} once n >= ln(1/MISS_CHANCE) / p.
     * On fewer sequences a survival is too short to judge, no failure.
     *
     * @throws IllegalArgumentException if no chance was measured for {@code subject}
     */
    public static long sequencesToCatch(String subject) {
        Double p = CATCH_CHANCE.get(subject);
        if (p == null || p <= 0) {
            throw new IllegalArgumentException("no measured chance of catching " + subject + " (CatchChancesTest)");
        }
        return (long) Math.ceil(Math.log(1 / Coverage.MISS_CHANCE) / p);
    }

    /** The measured chance per sequence of catching {@code subject}, or 0 if none was measured. */
    static double catchChance(String subject) {
        return CATCH_CHANCE.getOrDefault(subject, 0.0);
    }

    /**
     * Whether a chance of catching {@code subject} was measured: every negative control and {@code dirty-flag}
     * (CatchChancesTest holds it); another mutant run as a control has no extension and no "too short".
     */
    public static boolean measured(String subject) {
        return CATCH_CHANCE.containsKey(subject);
    }

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
         * Whether it survived on fewer sequences than a survival needs to be judged ({@link #sequencesToCatch}):
         * no failure, and said so.
         */
        public boolean tooShort() {
            return caught == null && measured(mutant.id()) && result.sequences() < sequencesToCatch(mutant.id());
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
        // A survival is judged only on enough sequences: a short budget (a busy machine) extends the run within
        // RandomRun's cap rather than calling a control that chance alone could miss "not caught".
        RandomRun.Result result = RandomRun.run(
                new RandomRun.Config(
                                factory, seed, sequences, millis, maxSteps, weights, threads, true, reportDir, known)
                        .judgedOn(measured(mutant.id()) ? sequencesToCatch(mutant.id()) : 0),
                new RandomRun.Progress());
        RandomRun.Found caught = result.subjectFailures().isEmpty()
                ? null
                : result.subjectFailures().get(0);
        return new Verdict(mutant, result, caught);
    }
}
