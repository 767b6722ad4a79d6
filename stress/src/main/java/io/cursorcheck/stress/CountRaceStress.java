package io.cursorcheck.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.cursorcheck.properties.RaceOutcomes;
import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.race.RaceCatalogue;
import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LLL_Result;

/**
 * The count race. Hypothesis: two consumers at the minimum reading past it at once both count:
 * one decrements lock-free from two to one, the other, last at the minimum, reads under the lock
 * and trims, and the cache is exact afterwards (I5, I6).
 * The twin's plain read-modify-write lets both read the count as two and both go lock-free: the
 * count stays at one, nobody trims, and the buffer keeps an entry every consumer has read.
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                       Locked   Published  PlainCountDecrementTwin
 * e0/5, e0/5, ok-1           2,566,182   1,726,502                1,673,035
 * e0/5, e0/5, I5 (F)                 0           0                    2,267
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests CountRace}.
 */
public class CountRaceStress {

    static final Options OPTIONS = RaceCatalogue.COUNT_RACE.options();

    abstract static class Scene {
        final BlockingBroadcast b;
        final ConsumerHandle c0;
        final ConsumerHandle c1;
        String first;
        String second;

        Scene(BlockingBroadcast b) {
            this.b = b;
            this.c0 = b.attach();
            this.c1 = b.attach();
            b.writeSync(5); // entry 0; both consumers at the minimum
        }

        void readC0() {
            first = RaceOutcomes.call(() -> b.next(c0));
        }

        void readC1() {
            second = RaceOutcomes.call(() -> b.next(c1));
        }

        void arbiter(LLL_Result r) {
            r.r1 = first;
            r.r2 = second;
            r.r3 = RaceOutcomes.invariants(b);
        }
    }

    @JCStressTest
    @Outcome(
            id = "e0/5, e0/5, ok-1",
            expect = ACCEPTABLE,
            desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
    @Outcome(expect = FORBIDDEN, desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
    @State
    public static class Locked extends Scene {
        public Locked() {
            super(Subjects.race(Subjects.LOCKED, OPTIONS));
        }

        @Actor
        public void c0Reads() {
            readC0();
        }

        @Actor
        public void c1Reads() {
            readC1();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }

    @JCStressTest
    @Outcome(
            id = "e0/5, e0/5, ok-1",
            expect = ACCEPTABLE,
            desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
    @Outcome(expect = FORBIDDEN, desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
    @State
    public static class Published extends Scene {
        public Published() {
            super(Subjects.race(Subjects.PUBLISHED, OPTIONS));
        }

        @Actor
        public void c0Reads() {
            readC0();
        }

        @Actor
        public void c1Reads() {
            readC1();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }

    /** Twin: plain-count-decrement. */
    @JCStressTest
    @Outcome(
            id = "e0/5, e0/5, ok-1",
            expect = ACCEPTABLE,
            desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
    @Outcome(expect = FORBIDDEN, desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
    @State
    public static class PlainCountDecrementTwin extends Scene {
        public PlainCountDecrementTwin() {
            super(Subjects.race("plain-count-decrement", OPTIONS));
        }

        @Actor
        public void c0Reads() {
            readC0();
        }

        @Actor
        public void c1Reads() {
            readC1();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }
}
