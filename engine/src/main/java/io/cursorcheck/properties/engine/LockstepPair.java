package io.cursorcheck.properties.engine;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.InvariantChecker;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.Violation;
import io.cursorcheck.properties.engine.key.StateKey;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

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
 * <p>With a {@link Tolerance} (spec §3, "After a finding"), a breach of an invariant by the model that
 * a known finding explains is recorded ({@link #tolerated()}) instead of ending the comparison: the
 * pair goes on comparing the subject with the model at that step and every later one, excusing
 * only a subject's breach of an invariant the model breaks at the same step, and the model's own
 * later breaches (the finding's consequences). A model that throws still fails the step.
 *
 * <p>When the subject is the model itself, the model runs alone. A pair of forkable sessions can
 * be forked and named ({@link #fork()}, {@link #key}), which the exhaustive explorer and the shortest-script search
 * use.
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
    private final Tolerance tolerance;
    private Failure tolerated; // the first known finding continued past, or null
    private Failure toleratedNow; // the one continued past at the last step, or null
    private Observation lastModel;
    private Observation lastSubject;

    /** A pair on fresh broadcasts that ends the comparison at every finding against the model. */
    public LockstepPair(BroadcastFactory factory, Options options) {
        this(factory, options, Tolerance.NONE);
    }

    /**
     * A pair on fresh broadcasts that continues past the findings {@code tolerance} names.
     *
     * @throws NullPointerException if {@code tolerance} is null
     */
    public LockstepPair(BroadcastFactory factory, Options options, Tolerance tolerance) {
        this(factory, options, tolerance, true);
    }

    /**
     * A pair on fresh broadcasts whose subject is checked through the model's checker while the two agree
     * ({@code mirrorSubject}, what every other constructor makes), or by a checker of its own at every step: the
     * two must give the same failures and observations, which a test of the mirror compares.
     *
     * @throws NullPointerException if {@code tolerance} is null
     */
    public LockstepPair(BroadcastFactory factory, Options options, Tolerance tolerance, boolean mirrorSubject) {
        this.tolerance = Objects.requireNonNull(tolerance, "tolerance");
        Variant reference =
                Variant.referenceFor(factory.algorithm()); // spec §2's model, or §8's for a corrected subject
        this.model = new Session(reference, options);
        this.subject = factory == reference ? null : new Session(factory, options, !mirrorSubject);
        if (subject != null
                && subject.mirrored()
                && !subject.broadcast().snapshot().equals(model.broadcast().snapshot())) {
            // A mirror needs the two checkers to start alike: a subject that starts in another state than the model
            // checks itself from its first step, from its own first snapshot.
            subject.part(new InvariantChecker(options, subject.broadcast().snapshot()));
        }
        this.outside = factory.capabilities().observableOnly();
        this.options = options;
        // The reference of a scan check answers only for its scan count: its breaches are never read, so it has no
        // checker (nor the checker's memory in the key).
        this.reference = factory instanceof ScanCheck sc ? new Session(sc.reference(), options, false) : null;
        this.subjectFactory = factory;
    }

    private LockstepPair(LockstepPair other) {
        this.model = other.model.fork();
        this.subject = other.subject == null ? null : other.subject.fork();
        this.outside = other.outside;
        this.options = other.options;
        this.reference = other.reference == null ? null : other.reference.fork();
        this.subjectFactory = other.subjectFactory;
        this.tolerance = other.tolerance;
        this.tolerated = other.tolerated;
        this.toleratedNow = other.toleratedNow;
    }

    /**
     * Whether every session of the pair (the model, the subject, a scan check's reference) can be forked
     * and named, as {@link #fork()} and {@link #key} need: false for an external process.
     */
    public boolean forkable() {
        return model.forkable()
                && (subject == null || subject.forkable())
                && (reference == null || reference.forkable());
    }

    /** An independent copy of both sides in their current states. */
    public LockstepPair fork() {
        return new LockstepPair(this);
    }

    /**
     * The key of the pair's state, the one encoding of it (a text form is rendered from it,
     * {@link StateKey#toString()}): both sides' keys (each broadcast's and its checker's memory), a scan check's
     * reference, the "past a finding" flag, then the detached consumers as a sorted multiset of (model's,
     * subject's) pairs. Sorting the pairs, not each side's list, keeps a subject that detached the wrong consumer
     * (or with the wrong error) apart from one that did not. Written into {@code builder}.
     *
     * <p>With {@code renameConsumers} (consumer symmetry), every consumer in both sides' keys is
     * written as a label instead of its id, by one map derived from the MODEL alone: the consumers the
     * model has attached, in the model's (attach) order, get 0, 1, ...; the others (detached in the
     * model) get the next labels in script order; each side's id for script index {@code i}
     * ({@link Session#consumerId}) is written as the label of {@code i}. Why merging such keys is sound:
     * <ul>
     *   <li>It renames, it never reorders: every list (consumers, waiters, books) keeps its order, and
     *       the order is what notify and the as-released algorithm's reentrant paths observe. Two keys
     *       are equal only if one state is the other with the script's consumers permuted.</li>
     *   <li>One map for both sides, through the script index: a consumer is the same label on both
     *       sides, so which consumer is which across the model and the subject is kept (and a
     *       reached state has equal ids on both sides anyway: an attach whose ids differ fails on its
     *       answer).</li>
     *   <li>Operations name consumers by script index, and the explorer offers every consumer the same
     *       operations, so a permuted state has the permuted futures: the same verdicts at the same
     *       depths. Ids are only ever compared for equality (snapshots, answers, the checker's books),
     *       and new ids come from the number of attaches, which equal keys share.</li>
     *   <li>Detached consumers' answers stay in the sorted multiset, as without renaming.</li>
     *   <li>The map never reads the subject: a subject's key cannot make two states look alike by
     *       being wrong (README, {@code first-attach-keeps-stale-minimum}).</li>
     * </ul>
     * A side whose broadcast does not name consumers through the writer
     * ({@link Session#namesConsumersThroughWriter()}) turns the renaming off for the whole key.
     *
     * @param builder         a builder of the calling thread; reset here
     * @param renameConsumers whether to rename consumers (symmetry)
     * @return the key
     */
    public StateKey key(StateKeyBuilder builder, boolean renameConsumers) {
        return key(builder, renameConsumers ? ConsumerLabels.MODEL_ATTACH_ORDER : null);
    }

    /**
     * The key of the pair's state, consumers by id, with a builder of its own (not the explorer's hot path): for
     * comparing a fork with a replay, and for a message that shows a state ({@link StateKey#toString()}).
     */
    public StateKey key() {
        return key(new StateKeyBuilder(), (ConsumerLabels) null);
    }

    /**
     * The key of the pair's state with consumers renamed by {@code labels} (null: by id), the
     * renaming turned off when a side's broadcast does not name consumers through the writer. A
     * renaming other than {@link ConsumerLabels#MODEL_ATTACH_ORDER} is for tests of soundness.
     *
     * @param builder a builder of the calling thread; reset here
     * @param labels  how to label the script's consumers, or null
     * @return the key
     */
    public StateKey key(StateKeyBuilder builder, ConsumerLabels labels) {
        writeKey(builder, labels);
        return builder.build();
    }

    /**
     * Whether both sides write every consumer of their keys through the key writer, so that a key may rename
     * consumers ({@link #key(StateKeyBuilder, ConsumerLabels)} turns the renaming off otherwise): the explorer
     * says so in its report rather than name a symmetry it did not apply.
     */
    public boolean canRenameConsumers() {
        return model.namesConsumersThroughWriter()
                && (subject == null || subject.namesConsumersThroughWriter())
                && (reference == null || reference.namesConsumersThroughWriter());
    }

    /**
     * Writes {@link #key(StateKeyBuilder, ConsumerLabels)}'s content into {@code builder} without making a key
     * of it: the explorer looks it up through {@link StateKeyBuilder#probe()} and copies it only when it keeps it.
     *
     * @param builder a builder of the calling thread; reset here
     * @param labels  how to label the script's consumers, or null
     */
    public void writeKey(StateKeyBuilder builder, ConsumerLabels labels) {
        int made = model.consumers();
        builder.ensureScratch(made);
        String[] ms = builder.scratchModel();
        String[] ss = builder.scratchSubject();
        for (int i = 0; i < made; i++) {
            ms[i] = model.detachedKey(i);
            ss[i] = subject == null ? ms[i] : i < subject.consumers() ? subject.detachedKey(i) : "none";
        }
        boolean rename = labels != null && canRenameConsumers();
        int[] ids = builder.scratchIds();
        int[] label = builder.scratchLabels();
        if (rename) {
            labels.label(this, ms, label);
        }
        builder.reset();
        if (rename) {
            for (int i = 0; i < made; i++) {
                ids[i] = model.consumerId(i);
            }
            builder.renameConsumers(ids, label, made);
        }
        model.writeKey(builder);
        builder.flag(subject != null);
        if (subject != null) {
            if (rename) {
                int n = Math.min(made, subject.consumers());
                for (int i = 0; i < n; i++) {
                    ids[i] = subject.consumerId(i);
                }
                builder.renameConsumers(ids, label, n);
            }
            subject.writeKey(builder);
        }
        // A scan check's reference: its later scan counts are compared with the subject's, so its state is part of
        // what decides a verdict (premise 2); it never merges states the rest of the key keeps apart.
        builder.flag(reference != null);
        if (reference != null) {
            builder.flag(reference.broken());
            if (rename) {
                int n = Math.min(made, reference.consumers());
                for (int i = 0; i < n; i++) {
                    ids[i] = reference.consumerId(i);
                }
                builder.renameConsumers(ids, label, n);
            }
            reference.writeKey(builder);
        }
        builder.stopRenaming();
        builder.flag(tolerated != null); // past a finding, the model's later breaches are excused
        int[] order = builder.scratchOrder();
        int n = 0;
        for (int i = 0; i < made; i++) {
            if (ms[i] != null || ss[i] != null) {
                int j = n++;
                while (j > 0 && compareDetached(ms[order[j - 1]], ss[order[j - 1]], ms[i], ss[i]) > 0) {
                    order[j] = order[j - 1]; // insertion sort: a few consumers at most
                    j--;
                }
                order[j] = i;
            }
        }
        builder.count(n);
        for (int i = 0; i < n; i++) {
            writeNullable(builder, ms[order[i]]);
            writeNullable(builder, ss[order[i]]);
        }
    }

    private static int compareDetached(String m1, String s1, String m2, String s2) {
        int c = compareNullable(m1, m2);
        return c != 0 ? c : compareNullable(s1, s2);
    }

    private static int compareNullable(String a, String b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        return a.compareTo(b);
    }

    private static void writeNullable(StateKeyBuilder k, String text) {
        k.flag(text != null);
        if (text != null) {
            k.text(text);
        }
    }

    /** The model's session. */
    public Session model() {
        return model;
    }

    /** The subject's session, or null when the subject is the model itself. */
    public Session subject() {
        return subject;
    }

    /** How many consumers the script has attached so far. */
    public int consumers() {
        return model.consumers();
    }

    /** The first known finding the pair continued past, or null. */
    public Failure tolerated() {
        return tolerated;
    }

    /** The known finding the pair continued past at the last step (the first time only), or null. */
    public Failure toleratedAtLastStep() {
        return toleratedNow;
    }

    /** The findings this pair continues past. */
    public Tolerance tolerance() {
        return tolerance;
    }

    /**
     * What an {@code abort(#n)} or {@code spoil(#n)} drawn at step {@code step} may name, asked of the
     * model: its pending operations (queued writes, then pending ends) and its spoilable writes.
     * Operation numbers and steps coincide, since every step is one operation of the broadcast.
     */
    public Generator.Targets targets(int step) {
        ScanningModel m = (ScanningModel) model.broadcast();
        return new Generator.Targets(step, m.pendingOperations(), m.spoilableWrites());
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
        Session.Performed pm = model.perform(op);
        // Performed even when the model fails, for the report.
        Session.Performed ps = subject == null ? null : subject.perform(op);
        Observation m;
        Observation s;
        boolean agreed = false; // the subject answered as the model and shows its snapshot (Performed#sameAs)
        if (subject == null) {
            m = model.check(pm);
            s = m;
        } else if (!subject.mirrored()) {
            m = model.check(pm);
            s = subject.check(ps);
        } else if (ps.sameAs(pm)) {
            // Mirrored: up to here the subject answered as the model and showed its snapshot at every step, so a
            // checker of its own would be in the model checker's state and be fed the model's inputs but for the
            // minimum cache (Session#mirror): the model's checker judges both, and only the cache rule is the
            // subject's own. Its failures and observations are those of a subject checked on its own.
            agreed = true;
            m = model.check(pm);
            s = subject.mirror(ps, model);
        } else {
            // The two part: from this step on the subject has a checker of its own, the one it would have had, which
            // is the model's as it stood before this step.
            subject.part(model.checkerCopy());
            m = model.check(pm);
            s = subject.check(ps);
        }
        lastModel = m;
        lastSubject = s;
        if (checkScans) {
            reference.perform(op);
        }
        if (m.thrown() != null && !m.thrown().specified()) {
            return new Failure(
                    Failure.Kind.MODEL_THREW,
                    index,
                    Failure.thrownSignature(Failure.Kind.MODEL_THREW, m.thrown()),
                    "the model threw " + m.thrown().type() + ": " + m.thrown().message(),
                    m,
                    s);
        }
        toleratedNow = null;
        Set<Invariant> modelBroke = Set.of(); // made only when the model breaks something: most steps break nothing
        if (!m.violations().isEmpty()) {
            Failure f = new Failure(
                    Failure.Kind.MODEL_INVARIANT,
                    index,
                    Failure.invariantSignature(Failure.Kind.MODEL_INVARIANT, m.violations()),
                    "the model broke " + m.violations(),
                    m,
                    s);
            if (tolerated == null && !tolerance.tolerates(f)) {
                return f;
            }
            if (tolerated == null) { // a known finding: recorded, and the comparison goes on (spec §3)
                tolerated = f;
                toleratedNow = f;
            }
            modelBroke = EnumSet.noneOf(Invariant.class);
            for (Violation v : m.violations()) {
                modelBroke.add(v.invariant());
            }
        }
        if (subject == null) {
            return null;
        }
        if (s.thrown() != null && !s.thrown().specified()) {
            return new Failure(
                    Failure.Kind.SUBJECT_THREW,
                    index,
                    Failure.thrownSignature(Failure.Kind.SUBJECT_THREW, s.thrown()),
                    "the subject threw " + s.thrown().type() + ": " + s.thrown().message() + "; the model answered "
                            + m.answer(),
                    m,
                    s);
        }
        if (outside) {
            return outsideStep(index, op, m, s);
        }
        // A mirrored step compared answers and snapshots already (sameAs implies both comparisons below).
        if (!agreed && !m.sameAnswer(s)) {
            return new Failure(
                    Failure.Kind.DIVERGENCE,
                    index,
                    "DIVERGENCE:answer",
                    "the model answered " + m.answer() + ", the subject " + s.answer(),
                    m,
                    s);
        }
        if (!agreed && !Objects.equals(m.snapshot(), s.snapshot())) {
            return new Failure(
                    Failure.Kind.DIVERGENCE,
                    index,
                    "DIVERGENCE:state",
                    "both answered " + m.answer() + ", but their states differ in "
                            + Snapshots.differences(m.snapshot(), s.snapshot()),
                    m,
                    s);
        }
        // A breach the model makes at the same step is the finding's, not the subject's (a faithful port breaks
        // I11 with the model); modelBroke is empty unless the pair is past a known finding.
        List<Violation> own = s.violations().isEmpty() ? List.of() : ownBreaches(s.violations(), modelBroke);
        if (!own.isEmpty()) {
            boolean excused = own.size() < s.violations().size();
            // The failure carries the subject's own breaches only, so its reports and the kill matrix name those.
            Observation blamed = excused
                    ? new Observation(s.op(), s.reply(), s.attachedId(), s.thrown(), s.snapshot(), own, s.probe())
                    : s;
            return new Failure(
                    Failure.Kind.SUBJECT_INVARIANT,
                    index,
                    Failure.invariantSignature(Failure.Kind.SUBJECT_INVARIANT, own),
                    "the subject broke " + own + (excused ? " (and, with the model, " + modelBroke + ")" : ""),
                    m,
                    blamed);
        }
        if (checkScans && !reference.broken() && scans(subject) != scans(reference)) {
            return new Failure(
                    Failure.Kind.SUBJECT_SCANS,
                    index,
                    Failure.Kind.SUBJECT_SCANS.name(),
                    "both answered " + m.answer() + " and agree on the state and the cache, but this operation made"
                            + " the subject scan its consumers " + (scans(subject) - subjectScansBefore)
                            + " time(s) and its reference "
                            + ((ScanCheck) subjectFactory).reference().id() + " "
                            + (scans(reference) - referenceScansBefore) + " time(s) (" + scans(subject) + " and "
                            + scans(reference) + " so far)",
                    m,
                    s);
        }
        return null;
    }

    /** The subject's breaches of invariants the model did not break at the same step. */
    private static List<Violation> ownBreaches(List<Violation> subject, Set<Invariant> modelBroke) {
        List<Violation> own = new ArrayList<>(subject.size());
        for (Violation v : subject) {
            if (!modelBroke.contains(v.invariant())) {
                own.add(v);
            }
        }
        return List.copyOf(own);
    }

    /** Compares what an outside observer sees: answers, then probes. */
    private Failure outsideStep(int index, Op op, Observation m, Observation s) {
        Observation seen = OutsideView.of((ScanningModel) model.broadcast(), m);
        Observation got = OutsideView.ordered(s);
        if (!seen.sameAnswer(got)) {
            return new Failure(
                    Failure.Kind.DIVERGENCE,
                    index,
                    "DIVERGENCE:answer:" + OutsideView.shape(op, seen, got),
                    "the model answered " + OutsideView.answer(seen) + ", the subject " + OutsideView.answer(got),
                    m,
                    s);
        }
        Probe expected = Probe.of(m.snapshot(), options);
        if (!expected.equals(s.probe())) {
            return new Failure(
                    Failure.Kind.DIVERGENCE,
                    index,
                    "DIVERGENCE:probe:" + op.kind() + ": " + probeShape(expected, s.probe()),
                    "both answered " + OutsideView.answer(seen) + ", but the model's state gives " + expected
                            + " and the subject shows " + s.probe(),
                    m,
                    s);
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
