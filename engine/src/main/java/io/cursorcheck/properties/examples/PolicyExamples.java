package io.cursorcheck.properties.examples;

import static io.cursorcheck.properties.Scenario.at;
import static io.cursorcheck.properties.Scenario.settled;
import static io.cursorcheck.spi.Outcome.ACCEPTED;
import static io.cursorcheck.spi.Outcome.DISCARDED;
import static io.cursorcheck.spi.Outcome.QUEUED;
import static io.cursorcheck.spi.Outcome.REFUSED;
import static io.cursorcheck.spi.Outcome.WAIT;
import static io.cursorcheck.spi.Outcome.data;
import static io.cursorcheck.spi.Outcome.failed;
import static io.cursorcheck.spi.WriterState.OPEN;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Scenario;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.SpecError;

/** What a write does once the buffer holds its budget, under each policy: refuse, queue, discard or evict. */
public final class PolicyExamples {

    private PolicyExamples() {}

    /** STRICT: writeSync is refused at the budget, write queues once, a second write is a backpressure error. */
    public static void strictRefusesAtTheBudgetAndQueuesOneWrite(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(3).is(ACCEPTED);
        s.writeSync(1).is(ACCEPTED); // 3B < 4: still room
        s.writeSync(1).is(REFUSED); // 4B >= 4
        s.write(2).is(QUEUED);
        s.write(5).is(failed(SpecError.BACKPRESSURE));
        s.writeSync(1).is(REFUSED); // writeSync never queues
        s.state().buffer(0, 3, 1).consumers(at(c0, 0)).queued(2).writer(OPEN, 4);
    }

    /** UNBOUNDED: writeSync is refused at the budget, write queues any number of writes, in order. */
    public static void unboundedRefusesWriteSyncButQueuesEveryWrite(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.UNBOUNDED));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        s.writeSync(1).is(REFUSED);
        s.write(1).is(QUEUED);
        s.write(2).is(QUEUED);
        s.write(3).is(QUEUED);
        s.writeSync(1).is(REFUSED);
        s.state().buffer(0, 4).consumers(at(c0, 0)).queued(1, 2, 3).writer(OPEN, 4);
    }

    /** DROP_NEWEST: at the budget both writes are accepted and discarded; nothing is stored, nobody is woken. */
    public static void dropNewestAcceptsAndDiscardsAtTheBudget(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.DROP_NEWEST));
        int slow = s.attach();
        int reader = s.attach();
        s.writeSync(4).is(ACCEPTED);
        s.next(reader).is(data(0, 4));
        long read = s.next(reader).is(WAIT).op();

        s.writeSync(2).is(DISCARDED);
        s.write(3).is(DISCARDED); // write never queues under DROP_NEWEST
        // "Accepted and discarded" (docs/spec.md, spec §2 offer step 3): the writer counts the discarded bytes as
        // accepted.
        s.state().buffer(0, 4).consumers(at(slow, 0), at(reader, 1, 1)).queued().writer(OPEN, 9);

        s.next(slow).is(data(0, 4)); // the trim makes room again
        s.state().buffer(1);
        s.writeSync(1).is(ACCEPTED, settled(read, data(1, 1)));
        s.state().buffer(1, 1).consumers(at(slow, 1), at(reader, 2)).writer(OPEN, 10);
    }

    /** DROP_OLDEST: eviction forces a lagging consumer forward; a late joiner then starts at the new bufferStart. */
    public static void dropOldestForcesALaggardForwardThenALateJoinerStartsAtTheNewStart(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.DROP_OLDEST));
        int lag = s.attach();
        int reader = s.attach();
        s.writeSync(2).is(ACCEPTED);
        s.writeSync(2).is(ACCEPTED);
        s.next(reader).is(data(0, 2));
        s.next(reader).is(data(1, 2));
        long read = s.next(reader).is(WAIT).op();

        // 4B >= 4: entry 0 is evicted (2B < 4 then), lag is forced from 0 to 1, the append wakes the reader.
        s.writeSync(1).is(ACCEPTED, settled(read, data(2, 1)));
        s.state().buffer(1, 2, 1).consumers(at(lag, 1), at(reader, 3)).writer(OPEN, 5);

        boolean dirty = variant == Variant.DIRTY_FLAG;
        // Historical (Node <= 26.1.0, pre-PR): eviction left the cached minimum at 0, below bufferStart, and
        // a read from 1 does not set the dirty flag, so entry 1, now read by everyone, is not trimmed.
        s.breakingIf(dirty, Invariant.I5).next(lag).is(data(1, 2));
        if (dirty) {
            s.state().buffer(1, 2, 1).consumers(at(lag, 2), at(reader, 3));
            int late = s.attach();
            s.state().consumers(at(lag, 2), at(reader, 3), at(late, 1));
            s.next(late).is(data(1, 2)); // the late joiner gets an entry the model had already trimmed
            s.state().buffer(2, 1).consumers(at(lag, 2), at(reader, 3), at(late, 2));
            return;
        }
        s.state().buffer(2, 1).consumers(at(lag, 2), at(reader, 3));
        int late = s.attach();
        s.state().consumers(at(lag, 2), at(reader, 3), at(late, 2));
        s.next(late).is(data(2, 1));
        s.state().buffer(2, 1).consumers(at(lag, 2), at(reader, 3), at(late, 3));
    }

    /** DROP_OLDEST evicts only until the buffer is under budget, with or without consumers; write never queues. */
    public static void dropOldestEvictsOnlyUntilUnderBudget(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(5, Policy.DROP_OLDEST));
        s.writeSync(2).is(ACCEPTED);
        s.writeSync(2).is(ACCEPTED);
        s.writeSync(2).is(ACCEPTED); // 4B < 5: accepted, 6B now
        s.writeSync(1).is(ACCEPTED); // 6B >= 5: entry 0 goes (4B < 5), then the append
        s.state().buffer(1, 2, 2, 1);
        s.write(1).is(ACCEPTED); // 5B >= 5: entry 1 goes (3B), then the append
        s.state().buffer(2, 2, 1, 1).consumers().queued().writer(OPEN, 8);

        int late = s.attach();
        s.state().consumers(at(late, 2));
        s.next(late).is(data(2, 2));
        s.state().buffer(3, 1, 1).consumers(at(late, 3));
    }

    /** DROP_OLDEST may empty the buffer, overshooting entry included, and move a consumer past all of it. */
    public static void dropOldestMayEvictTheWholeBuffer(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.DROP_OLDEST));
        int c0 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.writeSync(1).is(ACCEPTED);
        s.writeSync(1).is(ACCEPTED);
        s.writeSync(5).is(ACCEPTED); // 3B < 4: accepted, overshooting to 8B
        s.writeSync(2).is(ACCEPTED); // 8B >= 4: all four go (7, 6, 5, then 0B), then the append
        s.state().buffer(4, 2).consumers(at(c0, 4)).writer(OPEN, 10);

        boolean dirty = variant == Variant.DIRTY_FLAG;
        // Historical (Node <= 26.1.0, pre-PR): eviction did not recompute the cached minimum (still 0), so
        // the read of entry 4 trims nothing.
        s.breakingIf(dirty, Invariant.I5).next(c0).is(data(4, 2));
        if (dirty) {
            s.state().buffer(4, 2).consumers(at(c0, 5));
        } else {
            s.state().buffer(5).consumers(at(c0, 5));
        }
    }
}
