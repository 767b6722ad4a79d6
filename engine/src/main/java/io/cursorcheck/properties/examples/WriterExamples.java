package io.cursorcheck.properties.examples;

import static io.cursorcheck.properties.Scenario.at;
import static io.cursorcheck.properties.Scenario.settled;
import static io.cursorcheck.spi.Outcome.ACCEPTED;
import static io.cursorcheck.spi.Outcome.DISCARDED;
import static io.cursorcheck.spi.Outcome.DONE;
import static io.cursorcheck.spi.Outcome.PENDING;
import static io.cursorcheck.spi.Outcome.QUEUED;
import static io.cursorcheck.spi.Outcome.REFUSED;
import static io.cursorcheck.spi.Outcome.WAIT;
import static io.cursorcheck.spi.Outcome.completed;
import static io.cursorcheck.spi.Outcome.data;
import static io.cursorcheck.spi.Outcome.failed;
import static io.cursorcheck.spi.WriterState.CLOSED;
import static io.cursorcheck.spi.WriterState.CLOSING;
import static io.cursorcheck.spi.WriterState.OPEN;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Scenario;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.SpecError;

/** The writer: queued writes flushed by a trim, the budget checked before the append, zero-size writes. */
public final class WriterExamples {

    private WriterExamples() {}

    /** STRICT: the one queued write is flushed inside the read whose trim brings the buffer under budget. */
    public static void aQueuedStrictWriteIsFlushedByTheTrimThatMakesRoom(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long queued = s.write(2).is(QUEUED).op();
        s.write(3).is(failed(SpecError.BACKPRESSURE)); // STRICT queues one write, no more
        s.state().buffer(0, 4).queued(2).writer(OPEN, 4);

        s.next(c0).is(data(0, 4), settled(queued, ACCEPTED));
        s.state().buffer(1, 2).consumers(at(c0, 1)).queued().writer(OPEN, 6);
        s.write(3).is(ACCEPTED); // 2B < 4: room for one more
        s.state().buffer(1, 2, 3).writer(OPEN, 9);
    }

    /** UNBOUNDED: one trim flushes queued writes in order and stops at the first one the buffer refuses. */
    public static void queuedUnboundedWritesAreFlushedInOrderUntilOneIsRefused(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.UNBOUNDED));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long w3 = s.write(3).is(QUEUED).op();
        long w2 = s.write(2).is(QUEUED).op();
        long w1 = s.write(1).is(QUEUED).op();
        s.state().queued(3, 2, 1);

        // Entry 0 trimmed: 3 is accepted at 0B, 2 at 3B (overshooting to 5B), 1 is refused at 5B >= 4.
        s.next(c0).is(data(0, 4), settled(w3, ACCEPTED), settled(w2, ACCEPTED));
        s.state().buffer(1, 3, 2).consumers(at(c0, 1)).queued(1).writer(OPEN, 9);
        s.next(c0).is(data(1, 3), settled(w1, ACCEPTED)); // entry 1 trimmed: 2B < 4
        s.state().buffer(2, 2, 1).consumers(at(c0, 2)).queued().writer(OPEN, 10);
    }

    /** A flushed write reaches a waiting consumer inside the flush: the read settles before the write. */
    public static void aFlushedWriteServesAWaitingConsumerBeforeItSettles(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int slow = s.attach();
        int reader = s.attach();
        s.writeSync(4).is(ACCEPTED);
        s.next(reader).is(data(0, 4));
        long read = s.next(reader).is(WAIT).op();
        long queued = s.write(2).is(QUEUED).op();

        s.next(slow).is(data(0, 4), settled(read, data(1, 2)), settled(queued, ACCEPTED));
        s.state().buffer(1, 2).consumers(at(slow, 1), at(reader, 2)).queued().writer(OPEN, 6);
    }

    /** The budget is checked before the append, so an accepted entry may overshoot it, under every policy. */
    public static void anAcceptedWriteMayOvershootTheBudget(BroadcastFactory variant) {
        for (Policy policy : Policy.values()) {
            Scenario s = new Scenario(variant, Options.of(4, policy));
            s.writeSync(3).is(ACCEPTED);
            s.write(5).is(ACCEPTED); // 3B < 4 before the append
            s.state().buffer(0, 3, 5).writer(OPEN, 8);

            // Now over budget, the next write meets the policy.
            switch (policy) {
                case STRICT, UNBOUNDED -> s.writeSync(1).is(REFUSED);
                case DROP_NEWEST -> s.writeSync(1).is(DISCARDED);
                case DROP_OLDEST -> {
                    s.writeSync(1).is(ACCEPTED); // evicts 3 (5B left, still >= 4), then 5 (0B), then appends
                    s.state().buffer(2, 1);
                }
                default -> throw new AssertionError("no expectation for " + policy);
            }
        }
    }

    /** Zero-size writes are accepted, store nothing and wake nobody, even at the budget under every policy. */
    public static void zeroSizeWritesStoreNothingAndWakeNobody(BroadcastFactory variant) {
        for (Policy policy : Policy.values()) {
            Scenario s = new Scenario(variant, Options.of(4, policy));
            int slow = s.attach();
            int waiter = s.attach();
            long read = s.next(waiter).is(WAIT).op();
            s.writeSync(0).is(ACCEPTED);
            s.write(0).is(ACCEPTED);
            s.state().buffer(0).consumers(at(slow, 0), at(waiter, 0, 1)).writer(OPEN, 0);

            s.writeSync(4).is(ACCEPTED, settled(read, data(0, 4)));
            long again = s.next(waiter).is(WAIT).op();
            // At the budget: size 0 is checked first, so no refusal, no discard, no eviction.
            s.writeSync(0).is(ACCEPTED);
            s.write(0).is(ACCEPTED);
            s.state()
                    .buffer(0, 4)
                    .consumers(at(slow, 0), at(waiter, 1, 1))
                    .queued()
                    .writer(OPEN, 4);

            s.next(slow).is(data(0, 4));
            s.writeSync(1).is(ACCEPTED, settled(again, data(1, 1))); // the zero-size writes took no position
        }
    }

    /** A zero-size write passes a queued write (the buffer accepts it), but not a closed writer. */
    public static void zeroSizeWritesSkipTheBudgetButNotTheWriterState(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.writeSync(4).is(ACCEPTED);
        s.write(2).is(QUEUED);
        s.write(0).is(ACCEPTED); // not QUEUED, not a backpressure error
        s.state().buffer(0, 4).queued(2).writer(OPEN, 4);

        s.end().is(PENDING); // no consumer will ever trim: the queued write keeps the end waiting
        s.write(0).is(failed(SpecError.WRITER_CLOSED));
        s.writeSync(0).is(REFUSED);
        s.state().buffer(0, 4).queued(2).writer(CLOSING, 4).ended(false);
    }

    /** end() waits for queued writes: the broadcast ends only after the flush, then completes once drained. */
    public static void endWaitsForAQueuedWriteToBeFlushed(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long queued = s.write(1).is(QUEUED).op();
        long end = s.end().is(PENDING).op();
        s.state().queued(1).writer(CLOSING, 4).ended(false).pendingEnds(1);
        s.write(1).is(failed(SpecError.WRITER_CLOSED));
        s.writeSync(1).is(REFUSED);

        s.next(c0).is(data(0, 4), settled(queued, ACCEPTED)); // flushed, then the broadcast ends
        s.state().buffer(1, 1).consumers(at(c0, 1)).queued().writer(CLOSING, 5).ended(true);
        s.next(c0).is(data(1, 1));
        s.next(c0).is(DONE, settled(end, completed(5)));
        s.state().buffer(2).consumers().writer(CLOSED, 5).pendingEnds(0);
    }
}
