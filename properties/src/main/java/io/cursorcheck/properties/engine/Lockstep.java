package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Runs the {@link io.cursorcheck.model.ScanningModel} and a subject side by side, one operation
 * at a time, and stops at the first failure: after each operation it checks, in this order, that
 * the model did not throw or break an invariant (else the finding is against the model), that
 * the subject did not throw, that both answered alike, that their snapshots are equal, and that
 * the subject kept every invariant; for a {@link ScanCheck} subject, last, that it scanned as often
 * as its reference implementation, which runs the same operations beside it.
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
        Pair pair = new Pair(subject, script.options());
        for (int i = 0; i < script.length(); i++) {
            Failure f = pair.step(i, script.ops().get(i));
            if (f != null) {
                return pair.run(script.prefix(i + 1), f);
            }
        }
        return pair.run(script, null);
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
        Pair pair = new Pair(subject, options);
        List<Op> ops = new ArrayList<>();
        Snapshot now = pair.model.broadcast().snapshot();
        int quiet = 0;
        for (int i = 0; i < maxSteps && quiet <= STEPS_AFTER_QUIET_END; i++) {
            Op op = generator.next(random, now, pair.model.consumers(), options);
            ops.add(op);
            Failure f = pair.step(i, op);
            Observation m = pair.models.get(i);
            if (tracker != null) {
                tracker.step(now, m);
            }
            if (f != null) {
                return pair.run(new Script(options, ops), f);
            }
            now = m.snapshot();
            quiet = now.ended() && now.consumers().isEmpty() ? quiet + 1 : 0;
        }
        return pair.run(new Script(options, ops), null);
    }

    /** The two sessions of one run and what they observed. */
    private static final class Pair {
        final Session model;
        final Session subject; // null when the subject is the model
        final Session reference; // the scan-count reference of a ScanCheck subject, else null
        final BroadcastFactory subjectFactory;
        final List<Observation> models = new ArrayList<>();
        final List<Observation> subjects = new ArrayList<>();

        Pair(BroadcastFactory factory, Options options) {
            subjectFactory = factory;
            model = new Session(Variant.MODEL, options);
            subject = factory == Variant.MODEL ? null : new Session(factory, options);
            reference = factory instanceof ScanCheck sc ? new Session(sc.reference(), options) : null;
        }

        Failure step(int i, Op op) {
            boolean checkScans = reference != null && !reference.broken();
            long subjectScansBefore = checkScans ? scans(subject) : 0;
            long referenceScansBefore = checkScans ? scans(reference) : 0;
            Observation m = model.apply(op);
            models.add(m);
            Observation s = subject == null ? m : subject.apply(op); // applied even when the model fails, for the report
            subjects.add(s);
            if (checkScans) {
                reference.apply(op);
            }
            if (m.thrown() != null && !m.thrown().specified()) {
                return new Failure(Failure.Kind.MODEL_THREW, i, Failure.thrownSignature(Failure.Kind.MODEL_THREW,
                        m.thrown()), "the model threw " + m.thrown().type() + ": " + m.thrown().message(), m, s);
            }
            if (!m.violations().isEmpty()) {
                return new Failure(Failure.Kind.MODEL_INVARIANT, i,
                        Failure.invariantSignature(Failure.Kind.MODEL_INVARIANT, m.violations()),
                        "the model broke " + m.violations(), m, s);
            }
            if (subject == null) {
                return null;
            }
            if (s.thrown() != null && !s.thrown().specified()) {
                return new Failure(Failure.Kind.SUBJECT_THREW, i, Failure.thrownSignature(Failure.Kind.SUBJECT_THREW,
                        s.thrown()), "the subject threw " + s.thrown().type() + ": " + s.thrown().message()
                        + "; the model answered " + m.answer(), m, s);
            }
            if (!m.sameAnswer(s)) {
                return new Failure(Failure.Kind.DIVERGENCE, i, "DIVERGENCE:answer",
                        "the model answered " + m.answer() + ", the subject " + s.answer(), m, s);
            }
            if (!Objects.equals(m.snapshot(), s.snapshot())) {
                return new Failure(Failure.Kind.DIVERGENCE, i, "DIVERGENCE:state",
                        "both answered " + m.answer() + ", but their states differ in "
                                + Snapshots.differences(m.snapshot(), s.snapshot()), m, s);
            }
            if (!s.violations().isEmpty()) {
                return new Failure(Failure.Kind.SUBJECT_INVARIANT, i,
                        Failure.invariantSignature(Failure.Kind.SUBJECT_INVARIANT, s.violations()),
                        "the subject broke " + s.violations(), m, s);
            }
            if (checkScans && !reference.broken() && scans(subject) != scans(reference)) {
                return new Failure(Failure.Kind.SUBJECT_SCANS, i, Failure.Kind.SUBJECT_SCANS.name(),
                        "both answered " + m.answer() + " and agree on the state and the cache, but this operation made"
                                + " the subject scan its consumers " + (scans(subject) - subjectScansBefore)
                                + " time(s) and its reference " + ((ScanCheck) subjectFactory).reference().id() + " "
                                + (scans(reference) - referenceScansBefore) + " time(s) (" + scans(subject) + " and "
                                + scans(reference) + " so far)", m, s);
            }
            return null;
        }

        private static long scans(Session session) {
            return session.broadcast().diagnostics().scans();
        }

        Run run(Script script, Failure failure) {
            return new Run(script, List.copyOf(models), List.copyOf(subjects), failure);
        }
    }
}
