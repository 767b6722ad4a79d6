package io.cursorcheck.properties.engine;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Probe;
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
 * <p>Given a {@link Tolerance}, it continues past the known findings it names (spec §3, "After a
 * finding"): the run records the first ({@link Run#tolerated()}) and goes on comparing.
 *
 * <p>When the subject is the model itself, the model runs alone and only findings against it are
 * possible.
 */
public final class Lockstep {

    /** Steps allowed after the broadcast ended with nobody attached: little can happen there. */
    private static final int STEPS_AFTER_QUIET_END = 6;

    private Lockstep() {}

    /**
     * One lockstep run.
     *
     * @param script  the operations run (for a random run: those generated up to the failure)
     * @param model   the model's observations, one per operation
     * @param subject the subject's observations (the model's when the subject is the model)
     * @param failure the first failure, or null
     * @param tolerated the first known finding the run continued past, or null
     */
    public record Run(
            Script script, List<Observation> model, List<Observation> subject, Failure failure, Failure tolerated) {
        /** A run that continued past nothing. */
        public Run(Script script, List<Observation> model, List<Observation> subject, Failure failure) {
            this(script, model, subject, failure, null);
        }

        /** Whether something failed. */
        public boolean failed() {
            return failure != null;
        }

        /**
         * What a counterexample of this run records for replay: the signature of the known finding it
         * continued past (after the first, every later breach by the model is past it too), or none.
         */
        public List<String> continuedPast() {
            return tolerated == null ? List.of() : List.of(tolerated.signature());
        }

        /**
         * The run as it would have stopped at the known finding it continued past: the script up to that
         * step, failing there; null if it continued past none.
         */
        public Run stoppedAtTolerated() {
            if (tolerated == null) {
                return null;
            }
            int n = tolerated.step() + 1;
            return new Run(script.prefix(n), model.subList(0, n), subject.subList(0, n), tolerated, null);
        }
    }

    /** Runs a fixed script to its end or its first failure, ending at every finding against the model. */
    public static Run run(BroadcastFactory subject, Script script) {
        return run(subject, script, Tolerance.NONE);
    }

    /** Runs a fixed script to its end or its first failure, continuing past the findings {@code tolerance} names. */
    public static Run run(BroadcastFactory subject, Script script, Tolerance tolerance) {
        Recorder r = new Recorder(new LockstepPair(subject, script.options(), tolerance));
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
    public static Run explore(
            BroadcastFactory subject, Generator generator, long seed, int maxSteps, Coverage.Tracker tracker) {
        return explore(subject, generator, seed, maxSteps, tracker, Tolerance.NONE);
    }

    /**
     * Generates and runs one random sequence of at most {@code maxSteps} operations, continuing past the
     * findings {@code tolerance} names.
     *
     * @param tracker where coverage is counted, or null
     */
    public static Run explore(
            BroadcastFactory subject,
            Generator generator,
            long seed,
            int maxSteps,
            Coverage.Tracker tracker,
            Tolerance tolerance) {
        return explore(subject, generator, seed, maxSteps, tracker, tolerance, null);
    }

    /**
     * Runs {@code prefix} (its options and operations), then generates random operations from {@code seed}
     * up to {@code maxSteps} operations in all: a sequence continued from the state the prefix leads to.
     *
     * @param tracker where coverage is counted, or null
     * @param prefix  the operations to start with, or null for a sequence generated whole
     */
    public static Run explore(
            BroadcastFactory subject,
            Generator generator,
            long seed,
            int maxSteps,
            Coverage.Tracker tracker,
            Tolerance tolerance,
            Script prefix) {
        SplittableRandom random = new SplittableRandom(seed);
        Options options = prefix == null ? generator.options(random) : prefix.options();
        LockstepPair pair = new LockstepPair(subject, options, tolerance);
        Recorder r = new Recorder(pair);
        List<Op> ops = new ArrayList<>();
        Snapshot now = pair.model().broadcast().snapshot();
        int quiet = 0;
        for (int i = 0; i < maxSteps && quiet <= STEPS_AFTER_QUIET_END; i++) {
            Op op = prefix != null && i < prefix.length()
                    ? prefix.ops().get(i)
                    : generator.next(random, now, pair.consumers(), options, pair.targets(i));
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

    /**
     * A random sequence run to its end whatever happened: the run as {@link #explore} gives it (stopped at the first
     * failure), and the whole sequence after it, both sides applied and compared no more.
     *
     * @param first   the run up to and including its first failure, exactly as {@link #explore} returns it
     * @param script  every operation drawn, the first failure's and those after it
     * @param model   the model's observations of every operation
     * @param subject the subject's observations of every operation
     * @param outsideModel the model's observations as a user of a release sees them ({@link OutsideView}: entries
     *                named by their writes, the probe its state gives), to judge the model's own trace by the same
     *                rules as the subject's
     */
    public record Whole(
            Run first,
            Script script,
            List<Observation> model,
            List<Observation> subject,
            List<Observation> outsideModel) {
        /** Whether the sequence went on past its first failure. */
        public boolean continued() {
            return script.length() > first.script().length();
        }
    }

    /**
     * {@link #explore(BroadcastFactory, Generator, long, int, Coverage.Tracker)} that does not stop at the first
     * failure: the sequence goes on, drawn from the model's state as before, both sides applied and no longer
     * compared (spec §6, the whole trace: a judge of the subject's own trace reads the rest). It stops where the
     * model or the subject threw (a broken protocol included), since neither then has a state to go on from. The
     * same seed draws the same operations as {@code explore} up to its failure.
     */
    public static Whole exploreWhole(BroadcastFactory subject, Generator generator, long seed, int maxSteps) {
        SplittableRandom random = new SplittableRandom(seed);
        Options options = generator.options(random);
        LockstepPair pair = new LockstepPair(subject, options, Tolerance.NONE);
        Recorder r = new Recorder(pair);
        List<Op> ops = new ArrayList<>();
        Snapshot now = pair.model().broadcast().snapshot();
        Run first = null;
        List<Observation> outside = new ArrayList<>();
        int quiet = 0;
        for (int i = 0; i < maxSteps && quiet <= STEPS_AFTER_QUIET_END; i++) {
            Op op = generator.next(random, now, pair.consumers(), options, pair.targets(i));
            ops.add(op);
            Failure f = r.step(i, op);
            Observation m = pair.lastModel();
            Observation s = pair.lastSubject();
            Observation seen = OutsideView.of((ScanningModel) pair.model().broadcast(), m);
            outside.add(
                    m.snapshot() == null
                            ? seen
                            : new Observation(
                                    seen.op(),
                                    seen.reply(),
                                    seen.attachedId(),
                                    seen.thrown(),
                                    seen.snapshot(),
                                    seen.violations(),
                                    Probe.of(m.snapshot(), options)));
            if (f != null && first == null) {
                first = r.run(new Script(options, ops), f);
            }
            if (m.thrown() != null || s.thrown() != null) {
                break;
            }
            now = m.snapshot();
            quiet = now.ended() && now.consumers().isEmpty() ? quiet + 1 : 0;
        }
        Run all = r.run(new Script(options, ops), null);
        return new Whole(first == null ? all : first, all.script(), all.model(), all.subject(), List.copyOf(outside));
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
            return new Run(script, List.copyOf(models), List.copyOf(subjects), failure, pair.tolerated());
        }
    }
}
