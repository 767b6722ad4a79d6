package io.cursorcheck.properties.examples;

import static io.cursorcheck.properties.Scenario.at;
import static io.cursorcheck.properties.Scenario.settled;
import static io.cursorcheck.spi.Outcome.ACCEPTED;
import static io.cursorcheck.spi.Outcome.DONE;
import static io.cursorcheck.spi.Outcome.PENDING;
import static io.cursorcheck.spi.Outcome.WAIT;
import static io.cursorcheck.spi.Outcome.data;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Scenario;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;

/** Reads: waiting, overlapping reads queued behind an outstanding one, and how they settle. */
public final class ReadExamples {

    private static final Options ROOMY = Options.of(1000, Policy.STRICT);

    private ReadExamples() {}

    /** Overlapping reads answer WAIT then PENDING, and later writes settle them in order, one entry per read. */
    public static void overlappingReadsSettleInTheOrderMadeOneEntryPerWrite(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int c0 = s.attach();
        long r1 = s.next(c0).is(WAIT).op();
        long r2 = s.next(c0).is(PENDING).op();
        long r3 = s.next(c0).is(PENDING).op();
        s.state().buffer(0).consumers(at(c0, 0, 3));

        // Historical (Node <= 26.1.0, pre-PR): notify deliveries do not trim, so every delivered entry stays.
        boolean dirty = variant == Variant.DIRTY_FLAG;
        s.breakingIf(dirty, Invariant.I5).writeSync(1).is(ACCEPTED, settled(r1, data(0, 1)));
        s.state().consumers(at(c0, 1, 2));
        s.breakingIf(dirty, Invariant.I5).writeSync(2).is(ACCEPTED, settled(r2, data(1, 2)));
        s.state().consumers(at(c0, 2, 1));
        s.breakingIf(dirty, Invariant.I5).write(3).is(ACCEPTED, settled(r3, data(2, 3)));
        s.state().consumers(at(c0, 3));

        s.breakingIf(dirty, Invariant.I5).next(c0).is(WAIT); // the queue is drained: a new read waits again
        s.state().consumers(at(c0, 3, 1));
        if (dirty) {
            s.state().buffer(0, 1, 2, 3);
        } else {
            s.state().buffer(3);
        }
    }

    /** One write serves every waiting consumer, in the order they started waiting, not in attach order. */
    public static void waitingConsumersAreServedInTheOrderTheyStartedWaiting(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int c0 = s.attach();
        int c1 = s.attach();
        long first = s.next(c1).is(WAIT).op();
        long second = s.next(c0).is(WAIT).op();

        // Historical (Node <= 26.1.0, pre-PR): notify deliveries do not trim, so entry 0 stays.
        boolean dirty = variant == Variant.DIRTY_FLAG;
        s.breakingIf(dirty, Invariant.I5)
                .writeSync(1)
                .is(ACCEPTED, settled(first, data(0, 1)), settled(second, data(0, 1)));
        s.state().consumers(at(c0, 1), at(c1, 1));
        if (dirty) {
            s.state().buffer(0, 1);
        } else {
            s.state().buffer(1);
        }
    }

    /** detach settles the outstanding and every queued read with DONE, in order; the consumer never reads again. */
    public static void detachSettlesOpenReadsDoneInOrder(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int c0 = s.attach();
        int c1 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.next(c0).is(data(0, 1));
        long r1 = s.next(c0).is(WAIT).op();
        long r2 = s.next(c0).is(PENDING).op();
        long r3 = s.next(c0).is(PENDING).op();

        s.detach(c0).is(DONE, settled(r1, DONE), settled(r2, DONE), settled(r3, DONE));
        s.state().buffer(0, 1).consumers(at(c1, 0)); // c1 has not read entry 0 yet

        s.writeSync(2).is(ACCEPTED); // nobody waits any more
        s.next(c0).is(DONE); // detached: DONE, although entry 1 sits at its cursor
        s.detach(c0).is(DONE);
        s.state().buffer(0, 1, 2).consumers(at(c1, 0));
        s.next(c1).is(data(0, 1));
        s.next(c1).is(data(1, 2));
        s.state().buffer(2).consumers(at(c1, 2));
    }
}
