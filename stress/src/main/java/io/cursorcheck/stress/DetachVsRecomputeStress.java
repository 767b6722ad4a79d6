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
 * Detach vs recompute. Hypothesis: a consumer ahead of the minimum detaching while the last
 * consumer at the minimum reads past it (which takes the count to zero, trims and rescans every
 * consumer) always ends with the buffer trimmed to the new minimum and an exact cache that does
 * not count the detached consumer (I5, I6): the lock serialises the detach with the rescan. The
 * twin detaches without the lock: it changes the consumer set and the count while the rescan
 * walks them.
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                                                    Locked   Published  UnlockedDetachTwin
 * done, e0/1, ok-1                                        1,572,902   1,675,302           1,356,809
 * done, e0/1, I6 (F)                                              0           0                  87
 * done, threw-ConcurrentModificationException, I5 (F)             0           0                 966
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests DetachVsRecompute}.
 */
public class DetachVsRecomputeStress {

    static final Options OPTIONS = RaceCatalogue.DETACH_VS_RECOMPUTE.options();

    abstract static class Scene {
        final BlockingBroadcast b;
        final ConsumerHandle c0;
        final ConsumerHandle c1;
        String detach;
        String read;

        Scene(BlockingBroadcast b) {
            this.b = b;
            this.c1 = b.attach();
            this.c0 = b.attach();
            b.writeSync(1); // entry 0
            b.next(c0); // c0 ahead at 1
            for (int i = 0; i < 5; i++) {
                b.next(b.attach()); // five more consumers ahead at 1: a rescan has a few to visit
            }
            // c1 is now alone at the minimum 0: its read takes the count to zero, trims and rescans
        }

        void detach() {
            detach = RaceOutcomes.call(() -> b.detach(c0));
        }

        void read() {
            read = RaceOutcomes.call(() -> b.next(c1));
        }

        void arbiter(LLL_Result r) {
            r.r1 = detach;
            r.r2 = read;
            r.r3 = RaceOutcomes.invariants(b);
        }
    }

    @JCStressTest
    @Outcome(
            id = "done, e0/1, ok-1",
            expect = ACCEPTABLE,
            desc = "I5, I6: the minimum moved to 1; the cache counts everyone there but c0")
    @Outcome(
            expect = FORBIDDEN,
            desc =
                    "I5, I6: a cache counting the detached consumer, an untrimmed buffer, or a rescan broken by the detach")
    @State
    public static class Locked extends Scene {
        public Locked() {
            super(Subjects.race(Subjects.LOCKED, OPTIONS));
        }

        @Actor
        public void detachesC0() {
            detach();
        }

        @Actor
        public void c1Reads() {
            read();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }

    @JCStressTest
    @Outcome(
            id = "done, e0/1, ok-1",
            expect = ACCEPTABLE,
            desc = "I5, I6: the minimum moved to 1; the cache counts everyone there but c0")
    @Outcome(
            expect = FORBIDDEN,
            desc =
                    "I5, I6: a cache counting the detached consumer, an untrimmed buffer, or a rescan broken by the detach")
    @State
    public static class Published extends Scene {
        public Published() {
            super(Subjects.race(Subjects.PUBLISHED, OPTIONS));
        }

        @Actor
        public void detachesC0() {
            detach();
        }

        @Actor
        public void c1Reads() {
            read();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }

    /** Twin: unlocked-detach. */
    @JCStressTest
    @Outcome(
            id = "done, e0/1, ok-1",
            expect = ACCEPTABLE,
            desc = "I5, I6: the minimum moved to 1; the cache counts everyone there but c0")
    @Outcome(
            expect = FORBIDDEN,
            desc =
                    "I5, I6: a cache counting the detached consumer, an untrimmed buffer, or a rescan broken by the detach")
    @State
    public static class UnlockedDetachTwin extends Scene {
        public UnlockedDetachTwin() {
            super(Subjects.race("unlocked-detach", OPTIONS));
        }

        @Actor
        public void detachesC0() {
            detach();
        }

        @Actor
        public void c1Reads() {
            read();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }
}
