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
 * DROP_OLDEST eviction vs a lagging reader. Hypothesis: a laggard reading entry 0 (lock-free: an
 * idle second laggard shares the minimum) while a write evicts it (budget 1: the new entry takes entry 0's slot) gets entry 0 whole, or is forced forward
 * first and gets entry 1; never entry 0's position with entry 1's bytes (I1, I4). The twin publishes
 * its cursor before reading, so the eviction does not wait for it.
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                       Locked   Published  CursorPublishedBeforeReadTwin
 * e0/7, ok-1                 1,626,163   1,370,581                      1,148,396
 * e1/9, ok-1                   499,699     345,681                        168,500
 * e0/9, ok-1 (F)                     0           0                              6
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests DropOldestVsLaggard}.
 */
public class DropOldestVsLaggardStress {

    static final Options OPTIONS = RaceCatalogue.DROP_OLDEST_VS_LAGGARD.options();

    abstract static class Scene {
        final BlockingBroadcast b;
        final ConsumerHandle c0;
        String read;

        Scene(BlockingBroadcast b) {
            this.b = b;
            this.c0 = b.attach();
            b.attach(); // an idle second laggard at the minimum, so c0's read can run lock-free
            b.writeSync(7); // entry 0; at the budget, so the next write evicts it
        }

        void read() {
            read = RaceOutcomes.call(() -> b.next(c0));
        }

        void write() {
            RaceOutcomes.call(() -> b.writeSync(9));
        }

        void arbiter(LL_Result r) {
            r.r1 = read;
            r.r2 = RaceOutcomes.invariants(b);
        }
    }

    @JCStressTest
    @Outcome(id = "e0/7, ok-1", expect = ACCEPTABLE, desc = "I4: read entry 0 before the write; nothing evicted")
    @Outcome(id = "e1/9, ok-1", expect = ACCEPTABLE, desc = "I1, I4: evicted first; forced forward, read entry 1")
    @Outcome(expect = FORBIDDEN, desc = "I1, I4: a torn read of the evicted slot, or a broken state")
    @State
    public static class Locked extends Scene {
        public Locked() {
            super(Subjects.race(Subjects.LOCKED, OPTIONS));
        }

        @Actor
        public void laggardReads() {
            read();
        }

        @Actor
        public void writerEvicts() {
            write();
        }

        @Arbiter
        public void check(LL_Result r) {
            arbiter(r);
        }
    }

    @JCStressTest
    @Outcome(id = "e0/7, ok-1", expect = ACCEPTABLE, desc = "I4: read entry 0 before the write; nothing evicted")
    @Outcome(id = "e1/9, ok-1", expect = ACCEPTABLE, desc = "I1, I4: evicted first; forced forward, read entry 1")
    @Outcome(expect = FORBIDDEN, desc = "I1, I4: a torn read of the evicted slot, or a broken state")
    @State
    public static class Published extends Scene {
        public Published() {
            super(Subjects.race(Subjects.PUBLISHED, OPTIONS));
        }

        @Actor
        public void laggardReads() {
            read();
        }

        @Actor
        public void writerEvicts() {
            write();
        }

        @Arbiter
        public void check(LL_Result r) {
            arbiter(r);
        }
    }

    /** Twin: cursor-published-before-read. */
    @JCStressTest
    @Outcome(id = "e0/7, ok-1", expect = ACCEPTABLE, desc = "I4: read entry 0 before the write; nothing evicted")
    @Outcome(id = "e1/9, ok-1", expect = ACCEPTABLE, desc = "I1, I4: evicted first; forced forward, read entry 1")
    @Outcome(expect = FORBIDDEN, desc = "I1, I4: a torn read of the evicted slot, or a broken state")
    @State
    public static class CursorPublishedBeforeReadTwin extends Scene {
        public CursorPublishedBeforeReadTwin() {
            super(Subjects.race("cursor-published-before-read", OPTIONS));
        }

        @Actor
        public void laggardReads() {
            read();
        }

        @Actor
        public void writerEvicts() {
            write();
        }

        @Arbiter
        public void check(LL_Result r) {
            arbiter(r);
        }
    }
}
