package io.cursorcheck.properties.examples;

import static io.cursorcheck.properties.Scenario.at;
import static io.cursorcheck.properties.Scenario.settled;
import static io.cursorcheck.spi.Outcome.ACCEPTED;
import static io.cursorcheck.spi.Outcome.DONE;
import static io.cursorcheck.spi.Outcome.OK;
import static io.cursorcheck.spi.Outcome.PENDING;
import static io.cursorcheck.spi.Outcome.QUEUED;
import static io.cursorcheck.spi.Outcome.REFUSED;
import static io.cursorcheck.spi.Outcome.WAIT;
import static io.cursorcheck.spi.Outcome.completed;
import static io.cursorcheck.spi.Outcome.data;
import static io.cursorcheck.spi.Outcome.failed;
import static io.cursorcheck.spi.WriterState.CLOSED;
import static io.cursorcheck.spi.WriterState.CLOSING;
import static io.cursorcheck.spi.WriterState.ERRORED;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Scenario;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.SpecError;
import java.util.function.Consumer;

/** end, fail and cancel: what happens to open reads, queued writes, pending ends and later consumers. */
public final class LifecycleExamples {

    private static final Options ROOMY = Options.of(1000, Policy.STRICT);

    private LifecycleExamples() {}

    // ---------------------------------------------------------------- end

    /** end with only waiting consumers: their reads answer DONE, they are removed, end completes at once. */
    public static void endWithOnlyWaitingConsumersCompletesAtOnce(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int c0 = s.attach();
        int c1 = s.attach();
        long r1 = s.next(c0).is(WAIT).op();
        long r2 = s.next(c0).is(PENDING).op();
        long r3 = s.next(c1).is(WAIT).op();

        s.end().is(completed(0), settled(r1, DONE), settled(r2, DONE), settled(r3, DONE));
        s.state().consumers().writer(CLOSED, 0).ended(true).pendingEnds(0);
        s.next(c0).is(DONE);
        s.next(c1).is(DONE);
    }

    /** end removes the waiting consumer but keeps a non-waiting one attached, and waits for it to drain. */
    public static void endRemovesWaitingConsumersAndWaitsForTheOthers(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int waiter = s.attach();
        int drainer = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.next(waiter).is(data(0, 1));
        long r1 = s.next(waiter).is(WAIT).op();
        long r2 = s.next(waiter).is(PENDING).op();

        long end = s.end().is(PENDING, settled(r1, DONE), settled(r2, DONE)).op();
        s.state()
                .buffer(0, 1)
                .consumers(at(drainer, 0))
                .writer(CLOSING, 1)
                .ended(true)
                .pendingEnds(1);
        s.next(waiter).is(DONE);

        s.next(drainer).is(data(0, 1));
        s.next(drainer).is(DONE, settled(end, completed(1)));
        s.state().buffer(1).consumers().writer(CLOSED, 1).pendingEnds(0);
    }

    /** end completes only when the last non-waiting consumer is gone, by draining or by detach. */
    public static void endCompletesOnlyWhenNoConsumerIsAttached(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int c0 = s.attach();
        int c1 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.writeSync(2).is(ACCEPTED);
        long end = s.end().is(PENDING).op();
        s.state().consumers(at(c0, 0), at(c1, 0)).writer(CLOSING, 3).ended(true);

        s.next(c0).is(data(0, 1));
        s.next(c0).is(data(1, 2));
        s.next(c0).is(DONE); // c0 drained and is removed; c1 is still attached
        s.state().buffer(0, 1, 2).consumers(at(c1, 0)).writer(CLOSING, 3);

        boolean dirty = variant == Variant.DIRTY_FLAG;
        // Historical (Node <= 26.1.0, pre-PR): trim had no retain guard, so the last consumer leaving
        // dropped the entries it had not read, and a later consumer finds nothing.
        s.breakingIf(dirty, Invariant.I7).detach(c1).is(DONE, settled(end, completed(3)));
        s.state().consumers().writer(CLOSED, 3);
        int late = s.attach();
        if (dirty) {
            s.state().buffer(2).consumers(at(late, 2));
            s.next(late).is(DONE);
            return;
        }
        s.state().buffer(0, 1, 2).consumers(at(late, 0)); // attached after the end completed: reads what is retained
        s.next(late).is(data(0, 1));
        s.next(late).is(data(1, 2));
        s.next(late).is(DONE);
    }

    // ---------------------------------------------------------------- fail

    /** fail("e") fails the queued write, the pending end and every open read, removes every consumer, keeps the buffer. */
    public static void failFailsEverythingPendingAndKeepsTheBuffer(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int slow = s.attach();
        int reader = s.attach();
        s.writeSync(4).is(ACCEPTED);
        s.next(reader).is(data(0, 4));
        long r1 = s.next(reader).is(WAIT).op();
        long r2 = s.next(reader).is(PENDING).op();
        long queued = s.write(1).is(QUEUED).op();
        long end = s.end().is(PENDING).op(); // waits for the queued write

        s.fail("e")
                .is(
                        OK,
                        settled(queued, failed("e")),
                        settled(end, failed("e")),
                        settled(r1, failed("e")),
                        settled(r2, failed("e")));
        s.state()
                .buffer(0, 4)
                .consumers()
                .queued()
                .writer(ERRORED, 4)
                .writerError(Reason.of("e"))
                .error(Reason.of("e"))
                .ended(true)
                .cancelled(false)
                .pendingEnds(0);

        s.next(slow).is(failed("e")); // detached with the error, although entry 0 is unread
        s.next(reader).is(failed("e"));
        s.write(1).is(failed("e"));
        s.writeSync(1).is(REFUSED);
        s.end().is(failed("e"));
    }

    /** fail(null) is an error whose reason is null: everything fails with null, not DONE. */
    public static void failWithNullFailsWithNull(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int c0 = s.attach();
        long read = s.next(c0).is(WAIT).op();

        s.fail(null).is(OK, settled(read, failed(null)));
        s.state()
                .consumers()
                .writer(ERRORED, 0)
                .writerError(Reason.of(null))
                .error(Reason.of(null))
                .ended(true);
        s.next(c0).is(failed(null));
        s.write(1).is(failed(null));
        s.end().is(failed(null));
        int late = s.attach();
        s.next(late).is(failed(null));
    }

    /** A second fail is a no-op: the first error is kept and nothing changes. */
    public static void aRepeatedFailKeepsTheFirstError(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        s.writeSync(1).is(ACCEPTED);
        s.fail("e").is(OK);
        Snapshot failedOnce = s.snapshot();

        s.fail("f").is(OK);
        s.expect("the snapshot", failedOnce, s.snapshot());
        s.write(1).is(failed("e"));
        s.end().is(failed("e"));
    }

    // ---------------------------------------------------------------- cancel

    /** cancel() without a reason: queued write aborted, pending end completed, open and later reads DONE. */
    public static void cancelWithoutReasonAnswersOpenReadsDone(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
        int slow = s.attach();
        int reader = s.attach();
        s.writeSync(4).is(ACCEPTED);
        s.next(reader).is(data(0, 4));
        long r1 = s.next(reader).is(WAIT).op();
        long r2 = s.next(reader).is(PENDING).op();
        long queued = s.write(1).is(QUEUED).op();
        long end = s.end().is(PENDING).op();

        s.cancel()
                .is(
                        OK,
                        settled(queued, failed(SpecError.CANCELLED)),
                        settled(end, completed(4)),
                        settled(r1, DONE),
                        settled(r2, DONE));
        s.state()
                .buffer(0, 4)
                .consumers()
                .queued()
                .writer(CLOSED, 4)
                .writerError(null)
                .error(null)
                .ended(true)
                .cancelled(true)
                .pendingEnds(0);

        s.next(slow).is(DONE);
        s.next(reader).is(DONE);
        s.end().is(completed(4));
        s.write(1).is(failed(SpecError.WRITER_CLOSED));
        s.writeSync(1).is(REFUSED);
    }

    /** cancel(null) gives a reason: open reads fail with null, and so does every later read of those consumers. */
    public static void cancelWithNullReasonFailsOpenAndLaterReads(BroadcastFactory variant) {
        cancelWithAReasonFailsOpenAndLaterReads(variant, null);
    }

    /** cancel(0) gives a reason: open reads fail with 0, and so does every later read of those consumers. */
    public static void cancelWithZeroReasonFailsOpenAndLaterReads(BroadcastFactory variant) {
        cancelWithAReasonFailsOpenAndLaterReads(variant, 0);
    }

    /** A reason counts as given whatever its value (docs/spec.md, spec §2 cancel). */
    private static void cancelWithAReasonFailsOpenAndLaterReads(BroadcastFactory variant, Object reason) {
        Scenario s = new Scenario(variant, ROOMY);
        int waiter = s.attach();
        int idle = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.next(waiter).is(data(0, 1));
        long r1 = s.next(waiter).is(WAIT).op();
        long r2 = s.next(waiter).is(PENDING).op();

        s.cancel(reason).is(OK, settled(r1, failed(reason)), settled(r2, failed(reason)));
        s.state()
                .buffer(0, 1)
                .consumers()
                .writer(CLOSED, 1)
                .error(Reason.of(reason))
                .cancelled(true);
        s.next(waiter).is(failed(reason));
        s.next(idle).is(failed(reason)); // no open read at the cancel, entry 0 unread: it fails all the same
        s.next(idle).is(failed(reason));

        int late = s.attach(); // starts at bufferStart, reads what is retained, then gets the reason
        s.next(late).is(data(0, 1));
        s.next(late).is(failed(reason));
    }

    /** cancel(reason) after fail still runs: it replaces the broadcast's error but not the writer's. */
    public static void cancelWithReasonAfterFailReplacesTheBroadcastError(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        int early = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.fail("e").is(OK);
        int late = s.attach(); // cannot wait (an errored broadcast fails reads that find nothing): it just sits
        s.state().buffer(0, 1).consumers(at(late, 0));

        s.cancel("x").is(OK);
        s.state()
                .buffer(0, 1)
                .consumers()
                .writer(ERRORED, 1)
                .writerError(Reason.of("e"))
                .error(Reason.of("x"))
                .cancelled(true);
        s.next(early).is(failed("e")); // its own error, set by the fail
        s.next(late).is(failed("x")); // detached with the cancel's reason, entry 0 unread
        s.write(1).is(failed("e"));
        s.end().is(failed("e"));
        int later = s.attach();
        s.next(later).is(data(0, 1));
        s.next(later).is(failed("x"));
    }

    /** cancel() after fail still runs but, with no reason, keeps the fail's error; open reads answer DONE. */
    public static void cancelWithoutReasonAfterFailKeepsTheFailError(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        s.writeSync(1).is(ACCEPTED);
        s.fail("e").is(OK);
        int late = s.attach();
        s.next(late).is(data(0, 1));

        s.cancel().is(OK);
        s.state().buffer(1).consumers().writer(ERRORED, 1).error(Reason.of("e")).cancelled(true);
        s.next(late).is(DONE); // detached by a cancel without reason
        int later = s.attach();
        s.next(later).is(failed("e"));
    }

    /** A second cancel changes nothing, not even for a consumer attached after the first. */
    public static void aRepeatedCancelChangesNothingEvenForALateJoiner(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        s.writeSync(1).is(ACCEPTED);
        s.cancel().is(OK);
        int late = s.attach();
        Snapshot before = s.snapshot();

        s.cancel("x").is(OK);
        s.fail("e").is(OK); // the writer is closed: fail does nothing either
        s.expect("the snapshot", before, s.snapshot());
        s.state().consumers(at(late, 0)).error(null);
        s.next(late).is(data(0, 1));
        s.next(late).is(DONE);
    }

    /** After cancel, end completes at once with the bytes accepted, even while a late joiner is attached. */
    public static void endAfterCancelCompletesAtOnceEvenWithALateJoiner(BroadcastFactory variant) {
        Scenario s = new Scenario(variant, ROOMY);
        s.writeSync(2).is(ACCEPTED);
        s.cancel().is(OK);
        int late = s.attach();

        s.end().is(completed(2));
        s.state().consumers(at(late, 0)).writer(CLOSED, 2);
        s.next(late).is(data(0, 2));
        s.next(late).is(DONE);
    }

    // ---------------------------------------------------------------- late joiners

    /** A consumer attached after fail or cancel starts at bufferStart, reads what is retained, then stops. */
    public static void aConsumerAttachedAfterFailOrCancelReadsWhatIsRetained(BroadcastFactory variant) {
        lateJoinerReadsRetainedThen(variant, s -> s.fail("e").is(OK), failed("e"));
        lateJoinerReadsRetainedThen(variant, s -> s.cancel().is(OK), DONE);
        lateJoinerReadsRetainedThen(variant, s -> s.cancel(null).is(OK), failed(null));
    }

    private static void lateJoinerReadsRetainedThen(BroadcastFactory variant, Consumer<Scenario> stop, Outcome last) {
        Scenario s = new Scenario(variant, ROOMY);
        int c0 = s.attach();
        s.writeSync(1).is(ACCEPTED);
        s.writeSync(2).is(ACCEPTED);
        s.writeSync(3).is(ACCEPTED);
        s.next(c0).is(data(0, 1));
        stop.accept(s);
        s.state().buffer(1, 2, 3).consumers();

        int late = s.attach();
        s.state().consumers(at(late, 1));
        s.next(late).is(data(1, 2));
        s.next(late).is(data(2, 3));
        s.next(late).is(last);
        s.next(late).is(last); // and keeps answering it
        s.state().buffer(3).consumers();
    }
}
