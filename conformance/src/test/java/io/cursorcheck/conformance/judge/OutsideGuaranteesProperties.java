package io.cursorcheck.conformance.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The soundness of {@link OutsideGuarantees} on correct traces: random scripts of every policy, in both
 * shapes a release has (the byte budget with any sizes, the entry count with writes of one unit), run on
 * the model and on every port that conforms to it, seen as a user of a release sees them
 * ({@link OutsideView}: {@code DATA} names its write, DISCARDED looks like ACCEPTED, settlements in
 * operation order, the probe the state gives). No rule may report anything there, up to the step where
 * the model itself breaks an invariant (a known finding such as {@code reentrant-*}: from there on the
 * spec's algorithm is broken and a breach may be real).
 *
 * <p>The negative control runs the same property over the catalogue mutant {@code trim-to-end}, which
 * trims entries its slower consumers have not read: a real §3 breach (I1, I4), which the property must
 * report as a skipped entry, a stranded read or a probe that says room on a buffer held full for a slower consumer.
 *
 * <p>Reproducible: sequence {@code i} of a variant and shape has seed
 * {@code RandomRun.sequenceSeed(SEED, i)} (printed); a failure names the seed, the script and the breach.
 * A longer search: {@code mvn -B verify -pl conformance -am -Dtest=OutsideGuaranteesProperties
 * -Dsurefire.failIfNoSpecifiedTests=false -DargLine="-DoutsideGuarantees.sequences=5000
 * -DoutsideGuarantees.seed=7"}.
 */
class OutsideGuaranteesProperties {

    /** The run's seed; {@code -DoutsideGuarantees.seed=S} replays or varies it. */
    static final long SEED = Long.getLong("outsideGuarantees.seed", 20_261_201L);
    /** Sequences per variant and shape; {@code -DoutsideGuarantees.sequences=N} searches longer. */
    static final int SEQUENCES = Integer.getInteger("outsideGuarantees.sequences", 200);
    /** Operations per sequence at most; {@code -DoutsideGuarantees.maxSteps=N}. */
    static final int MAX_STEPS = Integer.getInteger("outsideGuarantees.maxSteps", 40);
    /** Sequences the negative control may take to show its first breach. */
    static final int CONTROL_SEQUENCES = 4_000;
    /** The model and the ports that must agree with it on every observation. */
    static final List<Variant> CONFORMING =
            List.of(Variant.MODEL, Variant.CACHED_COUNT, Variant.LOCKED_COUNT, Variant.PUBLISHED_CURSOR, Variant.WHEEL);

    /** The two API shapes of a release. */
    enum Shape {
        /** The byte budget ({@code budget}): writes of any size. */
        BUDGET(new BroadcastFactory.Capabilities(false, false)),
        /** The entry count ({@code highWaterMark}): every write is one unit. */
        ENTRY_COUNT(new BroadcastFactory.Capabilities(false, true));

        final BroadcastFactory.Capabilities capabilities;

        Shape(BroadcastFactory.Capabilities capabilities) {
            this.capabilities = capabilities;
        }

        Generator generator() {
            return new Generator(Conformance.WEIGHTS, capabilities); // no bad input: a release never gets any
        }
    }

    /** One sequence seen from outside, up to (not including) the model's first failure, if any. */
    record Seen(long seed, Script script, List<Observation> outside, Failure modelFailure) {
        String replay(String subject, Object shape) {
            return subject + ", " + shape + ", sequence seed " + seed + " (run seed " + SEED + "), " + script.options()
                    + ":\n  " + String.join("\n  ", script.lines());
        }
    }

    @Test
    void noRuleReportsABreachOnAConformingTrace() {
        System.out.printf(
                "OutsideGuaranteesProperties: seed %d, %d sequences of at most %d operations per variant"
                        + " and shape%n",
                SEED, SEQUENCES, MAX_STEPS);
        for (Shape shape : Shape.values()) {
            Map<Patterns.Pattern, Long> patterns = new EnumMap<>(Patterns.Pattern.class);
            long stoppedByTheModel = 0;
            for (Variant v : CONFORMING) {
                for (int i = 0; i < SEQUENCES; i++) {
                    Seen seen = conforming(v, shape, RandomRun.sequenceSeed(SEED, i));
                    if (seen.modelFailure() != null) {
                        stoppedByTheModel++;
                    }
                    List<OutsideGuarantees.Breach> breaches = OutsideGuarantees.check(seen.script(), seen.outside());
                    assertThat(breaches)
                            .as("a breach on a correct trace of %s", seen.replay(v.id(), shape))
                            .isEmpty();
                    for (Patterns.Pattern p :
                            Patterns.in(new Lockstep.Run(seen.script(), seen.outside(), seen.outside(), null))) {
                        patterns.merge(p, 1L, Long::sum);
                    }
                }
            }
            System.out.printf(
                    "  %s: patterns %s; %d sequence(s) stopped at a model finding%n",
                    shape, patterns, stoppedByTheModel);
            // The property is only as strong as what it drew: every pattern the spec covers must be in it.
            assertThat(patterns.keySet())
                    .as("patterns drawn in shape %s", shape)
                    .containsExactlyInAnyOrder(Patterns.Pattern.values());
        }
    }

    @Test
    void noRuleReportsABreachBeforeAKnownFindingsStep() {
        // Random sequences seldom reach a known finding; their own scripts do, with the re-entrant flushes
        // that make them: every step before the model breaks must still be free of breaches.
        List<KnownFindings.Finding> known =
                KnownFindings.load(SourceTree.root()).all();
        assertThat(known).as("known findings").isNotEmpty();
        for (KnownFindings.Finding f : known) {
            for (Variant v : CONFORMING) {
                Seen seen = fixed(v, f.counterexample().script(), f.name());
                assertThat(seen.modelFailure())
                        .as("%s reaches its finding on %s", f.name(), v.id())
                        .isNotNull();
                assertThat(OutsideGuarantees.check(seen.script(), seen.outside()))
                        .as("a breach before the finding's step of %s", seen.replay(v.id(), f.name()))
                        .isEmpty();
            }
        }
    }

    @Test
    void theSamePropertyReportsAMutantThatTrimsUnreadEntries() {
        BroadcastFactory mutant = Mutants.factory(Mutants.named("trim-to-end"));
        List<OutsideGuarantees.Breach> caught = List.of();
        // Most of its sequences stop where the port's own guard throws (a crash, judged apart, never a catch);
        // the property must still report the sequences where the loss reaches a read.
        for (int i = 0; i < CONTROL_SEQUENCES && caught.isEmpty(); i++) {
            Seen seen = alone(mutant, Shape.BUDGET, RandomRun.sequenceSeed(SEED, i));
            caught = OutsideGuarantees.check(seen.script(), seen.outside());
            if (!caught.isEmpty()) {
                System.out.printf("  control: %s%n  shows %s%n", seen.replay(mutant.id(), Shape.BUDGET), caught);
            }
        }
        // An entry trimmed before its slowest consumer read it: that consumer skips it, or waits stranded.
        assertThat(OutsideGuarantees.rules(caught))
                .as("the rules the mutant that trims unread entries breaks")
                .containsAnyOf(
                        OutsideGuarantees.Rule.ENTRY_SKIPPED,
                        OutsideGuarantees.Rule.STRANDED_READ,
                        // the entries it trimmed were held for a slower consumer: its canWrite says room on a full
                        // buffer
                        OutsideGuarantees.Rule.PROBE_MISREPORTS_ROOM);
    }

    /**
     * One random sequence of a conforming variant in lockstep with the model, seen from outside. The
     * model's mapping from positions to writes ({@link OutsideView#of}) names the subject's entries too,
     * since the lockstep holds the subject to the model's answers and states.
     */
    static Seen conforming(Variant variant, Shape shape, long seed) {
        Generator generator = shape.generator();
        SplittableRandom random = new SplittableRandom(seed);
        Options options = generator.options(random);
        return conforming(
                variant,
                options,
                seed,
                shape.toString(),
                (pair, now) -> generator.next(random, now, pair.consumers(), options),
                MAX_STEPS);
    }

    /** A fixed script of a conforming variant in lockstep with the model, seen from outside. */
    static Seen fixed(Variant variant, Script script, String name) {
        int[] next = {0};
        return conforming(
                variant, script.options(), 0, name, (pair, now) -> script.ops().get(next[0]++), script.length());
    }

    private static Seen conforming(
            Variant variant,
            Options options,
            long seed,
            String shape,
            java.util.function.BiFunction<LockstepPair, Snapshot, Op> source,
            int steps) {
        LockstepPair pair = new LockstepPair(variant, options);
        EntryNames names = new EntryNames();
        List<Op> ops = new ArrayList<>();
        List<Observation> outside = new ArrayList<>();
        Snapshot now = pair.model().broadcast().snapshot();
        for (int i = 0; i < steps; i++) {
            Op op = source.apply(pair, now);
            ops.add(op);
            Failure f = pair.step(i, op);
            Script script = new Script(options, ops);
            if (f != null && f.kind().againstModel()) {
                return new Seen(seed, script, outside, f); // the spec's algorithm breaks here: stop before it
            }
            if (f != null) {
                throw new AssertionError(variant.id() + " no longer conforms (" + f.detail() + "): "
                        + new Seen(seed, script, outside, null).replay(variant.id(), shape));
            }
            Observation s = pair.lastSubject();
            Observation seen = OutsideView.ordered(
                    OutsideView.of((ScanningModel) pair.model().broadcast(), s));
            // The negative control names entries from the subject's own answers: here both namings must agree,
            // so what the control catches is seen exactly as the property sees a conforming trace.
            names.step(ops, i, s);
            if (!names.outside(s).sameAnswer(seen)) {
                throw new AssertionError("the two namings of entries differ at step " + i + ": "
                        + OutsideView.answer(names.outside(s)) + " / " + OutsideView.answer(seen) + "; "
                        + new Seen(seed, script, outside, null).replay(variant.id(), shape));
            }
            outside.add(withProbe(seen, s.snapshot(), options));
            now = pair.lastModel().snapshot();
        }
        return new Seen(seed, new Script(options, ops), outside, null);
    }

    /**
     * One random sequence of a subject run alone (it need not agree with the model), seen from outside:
     * its entries are named from its own answers ({@link EntryNames}).
     */
    static Seen alone(BroadcastFactory subject, Shape shape, long seed) {
        Generator generator = shape.generator();
        SplittableRandom random = new SplittableRandom(seed);
        Options options = generator.options(random);
        Session session = new Session(subject, options);
        EntryNames names = new EntryNames();
        List<Op> ops = new ArrayList<>();
        List<Observation> outside = new ArrayList<>();
        for (int i = 0; i < MAX_STEPS && !session.broken(); i++) {
            Op op = generator.next(random, session.broadcast().snapshot(), session.consumers(), options);
            ops.add(op);
            Observation s = session.apply(op);
            if (s.snapshot() == null) {
                break; // it threw what the spec does not specify: nothing more to see
            }
            names.step(ops, i, s);
            outside.add(withProbe(names.outside(s), s.snapshot(), options));
        }
        return new Seen(seed, new Script(options, ops), outside, null);
    }

    private static Observation withProbe(Observation o, Snapshot state, Options options) {
        return new Observation(
                o.op(),
                o.reply(),
                o.attachedId(),
                o.thrown(),
                o.snapshot(),
                o.violations(),
                state == null ? null : Probe.of(state, options));
    }

    /**
     * Names a subject's entries by the write that stored them, from its own answers: entries append in
     * the order they are stored, a write of size 1 or more stores one when it is ACCEPTED at once or
     * settled ACCEPTED by a flush (in the order the subject settled them). Checked against the subject's
     * end position after every operation, so a naming that went wrong is an error of the test, never a
     * breach.
     */
    static final class EntryNames {
        private final List<Long> writers = new ArrayList<>();

        void step(List<Op> ops, int i, Observation s) {
            if (s.reply() != null) {
                // Entries land in write order (OutsideGuarantees: landing order is write order), whatever order a
                // re-entrant flush records its settlements in: the writes stored by one operation are named in
                // the order of their operation numbers.
                java.util.TreeMap<Long, Outcome> stored = new java.util.TreeMap<>();
                stored.put((long) i, s.reply().outcome());
                for (Settlement x : s.reply().settlements()) {
                    if (x.op() >= 0 && x.op() < i) {
                        stored.put(x.op(), x.outcome());
                    }
                }
                stored.forEach((w, x) -> store(ops.get((int) (long) w), w, x));
            }
            // A read of a spoiled entry clears the buffer without moving its start (spec §2 reading an entry):
            // end goes back to bufferStart, the names of the cleared positions stay, and nothing is stored after.
            boolean cleared = s.snapshot().sizes().isEmpty()
                    && s.snapshot().errored()
                    && s.snapshot().end() <= writers.size();
            if (s.snapshot().end() != writers.size() && !cleared) {
                throw new IllegalStateException("cannot name the entries of step " + i + " (" + s.op().script() + "): "
                        + writers.size() + " stored by the answers, end is "
                        + s.snapshot().end());
            }
        }

        private void store(Op op, long write, Outcome x) {
            int size = op instanceof Op.Write w
                    ? w.size()
                    : op instanceof Op.WriteSync w
                            ? w.size()
                            : op instanceof Op.Writev w
                                    ? w.sizes().stream()
                                            .mapToInt(Integer::intValue)
                                            .sum()
                                    : op instanceof Op.WritevSync w
                                            ? w.sizes().stream()
                                                    .mapToInt(Integer::intValue)
                                                    .sum()
                                            : 0;
            if (size >= 1 && x.kind() == Outcome.Kind.ACCEPTED) {
                writers.add(write);
            }
        }

        Observation outside(Observation s) {
            if (s.reply() == null) {
                return s;
            }
            List<Settlement> settled = new ArrayList<>();
            for (Settlement x : s.reply().settlements()) {
                settled.add(new Settlement(x.op(), outcome(x.outcome())));
            }
            Reply r = new Reply(s.reply().op(), outcome(s.reply().outcome()), settled);
            return OutsideView.ordered(
                    new Observation(s.op(), r, s.attachedId(), s.thrown(), s.snapshot(), s.violations()));
        }

        private Outcome outcome(Outcome o) {
            return switch (o.kind()) {
                case DATA -> Outcome.data(writers.get((int) o.value()), o.size());
                case DISCARDED -> Outcome.ACCEPTED;
                default -> o;
            };
        }
    }
}
