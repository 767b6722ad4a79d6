package io.cursorcheck.properties;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A fixed scenario run against one variant, one operation at a time, with every invariant
 * checked after every step: a step that breaks one fails the test at once, unless the test said
 * beforehand, with {@link #breaking}, which invariants it expects that step to break.
 *
 * <pre>{@code
 * Scenario s = new Scenario(variant, Options.of(4, Policy.STRICT));
 * s.attach();                                  // c0
 * s.write(3).is(Outcome.ACCEPTED);
 * s.next(0).is(Outcome.data(0, 3));
 * s.state().buffer(1).consumers(at(0, 1));
 * }</pre>
 */
final class Scenario {

    private final Variant variant;
    private final Options options;
    private final Session session;
    private final List<String> script = new ArrayList<>();
    private Set<Invariant> expectedBreaks = EnumSet.noneOf(Invariant.class);
    private Observation last;

    Scenario(Variant variant, Options options) {
        this.variant = variant;
        this.options = options;
        this.session = new Session(variant, options);
    }

    /** The variant under test. */
    Variant variant() {
        return variant;
    }

    /** The script so far, for failure messages. */
    String script() {
        return variant + " " + options + ": " + String.join("; ", script);
    }

    /** The next step is expected to break exactly these invariants (none: it must keep them all). */
    Scenario breaking(Invariant... invariants) {
        expectedBreaks = invariants.length == 0 ? EnumSet.noneOf(Invariant.class)
                : EnumSet.copyOf(Arrays.asList(invariants));
        return this;
    }

    /** Like {@link #breaking} when {@code condition} holds; otherwise the step must keep every invariant. */
    Scenario breakingIf(boolean condition, Invariant... invariants) {
        return condition ? breaking(invariants) : this;
    }

    /** Attaches a consumer and returns its script index ({@code c0}, {@code c1}, ...). */
    int attach() {
        step(new Op.Attach());
        return last.attachedId();
    }

    StepAssert next(int consumer) {
        return step(new Op.Next(consumer));
    }

    StepAssert detach(int consumer) {
        return step(new Op.Detach(consumer));
    }

    StepAssert writeSync(int size) {
        return step(new Op.WriteSync(size));
    }

    StepAssert write(int size) {
        return step(new Op.Write(size));
    }

    StepAssert end() {
        return step(new Op.End());
    }

    StepAssert writevSync(Integer... sizes) {
        return step(new Op.WritevSync(List.of(sizes)));
    }

    StepAssert writev(Integer... sizes) {
        return step(new Op.Writev(List.of(sizes)));
    }

    StepAssert endSync() {
        return step(new Op.EndSync());
    }

    StepAssert drain() {
        return step(new Op.Drain());
    }

    /** Fires the abort signal of operation {@code op} (an operation number, as {@link StepAssert#op()} gives it). */
    StepAssert abort(long op) {
        return step(new Op.Abort(Math.toIntExact(op)));
    }

    /** Spoils what write {@code op} handed over. */
    StepAssert spoil(long op) {
        return step(new Op.Spoil(Math.toIntExact(op)));
    }

    StepAssert fail(Object reason) {
        return step(new Op.Fail(reason));
    }

    StepAssert cancel() {
        return step(new Op.Cancel(false, null));
    }

    StepAssert cancel(Object reason) {
        return step(new Op.Cancel(true, reason));
    }

    /** Applies any operation. */
    StepAssert step(Op op) {
        last = session.apply(op);
        script.add(op instanceof Op.Attach ? "c" + last.attachedId() + " = attach()" : op.script());
        Set<Invariant> broken = last.violations().stream().map(Violation::invariant)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Invariant.class)));
        if (last.thrown() != null && !last.thrown().specified()) {
            throw new AssertionError(script() + "\n  threw", last.thrown().cause());
        }
        if (!broken.equals(expectedBreaks)) {
            throw new AssertionError(String.format("%s%n  expected broken invariants %s, got %s", script(),
                    expectedBreaks, last.violations()));
        }
        expectedBreaks = EnumSet.noneOf(Invariant.class);
        return new StepAssert(last);
    }

    /** Assertions on the snapshot after the last step. */
    StateAssert state() {
        return new StateAssert(session.broadcast().snapshot());
    }

    /** The raw snapshot after the last step. */
    Snapshot snapshot() {
        return session.broadcast().snapshot();
    }

    /** An attached consumer's expected state with no open reads. */
    static ConsumerState at(int id, long cursor) {
        return new ConsumerState(id, cursor, 0);
    }

    /** An attached consumer's expected state. */
    static ConsumerState at(int id, long cursor, int openReads) {
        return new ConsumerState(id, cursor, openReads);
    }

    /** A settlement of operation {@code op}. */
    static Settlement settled(long op, Outcome outcome) {
        return new Settlement(op, outcome);
    }

    /** Assertions on one step's answer. */
    final class StepAssert {
        private final Observation observation;

        StepAssert(Observation observation) {
            this.observation = observation;
        }

        /** The operation number this step took. */
        long op() {
            return observation.reply().op();
        }

        /** Its own outcome is {@code expected}, and it settled nothing. */
        StepAssert is(Outcome expected) {
            return is(expected, new Settlement[0]);
        }

        /** Its own outcome is {@code expected}, and it settled exactly {@code settlements}, in order. */
        StepAssert is(Outcome expected, Settlement... settlements) {
            assertThat(observation.thrown()).as("%s threw", script()).isNull();
            assertThat(observation.reply().outcome()).as(script()).isEqualTo(expected);
            assertThat(observation.reply().settlements()).as("settlements of %s", script())
                    .containsExactly(settlements);
            return this;
        }

        /** It threw an {@link IllegalArgumentException} with exactly this message. */
        StepAssert rejects(String message) {
            assertThat(observation.thrown()).as("%s should have thrown", script()).isNotNull();
            assertThat(observation.thrown().type()).isEqualTo("IllegalArgumentException");
            assertThat(observation.thrown().message()).isEqualTo(message);
            return this;
        }
    }

    /** Assertions on a snapshot. */
    final class StateAssert {
        private final Snapshot s;

        StateAssert(Snapshot s) {
            this.s = s;
        }

        /** Retains entries of these sizes from {@code bufferStart} on. */
        StateAssert buffer(long bufferStart, Integer... sizes) {
            assertThat(s.bufferStart()).as("bufferStart after %s", script()).isEqualTo(bufferStart);
            assertThat(s.sizes()).as("retained sizes after %s", script()).containsExactly(sizes);
            return this;
        }

        /** Exactly these consumers are attached, in this order and state. */
        StateAssert consumers(ConsumerState... consumers) {
            assertThat(s.consumers()).as("consumers after %s", script()).containsExactly(consumers);
            return this;
        }

        StateAssert writer(WriterState state, long bytesAccepted) {
            assertThat(s.writerState()).as("writer after %s", script()).isEqualTo(state);
            assertThat(s.bytesAccepted()).as("bytes accepted after %s", script()).isEqualTo(bytesAccepted);
            return this;
        }

        StateAssert queued(Integer... sizes) {
            assertThat(s.queuedWrites()).as("queued writes after %s", script()).containsExactly(sizes);
            return this;
        }

        StateAssert ended(boolean ended) {
            assertThat(s.ended()).as("ended after %s", script()).isEqualTo(ended);
            return this;
        }

        StateAssert cancelled(boolean cancelled) {
            assertThat(s.cancelled()).as("cancelled after %s", script()).isEqualTo(cancelled);
            return this;
        }

        /** The broadcast's error: {@code Reason.of(value)} when errored (value may be null), else null. */
        StateAssert error(Reason error) {
            assertThat(s.error()).as("broadcast error after %s", script()).isEqualTo(error);
            return this;
        }

        /** The writer's error: {@code Reason.of(value)} when the writer is ERRORED, else null. */
        StateAssert writerError(Reason error) {
            assertThat(s.writerError()).as("writer error after %s", script()).isEqualTo(error);
            return this;
        }

        /** How many {@code drain()} calls still wait for room. */
        StateAssert drains(int count) {
            assertThat(s.pendingDrains()).as("pending drains after %s", script()).isEqualTo(count);
            return this;
        }

        /** Exactly these retained positions are spoiled. */
        StateAssert spoiled(Long... positions) {
            assertThat(s.spoiledEntries()).as("spoiled entries after %s", script()).containsExactly(positions);
            return this;
        }

        /** Exactly these queued writes (indexes into the queue) are spoiled. */
        StateAssert spoiledQueued(Integer... indexes) {
            assertThat(s.spoiledQueued()).as("spoiled queued writes after %s", script()).containsExactly(indexes);
            return this;
        }

        /** How many {@code end()} calls still wait for completion. */
        StateAssert pendingEnds(int count) {
            assertThat(s.pendingEnds()).as("pending ends after %s", script()).isEqualTo(count);
            return this;
        }

        Snapshot snapshot() {
            return s;
        }
    }
}
