package io.cursorcheck.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.cursorcheck.properties.RaceOutcomes;
import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.race.RaceCatalogue;
import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Reply;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

/**
 * Publish vs read. Hypothesis: a consumer reading (lock-free: an idle second consumer shares the
 * minimum) while the writer appends gets the entry whole,
 * either by its own read (after publication) or, having had to wait, from the write's notify;
 * never a slot the writer has not finished (I4). The twin publishes the ring's end before it
 * stores the entry, so a lock-free read can see a zero-size entry 0.
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                       Locked   Published  EndPublishedBeforeEntryTwin
 * notified-e0/7              1,510,812   1,346,653                    1,055,669
 * read-e0/7                  1,516,170   1,620,004                    1,068,409
 * read-e0/0 (F)                      0           0                        1,272
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests PublishVsRead}.
 */
public class PublishVsReadStress {

    static final Options OPTIONS = RaceCatalogue.PUBLISH_VS_READ.options();

    abstract static class Scene {
        final BlockingBroadcast b;
        final ConsumerHandle c0;
        Reply write;
        Reply read;

        Scene(BlockingBroadcast b) {
            this.b = b;
            this.c0 = b.attach();
            b.attach(); // an idle second consumer at the minimum, so c0's read can run lock-free
        }

        void write() {
            write = b.writeSync(7);
        }

        void read() {
            read = b.next(c0);
        }

        void arbiter(L_Result r) {
            r.r1 = RaceOutcomes.delivered(read, write);
        }
    }

    @JCStressTest
    @Outcome(id = "read-e0/7", expect = ACCEPTABLE, desc = "I4: read after the write published entry 0, whole")
    @Outcome(
            id = "notified-e0/7",
            expect = ACCEPTABLE,
            desc = "I4: waited; the write's notify delivered entry 0, whole")
    @Outcome(expect = FORBIDDEN, desc = "I4: a torn, lost or unwritten entry")
    @State
    public static class Locked extends Scene {
        public Locked() {
            super(Subjects.race(Subjects.LOCKED, OPTIONS));
        }

        @Actor
        public void writer() {
            write();
        }

        @Actor
        public void reader() {
            read();
        }

        @Arbiter
        public void check(L_Result r) {
            arbiter(r);
        }
    }

    @JCStressTest
    @Outcome(id = "read-e0/7", expect = ACCEPTABLE, desc = "I4: read after the write published entry 0, whole")
    @Outcome(
            id = "notified-e0/7",
            expect = ACCEPTABLE,
            desc = "I4: waited; the write's notify delivered entry 0, whole")
    @Outcome(expect = FORBIDDEN, desc = "I4: a torn, lost or unwritten entry")
    @State
    public static class Published extends Scene {
        public Published() {
            super(Subjects.race(Subjects.PUBLISHED, OPTIONS));
        }

        @Actor
        public void writer() {
            write();
        }

        @Actor
        public void reader() {
            read();
        }

        @Arbiter
        public void check(L_Result r) {
            arbiter(r);
        }
    }

    /** Twin: end-published-before-entry. */
    @JCStressTest
    @Outcome(id = "read-e0/7", expect = ACCEPTABLE, desc = "I4: read after the write published entry 0, whole")
    @Outcome(
            id = "notified-e0/7",
            expect = ACCEPTABLE,
            desc = "I4: waited; the write's notify delivered entry 0, whole")
    @Outcome(expect = FORBIDDEN, desc = "I4: a torn, lost or unwritten entry")
    @State
    public static class EndPublishedBeforeEntryTwin extends Scene {
        public EndPublishedBeforeEntryTwin() {
            super(Subjects.race("end-published-before-entry", OPTIONS));
        }

        @Actor
        public void writer() {
            write();
        }

        @Actor
        public void reader() {
            read();
        }

        @Arbiter
        public void check(L_Result r) {
            arbiter(r);
        }
    }
}
