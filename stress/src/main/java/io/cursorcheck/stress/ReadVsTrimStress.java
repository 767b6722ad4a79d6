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
 * Read vs trim. Hypothesis: a consumer's read of the entry at its cursor is never overtaken by a
 * trim: while it reads entry 0, another consumer leaving the minimum may trim and a write may reuse
 * the slot (budget 1: a ring of one slot), yet the reader gets entry 0 as written (I1, I4). The twin
 * publishes its cursor before it reads the entry, and reads the reused slot: {@code e0/9}.
 *
 * <p>Measured with the gate's settings ({@code bin/cursorcheck stress --mode gate}: one fork,
 * default JVM flags, two runs), OpenJDK 17.0.15, 2 cores; (F) marks a forbidden outcome:
 * <pre>
 * outcome                                   Locked   Published  CursorPublishedBeforeReadTwin
 * e0/7, e0/7-then-accepted, ok-1         1,917,569   1,288,316                      1,719,509
 * e0/7, e0/7-then-refused, ok-1            320,933     141,226                        273,226
 * e0/9, e0/7-then-accepted, ok-1 (F)             0           0                              7
 * </pre>
 *
 * <p>Run: {@code bin/cursorcheck stress --tests ReadVsTrim}.
 */
public class ReadVsTrimStress {

    static final Options OPTIONS = RaceCatalogue.READ_VS_TRIM.options();

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
            b.writeSync(7); // entry 0; the buffer is at its budget
        }

        void readFirst() {
            first = RaceOutcomes.call(() -> b.next(c0));
        }

        void readThenWrite() {
            second = RaceOutcomes.call(() -> b.next(c1)) + "-then-" + RaceOutcomes.call(() -> b.writeSync(9));
        }

        void arbiter(LLL_Result r) {
            r.r1 = first;
            r.r2 = second;
            r.r3 = RaceOutcomes.invariants(b);
        }
    }

    @JCStressTest
    @Outcome(
            id = "e0/7, e0/7-then-accepted, ok-1",
            expect = ACCEPTABLE,
            desc = "I1, I4: c0 read entry 0 whole; c1 then trimmed and the write reused its slot")
    @Outcome(
            id = "e0/7, e0/7-then-refused, ok-1",
            expect = ACCEPTABLE,
            desc = "I1, I4: c1 read first; the write found the buffer full; c0 then read and trimmed")
    @Outcome(expect = FORBIDDEN, desc = "I1, I4: a read of a freed or reused slot, or I5/I6 broken after the race")
    @State
    public static class Locked extends Scene {
        public Locked() {
            super(Subjects.race(Subjects.LOCKED, OPTIONS));
        }

        @Actor
        public void c0Reads() {
            readFirst();
        }

        @Actor
        public void c1ReadsThenWrites() {
            readThenWrite();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }

    @JCStressTest
    @Outcome(
            id = "e0/7, e0/7-then-accepted, ok-1",
            expect = ACCEPTABLE,
            desc = "I1, I4: c0 read entry 0 whole; c1 then trimmed and the write reused its slot")
    @Outcome(
            id = "e0/7, e0/7-then-refused, ok-1",
            expect = ACCEPTABLE,
            desc = "I1, I4: c1 read first; the write found the buffer full; c0 then read and trimmed")
    @Outcome(expect = FORBIDDEN, desc = "I1, I4: a read of a freed or reused slot, or I5/I6 broken after the race")
    @State
    public static class Published extends Scene {
        public Published() {
            super(Subjects.race(Subjects.PUBLISHED, OPTIONS));
        }

        @Actor
        public void c0Reads() {
            readFirst();
        }

        @Actor
        public void c1ReadsThenWrites() {
            readThenWrite();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }

    /** Twin: cursor-published-before-read. */
    @JCStressTest
    @Outcome(
            id = "e0/7, e0/7-then-accepted, ok-1",
            expect = ACCEPTABLE,
            desc = "I1, I4: c0 read entry 0 whole; c1 then trimmed and the write reused its slot")
    @Outcome(
            id = "e0/7, e0/7-then-refused, ok-1",
            expect = ACCEPTABLE,
            desc = "I1, I4: c1 read first; the write found the buffer full; c0 then read and trimmed")
    @Outcome(expect = FORBIDDEN, desc = "I1, I4: a read of a freed or reused slot, or I5/I6 broken after the race")
    @State
    public static class CursorPublishedBeforeReadTwin extends Scene {
        public CursorPublishedBeforeReadTwin() {
            super(Subjects.race("cursor-published-before-read", OPTIONS));
        }

        @Actor
        public void c0Reads() {
            readFirst();
        }

        @Actor
        public void c1ReadsThenWrites() {
            readThenWrite();
        }

        @Arbiter
        public void check(LLL_Result r) {
            arbiter(r);
        }
    }
}
