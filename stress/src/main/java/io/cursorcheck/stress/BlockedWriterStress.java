package io.cursorcheck.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.race.RaceCatalogue;
import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * A writer blocked on a full buffer vs the advance that frees it. Hypothesis: {@code put} on a
 * STRICT buffer at its budget waits, and the consumer's read that trims the last unread entry
 * flushes the queued write and wakes the writer: no lost wake-up (I12: a queued write exists only
 * while the buffer is at its budget). The twin routes the settlement without signalling: the
 * writer sleeps through it and never terminates.
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                       Locked   Published  LostWakeupTwin
 * STALE (F)                          0           0               2
 * TERMINATED                     1,202       1,087               0
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests BlockedWriter}.
 */
public class BlockedWriterStress {

    static final Options OPTIONS = RaceCatalogue.BLOCKED_WRITER.options();

    abstract static class Scene {
        final BlockingBroadcast b;
        final ConsumerHandle c0;

        Scene(BlockingBroadcast b) {
            this.b = b;
            this.c0 = b.attach();
            b.writeSync(1); // at the budget: the next write queues
        }

        void put() {
            try {
                b.put(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // jcstress interrupts a stale actor: that outcome is STALE
            }
        }

        void read() {
            b.next(c0); // trims entry 0, which flushes the queued write
        }
    }

    @JCStressTest(Mode.Termination)
    @Outcome(
            id = "TERMINATED",
            expect = ACCEPTABLE,
            desc = "I12: the read freed the buffer, flushed the write, woke the writer")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "I12: the writer slept through the trim that flushed its write")
    @State
    public static class Locked extends Scene {
        public Locked() {
            super(Subjects.race(Subjects.LOCKED, OPTIONS));
        }

        @Actor
        public void writer() {
            put();
        }

        @Signal
        public void consumerReads() {
            read();
        }
    }

    @JCStressTest(Mode.Termination)
    @Outcome(
            id = "TERMINATED",
            expect = ACCEPTABLE,
            desc = "I12: the read freed the buffer, flushed the write, woke the writer")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "I12: the writer slept through the trim that flushed its write")
    @State
    public static class Published extends Scene {
        public Published() {
            super(Subjects.race(Subjects.PUBLISHED, OPTIONS));
        }

        @Actor
        public void writer() {
            put();
        }

        @Signal
        public void consumerReads() {
            read();
        }
    }

    /** Twin: lost-wakeup. */
    @JCStressTest(Mode.Termination)
    @Outcome(
            id = "TERMINATED",
            expect = ACCEPTABLE,
            desc = "I12: the read freed the buffer, flushed the write, woke the writer")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "I12: the writer slept through the trim that flushed its write")
    @State
    public static class LostWakeupTwin extends Scene {
        public LostWakeupTwin() {
            super(Subjects.race("lost-wakeup", OPTIONS));
        }

        @Actor
        public void writer() {
            put();
        }

        @Signal
        public void consumerReads() {
            read();
        }
    }
}
