package io.cursorcheck.properties.examples;

import static io.cursorcheck.properties.Scenario.at;
import static io.cursorcheck.properties.Scenario.settled;
import static io.cursorcheck.spi.Outcome.ACCEPTED;
import static io.cursorcheck.spi.Outcome.DONE;
import static io.cursorcheck.spi.Outcome.DRAINED_FALSE;
import static io.cursorcheck.spi.Outcome.DRAINED_TRUE;
import static io.cursorcheck.spi.Outcome.INCOMPLETE;
import static io.cursorcheck.spi.Outcome.OK;
import static io.cursorcheck.spi.Outcome.PENDING;
import static io.cursorcheck.spi.Outcome.QUEUED;
import static io.cursorcheck.spi.Outcome.REFUSED;
import static io.cursorcheck.spi.Outcome.UNWRITABLE;
import static io.cursorcheck.spi.Outcome.WAIT;
import static io.cursorcheck.spi.Outcome.completed;
import static io.cursorcheck.spi.Outcome.data;
import static io.cursorcheck.spi.Outcome.failed;
import static io.cursorcheck.spi.WriterState.CLOSED;
import static io.cursorcheck.spi.WriterState.CLOSING;
import static io.cursorcheck.spi.WriterState.ERRORED;
import static io.cursorcheck.spi.WriterState.OPEN;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Scenario;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.SpecError;

/**
 * The writer's further paths of spec §2, one scenario per sentence, run on every variant: writev,
 * endSync, abort, drain and spoiled entries. Written from the spec alone, apart from the model and
 * the ports, so that a misreading must be made three times to pass.
 */
public final class WriterPathsSpecExamples {

    private WriterPathsSpecExamples() {}

    /** §2 writevSync and writev: several chunks are one entry of their summed size; a sum of 0 stores nothing. */
    public static void writevStoresOneEntryOfTheSummedSize(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writevSync(1, 2).is(ACCEPTED);
        s.writev(2, 0).is(ACCEPTED); // 3B < 4 before it: accepted, overshooting to 5B
        s.writev().is(ACCEPTED); // no chunks: size 0, nothing stored, the budget not consulted
        s.state().buffer(0, 3, 2).writer(OPEN, 5);
        s.writevSync(1).is(REFUSED);
        long queued = s.writev(1, 1).is(QUEUED).op();
        s.state().queued(2);

        s.next(c0).is(data(0, 3), settled(queued, ACCEPTED)); // 2B < 4 after the trim: the queued writev is stored
        s.state().buffer(1, 2, 2).consumers(at(c0, 1)).queued().writer(OPEN, 7);
    }

    /** §5 bad input: a negative chunk is named by its index, after the operation number is taken. */
    public static void aNegativeChunkIsBadInput(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.writevSync(1, -1).rejects("sizes[1] must be >= 0, was -1");
        s.writev(-2).rejects("sizes[0] must be >= 0, was -2");
        s.abort(5).rejects("operation must name an earlier operation, was 5");
        s.spoil(-1).rejects("operation must name an earlier operation, was -1");
        long write = s.writeSync(1).is(ACCEPTED).op();
        s.state().buffer(0, 1).writer(OPEN, 1);
        if (write != 4) {
            throw new AssertionError("every call takes an operation number, valid or not: expected 4, was " + write);
        }
    }

    /** §2 endSync: with nobody attached and nothing queued it completes at once; then it answers the bytes again. */
    public static void endSyncCompletesAtOnceWhenNothingHoldsTheEnd(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.writeSync(2).is(ACCEPTED);
        s.endSync().is(completed(2));
        s.state().writer(CLOSED, 2).ended(true).pendingEnds(0);
        s.endSync().is(completed(2));
        s.end().is(completed(2));
    }

    /** §2 endSync: INCOMPLETE while a consumer is attached; no pending end is recorded; a later end() waits. */
    public static void endSyncIsIncompleteWhileAConsumerHoldsTheEnd(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.endSync().is(INCOMPLETE);
        s.state().writer(CLOSING, 1).ended(true).pendingEnds(0).consumers(at(c0, 0));
        s.endSync().is(INCOMPLETE); // CLOSING
        long end = s.end().is(PENDING).op();
        s.next(c0).is(data(0, 1));
        s.next(c0).is(DONE, settled(end, completed(1)));
        s.state().writer(CLOSED, 1);
    }

    /** §2 endSync: an ERRORED writer answers INCOMPLETE (end() would fail). */
    public static void endSyncOfAFailedWriterIsIncomplete(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.fail("e").is(OK);
        s.endSync().is(INCOMPLETE);
        s.end().is(failed("e"));
    }

    /**
     * §2 abort step 1: the closing writer's last queued write aborted ends the broadcast outside any read or
     * write: the waiting read gets DONE; the end completes once the lagging consumer leaves.
     */
    public static void abortingTheLastQueuedWriteOfAClosingWriterEndsTheBroadcast(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.STRICT));
        int c0 = s.attach();
        int c1 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.next(c0).is(data(0, 1)); // c1 still at 0: nothing trimmed, the buffer stays full
        long read = s.next(c0).is(WAIT).op();
        long write = s.write(1).is(QUEUED).op();
        long end = s.end().is(PENDING).op();
        s.state().writer(CLOSING, 1).queued(1).ended(false).pendingEnds(1);

        s.abort(write).is(OK, settled(write, failed(SpecError.ABORTED)), settled(read, DONE));
        s.state()
                .buffer(0, 1)
                .consumers(at(c1, 0))
                .queued()
                .writer(CLOSING, 1)
                .ended(true)
                .pendingEnds(1);
        s.abort(write).is(OK); // settled: nothing happens

        s.next(c1).is(data(0, 1));
        s.next(c1).is(DONE, settled(end, completed(1)));
        s.state().buffer(1).consumers().writer(CLOSED, 1);
    }

    /** §2 abort step 1: an abort takes the write out of the middle of the queue; the ones behind stay queued. */
    public static void anAbortTakesAWriteOutOfTheMiddleOfTheQueue(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(2, Policy.UNBOUNDED));
        int c0 = s.attach();
        s.writeSync(2).is(ACCEPTED);
        long w1 = s.write(1).is(QUEUED).op();
        long w2 = s.write(2).is(QUEUED).op();
        long w3 = s.write(1).is(QUEUED).op();
        s.abort(w2).is(OK, settled(w2, failed(SpecError.ABORTED)));
        s.state().queued(1, 1).writer(OPEN, 2);

        s.next(c0).is(data(0, 2), settled(w1, ACCEPTED), settled(w3, ACCEPTED));
        s.state().buffer(1, 1, 1).writer(OPEN, 4);
    }

    /** §2 abort step 2: an aborted end() stops waiting; the writer stays CLOSING and the other end completes. */
    public static void anAbortedEndStopsWaitingAlone(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        long e1 = s.end().is(PENDING).op();
        long e2 = s.end().is(PENDING).op();
        s.abort(e1).is(OK, settled(e1, failed(SpecError.ABORTED)));
        s.state().writer(CLOSING, 1).pendingEnds(1);
        s.next(c0).is(data(0, 1));
        s.next(c0).is(DONE, settled(e2, completed(1)));
    }

    /** §2 abort step 3: a write accepted at once is past its signal. */
    public static void abortingAWriteThatWasNeverQueuedDoesNothing(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        long write = s.write(1).is(ACCEPTED).op();
        s.abort(write).is(OK);
        s.state().buffer(0, 1).writer(OPEN, 1);
    }

    /** §2 drain: true at once under budget; pending at the budget; settled true by the trim that makes room. */
    public static void aDrainWaitsForTheTrimThatMakesRoom(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(2, Policy.STRICT));
        int c0 = s.attach();
        s.drain().is(DRAINED_TRUE);
        s.writeSync(2).is(ACCEPTED);
        long drain = s.drain().is(PENDING).op();
        s.state().drains(1);
        s.next(c0).is(data(0, 2), settled(drain, DRAINED_TRUE));
        s.state().buffer(1).drains(0);
    }

    /** §2 trim step 3: the drains settle after the flush the trim starts, true even if the flush filled the buffer. */
    public static void aDrainSettlesAfterTheFlushOfTheSameTrim(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(2, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(2).is(ACCEPTED);
        long write = s.write(2).is(QUEUED).op();
        long drain = s.drain().is(PENDING).op();
        s.next(c0).is(data(0, 2), settled(write, ACCEPTED), settled(drain, DRAINED_TRUE));
        s.state().buffer(1, 2).drains(0).writer(OPEN, 4);
        s.drain().is(PENDING); // full again
    }

    /** §2 drain, retain guard: with nobody attached nothing is trimmed, so the drain waits for a reader. */
    public static void aDrainWithNobodyAttachedWaitsForAReader(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(2, Policy.STRICT));
        s.writeSync(2).is(ACCEPTED);
        long drain = s.drain().is(PENDING).op();
        int c0 = s.attach();
        s.next(c0).is(data(0, 2), settled(drain, DRAINED_TRUE));
    }

    /** §2 offer step 6: an eviction that leaves the buffer under budget settles the drains. */
    public static void anEvictionThatMakesRoomSettlesTheDrains(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(2, Policy.DROP_OLDEST));
        int c0 = s.attach();
        s.writeSync(2).is(ACCEPTED);
        long drain = s.drain().is(PENDING).op();
        s.writeSync(1).is(ACCEPTED, settled(drain, DRAINED_TRUE));
        s.state().buffer(1, 1).consumers(at(c0, 1)).drains(0);
    }

    /** §2 end step 3, fail step 3, cancel step 3: false when the writer stops, FAILED when it fails, in order. */
    public static void aDrainAnswersFalseOrFailsWhenTheWriterStops(BroadcastFactory variant) {
        Scenario ended = new Scenario(variant, Options.of(1, Policy.STRICT));
        ended.attach();
        ended.writeSync(1).is(ACCEPTED);
        long d1 = ended.drain().is(PENDING).op();
        ended.end().is(PENDING, settled(d1, DRAINED_FALSE));
        ended.drain().is(UNWRITABLE);

        Scenario failed = new Scenario(variant, Options.of(1, Policy.STRICT));
        failed.attach();
        failed.writeSync(1).is(ACCEPTED);
        long w = failed.write(1).is(QUEUED).op();
        long d2 = failed.drain().is(PENDING).op();
        failed.fail("e").is(OK, settled(w, failed("e")), settled(d2, failed("e")));
        failed.drain().is(UNWRITABLE);

        Scenario cancelled = new Scenario(variant, Options.of(1, Policy.STRICT));
        cancelled.attach();
        cancelled.writeSync(1).is(ACCEPTED);
        long w2 = cancelled.write(1).is(QUEUED).op();
        long d3 = cancelled.drain().is(PENDING).op();
        cancelled.cancel().is(OK, settled(w2, failed(SpecError.CANCELLED)), settled(d3, DRAINED_FALSE));
    }

    /**
     * §2 reading an entry: a spoiled entry fails the writer and every consumer, and clears the buffer without
     * moving its start; a consumer that read past it still gets the validation error.
     */
    public static void readingASpoiledEntryFailsEverything(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        int c1 = s.attach();
        long first = s.writeSync(1).is(ACCEPTED).op();
        s.writeSync(1).is(ACCEPTED);
        s.next(c1).is(data(0, 1));
        s.next(c1).is(data(1, 1));
        long waiting = s.next(c1).is(WAIT).op();
        s.spoil(first).is(OK);
        s.state().spoiled(0L);

        s.next(c0).is(failed(SpecError.INVALID_ENTRY), settled(waiting, failed(SpecError.INVALID_ENTRY)));
        s.state()
                .buffer(0)
                .consumers()
                .writer(ERRORED, 2)
                .ended(true)
                .error(Reason.of(SpecError.INVALID_ENTRY))
                .writerError(Reason.of(SpecError.INVALID_ENTRY));
        s.next(c1).is(failed(SpecError.INVALID_ENTRY));
        s.write(1).is(failed(SpecError.INVALID_ENTRY));
    }

    /** §2 spoil: an entry already trimmed cannot be spoiled; nothing happens. */
    public static void spoilingATrimmedEntryDoesNothing(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        long write = s.writeSync(1).is(ACCEPTED).op();
        s.next(c0).is(data(0, 1));
        s.spoil(write).is(OK);
        s.state().buffer(1).spoiled();
        s.writeSync(1).is(ACCEPTED);
        s.next(c0).is(data(1, 1));
    }

    /** §2 flush step 1: a spoiled queued write is rejected by the flush, which goes on with the next one. */
    public static void aFlushRejectsASpoiledQueuedWriteAndGoesOn(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.UNBOUNDED));
        int c0 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        long w1 = s.write(1).is(QUEUED).op();
        long w2 = s.write(1).is(QUEUED).op();
        s.spoil(w1).is(OK);
        s.state().queued(1, 1).spoiledQueued(0);

        s.next(c0).is(data(0, 1), settled(w1, failed(SpecError.INVALID_ENTRY)), settled(w2, ACCEPTED));
        s.state().buffer(1, 1).queued().spoiledQueued().writer(OPEN, 2);
    }

    /**
     * §2 reading an entry on an already errored broadcast (the finding spoiled-read-leaves-cursor-past-end): the
     * error stands and nobody is removed, so a late joiner that read past the entry is left beyond {@code end}
     * (I1) under spec §2; under §8 every consumer is failed and removed first.
     */
    public static void aSpoiledReadOnAnErroredBroadcast(BroadcastFactory variant) {
        boolean corrected = variant.algorithm() == Algorithm.CORRECTED;
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        long first = s.writeSync(1).is(ACCEPTED).op();
        s.writeSync(1).is(ACCEPTED);
        s.fail("e").is(OK);
        int c0 = s.attach();
        int c1 = s.attach();
        s.next(c1).is(data(0, 1));
        s.spoil(first).is(OK);
        s.breakingIf(!corrected, Invariant.I1).next(c0).is(failed("e"));
        if (corrected) {
            s.state().buffer(0).consumers();
        } else {
            s.state().buffer(0).consumers(at(c0, 0), at(c1, 1));
        }
        s.state().writer(ERRORED, 2).error(Reason.of("e"));
    }
}
