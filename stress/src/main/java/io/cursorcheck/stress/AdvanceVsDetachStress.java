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
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * A consumer's own advance racing its detach. Hypothesis: c0, at the minimum with two others,
 * reads entry 0 lock-free on its thread while another thread detaches it; exactly one of the two
 * takes c0 off the minimum, so the count ends exact at two (I5, I6). The twin skips the
 * handshake's wait: the detach and the lock-free read both decrement, and the count ends one short.
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                       Locked   Published  NoHandshakeTwin
 * done, ok-0                   513,450     414,931          154,872
 * e0/5, ok-0                 1,878,652   1,844,051        1,504,811
 * e0/5, I6 (F)                       0           0            8,787
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests AdvanceVsDetach}.
 */
public class AdvanceVsDetachStress {

    static final Options OPTIONS = RaceCatalogue.ADVANCE_VS_DETACH.options();

    abstract static class Scene {
        final BlockingBroadcast b;
        final ConsumerHandle c0;
        String read;

        Scene(BlockingBroadcast b) {
            this.b = b;
            this.c0 = b.attach();
            b.attach();
            b.attach();
            b.writeSync(5); // entry 0; three consumers at the minimum, so c0's read can run lock-free
        }

        void read() {
            read = RaceOutcomes.call(() -> b.next(c0));
        }

        void detach() {
            RaceOutcomes.call(() -> b.detach(c0));
        }

        void arbiter(LL_Result r) {
            r.r1 = read;
            r.r2 = RaceOutcomes.invariants(b);
        }
    }

    @JCStressTest
    @Outcome(
            id = "e0/5, ok-0",
            expect = ACCEPTABLE,
            desc = "I5, I6: c0 read entry 0, then was detached; c1, c2 keep the minimum")
    @Outcome(id = "done, ok-0", expect = ACCEPTABLE, desc = "I5, I6: c0 was detached first; its read answered DONE")
    @Outcome(expect = FORBIDDEN, desc = "I6: a double decrement (the count one short, or below zero) or a stale cache")
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
        public void detachesC0() {
            detach();
        }

        @Arbiter
        public void check(LL_Result r) {
            arbiter(r);
        }
    }

    @JCStressTest
    @Outcome(
            id = "e0/5, ok-0",
            expect = ACCEPTABLE,
            desc = "I5, I6: c0 read entry 0, then was detached; c1, c2 keep the minimum")
    @Outcome(id = "done, ok-0", expect = ACCEPTABLE, desc = "I5, I6: c0 was detached first; its read answered DONE")
    @Outcome(expect = FORBIDDEN, desc = "I6: a double decrement (the count one short, or below zero) or a stale cache")
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
        public void detachesC0() {
            detach();
        }

        @Arbiter
        public void check(LL_Result r) {
            arbiter(r);
        }
    }

    /** Twin: no-handshake. */
    @JCStressTest
    @Outcome(
            id = "e0/5, ok-0",
            expect = ACCEPTABLE,
            desc = "I5, I6: c0 read entry 0, then was detached; c1, c2 keep the minimum")
    @Outcome(id = "done, ok-0", expect = ACCEPTABLE, desc = "I5, I6: c0 was detached first; its read answered DONE")
    @Outcome(expect = FORBIDDEN, desc = "I6: a double decrement (the count one short, or below zero) or a stale cache")
    @State
    public static class NoHandshakeTwin extends Scene {
        public NoHandshakeTwin() {
            super(Subjects.race("no-handshake", OPTIONS));
        }

        @Actor
        public void c0Reads() {
            read();
        }

        @Actor
        public void detachesC0() {
            detach();
        }

        @Arbiter
        public void check(LL_Result r) {
            arbiter(r);
        }
    }
}
