package io.cursorcheck.properties;

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
import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.SpecError;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The writer's further paths of issue 15 on the ports, step by step with exact replies,
 * settlements and snapshots, each from the sentence of spec §2 it quotes: {@code writevSync} and
 * {@code writev}, {@code endSync}, {@code abort}, {@code drain}, {@code spoil}, and what they change
 * in trim, flush, offer, end, fail and cancel. The model is checked on the same paths by the
 * differential {@code WriterPathsAgreementTest}.
 */
class WriterPathsExamples {

    private static final Reason INVALID = Reason.of(SpecError.INVALID_ENTRY);

    private static long op(Scenario.StepAssert step) {
        return step.op();
    }

    private static Scenario.StepAssert writevSync(Scenario s, Integer... sizes) {
        return s.step(new Op.WritevSync(List.of(sizes)));
    }

    private static Scenario.StepAssert writev(Scenario s, Integer... sizes) {
        return s.step(new Op.Writev(List.of(sizes)));
    }

    private static Scenario.StepAssert endSync(Scenario s) {
        return s.step(new Op.EndSync());
    }

    private static Scenario.StepAssert drain(Scenario s) {
        return s.step(new Op.Drain());
    }

    private static Scenario.StepAssert abort(Scenario s, long operation) {
        return s.step(new Op.Abort((int) operation));
    }

    private static Scenario.StepAssert spoil(Scenario s, long operation) {
        return s.step(new Op.Spoil((int) operation));
    }

    // ---------------------------------------------------------------- writevSync and writev

    /** "several chunks written as one entry whose size is the sum of theirs ... a sum of 0 stores nothing". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED", "DIRTY_FLAG"
            })
    void writevStoresOneEntryOfTheSummedSize(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        writevSync(s, 1, 2).is(ACCEPTED);
        writevSync(s, 0, 0).is(ACCEPTED);
        s.state().buffer(0, 3).writer(OPEN, 3);
        writev(s, 1).is(ACCEPTED); // 3B < 4: the budget sees the sum
        long queued = op(writev(s, 2, 2).is(QUEUED));
        writevSync(s, 1, 1).is(REFUSED);
        s.state().buffer(0, 3, 1).queued(4).writer(OPEN, 4);
        // "Reading the entry delivers the chunks together (DATA of the summed size)"; its trim leaves 1B < 4
        s.next(c0).is(data(0, 3), settled(queued, ACCEPTED));
        s.state().buffer(1, 1, 4).queued().consumers(at(c0, 1)).writer(OPEN, 8);
    }

    /** "A negative size among them is bad input (sizes[1] must be >= 0, was -1)". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR"})
    void writevRejectsANegativeChunkAfterTakingItsNumber(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        writev(s, 1, -1).rejects("sizes[1] must be >= 0, was -1");
        writevSync(s, Integer.MAX_VALUE, 1).rejects("sizes must sum to at most 2147483647, was 2147483648");
        long w = op(s.writeSync(2).is(ACCEPTED));
        assertThat(w).isEqualTo(2); // both bad calls took a number
        s.state().buffer(0, 2).writer(OPEN, 2);
    }

    // ---------------------------------------------------------------- endSync

    /** endSync "OPEN: it becomes CLOSING ... Answer COMPLETED(bytesAccepted) if the writer is CLOSED now, otherwise INCOMPLETE". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED", "DIRTY_FLAG"
            })
    void endSyncCompletesOnlyWhenNothingIsQueuedOrAttached(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(3).is(ACCEPTED);
        endSync(s).is(INCOMPLETE); // c0 is attached: the end waits for it
        s.state().writer(CLOSING, 3).ended(true).pendingEnds(0);
        endSync(s).is(INCOMPLETE); // "The writer is ERRORED or CLOSING: INCOMPLETE. Nothing changes."
        s.next(c0).is(data(0, 3));
        s.next(c0).is(DONE); // the end completes without a settlement: "No pending end is recorded"
        s.state().writer(CLOSED, 3).consumers();
        endSync(s).is(completed(3));
    }

    /** endSync with nobody attached and nothing queued completes at once; with a write queued it waits for the flush. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED"})
    void endSyncWaitsForTheQueueAndALaterEndSettlesWhenItCompletes(Variant variant) {
        Scenario alone = new Scenario(variant, Options.of(4, Policy.STRICT));
        alone.writeSync(2).is(ACCEPTED);
        endSync(alone).is(completed(2));
        alone.state().writer(CLOSED, 2).ended(true);

        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long queued = op(s.write(1).is(QUEUED));
        endSync(s).is(INCOMPLETE);
        s.state().writer(CLOSING, 4).ended(false).queued(1);
        long end = op(s.end().is(PENDING)); // "unless an end() call is pending by then"
        s.next(c0).is(data(0, 4), settled(queued, ACCEPTED));
        s.state().writer(CLOSING, 5).ended(true).buffer(1, 1).pendingEnds(1);
        s.next(c0).is(data(1, 1));
        s.next(c0).is(DONE, settled(end, completed(5)));
        endSync(s).is(completed(5));
    }

    // ---------------------------------------------------------------- drain

    /** drain: "bufferedBytes < budget: DRAINED(true) at once. Otherwise record it as a pending drain and answer PENDING." */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED"})
    void aDrainWaitsWhileTheBufferIsFullAndSettlesWithTheTrimThatMakesRoom(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        drain(s).is(DRAINED_TRUE);
        s.writeSync(1).is(ACCEPTED);
        s.writeSync(2).is(ACCEPTED);
        s.writeSync(3).is(ACCEPTED); // 3B < 4 before it: 6B now
        long d1 = op(drain(s).is(PENDING));
        long d2 = op(drain(s).is(PENDING));
        assertThat(s.snapshot().pendingDrains()).isEqualTo(2);
        s.next(c0).is(data(0, 1)); // 5B: still at or over budget, the drains wait
        assertThat(s.snapshot().pendingDrains()).isEqualTo(2);
        // "It settles with DRAINED(true) when a trim ... leaves the buffer under budget while the writer is OPEN", in
        // call order
        s.next(c0).is(data(1, 2), settled(d1, DRAINED_TRUE), settled(d2, DRAINED_TRUE));
        assertThat(s.snapshot().pendingDrains()).isZero();
        s.state().buffer(2, 3).consumers(at(c0, 2));
    }

    /** Trim step 3: "if the writer has queued writes, flush them now ...; then, if the writer is OPEN, settle the drains". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED", "DIRTY_FLAG"
            })
    void theDrainSettlesAfterTheFlushTheTrimStartsEvenIfItFillsTheBufferAgain(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long queued = op(s.write(4).is(QUEUED));
        long d = op(drain(s).is(PENDING));
        s.next(c0).is(data(0, 4), settled(queued, ACCEPTED), settled(d, DRAINED_TRUE));
        s.state().buffer(1, 4).queued().writer(OPEN, 8);
        assertThat(s.snapshot().pendingDrains()).isZero();
    }

    /** Offer step 6: "If this offer evicted and bufferedBytes < budget now: if the writer is OPEN, settle the drains with DRAINED(true)." */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED"
            }) // dirty-flag: trimming stalls after an eviction (spec §4), so its drain waits
    void anEvictionThatLeavesRoomSettlesTheDrains(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.DROP_OLDEST));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long d = op(drain(s).is(PENDING));
        s.writeSync(1).is(ACCEPTED, settled(d, DRAINED_TRUE)); // entry 0 evicted, c0 moved to 1
        s.state().buffer(1, 1).consumers(at(c0, 1));
        s.writeSync(4).is(ACCEPTED); // 1B < 4: appended, 5B
        long d2 = op(drain(s).is(PENDING));
        s.writeSync(4).is(ACCEPTED); // evicts both (5B then 4B >= 4), appends 4: 4B, still no room
        assertThat(s.snapshot().pendingDrains()).isEqualTo(1);
        s.next(c0).is(data(3, 4), settled(d2, DRAINED_TRUE)); // the trim makes room
    }

    /** end step 3 and cancel step 3: the drains settle with DRAINED(false); later drains are UNWRITABLE. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED", "DIRTY_FLAG"
            })
    void endEndSyncAndCancelSettleTheDrainsFalse(Variant variant) {
        Scenario viaEnd = new Scenario(variant, Options.of(4, Policy.STRICT));
        viaEnd.attach();
        viaEnd.writeSync(4).is(ACCEPTED);
        long d = op(drain(viaEnd).is(PENDING));
        viaEnd.end().is(PENDING, settled(d, DRAINED_FALSE));
        drain(viaEnd).is(UNWRITABLE); // "The writer is not OPEN, or the broadcast has ended: UNWRITABLE"

        Scenario viaEndSync = new Scenario(variant, Options.of(4, Policy.STRICT));
        viaEndSync.attach();
        viaEndSync.writeSync(4).is(ACCEPTED);
        long e = op(drain(viaEndSync).is(PENDING));
        endSync(viaEndSync).is(INCOMPLETE, settled(e, DRAINED_FALSE));

        Scenario viaCancel = new Scenario(variant, Options.of(4, Policy.STRICT));
        viaCancel.attach();
        viaCancel.writeSync(4).is(ACCEPTED);
        long queued = op(viaCancel.write(1).is(QUEUED));
        long f = op(drain(viaCancel).is(PENDING));
        // "the queued writes settle with FAILED(CANCELLED) (oldest first), then the drains with DRAINED(false)"
        viaCancel.cancel().is(OK, settled(queued, failed(SpecError.CANCELLED)), settled(f, DRAINED_FALSE));
        drain(viaCancel).is(UNWRITABLE);
    }

    /** fail step 3: "Settle the queued writes (oldest first), then the drains, then the pending ends". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED", "DIRTY_FLAG"
            })
    void failSettlesQueuedWritesThenDrains(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.UNBOUNDED));
        s.attach();
        s.writeSync(4).is(ACCEPTED);
        long w1 = op(s.write(1).is(QUEUED));
        long d = op(drain(s).is(PENDING));
        long w2 = op(s.write(2).is(QUEUED));
        s.fail("boom").is(OK, settled(w1, failed("boom")), settled(w2, failed("boom")), settled(d, failed("boom")));
        drain(s).is(UNWRITABLE);
        s.state().writer(ERRORED, 4).queued();
    }

    // ---------------------------------------------------------------- abort

    /** abort step 1: "take it out of the queue wherever it is, settle it with FAILED(ABORTED) ... the writes behind it stay queued". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED", "DIRTY_FLAG"
            })
    void abortTakesAQueuedWriteOutOfTheMiddle(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.UNBOUNDED));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long w1 = op(s.write(1).is(QUEUED));
        long w2 = op(writev(s, 1, 1).is(QUEUED));
        long w3 = op(s.write(3).is(QUEUED));
        abort(s, w2).is(OK, settled(w2, failed(SpecError.ABORTED)));
        s.state().queued(1, 3).buffer(0, 4);
        abort(s, w2).is(OK); // "an operation that ... has settled: nothing happens"
        abort(s, 0).is(OK); // operation 0, the attach, was never pending
        s.next(c0).is(data(0, 4), settled(w1, ACCEPTED), settled(w3, ACCEPTED));
        s.state().buffer(1, 1, 3).queued().writer(OPEN, 8);
    }

    /** STRICT: after an abort empties the queue, the next refused write queues instead of failing with BACKPRESSURE. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR"})
    void anAbortedStrictWriteMakesRoomInTheQueue(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.attach();
        s.writeSync(4).is(ACCEPTED);
        long w = op(s.write(2).is(QUEUED));
        s.write(1).is(failed(SpecError.BACKPRESSURE));
        abort(s, w).is(OK, settled(w, failed(SpecError.ABORTED)));
        s.write(1).is(QUEUED);
        s.state().queued(1).writer(OPEN, 4);
    }

    /** abort step 1: "if the writer is CLOSING and no write is queued any more, end the broadcast. So an abort can end the broadcast, and complete the end". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED"
            }) // dirty-flag: its last detach drops the retained entry (no retain guard, I7)
    void anAbortThatEmptiesAClosingWritersQueueEndsTheBroadcast(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long w = op(s.write(1).is(QUEUED));
        long end = op(s.end().is(PENDING));
        s.state().writer(CLOSING, 4).ended(false);
        int c1 = s.attach();
        s.next(c1).is(data(0, 4));
        long waiting = op(s.next(c1).is(WAIT));
        abort(s, w).is(OK, settled(w, failed(SpecError.ABORTED)), settled(waiting, DONE));
        s.state().ended(true).writer(CLOSING, 4).consumers(at(c0, 0)).pendingEnds(1);
        s.detach(c0).is(DONE, settled(end, completed(4)));
        s.state().writer(CLOSED, 4).consumers();
    }

    /** abort step 1 with nobody attached: the abort ends the broadcast and completes the end at once. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED"})
    void anAbortCanCompleteTheEnd(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long w = op(s.write(1).is(QUEUED));
        s.detach(c0).is(DONE); // retain guard: nothing trimmed, the write stays queued
        long end = op(s.end().is(PENDING));
        abort(s, w).is(OK, settled(w, failed(SpecError.ABORTED)), settled(end, completed(4)));
        s.state().writer(CLOSED, 4).ended(true).buffer(0, 4);
    }

    /** abort step 2: "take that call out of the pending ends ... The writer stays CLOSING; the other pending ends ... are unaffected." */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED", "DIRTY_FLAG"
            })
    void abortingAPendingEndLeavesTheOthers(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        long e1 = op(s.end().is(PENDING));
        long e2 = op(s.end().is(PENDING));
        abort(s, e1).is(OK, settled(e1, failed(SpecError.ABORTED)));
        s.state().writer(CLOSING, 0).pendingEnds(1);
        s.detach(c0).is(DONE, settled(e2, completed(0)));
    }

    /** "n must name an earlier operation of this broadcast (operation must name an earlier operation, was 7)". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "DIRTY_FLAG"})
    void abortAndSpoilMustNameAnEarlierOperation(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.writeSync(1).is(ACCEPTED);
        abort(s, 1).rejects("operation must name an earlier operation, was 1"); // its own number
        spoil(s, 7).rejects("operation must name an earlier operation, was 7");
        abort(s, -1).rejects("operation must name an earlier operation, was -1");
        spoil(s, 0).is(OK); // the write, now operation 0, is earlier
        assertThat(s.snapshot().spoiledEntries()).containsExactly(0L);
    }

    // ---------------------------------------------------------------- spoil and reading an entry

    /** Reading a spoiled entry: the writer fails, every consumer fails and is removed, the buffer clears, bufferStart stays. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED", "DIRTY_FLAG"
            })
    void readingASpoiledEntryFailsTheWriterAndTheBroadcastAndClearsTheBuffer(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.UNBOUNDED));
        int c0 = s.attach();
        int c1 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        long bad = op(s.writeSync(3).is(ACCEPTED));
        long queued = op(s.write(2).is(QUEUED));
        long d = op(drain(s).is(PENDING));
        spoil(s, bad).is(OK);
        assertThat(s.snapshot().spoiledEntries()).containsExactly(1L);
        s.next(c0).is(data(0, 1));
        // trims entry 0: 3B < 4, the flush stores the queued write (5B), then the drain settles (trim step 3)
        s.next(c1).is(data(0, 1), settled(queued, ACCEPTED), settled(d, DRAINED_TRUE));
        assertThat(s.snapshot().pendingDrains()).isZero();
        long d2 = op(drain(s).is(PENDING));
        // reading an entry, steps 1 to 4: queued writes, drains, pending ends fail; every consumer's reads fail
        s.next(c0).is(failed(SpecError.INVALID_ENTRY), settled(d2, failed(SpecError.INVALID_ENTRY)));
        s.state()
                .buffer(1)
                .consumers()
                .writer(ERRORED, 6)
                .ended(true)
                .error(INVALID)
                .writerError(INVALID);
        assertThat(s.snapshot().bufferedBytes()).isZero();
        assertThat(s.snapshot().spoiledEntries()).isEmpty();
        s.next(c1).is(failed(SpecError.INVALID_ENTRY)); // removed with the error
        s.write(1).is(failed(SpecError.INVALID_ENTRY));
    }

    /** A spoiled queued write: "settle it with FAILED(INVALID_ENTRY) and go on with the next: it is neither stored nor counted." */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED", "DIRTY_FLAG"
            })
    void aFlushFailsASpoiledQueuedWriteAndGoesOn(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.UNBOUNDED));
        int c0 = s.attach();
        s.writeSync(4).is(ACCEPTED);
        long w1 = op(s.write(2).is(QUEUED));
        long w2 = op(s.write(1).is(QUEUED));
        spoil(s, w1).is(OK);
        spoil(s, w1).is(OK); // "Spoiling twice is harmless."
        assertThat(s.snapshot().spoiledQueued()).containsExactly(0);
        s.next(c0).is(data(0, 4), settled(w1, failed(SpecError.INVALID_ENTRY)), settled(w2, ACCEPTED));
        s.state().buffer(1, 1).writer(OPEN, 5).queued();
        assertThat(s.snapshot().spoiledQueued()).isEmpty();
    }

    /** spoil: "otherwise (never stored, already trimmed or evicted, discarded, zero-size, not a write) nothing happens". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR"})
    void spoilingWhatIsNoLongerRetainedDoesNothing(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int c0 = s.attach();
        long w = op(s.writeSync(1).is(ACCEPTED));
        long zero = op(s.writeSync(0).is(ACCEPTED));
        s.next(c0).is(data(0, 1));
        spoil(s, w).is(OK);
        spoil(s, zero).is(OK);
        spoil(s, 0).is(OK); // operation 0, the attach, is not a write
        assertThat(s.snapshot().spoiledEntries()).isEmpty();
        s.writeSync(2).is(ACCEPTED);
        s.next(c0).is(data(1, 2));
    }

    /**
     * Reading an entry step 2 on an already errored broadcast: "this step does nothing: the error stands
     * and nobody is removed"; under spec §8 "every attached consumer's reads settle with FAILED(the
     * broadcast's error ...) and it is removed, before step 3 clears the buffer".
     */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED"})
    void aLateJoinerReadingASpoiledEntryAfterFail(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        long w = op(s.writeSync(2).is(ACCEPTED));
        s.fail("x").is(OK);
        int c0 = s.attach(); // a late joiner reads what is retained
        spoil(s, w).is(OK);
        s.next(c0).is(failed("x"));
        s.state().buffer(0).writer(ERRORED, 2).error(Reason.of("x")).writerError(Reason.of("x"));
        if (variant.algorithm() == Algorithm.CORRECTED) {
            s.state().consumers(); // every consumer leaves a cleared buffer
        } else {
            s.state().consumers(at(c0, 0)); // "the consumer, if still attached, stays where it was"
        }
        s.next(c0).is(failed("x"));
        s.state().consumers();
    }

    /** A spoiled entry dropped unread by DROP_OLDEST eviction fails nothing: only a read fails on it (I14). */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "WHEEL", "LOCKED_COUNT", "PUBLISHED_CURSOR", "CACHED_COUNT_CORRECTED"
            }) // dirty-flag: trimming stalls after an eviction (spec §4)
    void aSpoiledEntryEvictedUnreadFailsNothing(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.DROP_OLDEST));
        int c0 = s.attach();
        long w = op(s.writeSync(4).is(ACCEPTED));
        spoil(s, w).is(OK);
        s.writeSync(1).is(ACCEPTED); // evicts the spoiled entry; c0 moves to 1
        assertThat(s.snapshot().spoiledEntries()).isEmpty();
        s.next(c0).is(data(1, 1));
        s.state().buffer(2).writer(OPEN, 5).consumers(at(c0, 2));
    }
}
