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
 * Attach vs trim. Hypothesis: a late joiner attached while the only other consumer's read trims
 * the buffer starts at a bufferStart that is current: it reads entry 0 (joined before the trim) or
 * entry 1 (after), never a trimmed slot, and the cache afterwards counts it (I1, I5, I6, I7). The
 * twin attaches without the lock: the joiner reads a stale bufferStart, or races the trim's
 * bookkeeping.
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                                                      Locked   Published  UnlockedAttachTwin
 * e0/3, e0/3, ok-1                                            255,342     361,524             113,597
 * e0/3, e1/4, ok-1                                          2,003,640   1,313,778           1,268,145
 * e0/3, e0/3, I5 (F)                                                0           0                  14
 * e0/3, e0/3, I6 (F)                                                0           0                 274
 * e0/3, threw-ImpossibleStateException, I1 (F)                      0           0               6,020
 * threw-ConcurrentModificationException, e0/3, ok-1 (F)             0           0                 532
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests AttachVsTrim}.
 */
public class AttachVsTrimStress {

    static final Options OPTIONS = RaceCatalogue.ATTACH_VS_TRIM.options();

    abstract static class Scene {
        final BlockingBroadcast b;
        final ConsumerHandle c0;
        String reader;
        String joiner;

        Scene(BlockingBroadcast b) {
            this.b = b;
            this.c0 = b.attach();
            b.writeSync(3); // entry 0
            b.writeSync(4); // entry 1
        }

        void read() {
            reader = RaceOutcomes.call(() -> b.next(c0)); // c0 is alone at the minimum: this read trims entry 0
        }

        void join() {
            ConsumerHandle c1 = b.attach();
            joiner = RaceOutcomes.call(() -> b.next(c1));
        }

        void arbiter(LLL_Result r) {
            r.r1 = reader;
            r.r2 = joiner;
            r.r3 = RaceOutcomes.invariants(b);
        }
    }

    @JCStressTest
    @Outcome(
            id = "e0/3, e0/3, ok-1",
            expect = ACCEPTABLE,
            desc = "I7: joined before the trim, read entry 0 from bufferStart")
    @Outcome(
            id = "e0/3, e1/4, ok-1",
            expect = ACCEPTABLE,
            desc = "I1: joined after the trim, started at the new bufferStart")
    @Outcome(expect = FORBIDDEN, desc = "I1, I5, I6: a joiner below bufferStart, a trimmed slot read, or a stale cache")
    @State
    public static class Locked extends Scene {
        public Locked() {
            super(Subjects.race(Subjects.LOCKED, OPTIONS));
        }

        @Actor
        public void c0Reads() {
            read();
        }

        @Actor
        public void joinerAttachesAndReads() {
            join();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }

    @JCStressTest
    @Outcome(
            id = "e0/3, e0/3, ok-1",
            expect = ACCEPTABLE,
            desc = "I7: joined before the trim, read entry 0 from bufferStart")
    @Outcome(
            id = "e0/3, e1/4, ok-1",
            expect = ACCEPTABLE,
            desc = "I1: joined after the trim, started at the new bufferStart")
    @Outcome(expect = FORBIDDEN, desc = "I1, I5, I6: a joiner below bufferStart, a trimmed slot read, or a stale cache")
    @State
    public static class Published extends Scene {
        public Published() {
            super(Subjects.race(Subjects.PUBLISHED, OPTIONS));
        }

        @Actor
        public void c0Reads() {
            read();
        }

        @Actor
        public void joinerAttachesAndReads() {
            join();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }

    /** Twin: unlocked-attach. */
    @JCStressTest
    @Outcome(
            id = "e0/3, e0/3, ok-1",
            expect = ACCEPTABLE,
            desc = "I7: joined before the trim, read entry 0 from bufferStart")
    @Outcome(
            id = "e0/3, e1/4, ok-1",
            expect = ACCEPTABLE,
            desc = "I1: joined after the trim, started at the new bufferStart")
    @Outcome(expect = FORBIDDEN, desc = "I1, I5, I6: a joiner below bufferStart, a trimmed slot read, or a stale cache")
    @State
    public static class UnlockedAttachTwin extends Scene {
        public UnlockedAttachTwin() {
            super(Subjects.race("unlocked-attach", OPTIONS));
        }

        @Actor
        public void c0Reads() {
            read();
        }

        @Actor
        public void joinerAttachesAndReads() {
            join();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }
}
