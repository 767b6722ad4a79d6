package io.cursorcheck.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LLL_Result;

/**
 * Detach vs recompute. Hypothesis: with two consumers at the minimum, one detaching while the
 * other reads past it (whichever of the two takes the count to zero rescans) always ends with the
 * buffer trimmed to the new minimum and an exact cache (I5, I6). No racy twin here: the detach runs
 * in an exclusive section, so its decrement never overlaps the reader's, and the two decrements are
 * ordered by the handshake in every variant, twins included (measured: the plain-count twin passes
 * this test; {@link CountRaceStress} is where it fails).
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), 2026-11-29, OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                       Locked   Published
 * done, e0/1, ok-1           1,849,382   1,818,662
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests DetachVsRecompute}.
 */
public class DetachVsRecomputeStress {

    static final Options OPTIONS = Options.of(100, Policy.STRICT);

    abstract static class Scene {
        final BlockingBroadcast b;
        final ConsumerHandle c0;
        final ConsumerHandle c1;
        String detach;
        String read;

        Scene(BlockingBroadcast b) {
            this.b = b;
            this.c0 = b.attach();
            this.c1 = b.attach();
            ConsumerHandle c2 = b.attach();
            b.writeSync(1); // entry 0
            b.writeSync(2); // entry 1
            b.next(c2); // c2 ahead at 1; c0 and c1 at the minimum 0
        }

        void detach() {
            detach = Stress.call(() -> b.detach(c0));
        }

        void read() {
            read = Stress.call(() -> b.next(c1));
        }

        void arbiter(LLL_Result r) {
            r.r1 = detach;
            r.r2 = read;
            r.r3 = Stress.invariants(b);
        }
    }

    @JCStressTest
    @Outcome(id = "done, e0/1, ok-1", expect = ACCEPTABLE, desc = "I5, I6: the minimum moved to 1 and the cache counts c1 and c2")
    @Outcome(expect = FORBIDDEN, desc = "I5, I6: a lost decrement (trimming stalls) or a stale cache")
    @State
    public static class Locked extends Scene {
        public Locked() {
            super(Stress.locked(OPTIONS));
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
    @Outcome(id = "done, e0/1, ok-1", expect = ACCEPTABLE, desc = "I5, I6: the minimum moved to 1 and the cache counts c1 and c2")
    @Outcome(expect = FORBIDDEN, desc = "I5, I6: a lost decrement (trimming stalls) or a stale cache")
    @State
    public static class Published extends Scene {
        public Published() {
            super(Stress.published(OPTIONS));
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
