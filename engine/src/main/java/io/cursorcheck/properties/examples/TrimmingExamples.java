package io.cursorcheck.properties.examples;

import static io.cursorcheck.properties.Scenario.at;
import static io.cursorcheck.properties.Scenario.settled;
import static io.cursorcheck.spi.Outcome.ACCEPTED;
import static io.cursorcheck.spi.Outcome.DONE;
import static io.cursorcheck.spi.Outcome.WAIT;
import static io.cursorcheck.spi.Outcome.data;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Scenario;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;

/** Trimming behind the slowest cursor: when the buffer shrinks, and when it must not. */
public final class TrimmingExamples {

    private static final Options ROOMY = Options.of(1000, Policy.STRICT);

    private TrimmingExamples() {}

    /** Lockstep readers trim only when the last one at the minimum moves. */
    public static void lockstepReadersTrimOnlyWhenTheLastOneAtTheMinimumMoves(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int c0 = s.attach();
        int c1 = s.attach();
        int c2 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.writeSync(2).is(ACCEPTED);
        s.state().buffer(0, 1, 2);

        s.next(c0).is(data(0, 1));
        s.next(c1).is(data(0, 1));
        s.state().buffer(0, 1, 2).consumers(at(c0, 1), at(c1, 1), at(c2, 0));

        s.next(c2).is(data(0, 1)); // the last consumer at the minimum moves: entry 0 goes
        s.state().buffer(1, 2).consumers(at(c0, 1), at(c1, 1), at(c2, 1));

        s.next(c2).is(data(1, 2));
        s.next(c1).is(data(1, 2));
        s.state().buffer(1, 2);
        s.next(c0).is(data(1, 2));
        s.state().buffer(2).consumers(at(c0, 2), at(c1, 2), at(c2, 2));
    }

    /** The slowest consumer detaching. */
    public static void theSlowestConsumerDetaching(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int fast = s.attach();
        int slow = s.attach();
        s.writeSync(3).is(ACCEPTED);
        s.writeSync(4).is(ACCEPTED);
        s.next(fast).is(data(0, 3));
        s.next(fast).is(data(1, 4));
        s.state().buffer(0, 3, 4);

        s.detach(slow).is(DONE); // everything behind the fast consumer is now unread by anyone
        s.state().buffer(2).consumers(at(fast, 2));
        s.detach(slow).is(DONE); // detaching twice is harmless
        s.state().buffer(2).consumers(at(fast, 2));
    }

    /** A waiting consumer served by a write is trimmed behind. */
    public static void aWaitingConsumerServedByAWriteIsTrimmedBehind(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        long read = s.next(c0).is(WAIT).op();

        // notify() delivers entry 0 and, as the consumer was the last at the minimum, trims it.
        // The dirty flag only marked the cache in notify; it trims at the next read or detach.
        boolean dirty = variant == Variant.DIRTY_FLAG;
        s.breakingIf(dirty, Invariant.I5).write(4).is(ACCEPTED, settled(read, data(0, 4)));
        if (dirty) {
            s.state().buffer(0, 4).consumers(at(c0, 1));
            // Historical (Node <= 26.1.0): the untrimmed 4 bytes still count against the budget.
            s.breaking(Invariant.I5).writeSync(1).is(io.cursorcheck.spi.Outcome.REFUSED);
            return;
        }
        s.state().buffer(1).consumers(at(c0, 1));
        s.writeSync(1).is(ACCEPTED);
        s.state().buffer(1, 1);
    }

    /** A late joiner after everyone detached reads what is retained. */
    public static void aLateJoinerAfterEveryoneDetachedReadsWhatIsRetained(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int c0 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.writeSync(2).is(ACCEPTED);
        s.writeSync(3).is(ACCEPTED);
        s.next(c0).is(data(0, 1));
        s.state().buffer(1, 2, 3);

        boolean dirty = variant == Variant.DIRTY_FLAG;
        // Historical: the pre-PR trim had no retain guard; the last detach dropped everything.
        s.breakingIf(dirty, Invariant.I7).detach(c0).is(DONE);
        if (dirty) {
            s.state().buffer(3).consumers();
            int late = s.attach();
            s.next(late).is(WAIT);
            return;
        }
        s.state().buffer(1, 2, 3).consumers();

        int late = s.attach();
        s.expect("the late joiner's id", 1, late);
        s.state().consumers(at(late, 1));
        s.next(late).is(data(1, 2));
        s.next(late).is(data(2, 3));
        s.state().buffer(3);
    }
}
