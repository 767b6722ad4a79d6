package io.cursorcheck.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.cursorcheck.properties.RaceOutcomes;
import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.race.RaceCatalogue;
import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Snapshot;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * The last read at the minimum vs a snapshot. Hypothesis: a snapshot taken while the last consumer
 * at the minimum reads past it shows the state before the read or after it, with the buffer
 * trimmed to the slowest cursor either way (I5), never in between. The twin is this class's earlier
 * design (Lincheck found its gap): the last reader reads lock-free and trims afterwards under the
 * lock, and a snapshot in the gap shows the cursor moved and the entry still retained.
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                       Locked   Published  SplitLastReadTwin
 * e0/1, ok-0                 1,007,420   1,036,945            791,159
 * e0/1, ok-1                 1,476,842   1,140,117            919,218
 * e0/1, I5 (F)                       0           0             43,171
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests LastReadVsSnapshot}.
 */
public class LastReadVsSnapshotStress {

    static final Options OPTIONS = RaceCatalogue.LAST_READ_VS_SNAPSHOT.options();

    abstract static class Scene {
        final BlockingBroadcast b;
        final ConsumerHandle c0;
        String read;
        String seen;

        Scene(BlockingBroadcast b) {
            this.b = b;
            this.c0 = b.attach();
            ConsumerHandle c1 = b.attach();
            b.writeSync(1); // entry 0
            b.next(c1); // c1 ahead: c0 is the last consumer at the minimum
        }

        void read() {
            read = RaceOutcomes.call(() -> b.next(c0));
        }

        void look() {
            Snapshot s = b.snapshot(); // one atomic query: the buffer and every cursor
            long min = s.consumers().stream()
                    .mapToLong(Snapshot.ConsumerState::cursor)
                    .min()
                    .orElse(s.end());
            seen = s.bufferStart() == min ? "ok-" + s.bufferStart() : "I5";
        }

        void arbiter(LL_Result r) {
            r.r1 = read;
            r.r2 = seen;
        }
    }

    @JCStressTest
    @Outcome(id = "e0/1, ok-0", expect = ACCEPTABLE, desc = "I5: the snapshot came before the read")
    @Outcome(id = "e0/1, ok-1", expect = ACCEPTABLE, desc = "I5: the snapshot came after the read and its trim")
    @Outcome(
            expect = FORBIDDEN,
            desc = "I5: the snapshot saw the read half done: the cursor moved, the entry untrimmed")
    @State
    public static class Locked extends Scene {
        public Locked() {
            super(Subjects.race(Subjects.LOCKED, OPTIONS));
        }

        @Actor
        public void c0ReadsLast() {
            read();
        }

        @Actor
        public void snapshot() {
            look();
        }

        @Arbiter
        public void check(LL_Result r) {
            arbiter(r);
        }
    }

    @JCStressTest
    @Outcome(id = "e0/1, ok-0", expect = ACCEPTABLE, desc = "I5: the snapshot came before the read")
    @Outcome(id = "e0/1, ok-1", expect = ACCEPTABLE, desc = "I5: the snapshot came after the read and its trim")
    @Outcome(
            expect = FORBIDDEN,
            desc = "I5: the snapshot saw the read half done: the cursor moved, the entry untrimmed")
    @State
    public static class Published extends Scene {
        public Published() {
            super(Subjects.race(Subjects.PUBLISHED, OPTIONS));
        }

        @Actor
        public void c0ReadsLast() {
            read();
        }

        @Actor
        public void snapshot() {
            look();
        }

        @Arbiter
        public void check(LL_Result r) {
            arbiter(r);
        }
    }

    /** Twin: split-last-read. */
    @JCStressTest
    @Outcome(id = "e0/1, ok-0", expect = ACCEPTABLE, desc = "I5: the snapshot came before the read")
    @Outcome(id = "e0/1, ok-1", expect = ACCEPTABLE, desc = "I5: the snapshot came after the read and its trim")
    @Outcome(
            expect = FORBIDDEN,
            desc = "I5: the snapshot saw the read half done: the cursor moved, the entry untrimmed")
    @State
    public static class SplitLastReadTwin extends Scene {
        public SplitLastReadTwin() {
            super(Subjects.race("split-last-read", OPTIONS));
        }

        @Actor
        public void c0ReadsLast() {
            read();
        }

        @Actor
        public void snapshot() {
            look();
        }

        @Arbiter
        public void check(LL_Result r) {
            arbiter(r);
        }
    }
}
