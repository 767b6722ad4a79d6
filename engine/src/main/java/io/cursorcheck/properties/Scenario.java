package io.cursorcheck.properties;

import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.Snapshot.ConsumerState;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A fixed scenario run against one subject (a variant of the registry, or any {@link BroadcastFactory}),
 * one operation at a time, with every invariant checked after every step: a step that breaks one fails
 * the example at once, unless the example said beforehand, with {@link #breaking}, which invariants it
 * expects that step to break.
 *
 * <p>Main code without a test library, so that the catalogue of examples
 * ({@code io.cursorcheck.properties.examples}) can run in a user's build through the entry point: a failed
 * expectation throws an {@link AssertionError} that names the step (the script so far), what was expected
 * and what was found.
 *
 * <pre>{@code
 * Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
 * s.attach();                                  // c0
 * s.write(3).is(Outcome.ACCEPTED);
 * s.next(0).is(Outcome.data(0, 3));
 * s.state().buffer(1).consumers(at(0, 1));
 * }</pre>
 */
public final class Scenario {

    private final BroadcastFactory variant;
    private final Options options;
    private final Session session;
    private final List<String> script = new ArrayList<>();
    private Set<Invariant> expectedBreaks = EnumSet.noneOf(Invariant.class);
    private Observation last;

    /**
     * A scenario on a fresh broadcast of {@code variant}.
     *
     * @param variant the subject
     * @param options its options
     */
    public Scenario(BroadcastFactory variant, Options options) {
        this.variant = variant;
        this.options = options;
        this.session = new Session(variant, options);
    }

    /**
     * The subject under test.
     *
     * @return the subject
     */
    public BroadcastFactory variant() {
        return variant;
    }

    /**
     * The script so far, for failure messages.
     *
     * @return the subject, the options and the steps so far
     */
    public String script() {
        return variant.id() + " " + options + ": " + String.join("; ", script);
    }

    /** The next step is expected to break exactly these invariants (none: it must keep them all). */
    public Scenario breaking(Invariant... invariants) {
        expectedBreaks =
                invariants.length == 0 ? EnumSet.noneOf(Invariant.class) : EnumSet.copyOf(Arrays.asList(invariants));
        return this;
    }

    /** Like {@link #breaking} when {@code condition} holds; otherwise the step must keep every invariant. */
    public Scenario breakingIf(boolean condition, Invariant... invariants) {
        return condition ? breaking(invariants) : this;
    }

    /** Attaches a consumer and returns its script index ({@code c0}, {@code c1}, ...). */
    public int attach() {
        step(new Op.Attach());
        return last.attachedId();
    }

    public StepAssert next(int consumer) {
        return step(new Op.Next(consumer));
    }

    public StepAssert detach(int consumer) {
        return step(new Op.Detach(consumer));
    }

    public StepAssert writeSync(int size) {
        return step(new Op.WriteSync(size));
    }

    public StepAssert write(int size) {
        return step(new Op.Write(size));
    }

    public StepAssert end() {
        return step(new Op.End());
    }

    public StepAssert writevSync(Integer... sizes) {
        return step(new Op.WritevSync(List.of(sizes)));
    }

    public StepAssert writev(Integer... sizes) {
        return step(new Op.Writev(List.of(sizes)));
    }

    public StepAssert endSync() {
        return step(new Op.EndSync());
    }

    public StepAssert drain() {
        return step(new Op.Drain());
    }

    /** Fires the abort signal of operation {@code op} (an operation number, as {@link StepAssert#op()} gives it). */
    public StepAssert abort(long op) {
        return step(new Op.Abort(Math.toIntExact(op)));
    }

    /** Spoils what write {@code op} handed over. */
    public StepAssert spoil(long op) {
        return step(new Op.Spoil(Math.toIntExact(op)));
    }

    public StepAssert fail(Object reason) {
        return step(new Op.Fail(reason));
    }

    public StepAssert cancel() {
        return step(new Op.Cancel(false, null));
    }

    public StepAssert cancel(Object reason) {
        return step(new Op.Cancel(true, reason));
    }

    /** Applies any operation. */
    public StepAssert step(Op op) {
        last = session.apply(op);
        script.add(op instanceof Op.Attach ? "c" + last.attachedId() + " = attach()" : op.script());
        Set<Invariant> broken = last.violations().stream()
                .map(Violation::invariant)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Invariant.class)));
        if (last.thrown() != null && !last.thrown().specified()) {
            throw new AssertionError(script() + "\n  threw", last.thrown().cause());
        }
        if (!broken.equals(expectedBreaks)) {
            throw new AssertionError(String.format(
                    "%s%n  expected broken invariants %s, got %s", script(), expectedBreaks, last.violations()));
        }
        expectedBreaks = EnumSet.noneOf(Invariant.class);
        return new StepAssert(last);
    }

    /** Assertions on the snapshot after the last step. */
    public StateAssert state() {
        return new StateAssert(session.broadcast().snapshot());
    }

    /** The raw snapshot after the last step. */
    public Snapshot snapshot() {
        return session.broadcast().snapshot();
    }

    /** An attached consumer's expected state with no open reads. */
    public static ConsumerState at(int id, long cursor) {
        return new ConsumerState(id, cursor, 0);
    }

    /** An attached consumer's expected state. */
    public static ConsumerState at(int id, long cursor, int openReads) {
        return new ConsumerState(id, cursor, openReads);
    }

    /** A settlement of operation {@code op}. */
    public static Settlement settled(long op, Outcome outcome) {
        return new Settlement(op, outcome);
    }

    /**
     * Fails unless {@code actual} equals {@code expected}, naming what was compared, the step and both values.
     *
     * @param what     what is compared, e.g. {@code "the answer"}
     * @param expected what the example expects
     * @param actual   what the subject gave
     * @throws AssertionError if they differ
     */
    public void expect(String what, Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError(String.format("%s%n  %s: expected %s, was %s", script(), what, expected, actual));
        }
    }

    /** Assertions on one step's answer. */
    public final class StepAssert {
        private final Observation observation;

        private StepAssert(Observation observation) {
            this.observation = observation;
        }

        /** The operation number this step took. */
        public long op() {
            return observation.reply().op();
        }

        /** Its own outcome is {@code expected}, and it settled nothing. */
        public StepAssert is(Outcome expected) {
            return is(expected, new Settlement[0]);
        }

        /** Its own outcome is {@code expected}, and it settled exactly {@code settlements}, in order. */
        public StepAssert is(Outcome expected, Settlement... settlements) {
            if (observation.thrown() != null) {
                throw new AssertionError(
                        script() + "\n  threw " + observation.thrown().type() + ": "
                                + observation.thrown().message() + ", expected " + expected);
            }
            expect("the answer", expected, observation.reply().outcome());
            expect("the settlements", List.of(settlements), observation.reply().settlements());
            return this;
        }

        /** It threw an {@link IllegalArgumentException} with exactly this message. */
        public StepAssert rejects(String message) {
            if (observation.thrown() == null) {
                throw new AssertionError(script() + "\n  should have thrown IllegalArgumentException(\"" + message
                        + "\"), answered " + observation.reply());
            }
            expect(
                    "the exception",
                    "IllegalArgumentException",
                    observation.thrown().type());
            expect("the exception's message", message, observation.thrown().message());
            return this;
        }
    }

    /** Assertions on a snapshot. */
    public final class StateAssert {
        private final Snapshot s;

        private StateAssert(Snapshot s) {
            this.s = s;
        }

        /** Retains entries of these sizes from {@code bufferStart} on. */
        public StateAssert buffer(long bufferStart, Integer... sizes) {
            expect("bufferStart", bufferStart, s.bufferStart());
            expect("the retained sizes", List.of(sizes), s.sizes());
            return this;
        }

        /** Exactly these consumers are attached, in this order and state. */
        public StateAssert consumers(ConsumerState... consumers) {
            expect("the attached consumers", List.of(consumers), s.consumers());
            return this;
        }

        public StateAssert writer(WriterState state, long bytesAccepted) {
            expect("the writer", state, s.writerState());
            expect("the bytes accepted", bytesAccepted, s.bytesAccepted());
            return this;
        }

        public StateAssert queued(Integer... sizes) {
            expect("the queued writes", List.of(sizes), s.queuedWrites());
            return this;
        }

        public StateAssert ended(boolean ended) {
            expect("ended", ended, s.ended());
            return this;
        }

        public StateAssert cancelled(boolean cancelled) {
            expect("cancelled", cancelled, s.cancelled());
            return this;
        }

        /** The broadcast's error: {@code Reason.of(value)} when errored (value may be null), else null. */
        public StateAssert error(Reason error) {
            expect("the broadcast's error", error, s.error());
            return this;
        }

        /** The writer's error: {@code Reason.of(value)} when the writer is ERRORED, else null. */
        public StateAssert writerError(Reason error) {
            expect("the writer's error", error, s.writerError());
            return this;
        }

        /** How many {@code drain()} calls still wait for room. */
        public StateAssert drains(int count) {
            expect("the pending drains", count, s.pendingDrains());
            return this;
        }

        /** Exactly these retained positions are spoiled. */
        public StateAssert spoiled(Long... positions) {
            expect("the spoiled entries", List.of(positions), s.spoiledEntries());
            return this;
        }

        /** Exactly these queued writes (indexes into the queue) are spoiled. */
        public StateAssert spoiledQueued(Integer... indexes) {
            expect("the spoiled queued writes", List.of(indexes), s.spoiledQueued());
            return this;
        }

        /** How many {@code end()} calls still wait for completion. */
        public StateAssert pendingEnds(int count) {
            expect("the pending ends", count, s.pendingEnds());
            return this;
        }

        public Snapshot snapshot() {
            return s;
        }
    }
}
