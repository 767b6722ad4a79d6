package io.cursorcheck.properties.engine;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Options;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The model and a subject side by side: applies one operation to both and says whether, and on
 * whom, it failed. The order of the checks is the engine's definition of blame: the model throwing
 * or breaking an invariant (a finding about the spec, {@code docs/spec.md}), then the subject throwing, the answers
 * differing, the states differing, the subject breaking an invariant, and last, for a
 * {@link ScanCheck} subject, the subject scanning more or less often than its reference
 * implementation, which runs the same operations beside it.
 *
 * <p>When the subject is {@linkplain BroadcastFactory.Capabilities#observableOnly() observable
 * only} (an external process), the answers are compared as {@link OutsideView} sees them and,
 * instead of snapshots, the subject's {@link Probe} is compared with the one the model's state
 * gives; such a divergence's signature names its shape ({@link OutsideView#shape}), so each kind
 * of difference is shrunk and reported on its own.
 *
 * <p>When the subject is the model itself, the model runs alone. A pair of forkable sessions can
 * be forked and named ({@link #fork()}, {@link #stateKey()}), which the exhaustive explorer uses.
 *
 * <p>Single-threaded.
 */
public final class LockstepPair {

    private final Session model;
    private final Session subject; // null when the subject is the model
    private final boolean outside; // the subject is observable only
    private final Options options;
    private final Session reference; // the scan-count reference of a ScanCheck subject, else null
    private final BroadcastFactory subjectFactory;
    private Observation lastModel;
    private Observation lastSubject;

    /** A pair on fresh broadcasts. */
    public LockstepPair(BroadcastFactory factory, Options options) {
        Variant reference = Variant.referenceFor(factory.algorithm()); // spec §2's model, or §8's for a corrected subject
        this.model = new Session(reference, options);
        this.subject = factory == reference ? null : new Session(factory, options);
        this.outside = factory.capabilities().observableOnly();
        this.options = options;
        this.reference = factory instanceof ScanCheck sc ? new Session(sc.reference(), options) : null;
        this.subjectFactory = factory;
    }

    private LockstepPair(LockstepPair other) {
        this.model = other.model.fork();
        this.subject = other.subject == null ? null : other.subject.fork();
        this.outside = other.outside;
        this.options = other.options;
        this.reference = other.reference == null ? null : other.reference.fork();
        this.subjectFactory = other.subjectFactory;
    }

    /** An independent copy of both sides in their current states. */
    public LockstepPair fork() {
        return new LockstepPair(this);
    }

    /**
     * The canonical name of the pair's state: both sides' keys without their detached consumers,
     * then the detached consumers as a sorted list of (model's key, subject's key) pairs. Sorting
     * the pairs, not each side's list, keeps a subject that detached the wrong consumer (or with
     * the wrong error) apart from one that did not.
     */
    public String stateKey() {
        StringBuilder k = new StringBuilder(320);
        model.appendKey(k);
        if (subject != null) {
            k.append(" || ");
            subject.appendKey(k);
        }
        int made = model.consumers();
        String[] detached = null;
        int n = 0;
        for (int i = 0; i < made; i++) {
            String m = model.detachedKey(i);
            String s = subject == null ? m : i < subject.consumers() ? subject.detachedKey(i) : "none";
            if (m != null || s != null) {
                if (detached == null) {
                    detached = new String[made];
                }
                detached[n++] = m + "/" + s;
            }
        }
        k.append(" ||");
        if (n > 0) {
            java.util.Arrays.sort(detached, 0, n);
            for (int i = 0; i < n; i++) {
                k.append(' ').append(detached[i]);
            }
        }
        return k.toString();
    }

    /** The model's session. */
    public Session model() {
        return model;
    }

    /** How many consumers the script has attached so far. */
    public int consumers() {
        return model.consumers();
    }

    /** The model's observation of the last operation. */
    public Observation lastModel() {
        return lastModel;
    }

    /** The subject's observation of the last operation (the model's when the subject is the model). */
    public Observation lastSubject() {
        return lastSubject;
    }

    /**
     * Applies {@code op} (the {@code index}-th of its script) to both sides.
     *
     * @return the failure it causes, or null
     */
    public Failure step(int index, Op op) {
        boolean checkScans = reference != null && !reference.broken();
        long subjectScansBefore = checkScans ? scans(subject) : 0;
        long referenceScansBefore = checkScans ? scans(reference) : 0;
        Observation m = model.apply(op);
        Observation s = subject == null ? m : subject.apply(op); // applied even when the model fails, for the report
        lastModel = m;
        lastSubject = s;
        if (checkScans) {
            reference.apply(op);
        }
        if (m.thrown() != null && !m.thrown().specified()) {
            return new Failure(Failure.Kind.MODEL_THREW, index, Failure.thrownSignature(Failure.Kind.MODEL_THREW,
                    m.thrown()), "the model threw " + m.thrown().type() + ": " + m.thrown().message(), m, s);
        }
        if (!m.violations().isEmpty()) {
            return new Failure(Failure.Kind.MODEL_INVARIANT, index,
                    Failure.invariantSignature(Failure.Kind.MODEL_INVARIANT, m.violations()),
                    "the model broke " + m.violations(), m, s);
        }
        if (subject == null) {
            return null;
        }
        if (s.thrown() != null && !s.thrown().specified()) {
            return new Failure(Failure.Kind.SUBJECT_THREW, index, Failure.thrownSignature(Failure.Kind.SUBJECT_THREW,
                    s.thrown()), "the subject threw " + s.thrown().type() + ": " + s.thrown().message()
                    + "; the model answered " + m.answer(), m, s);
        }
        if (outside) {
            return outsideStep(index, op, m, s);
        }
        if (!m.sameAnswer(s)) {
            return new Failure(Failure.Kind.DIVERGENCE, index, "DIVERGENCE:answer",
                    "the model answered " + m.answer() + ", the subject " + s.answer(), m, s);
        }
        if (!Objects.equals(m.snapshot(), s.snapshot())) {
            return new Failure(Failure.Kind.DIVERGENCE, index, "DIVERGENCE:state",
                    "both answered " + m.answer() + ", but their states differ in "
                            + Snapshots.differences(m.snapshot(), s.snapshot()), m, s);
        }
        if (!s.violations().isEmpty()) {
            return new Failure(Failure.Kind.SUBJECT_INVARIANT, index,
                    Failure.invariantSignature(Failure.Kind.SUBJECT_INVARIANT, s.violations()),
                    "the subject broke " + s.violations(), m, s);
        }
        if (checkScans && !reference.broken() && scans(subject) != scans(reference)) {
            return new Failure(Failure.Kind.SUBJECT_SCANS, index, Failure.Kind.SUBJECT_SCANS.name(),
                    "both answered " + m.answer() + " and agree on the state and the cache, but this operation made"
                            + " the subject scan its consumers " + (scans(subject) - subjectScansBefore)
                            + " time(s) and its reference " + ((ScanCheck) subjectFactory).reference().id() + " "
                            + (scans(reference) - referenceScansBefore) + " time(s) (" + scans(subject) + " and "
                            + scans(reference) + " so far)", m, s);
        }
        return null;
    }

    /** Compares what an outside observer sees: answers, then probes. */
    private Failure outsideStep(int index, Op op, Observation m, Observation s) {
        Observation seen = OutsideView.of((ScanningModel) model.broadcast(), m);
        Observation got = OutsideView.ordered(s);
        if (!seen.sameAnswer(got)) {
            return new Failure(Failure.Kind.DIVERGENCE, index, "DIVERGENCE:answer:" + OutsideView.shape(op, seen, got),
                    "the model answered " + OutsideView.answer(seen) + ", the subject " + OutsideView.answer(got), m, s);
        }
        Probe expected = Probe.of(m.snapshot(), options);
        if (!expected.equals(s.probe())) {
            return new Failure(Failure.Kind.DIVERGENCE, index, "DIVERGENCE:probe:" + op.kind() + ": "
                    + probeShape(expected, s.probe()), "both answered " + OutsideView.answer(seen)
                    + ", but the model's state gives " + expected + " and the subject shows " + s.probe(), m, s);
        }
        return null;
    }

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

    private static long scans(Session session) {
        return session.broadcast().diagnostics().scans();
    }
}
