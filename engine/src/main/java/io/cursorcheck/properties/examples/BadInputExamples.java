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
import static io.cursorcheck.spi.Outcome.data;
import static io.cursorcheck.spi.Outcome.failed;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Scenario;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Snapshot;
import java.util.List;
import java.util.function.Function;

/**
 * Bad input: every variant rejects it with the same {@link IllegalArgumentException}, whose message
 * names the argument and its value, and nothing already buffered changes.
 */
public final class BadInputExamples {

    private static final int SLOW = 0;
    private static final int READER = 1;
    private static final String NEGATIVE_SIZE = "size must be >= 0, was -1";
    private static final String NULL_CONSUMER = "consumer must not be null";
    // The foreign handle is the first consumer of another broadcast, hence c0.
    private static final String FOREIGN_CONSUMER = "consumer c0 belongs to another broadcast";

    private BadInputExamples() {}

    /** Options reject a budget below 1 and a null policy; a budget of 1 is the smallest accepted. */
    public static void optionsRejectABudgetBelowOneAndANullPolicy(BroadcastFactory variant) {
        assertRejected(() -> variant.create(Options.of(0, Policy.STRICT)), "budget must be >= 1, was 0");
        assertRejected(() -> variant.create(Options.of(-1, Policy.UNBOUNDED)), "budget must be >= 1, was -1");
        assertRejected(
                () -> variant.create(Options.of(Long.MIN_VALUE, Policy.DROP_OLDEST)),
                "budget must be >= 1, was " + Long.MIN_VALUE);
        assertRejected(() -> variant.create(Options.of(4, null)), "policy must not be null");

        Scenario s = new Scenario(variant, Options.of(1, Policy.STRICT));
        s.writeSync(1).is(ACCEPTED); // 0B < 1
        s.writeSync(1).is(REFUSED);
    }

    /** Each variant's constructor rejects null options. */
    public static void theConstructorRejectsNullOptions(BroadcastFactory variant) {
        assertRejected(() -> variant.create(null), "options must not be null");
    }

    /** A negative size is rejected by write and writeSync; the rejected calls still take operation numbers. */
    public static void negativeSizesAreRejectedAndChangeNothing(BroadcastFactory variant) {
        Busy b = new Busy(variant);
        rejectsUnchanged(b.s, s -> s.writeSync(-1), NEGATIVE_SIZE);
        rejectsUnchanged(b.s, s -> s.write(-1), NEGATIVE_SIZE);
        rejectsUnchanged(b.s, s -> s.write(Integer.MIN_VALUE), "size must be >= 0, was " + Integer.MIN_VALUE);

        long op = b.carriesOn();
        b.s.expect(
                "the next operation number (the three rejected calls took numbers too, Broadcast javadoc)",
                b.queued + 4,
                op);
    }

    /** A null handle and a handle of another broadcast are rejected by next and detach. */
    public static void nullAndForeignConsumersAreRejectedAndChangeNothing(BroadcastFactory variant) {
        Busy b = new Busy(variant);
        rejectsUnchanged(b.s, s -> s.next(Op.NULL), NULL_CONSUMER);
        rejectsUnchanged(b.s, s -> s.detach(Op.NULL), NULL_CONSUMER);
        rejectsUnchanged(b.s, s -> s.next(Op.FOREIGN), FOREIGN_CONSUMER);
        rejectsUnchanged(b.s, s -> s.detach(Op.FOREIGN), FOREIGN_CONSUMER);
        b.carriesOn();
    }

    /** After detach, end, fail or cancel, bad input is still rejected the same and still changes nothing. */
    public static void badInputIsRejectedAlikeAfterDetachEndFailAndCancel(BroadcastFactory variant) {
        List<Op> stops = List.of(
                new Op.Detach(READER),
                new Op.End(),
                new Op.Fail("e"),
                new Op.Cancel(false, null),
                new Op.Cancel(true, 0));
        for (Op stop : stops) {
            Scenario s = new Busy(variant).s;
            s.step(stop); // its answer is pinned in LifecycleExamples; here only the invariants are checked
            rejectsUnchanged(s, t -> t.writeSync(-1), NEGATIVE_SIZE);
            rejectsUnchanged(s, t -> t.write(-1), NEGATIVE_SIZE);
            rejectsUnchanged(s, t -> t.next(Op.NULL), NULL_CONSUMER);
            rejectsUnchanged(s, t -> t.detach(Op.NULL), NULL_CONSUMER);
            rejectsUnchanged(s, t -> t.next(Op.FOREIGN), FOREIGN_CONSUMER);
            rejectsUnchanged(s, t -> t.detach(Op.FOREIGN), FOREIGN_CONSUMER);
        }
    }

    /** A consumer gone by detach or fail is not bad input: its reads and detaches are answered, not rejected. */
    public static void aConsumerGoneByDetachOrFailIsNotBadInput(BroadcastFactory variant) {
        Busy b = new Busy(variant);
        Scenario s = b.s;
        s.detach(READER).is(DONE, settled(b.wait, DONE), settled(b.pending, DONE));
        s.next(READER).is(DONE);
        s.detach(READER).is(DONE);

        s.fail("e").is(OK, settled(b.queued, failed("e")));
        s.next(SLOW).is(failed("e"));
        s.detach(SLOW).is(DONE); // detach always answers DONE...
        s.next(SLOW).is(failed("e")); // ...and keeps the consumer's error
        s.next(READER).is(DONE); // detached before the fail: no error of its own

        s.cancel(0).is(OK); // still runs after a fail, but no consumer is attached to reach
        s.next(SLOW).is(failed("e"));
        s.next(READER).is(DONE);
        s.state().buffer(0, 4).consumers();
    }

    /** A busy broadcast: an unread entry, a consumer with an outstanding and a queued read, a queued write. */
    private static final class Busy {
        final Scenario s;
        final long wait;
        final long pending;
        final long queued;

        Busy(BroadcastFactory variant) {
            s = new Scenario(variant, Options.of(4, Policy.STRICT));
            s.expect("the first consumer's id", SLOW, s.attach());
            s.expect("the second consumer's id", READER, s.attach());
            s.writeSync(4).is(ACCEPTED);
            s.next(READER).is(data(0, 4));
            wait = s.next(READER).is(WAIT).op();
            pending = s.next(READER).is(PENDING).op();
            queued = s.write(1).is(QUEUED).op();
            s.state().buffer(0, 4).consumers(at(SLOW, 0), at(READER, 1, 2)).queued(1);
        }

        /**
         * The broadcast carries on as if nothing had been rejected: the slow read trims entry 0, the
         * flush appends entry 1 and serves the reader's outstanding read, whose queued read takes over.
         *
         * @return the operation number of that read
         */
        long carriesOn() {
            long op = s.next(SLOW)
                    .is(data(0, 4), settled(wait, data(1, 1)), settled(queued, ACCEPTED))
                    .op();
            s.state().buffer(1, 1).consumers(at(SLOW, 1), at(READER, 2, 1)).queued();
            return op;
        }
    }

    /** The step throws the IllegalArgumentException with {@code message} and leaves the snapshot as it was. */
    private static void rejectsUnchanged(Scenario s, Function<Scenario, Scenario.StepAssert> step, String message) {
        Snapshot before = s.snapshot();
        step.apply(s).rejects(message);
        s.expect("the snapshot after the rejected call", before, s.snapshot());
    }

    private static void assertRejected(Runnable call, String message) {
        try {
            call.run();
        } catch (IllegalArgumentException e) {
            if (e.getClass() != IllegalArgumentException.class || !message.equals(e.getMessage())) {
                throw new AssertionError("expected IllegalArgumentException(\"" + message + "\"), was " + e, e);
            }
            return;
        }
        throw new AssertionError("expected IllegalArgumentException(\"" + message + "\"), nothing was thrown");
    }
}
