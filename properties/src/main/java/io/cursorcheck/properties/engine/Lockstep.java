package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Probe;
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
 * the subject kept every invariant.
 *
 * <p>When the subject is the model itself, the model runs alone and only findings against it are
 * possible. When the subject is {@linkplain BroadcastFactory.Capabilities#observableOnly()
 * observable only} (an external process), the answers are compared as {@link OutsideView} sees
 * them and, instead of snapshots, the subject's {@link Probe} is compared with the one the model's
 * state gives; such a divergence's signature names its shape ({@link OutsideView#shape}), so each
 * kind of difference is shrunk and reported on its own.
 */
public final class Lockstep {

    /** Steps allowed after the broadcast ended with nobody attached: little can happen there. */
    private static final int STEPS_AFTER_QUIET_END = 6;

    /** Which probe fields differ, e.g. {@code canWrite false/true}. */
    private static String probeShape(Probe model, Probe subject) {
        if (subject == null) {
            return "no probe";
        }
        List<String> d = new ArrayList<>();
        if (model.consumers() != subject.consumers()) {
            d.add("consumers " + (model.consumers() < subject.consumers() ? "more" : "fewer"));
        }
        if (!Objects.equals(model.canWrite(), subject.canWrite())) {
            d.add("canWrite " + model.canWrite() + "/" + subject.canWrite());
        }
        return String.join(", ", d);
    }

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
        final boolean outside; // the subject is observable only
        final Options options;
        final List<Observation> models = new ArrayList<>();
        final List<Observation> subjects = new ArrayList<>();

        Pair(BroadcastFactory factory, Options options) {
            this.options = options;
            model = new Session(Variant.MODEL, options);
            subject = factory == Variant.MODEL ? null : new Session(factory, options);
            outside = factory.capabilities().observableOnly();
        }

        Failure step(int i, Op op) {
            Observation m = model.apply(op);
            models.add(m);
            Observation s = subject == null ? m : subject.apply(op); // applied even when the model fails, for the report
            subjects.add(s);
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
            if (outside) {
                return outsideStep(i, op, m, s);
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
            return null;
        }

        /** Compares what an outside observer sees: answers, then probes. */
        Failure outsideStep(int i, Op op, Observation m, Observation s) {
            Observation seen = OutsideView.of((ScanningModel) model.broadcast(), m);
            Observation got = OutsideView.ordered(s);
            if (!seen.sameAnswer(got)) {
                return new Failure(Failure.Kind.DIVERGENCE, i, "DIVERGENCE:answer:" + OutsideView.shape(op, seen, got),
                        "the model answered " + OutsideView.answer(seen) + ", the subject " + OutsideView.answer(got),
                        m, s);
            }
            Probe expected = Probe.of(m.snapshot(), options);
            if (!expected.equals(s.probe())) {
                return new Failure(Failure.Kind.DIVERGENCE, i, "DIVERGENCE:probe:" + op.kind() + ": "
                        + probeShape(expected, s.probe()), "both answered " + OutsideView.answer(seen)
                        + ", but the model's state gives " + expected + " and the subject shows " + s.probe(), m, s);
            }
            return null;
        }

        Run run(Script script, Failure failure) {
            return new Run(script, List.copyOf(models), List.copyOf(subjects), failure);
        }
    }
}
