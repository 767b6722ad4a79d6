package io.cursorcheck.properties;

import static io.cursorcheck.properties.Scenario.at;
import static io.cursorcheck.properties.Scenario.settled;
import static io.cursorcheck.spi.Outcome.ACCEPTED;
import static io.cursorcheck.spi.Outcome.DISCARDED;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.engine.key.StateKey;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.SpecError;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The writer's further paths of issue 15 on the reference model, under both algorithms: writevSync and
 * writev, endSync, abort, drain, spoil and reading a spoiled entry, each answer and settlement read off
 * spec §2 ({@code docs/spec.md}) by hand; the sentence each step follows is quoted in its comment. Every
 * step is also checked against every invariant the checker knows ({@link Scenario}).
 */
class WriterPathsModelExamples {

    private static final Outcome INVALID = failed(SpecError.INVALID_ENTRY);
    private static final Outcome ABORTED = failed(SpecError.ABORTED);

    /** "writevSync and writev ... one entry whose size is the sum ...; a sum of 0 stores nothing." */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void writevStoresOneEntryOfTheSummedSize(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.attach(); // #0
        s.step(new Op.WritevSync(List.of(1, 2))).is(ACCEPTED); // #1: one entry of 3
        s.step(new Op.Writev(List.of(0, 0))).is(ACCEPTED); // #2: "a sum of 0 stores nothing"
        s.step(new Op.Writev(List.of(1))).is(ACCEPTED); // #3: 3 < 4
        s.step(new Op.Writev(List.of(2, 2))).is(QUEUED); // #4: "write(sum)": 4 >= 4 queues
        s.step(new Op.WritevSync(List.of(1))).is(REFUSED); // #5: "writeSync(sum)": refused
        s.state().buffer(0, 3, 1).queued(4).writer(OPEN, 4);
        // The read trims entry 0; 1 < 4: the flush stores writev #4 as one entry of 4.
        s.next(0).is(data(0, 3), settled(4, ACCEPTED));
        s.state().buffer(1, 1, 4).consumers(at(0, 1)).queued().writer(OPEN, 8);
        s.next(0).is(data(1, 1));
        s.next(0).is(data(2, 4)); // "Reading the entry delivers the chunks together"
    }

    /** endSync step 3 with no consumer: the end completes at once and endSync answers its bytes. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void endSyncCompletesAtOnceWithNobodyAttached(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(2, Policy.STRICT));
        s.writeSync(1).is(ACCEPTED);
        s.step(new Op.EndSync()).is(completed(1));
        s.state().writer(CLOSED, 1).ended(true).pendingEnds(0);
        s.step(new Op.EndSync()).is(completed(1)); // step 1: CLOSED
        s.end().is(completed(1));
    }

    /**
     * endSync: "INCOMPLETE" while a consumer holds up the end; "No pending end is recorded: the end
     * completes later ... without a settlement, unless an end() call is pending by then."
     */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void endSyncLeavesNothingPendingAndALaterEndWaitsWithIt(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(2, Policy.STRICT));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.step(new Op.EndSync()).is(INCOMPLETE); // #2: CLOSING, ended, c0 still attached
        s.state().writer(CLOSING, 1).ended(true).pendingEnds(0);
        s.step(new Op.EndSync()).is(INCOMPLETE); // #3: step 2, CLOSING
        s.end().is(PENDING); // #4
        s.next(0).is(data(0, 1)); // #5
        s.next(0).is(DONE, settled(4, completed(1))); // #6: the detach completes the end
        s.step(new Op.EndSync()).is(completed(1));

        Scenario alone = new Scenario(variant, Options.of(2, Policy.STRICT));
        alone.attach();
        alone.step(new Op.EndSync()).is(INCOMPLETE);
        alone.detach(0).is(DONE); // completes the end: no end() call to settle
        alone.state().writer(CLOSED, 0);

        Scenario failed = new Scenario(variant, Options.of(2, Policy.STRICT));
        failed.fail("e").is(OK);
        failed.step(new Op.EndSync()).is(INCOMPLETE); // step 2: ERRORED
    }

    /** endSync with a write queued: the writer closes; the flush that empties the queue ends the broadcast. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void endSyncWithAQueuedWriteEndsWhenTheFlushEmptiesTheQueue(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.STRICT));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.write(1).is(QUEUED); // #2
        s.step(new Op.EndSync()).is(INCOMPLETE); // #3
        s.state().writer(CLOSING, 1).ended(false).queued(1);
        s.next(0).is(data(0, 1), settled(2, ACCEPTED)); // flush step 4 ends the broadcast
        s.state().ended(true).writer(CLOSING, 2);
        s.next(0).is(data(1, 1));
        s.next(0).is(DONE);
        s.state().writer(CLOSED, 2).consumers();
    }

    /**
     * abort step 1: "take it out of the queue wherever it is ... Nothing is flushed"; then "if the
     * writer is CLOSING and no write is queued any more, end the broadcast"; step 3: "nothing happens".
     */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void abortTakesAQueuedWriteFromTheMiddleAndTheLastOneEndsAClosingWriter(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.UNBOUNDED));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.write(1).is(QUEUED); // #2
        s.write(2).is(QUEUED); // #3
        s.write(3).is(QUEUED); // #4
        s.step(new Op.Abort(3)).is(OK, settled(3, ABORTED)); // #5: from the middle
        s.state().queued(1, 3).writer(OPEN, 1);
        s.step(new Op.Abort(3)).is(OK); // #6: settled already: nothing
        s.step(new Op.Abort(1)).is(OK); // #7: accepted at once: nothing
        s.step(new Op.Abort(5)).is(OK); // #8: not a write: nothing
        s.end().is(PENDING); // #9
        s.step(new Op.Abort(2)).is(OK, settled(2, ABORTED)); // #10: one still queued: no end
        s.state().queued(3).ended(false).writer(CLOSING, 1);
        s.step(new Op.Abort(4)).is(OK, settled(4, ABORTED)); // #11: the queue is empty: the broadcast ends
        s.state()
                .queued()
                .ended(true)
                .writer(CLOSING, 1)
                .pendingEnds(1)
                .buffer(0, 1)
                .consumers(at(0, 0));
        s.next(0).is(data(0, 1));
        s.next(0).is(DONE, settled(9, completed(1)));
    }

    /** "So an abort can end the broadcast, and complete the end, outside any read or write." */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void abortOfTheLastQueuedWriteCompletesTheEndWithNobodyAttached(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.STRICT));
        s.writeSync(1).is(ACCEPTED); // #0
        s.write(1).is(QUEUED); // #1
        s.end().is(PENDING); // #2
        s.step(new Op.Abort(1)).is(OK, settled(1, ABORTED), settled(2, completed(1)));
        s.state().writer(CLOSED, 1).ended(true).pendingEnds(0).buffer(0, 1);
    }

    /** abort step 2: "take that call out of the pending ends ... The writer stays CLOSING; the other pending ends ... are unaffected." */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void abortOfAPendingEndFailsOnlyThatCall(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.STRICT));
        s.attach(); // #0
        s.end().is(PENDING); // #1
        s.end().is(PENDING); // #2
        s.step(new Op.Abort(1)).is(OK, settled(1, ABORTED));
        s.state().writer(CLOSING, 0).pendingEnds(1);
        s.detach(0).is(DONE, settled(2, completed(0)));
    }

    /** drain steps 1 to 3, and trim step 3: "if the writer is OPEN, settle the drains with DRAINED(true)". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void drainWaitsWhileTheBufferIsFullAndTheTrimThatMakesRoomSettlesItTrue(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(2, Policy.STRICT));
        s.attach(); // #0
        s.step(new Op.Drain()).is(DRAINED_TRUE); // #1: 0 < 2
        s.writeSync(2).is(ACCEPTED); // #2
        s.step(new Op.Drain()).is(PENDING); // #3
        s.step(new Op.Drain()).is(PENDING); // #4
        assertThat(s.snapshot().pendingDrains()).isEqualTo(2);
        s.next(0).is(data(0, 2), settled(3, DRAINED_TRUE), settled(4, DRAINED_TRUE)); // in call order
        assertThat(s.snapshot().pendingDrains()).isZero();
    }

    /** drain step 3: "after the flush that trim starts: the flush may fill the buffer again, and the drain still answers true". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void aDrainSettlesTrueAfterTheFlushThatFillsTheBufferAgain(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.STRICT));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.write(1).is(QUEUED); // #2
        s.step(new Op.Drain()).is(PENDING); // #3
        s.next(0).is(data(0, 1), settled(2, ACCEPTED), settled(3, DRAINED_TRUE));
        s.state().buffer(1, 1).queued();
    }

    /** end step 3 and endSync step 3: "its drains settle with DRAINED(false)"; drain step 1: UNWRITABLE. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void endAndEndSyncSettleDrainsFalseAndLaterDrainsAreUnwritable(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.STRICT));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.step(new Op.Drain()).is(PENDING); // #2
        s.end().is(PENDING, settled(2, DRAINED_FALSE)); // #3
        s.step(new Op.Drain()).is(UNWRITABLE); // CLOSING

        Scenario sync = new Scenario(variant, Options.of(1, Policy.STRICT));
        sync.attach(); // #0
        sync.writeSync(1).is(ACCEPTED); // #1
        sync.step(new Op.Drain()).is(PENDING); // #2
        sync.step(new Op.EndSync()).is(INCOMPLETE, settled(2, DRAINED_FALSE));
        sync.step(new Op.Drain()).is(UNWRITABLE);
    }

    /** cancel step 3: queued writes FAILED(CANCELLED), "then the drains with DRAINED(false)"; fail step 3: FAILED(reason). */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void cancelSettlesDrainsFalseAndFailRejectsThem(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.STRICT));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.write(1).is(QUEUED); // #2
        s.step(new Op.Drain()).is(PENDING); // #3
        s.cancel().is(OK, settled(2, failed(SpecError.CANCELLED)), settled(3, DRAINED_FALSE));
        s.step(new Op.Drain()).is(UNWRITABLE);

        Scenario f = new Scenario(variant, Options.of(1, Policy.STRICT));
        f.attach(); // #0
        f.writeSync(1).is(ACCEPTED); // #1
        f.write(1).is(QUEUED); // #2
        f.step(new Op.Drain()).is(PENDING); // #3
        f.fail("e").is(OK, settled(2, failed("e")), settled(3, failed("e")));
        f.step(new Op.Drain()).is(UNWRITABLE);
    }

    /** offer step 6: "If this offer evicted and bufferedBytes < budget now ... DRAINED(true)"; not when the append filled it. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void anEvictionSettlesDrainsOnlyWhenTheBufferIsUnderBudgetAfterTheAppend(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(2, Policy.DROP_OLDEST));
        s.writeSync(2).is(ACCEPTED); // #0
        s.step(new Op.Drain()).is(PENDING); // #1
        s.writeSync(2).is(ACCEPTED); // #2: evicts, but the append fills it again
        assertThat(s.snapshot().pendingDrains()).isEqualTo(1);
        s.writeSync(1).is(ACCEPTED, settled(1, DRAINED_TRUE)); // #3: evicts to 0, appends 1 < 2
        s.state().buffer(2, 1);
    }

    /**
     * Reading a spoiled entry through next, on a broadcast not yet errored: "The writer fails with
     * INVALID_ENTRY ... its queued writes, its drains ... settle with FAILED(INVALID_ENTRY)"; step 2 "its
     * side of fail runs"; step 3 "The buffer is cleared ...; bufferStart does not move"; step 4 "next
     * answers FAILED".
     */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void readingASpoiledEntryFailsTheWriterAndTheBroadcastAndClearsTheBuffer(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.attach(); // #0
        s.attach(); // #1
        s.writeSync(1).is(ACCEPTED); // #2
        s.writeSync(2).is(ACCEPTED); // #3
        s.write(1).is(ACCEPTED); // #4: 3 < 4
        s.write(1).is(QUEUED); // #5
        s.step(new Op.Drain()).is(PENDING); // #6
        s.next(1).is(data(0, 1)); // #7
        s.step(new Op.Spoil(3)).is(OK); // #8
        assertThat(s.snapshot().spoiledEntries()).containsExactly(1L);
        s.step(new Op.Spoil(3)).is(OK); // #9: "Spoiling twice is harmless"
        assertThat(s.snapshot().spoiledEntries()).containsExactly(1L);
        s.next(1).is(INVALID, settled(5, INVALID), settled(6, INVALID)); // #10
        s.state()
                .buffer(0)
                .consumers()
                .writer(ERRORED, 4)
                .ended(true)
                .error(Reason.of(SpecError.INVALID_ENTRY))
                .writerError(Reason.of(SpecError.INVALID_ENTRY));
        assertThat(s.snapshot().bufferedBytes()).isZero();
        s.next(0).is(INVALID); // removed by the failure, with its error
        s.write(1).is(INVALID); // the writer's error
        int late = s.attach();
        s.next(late).is(INVALID); // attaches at bufferStart 0 == end
    }

    /** Reading a spoiled entry after the end completed: the writer is CLOSED ("nothing"), the broadcast still fails. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void aLateJoinerReadingASpoiledEntryAfterTheEndFailsTheBroadcastOnly(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.writeSync(1).is(ACCEPTED); // #0
        s.end().is(completed(1)); // #1
        s.attach(); // #2
        s.step(new Op.Spoil(0)).is(OK); // #3
        s.next(0).is(INVALID);
        s.state().buffer(0).consumers().writer(CLOSED, 1).writerError(null).error(Reason.of(SpecError.INVALID_ENTRY));
        s.end().is(completed(1));
    }

    /**
     * Reading a spoiled entry on a broadcast already errored (step 2: "this step does nothing: the error
     * stands and nobody is removed"): a late joiner that read past the entry is left beyond end, the
     * finding spoiled-read-leaves-cursor-past-end (I1). §8 "every consumer leaves a cleared buffer":
     * the corrected model removes everyone with the existing error and keeps I1.
     */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void aSpoiledReadOnAnErroredBroadcastLeavesALateJoinerPastEndUnlessCorrected(Variant variant) {
        boolean corrected = variant == Variant.MODEL_CORRECTED;
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.writeSync(1).is(ACCEPTED); // #0
        s.fail("e").is(OK); // #1
        s.attach(); // #2: c0
        s.attach(); // #3: c1
        s.next(1).is(data(0, 1)); // #4
        s.step(new Op.Spoil(0)).is(OK); // #5
        s.breakingIf(!corrected, Invariant.I1).next(0).is(failed("e")); // #6: the earlier error stands
        if (corrected) {
            s.state().buffer(0).consumers().error(Reason.of("e")).writerError(Reason.of("e"));
        } else {
            s.state().buffer(0).consumers(at(0, 0), at(1, 1)).error(Reason.of("e")); // c1 is past end 0
        }
        s.next(1).is(failed("e"));
        s.next(0).is(failed("e"));
        s.state().consumers();
    }

    /** The same after cancel(reason): the writer is CLOSED, the cancel's reason is the error that stands. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void aSpoiledReadAfterCancelWithAReasonKeepsTheReason(Variant variant) {
        boolean corrected = variant == Variant.MODEL_CORRECTED;
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        s.writeSync(1).is(ACCEPTED); // #0
        s.cancel("r").is(OK); // #1
        s.attach(); // #2
        s.attach(); // #3
        s.next(1).is(data(0, 1)); // #4
        s.step(new Op.Spoil(0)).is(OK); // #5
        s.breakingIf(!corrected, Invariant.I1).next(0).is(failed("r"));
        s.state().writer(CLOSED, 1).error(Reason.of("r"));
        assertThat(s.snapshot().consumers()).hasSize(corrected ? 0 : 2);
    }

    /** flush step 1: "If it is spoiled, settle it with FAILED(INVALID_ENTRY) and go on with the next: it is neither stored nor counted." */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void aSpoiledQueuedWriteFailsWhenTheFlushTakesItAndTheWriterStaysOpen(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.STRICT));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.write(1).is(QUEUED); // #2
        s.step(new Op.Spoil(2)).is(OK); // #3
        assertThat(s.snapshot().spoiledQueued()).containsExactly(0);
        s.next(0).is(data(0, 1), settled(2, INVALID));
        s.state().buffer(1).queued().writer(OPEN, 1).error(null);
        s.write(1).is(ACCEPTED);
    }

    /** flush step 1: "the condition is what keeps a spoiled write behind a full buffer unexamined". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void aSpoiledQueuedWriteBehindAFullBufferStaysQueued(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.UNBOUNDED));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.write(1).is(QUEUED); // #2
        s.write(1).is(QUEUED); // #3
        s.step(new Op.Spoil(3)).is(OK); // #4
        assertThat(s.snapshot().spoiledQueued()).containsExactly(1);
        s.next(0).is(data(0, 1), settled(2, ACCEPTED)); // the buffer is full again: #3 unexamined
        s.state().queued(1);
        assertThat(s.snapshot().spoiledQueued()).containsExactly(0);
        s.next(0).is(data(1, 1), settled(3, INVALID));
        s.state().queued().writer(OPEN, 2);
    }

    /** spoil: "otherwise (never stored, already trimmed or evicted, discarded, zero-size, not a write) nothing happens". */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void spoilingWhatIsNotRetainedOrQueuedDoesNothing(Variant variant) {
        Scenario s = new Scenario(variant, Options.of(1, Policy.DROP_NEWEST));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.writeSync(1).is(DISCARDED); // #2
        s.writeSync(0).is(ACCEPTED); // #3
        s.step(new Op.Spoil(2)).is(OK); // discarded
        s.step(new Op.Spoil(3)).is(OK); // zero-size
        s.step(new Op.Spoil(0)).is(OK); // not a write
        assertThat(s.snapshot().spoiledEntries()).isEmpty();
        s.next(0).is(data(0, 1)); // #7: trims entry 0
        s.step(new Op.Spoil(1)).is(OK); // trimmed
        assertThat(s.snapshot().spoiledEntries()).isEmpty();
        s.next(0).is(WAIT);
        s.writeSync(1).is(ACCEPTED, settled(9, data(1, 1)));
    }

    /**
     * Ending the broadcast, data branch (only after the stranded read of reentrant-flush-strands-read,
     * so only as released): "read it (spoiled: the end of the broadcast stops there, without step 3
     * and 4)". The end() call's own end failed within the call: its outcome is that failure.
     */
    @Test
    void endReadingASpoiledEntryForAStrandedReadFailsTheEnd() {
        Scenario s = new Scenario(Variant.MODEL, Options.of(1, Policy.UNBOUNDED));
        s.attach(); // #0
        s.writeSync(1).is(ACCEPTED); // #1
        s.write(1).is(QUEUED); // #2
        s.attach(); // #3
        s.next(0).is(data(0, 1)); // #4
        s.next(0).is(WAIT); // #5
        s.next(0).is(PENDING); // #6
        s.write(1).is(QUEUED); // #7
        s.breaking(Invariant.I11).detach(1); // #8: the known finding strands read #6 at entry 2
        s.breaking(Invariant.I11).step(new Op.Spoil(7)).is(OK); // #9: spoils entry 2
        s.end().is(INVALID, settled(6, INVALID)); // #10
        s.state()
                .buffer(2)
                .consumers()
                .writer(ERRORED, 3)
                .ended(true)
                .pendingEnds(0)
                .error(Reason.of(SpecError.INVALID_ENTRY));
    }

    /**
     * Notify reading a spoiled entry (only after the stranded read of reentrant-flush-strands-read, so
     * only as released; here with a last entry smaller than the budget, so that a write can append):
     * "read it (spoiled: this notify stops there)"; the write that appended is still ACCEPTED. Node
     * 26.12.1 answers the same (writeSync true, the stranded read rejected with the validation error).
     */
    @Test
    void notifyReadingASpoiledEntryForAStrandedReadFailsEverything() {
        Scenario s = new Scenario(Variant.MODEL, Options.of(2, Policy.UNBOUNDED));
        s.attach(); // #0
        s.writeSync(2).is(ACCEPTED); // #1
        s.write(2).is(QUEUED); // #2
        s.attach(); // #3
        s.next(0).is(data(0, 2)); // #4
        s.next(0).is(WAIT); // #5
        s.next(0).is(PENDING); // #6
        s.write(1).is(QUEUED); // #7
        s.breaking(Invariant.I11)
                .detach(1)
                .is(DONE, settled(7, ACCEPTED), settled(5, data(1, 2)), settled(2, ACCEPTED)); // #8: #6 stranded
        s.state().buffer(2, 1).consumers(at(0, 2, 1));
        s.breaking(Invariant.I11).step(new Op.Spoil(7)).is(OK); // #9
        s.writeSync(1).is(ACCEPTED, settled(6, INVALID)); // #10: appends entry 3, whose notify reads entry 2
        s.state().buffer(2).consumers().writer(ERRORED, 6).ended(true).error(Reason.of(SpecError.INVALID_ENTRY));
    }

    /** §5 bad input: the operation number is taken and nothing else changes. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"MODEL", "MODEL_CORRECTED"})
    void badInputOfTheNewOperationsTakesANumberAndChangesNothingElse(Variant variant) {
        ScanningModel m = new ScanningModel(
                Options.of(2, Policy.STRICT), variant == Variant.MODEL ? Algorithm.AS_RELEASED : Algorithm.CORRECTED);
        m.attach(); // #0
        m.writeSync(2); // #1
        m.write(1); // #2: queued
        var before = m.snapshot();
        StateKey key = StateKeyBuilder.keyOf(m);
        assertThatThrownBy(() -> m.writevSync(1, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sizes[1] must be >= 0, was -1"); // #3
        assertThatThrownBy(() -> m.writev(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sizes[0] must be >= 0, was -1"); // #4
        assertThatThrownBy(() -> m.writev((int[]) null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sizes must not be null"); // #5
        assertThatThrownBy(() -> m.writevSync((int[]) null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sizes must not be null"); // #6
        assertThatThrownBy(() -> m.writevSync(Integer.MAX_VALUE, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sizes must sum to at most 2147483647, was 2147483648"); // #7
        assertThatThrownBy(() -> m.abort(9))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("operation must name an earlier operation, was 9"); // #8
        assertThatThrownBy(() -> m.spoil(9))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("operation must name an earlier operation, was 9"); // #9: itself
        assertThatThrownBy(() -> m.abort(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("operation must name an earlier operation, was -1"); // #10
        assertThat(m.snapshot()).isEqualTo(before);
        assertThat(StateKeyBuilder.keyOf(m)).isEqualTo(key);
        assertThat(m.pendingOperations()).containsExactly(2L); // the queued write is still there
        assertThat(m.drain().op()).isEqualTo(11); // every bad call took its number
    }
}
