package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs the {@link io.cursorcheck.model.ScanningModel} and a subject side by side, one operation
 * at a time, and stops at the first failure: after each operation it checks, in this order, that
 * the model did not throw or break an invariant (else the finding is against the model), that
 * the subject did not throw, that both answered alike, that their snapshots are equal, and that
 * the subject kept every invariant.
 *
 * <p>When the subject is the model itself, the model runs alone and only findings against it are
 * possible.
 */
public final class Lockstep {

    /** Steps allowed after the broadcast ended with nobody attached: little can happen there. */
    private static final int STEPS_AFTER_QUIET_END = 6;

    private Lockstep() {
    }

    /**
     * One lockstep run.
     *
     * @param script  the operations run (for a random run: those generated up to the failure)
     * @param model   the model's observations, one per operation
     * @param subject the subject's observations (the model's when the subject is the model)
     * @param failure the first failure, or null
     */
    public record Run(Script script, List<Observation> model, List<Observation> subject, Failure failure) {
        /** Whether something failed. */
        public boolean failed() {
            return failure != null;
        }
    }

    /** Runs a fixed script to its end or its first failure. */
    public static Run run(BroadcastFactory subject, Script script) {
        Recorder r = new Recorder(new LockstepPair(subject, script.options()));
        for (int i = 0; i < script.length(); i++) {
            Failure f = r.step(i, script.ops().get(i));
            if (f != null) {
                return r.run(script.prefix(i + 1), f);
            }
        }
        return r.run(script, null);
    }

    /**
     * Generates and runs one random sequence of at most {@code maxSteps} operations.
     *
     * @param tracker where coverage is counted, or null
     */
    public static Run explore(BroadcastFactory subject, Generator generator, long seed, int maxSteps,
                              Coverage.Tracker tracker) {
        SplittableRandom random = new SplittableRandom(seed);
        Options options = generator.options(random);
        LockstepPair pair = new LockstepPair(subject, options);
        Recorder r = new Recorder(pair);
        List<Op> ops = new ArrayList<>();
        Snapshot now = pair.model().broadcast().snapshot();
        int quiet = 0;
        for (int i = 0; i < maxSteps && quiet <= STEPS_AFTER_QUIET_END; i++) {
            Op op = generator.next(random, now, pair.consumers(), options);
            ops.add(op);
            Failure f = r.step(i, op);
            Observation m = pair.lastModel();
            if (tracker != null) {
                tracker.step(now, m);
            }
            if (f != null) {
                return r.run(new Script(options, ops), f);
            }
            now = m.snapshot();
            quiet = now.ended() && now.consumers().isEmpty() ? quiet + 1 : 0;
        }
        return r.run(new Script(options, ops), null);
    }

    /** A pair and what its two sides observed, step by step. */
    private static final class Recorder {
        final LockstepPair pair;
        final List<Observation> models = new ArrayList<>();
        final List<Observation> subjects = new ArrayList<>();

        Recorder(LockstepPair pair) {
            this.pair = pair;
        }

        Failure step(int i, Op op) {
            Failure f = pair.step(i, op);
            models.add(pair.lastModel());
            subjects.add(pair.lastSubject());
            return f;
        }

        Run run(Script script, Failure failure) {
            return new Run(script, List.copyOf(models), List.copyOf(subjects), failure);
        }
    }
}
