package io.cursorcheck.conformance;

import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.protocol.Hello;
import io.cursorcheck.conformance.protocol.SubjectCrash;
import io.cursorcheck.conformance.protocol.SubjectProtocolError;
import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Deadline;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.run.RandomRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Two subjects on the same seeded scripts, compared step by step on what an outsider sees: each
 * operation's answer (its outcome, the consumer attach made, or what it threw), the settlements it
 * caused in the order the subject reported them, and the probe after it. No model judges either side:
 * the question is only whether the two answer alike (the self-check of {@code --source builtin}
 * against the builtin; a patched {@code broadcast.js} against the builtin).
 *
 * <p>The scripts are the conformance run's: sequence {@code i} has seed
 * {@link RandomRun#sequenceSeed}{@code (seed, i)}, drawn by the conformance generator with
 * {@link Conformance#WEIGHTS} (less what either subject's API cannot express) while the corrected
 * model ({@link Variant#MODEL_CORRECTED}) runs it, which keeps every guarantee and so never cuts a
 * sequence short at a known finding. Beside the subjects the as-released model ({@link Variant#MODEL})
 * runs the same script, and says whether the sequence reached a path where the two algorithms part
 * (docs/spec.md §8), counted as "the re-entrant path": a trim signalling drain inside a running flush
 * ({@link ScanningModel#trimsInsideFlush()}), or a read of a spoiled entry on a broadcast that was already
 * errored (its snapshot before the operation has an error and a spoiled entry, and after it the spoiled
 * entries are gone: only such a read clears them there, §8 "every consumer leaves a cleared buffer"). A
 * script along which neither happens takes the same steps under both algorithms, so a fix of those paths
 * alone must change nothing there.
 *
 * <p>A sequence stops at its first differing step (after it the two states differ and nothing more is
 * comparable). A crash or a protocol error of either subject is no difference: it is counted as a broken
 * sequence, and a comparison with one is not clean.
 */
public final class SubjectComparison {

    /** Differences kept with their scripts; the rest are counted. */
    public static final int KEPT = 10;
    /** Broken sequences kept with their messages; the rest are counted. */
    public static final int KEPT_BROKEN = 5;
    /** Steps allowed after the broadcast ended with nobody attached, as in a lockstep run. */
    private static final int STEPS_AFTER_QUIET_END = 6;

    private SubjectComparison() {}

    /**
     * What to compare.
     *
     * @param seed      the run's seed
     * @param sequences sequences at most; {@code Long.MAX_VALUE}: until the time is up
     * @param millis    time at most; {@code Long.MAX_VALUE}: until {@code sequences} are done
     * @param maxSteps  operations per sequence at most
     */
    public record Config(long seed, long sequences, long millis, int maxSteps) {
        /**
         * Checks the fields, naming the field and its value.
         *
         * @throws IllegalArgumentException if sequences or millis is below 1 or maxSteps is below 1
         */
        public Config {
            if (sequences < 1) {
                throw new IllegalArgumentException("comparison: sequences must be >= 1, was " + sequences);
            }
            if (millis < 1) {
                throw new IllegalArgumentException("comparison: millis must be >= 1, was " + millis);
            }
            if (maxSteps < 1) {
                throw new IllegalArgumentException("comparison: maxSteps must be >= 1, was " + maxSteps);
            }
        }

        /** A fixed number of sequences, however long they take (a test: not a timing). */
        public static Config sequences(long seed, long sequences, int maxSteps) {
            return new Config(seed, sequences, Long.MAX_VALUE, maxSteps);
        }

        /** As many sequences as {@code millis} allows. */
        public static Config millis(long seed, long millis, int maxSteps) {
            return new Config(seed, Long.MAX_VALUE, millis, maxSteps);
        }
    }

    /**
     * The first step at which a sequence's two subjects answered differently.
     *
     * @param index            the sequence's number in the run
     * @param seed             its seed ({@link RandomRun#sequenceSeed}), shown unsigned as every sequence seed
     * @param script           its script up to and including the differing step
     * @param step             the differing step (0-based)
     * @param first            what the first subject answered there, with its probe
     * @param second           what the second answered there, with its probe
     * @param trimsInsideFlush how often the as-released model had reached the re-entrant path by that step: its
     *                         {@link ScanningModel#trimsInsideFlush()}, plus its spoiled reads on an errored
     *                         broadcast
     */
    public record StepDifference(
            long index, long seed, Script script, int step, String first, String second, long trimsInsideFlush) {
        /** Whether the sequence had reached the re-entrant path at or before the differing step. */
        public boolean reachesReentrantPath() {
            return trimsInsideFlush > 0;
        }

        /** The operation at the differing step, as a script line. */
        public String op() {
            return script.ops().get(step).script();
        }

        /** One paragraph for people: where, what, both answers, and the script. */
        public String describe() {
            return "sequence " + index + " (seed " + Long.toUnsignedString(seed) + "), step " + step + " " + op() + ": "
                    + first + " / "
                    + second
                    + (reachesReentrantPath()
                            ? " (reaches the re-entrant path: " + trimsInsideFlush
                                    + " time(s) a trim inside a flush or a spoiled read on an errored broadcast)"
                            : " (does not reach the re-entrant path)")
                    + "\n    script ("
                    + script.options() + "): " + String.join("; ", script.lines());
        }
    }

    /**
     * What a comparison found.
     *
     * @param first              the first subject's id
     * @param second             the second subject's id
     * @param seed               the run's seed
     * @param sequences          sequences compared
     * @param operations         operations compared in them
     * @param reachingReentrant  sequences that reached the re-entrant path (as-released model), differing or not
     * @param differing          sequences in which the two answered differently
     * @param differingReentrant those of them that had reached the re-entrant path at the differing step
     * @param differences        the first {@value SubjectComparison#KEPT} differing sequences' first differences
     * @param broken             sequences stopped by a crash or protocol error of either subject
     * @param brokenFirst        the first {@value SubjectComparison#KEPT_BROKEN} of those, each with its seed
     * @param millis             wall-clock time
     */
    public record Result(
            String first,
            String second,
            long seed,
            long sequences,
            long operations,
            long reachingReentrant,
            long differing,
            long differingReentrant,
            List<StepDifference> differences,
            long broken,
            List<String> brokenFirst,
            long millis) {

        /** Differing sequences that had not reached the re-entrant path where they differ. */
        public long differingOutsideReentrant() {
            return differing - differingReentrant;
        }

        /** Whether the two answered alike on every step of every sequence, and neither broke. */
        public boolean identical() {
            return differing == 0 && broken == 0 && sequences > 0;
        }

        /**
         * Whether the two answered alike on every sequence up to where it reached the re-entrant path,
         * and neither broke: what a fix of that path alone must show against the builtin.
         */
        public boolean identicalOutsideReentrant() {
            return differingOutsideReentrant() == 0 && broken == 0 && sequences > 0;
        }

        /**
         * The result for people, a few lines: counts, then each kept difference and broken sequence, each
         * with its index in the run (a rerun with the same seed and at least index + 1 sequences reaches
         * it) and its own seed, unsigned.
         */
        public String render() {
            StringBuilder b = new StringBuilder();
            b.append(String.format(
                    "%s vs %s: seed %d, %,d sequences, %,d operations in %.1f s%n",
                    first, second, seed, sequences, operations, millis / 1000.0));
            b.append(String.format(
                    "  %,d sequence(s) reached the re-entrant path (a trim inside a flush, or a spoiled"
                            + " read on an errored broadcast, as-released model)%n",
                    reachingReentrant));
            b.append(String.format(
                    "  %,d sequence(s) answered differently: %,d after reaching the re-entrant path,"
                            + " %,d without reaching it%n",
                    differing, differingReentrant, differingOutsideReentrant()));
            if (broken > 0) {
                b.append(String.format(
                        "  %,d sequence(s) stopped by a crash or protocol error (no comparison)%n", broken));
            }
            for (StepDifference d : differences) {
                b.append("  first difference in ").append(d.describe()).append('\n');
            }
            for (String s : brokenFirst) {
                b.append("  broken: ").append(s).append('\n');
            }
            return b.toString();
        }
    }

    /**
     * Compares the two subjects on the configured scripts.
     *
     * @throws IllegalArgumentException if the two see sizes differently (one counts entries, the other
     *                                  bytes) or either is not observable only and the other is
     */
    public static Result compare(BroadcastFactory first, BroadcastFactory second, Config config) {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        if (!first.capabilities().equals(second.capabilities())) {
            throw new IllegalArgumentException("comparison: " + first.id() + " and " + second.id() + " have different"
                    + " capabilities (" + first.capabilities() + " / " + second.capabilities() + "); the same scripts"
                    + " cannot run on both");
        }
        Generator generator = new Generator(weights(first, second), first.capabilities());
        long start = System.currentTimeMillis();
        long deadline = Deadline.after(start, config.millis());
        long sequences = 0;
        long operations = 0;
        long reaching = 0;
        long differing = 0;
        long differingReentrant = 0;
        long broken = 0;
        List<StepDifference> kept = new ArrayList<>();
        List<String> brokenFirst = new ArrayList<>();
        for (long i = 0; i < config.sequences() && System.currentTimeMillis() < deadline; i++) {
            long seed = RandomRun.sequenceSeed(config.seed(), i);
            Script script = Lockstep.explore(Variant.MODEL_CORRECTED, generator, seed, config.maxSteps(), null)
                    .script();
            Session a = new Session(first, script.options());
            Session b = new Session(second, script.options());
            Session released = new Session(Variant.MODEL, script.options());
            sequences++;
            long trims = 0;
            int step = 0;
            for (; step < script.length(); step++) {
                var op = script.ops().get(step);
                trims = advance(released, op, trims);
                Observation x = a.apply(op);
                Observation y = b.apply(op);
                operations++;
                String crash = brokenBy(x, first.id());
                crash = crash != null ? crash : brokenBy(y, second.id());
                if (crash != null) {
                    broken++;
                    if (brokenFirst.size() < KEPT_BROKEN) {
                        brokenFirst.add("sequence " + i + " (seed " + Long.toUnsignedString(seed) + "), step " + step
                                + " " + op.script() + ": " + crash);
                    }
                    break;
                }
                if (!sameOutside(x, y)) {
                    differing++;
                    if (trims > 0) {
                        differingReentrant++;
                    }
                    if (kept.size() < KEPT) {
                        kept.add(new StepDifference(i, seed, script.prefix(step + 1), step, shown(x), shown(y), trims));
                    }
                    break;
                }
                if (a.broken() || b.broken()) { // both threw alike, outside the spec: nothing more to compare
                    break;
                }
            }
            // A sequence cut short by a difference or a crash counts as reaching the path if its script does.
            for (step++; step < script.length(); step++) {
                trims = advance(released, script.ops().get(step), trims);
            }
            if (trims > 0) {
                reaching++;
            }
        }
        return new Result(
                first.id(),
                second.id(),
                config.seed(),
                sequences,
                operations,
                reaching,
                differing,
                differingReentrant,
                List.copyOf(kept),
                broken,
                List.copyOf(brokenFirst),
                System.currentTimeMillis() - start);
    }

    /**
     * Applies one operation to the as-released model and returns how often the sequence has reached a path
     * where the corrected algorithm parts from it: its trims inside a flush, plus the reads of a spoiled entry
     * on an already errored broadcast so far ({@code reached} before this operation counts those). The model
     * may break at a known finding (it throws what the spec does not specify): its count stays.
     */
    private static long advance(Session released, io.cursorcheck.properties.Op op, long reached) {
        if (released.broken()) {
            return reached;
        }
        ScanningModel model = (ScanningModel) released.broadcast();
        long trimsBefore = model.trimsInsideFlush();
        io.cursorcheck.spi.Snapshot before = model.snapshot();
        released.apply(op);
        io.cursorcheck.spi.Snapshot after = model.snapshot();
        boolean spoiledReadOnErrored = before.error() != null
                && !before.spoiledEntries().isEmpty()
                && after.spoiledEntries().isEmpty()
                && after.sizes().isEmpty();
        return reached + (model.trimsInsideFlush() - trimsBefore) + (spoiledReadOnErrored ? 1 : 0);
    }

    /** The conformance weights, less each operation either external subject's API cannot express. */
    private static Weights weights(BroadcastFactory first, BroadcastFactory second) {
        Weights w = Conformance.WEIGHTS;
        for (BroadcastFactory f : List.of(first, second)) {
            if (f instanceof ExternalSubject e) {
                for (Hello.Unsupported u : e.hello().unsupported()) {
                    w = w.with(u.op() + "=0");
                }
            }
        }
        return w;
    }

    /** Why an observation says nothing about its subject (a crash or protocol error), or null. */
    private static String brokenBy(Observation o, String id) {
        if (o.thrown() != null && o.thrown().cause() instanceof SubjectCrash
                || o.thrown() != null && o.thrown().cause() instanceof SubjectProtocolError) {
            return id + ": " + o.thrown().type() + ": " + o.thrown().message();
        }
        return null;
    }

    /** Same answer, same settlements in the same order, same probe. */
    private static boolean sameOutside(Observation x, Observation y) {
        return x.sameAnswer(y) && Objects.equals(x.probe(), y.probe());
    }

    private static String shown(Observation o) {
        return OutsideView.answer(o) + (o.probe() == null ? "" : " " + o.probe());
    }
}
