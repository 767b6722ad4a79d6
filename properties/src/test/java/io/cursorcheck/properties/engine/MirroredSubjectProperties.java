package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A pair's subject checked through the model's checker while the two agree ({@link LockstepPair}'s default) gives
 * exactly the failures and observations of a subject checked by a checker of its own at every step: the same
 * random sequences through both pairs, for every variant and every mutant of the catalogue under both algorithms,
 * each sequence carried on past its failures (as the whole trace of a conformance run is) so that the pairs also
 * meet the steps where model and subject part and what follows them.
 *
 * <p>It can fail: the comparison is of whole lists, and the sample is shown to hold the steps where a mirror that
 * copied the model's breaches, or never parted, would differ: a subject breaking I6 alone (only the cache rule is
 * the subject's own while mirrored), a step where the two part, and steps after it.
 */
class MirroredSubjectProperties {

    private static final int SEQUENCES_PER_SUBJECT = 30;

    private record Counts(long steps, long ownCacheBreaches, long partings, long afterParting) {
        Counts plus(Counts o) {
            return new Counts(
                    steps + o.steps,
                    ownCacheBreaches + o.ownCacheBreaches,
                    partings + o.partings,
                    afterParting + o.afterParting);
        }
    }

    @Test
    void aMirroredSubjectFailsAndAnswersAsOneCheckedOnItsOwn() {
        List<BroadcastFactory> subjects = new ArrayList<>();
        for (Variant v : Variant.values()) {
            if (v != Variant.referenceFor(v.algorithm())) {
                subjects.add(v);
            }
        }
        for (Mutant m : Mutants.CATALOGUE) {
            for (Algorithm a : Algorithm.values()) {
                subjects.add(Mutants.factory(m, a));
            }
        }
        Counts total = new Counts(0, 0, 0, 0);
        long seed = 20_261_206L;
        for (BroadcastFactory subject : subjects) {
            SplittableRandom random = new SplittableRandom(seed++);
            for (int i = 0; i < SEQUENCES_PER_SUBJECT; i++) {
                total = total.plus(compare(subject, random.split()));
            }
        }
        System.out.printf(
                "mirrored subject: %d subjects, %,d steps compared, %,d with an I6 breach of the subject's own, %,d"
                        + " partings, %,d steps after one%n",
                subjects.size(), total.steps, total.ownCacheBreaches, total.partings, total.afterParting);
        assertThat(total.ownCacheBreaches)
                .as("steps where the subject alone breaks I6")
                .isPositive();
        assertThat(total.partings).as("steps where model and subject part").isPositive();
        assertThat(total.afterParting).as("steps compared after a parting").isPositive();
    }

    /**
     * A mirror needs both checkers to start alike: a subject whose fresh broadcast is not in the model's first state
     * (here it holds an entry before the script begins) checks itself from its first step, and then fails and
     * answers as one checked on its own.
     */
    @Test
    void aSubjectThatStartsApartChecksItselfFromItsFirstStep() {
        BroadcastFactory startsWithAnEntry = new BroadcastFactory() {
            @Override
            public String id() {
                return "starts-with-an-entry";
            }

            @Override
            public String description() {
                return "cached-count with an entry written before the script begins";
            }

            @Override
            public io.cursorcheck.spi.Broadcast create(Options options) {
                io.cursorcheck.spi.Broadcast b = Variant.CACHED_COUNT.create(options);
                b.writeSync(1);
                return b;
            }
        };
        Options options = Options.of(2, io.cursorcheck.spi.Policy.STRICT);
        LockstepPair mirrored = new LockstepPair(startsWithAnEntry, options, Tolerance.NONE, true);
        LockstepPair own = new LockstepPair(startsWithAnEntry, options, Tolerance.NONE, false);
        assertThat(mirrored.subject().mirrored())
                .as("mirrored although it starts apart")
                .isFalse();
        Op[] ops = {new Op.Attach(), new Op.Next(0), new Op.WriteSync(1)};
        for (int i = 0; i < ops.length; i++) {
            assertThat(mirrored.step(i, ops[i])).as("step %d", i).isEqualTo(own.step(i, ops[i]));
            assertThat(mirrored.lastSubject()).as("step %d", i).isEqualTo(own.lastSubject());
        }
    }

    private static Counts compare(BroadcastFactory subject, SplittableRandom random) {
        Generator generator = new Generator(Weights.DEFAULT, subject.capabilities());
        Options options = generator.options(random);
        LockstepPair mirrored = new LockstepPair(subject, options, Tolerance.NONE, true);
        LockstepPair own = new LockstepPair(subject, options, Tolerance.NONE, false);
        Snapshot now = mirrored.model().broadcast().snapshot();
        long steps = 0;
        long ownCache = 0;
        long partings = 0;
        long after = 0;
        boolean parted = false;
        for (int i = 0; i < Gate.MAX_STEPS; i++) {
            Op op = generator.next(random, now, mirrored.consumers(), options, mirrored.targets(i));
            boolean wasMirrored = mirrored.subject().mirrored();
            Failure fm = mirrored.step(i, op);
            Failure fo = own.step(i, op);
            // Records all the way down (a Failure holds both observations): equal in every field, the breaches
            // included.
            if (!java.util.Objects.equals(fm, fo)
                    || !mirrored.lastModel().equals(own.lastModel())
                    || !mirrored.lastSubject().equals(own.lastSubject())) {
                String where = subject.id() + " step " + i + " " + op.script();
                assertThat(describe(fm)).as(where).isEqualTo(describe(fo));
                assertThat(describe(mirrored.lastModel())).as(where).isEqualTo(describe(own.lastModel()));
                assertThat(describe(mirrored.lastSubject())).as(where).isEqualTo(describe(own.lastSubject()));
                assertThat(fm).as(where).isEqualTo(fo); // a difference the descriptions above do not show
            }
            steps++;
            if (parted) {
                after++;
            }
            if (wasMirrored && !mirrored.subject().mirrored()) {
                partings++;
                parted = true;
            }
            if (!mirrored.lastSubject().violations().equals(mirrored.lastModel().violations())
                    && mirrored.lastSubject().violations().stream()
                            .anyMatch(v -> v.invariant() == io.cursorcheck.spi.Invariant.I6)) {
                ownCache++;
            }
            Observation m = mirrored.lastModel();
            Observation s = mirrored.lastSubject();
            if (m.thrown() != null || s.thrown() != null || m.snapshot() == null) {
                break;
            }
            now = m.snapshot();
        }
        return new Counts(steps, ownCache, partings, after);
    }

    private static String describe(Failure f) {
        return f == null ? "none" : f.kind() + " " + f.step() + " " + f.signature() + " " + f.detail();
    }

    private static String describe(Observation o) {
        return o.op().script() + " -> " + o.reply() + " id " + o.attachedId() + " thrown " + o.thrown() + " after "
                + o.snapshot() + " breaks " + o.violations() + " probe " + o.probe();
    }
}
