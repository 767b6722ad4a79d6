package io.cursorcheck.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.SpecError;
import io.cursorcheck.spi.WriterState;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Negative controls of the checks issue 15 adds to {@link InvariantChecker} (spec §3: I12 extended,
 * I13 drain, I14 spoiled entries). Each control runs a script on a wrapper around the model that
 * breaks exactly one rule at one step (its answer, a settlement or its state as the snapshot shows
 * it), and the checker must report that invariant at that step; the unwrapped model runs the same
 * script and the checker must report nothing at any step. So each check is shown to fail for the
 * right reason, and to stay quiet on the reference.
 */
class WriterPathsCheckerControlsTest {

    private static final Options FULL_AT_4 = Options.of(4, Policy.STRICT);
    private static final Options FULL_AT_1 = Options.of(1, Policy.STRICT);

    /** I12: an abort that empties a closing writer's queue but does not end the broadcast. */
    @Test
    void i12AnAbortThatLeavesTheEndPending() {
        control(
                FULL_AT_4,
                "c0 = attach(); writeSync(4); write(1); end(); abort(#2)",
                4,
                Invariant.I12,
                UnaryOperator.identity(),
                s -> with(s).ended(false).build());
    }

    /** I13 (state and answer): a drain left pending although the buffer has room. */
    @Test
    void i13ADrainPendingWithRoom() {
        control(
                FULL_AT_4,
                "drain()",
                0,
                Invariant.I13,
                r -> new Reply(r.op(), Outcome.PENDING, r.settlements()),
                s -> with(s).pendingDrains(1).build());
    }

    /** I13 (answer): DRAINED(true) at once from a full buffer. */
    @Test
    void i13ADrainAnsweredTrueWhileFull() {
        control(
                FULL_AT_4,
                "c0 = attach(); writeSync(4); drain()",
                2,
                Invariant.I13,
                r -> new Reply(r.op(), Outcome.DRAINED_TRUE, r.settlements()),
                s -> with(s).pendingDrains(0).build());
    }

    /** I13 (answer): UNWRITABLE from an open writer of a broadcast that has not ended. */
    @Test
    void i13ADrainAnsweredUnwritableWhileOpen() {
        control(
                FULL_AT_4,
                "drain()",
                0,
                Invariant.I13,
                r -> new Reply(r.op(), Outcome.UNWRITABLE, r.settlements()),
                UnaryOperator.identity());
    }

    /** I13 (settlement): "a drain resolved before the trim": DRAINED(true) while the buffer stays full. */
    @Test
    void i13ADrainSettledTrueWhileTheBufferStaysFull() {
        control(
                FULL_AT_4,
                "c0 = attach(); writeSync(4); drain(); writeSync(1)",
                3,
                Invariant.I13,
                r -> new Reply(r.op(), r.outcome(), List.of(new Settlement(2, Outcome.DRAINED_TRUE))),
                s -> with(s).pendingDrains(0).build());
    }

    /** I13 (settlement): DRAINED(false) from an operation that is not end, endSync or cancel. */
    @Test
    void i13ADrainSettledFalseByADetach() {
        control(
                FULL_AT_4,
                "c0 = attach(); writeSync(4); drain(); detach(c0)",
                3,
                Invariant.I13,
                r -> new Reply(r.op(), r.outcome(), List.of(new Settlement(2, Outcome.DRAINED_FALSE))),
                s -> with(s).pendingDrains(0).build());
    }

    /** I13 (settlement): a drain failed by a read when no spoiled entry was retained. */
    @Test
    void i13ADrainFailedWithoutASpoiledEntry() {
        control(
                FULL_AT_4,
                "c0 = attach(); writeSync(4); drain(); next(c0)",
                3,
                Invariant.I13,
                r -> new Reply(
                        r.op(), r.outcome(), List.of(new Settlement(2, Outcome.failed(SpecError.INVALID_ENTRY)))),
                UnaryOperator.identity());
    }

    /** I14: a spoiled entry delivered (Node before 26.9.0 delivers it as a chunk of no bytes). */
    @Test
    void i14ASpoiledEntryDelivered() {
        control(
                FULL_AT_4,
                "c0 = attach(); writeSync(1); spoil(#1); next(c0)",
                3,
                Invariant.I14,
                r -> new Reply(r.op(), Outcome.data(0, 1), List.of()),
                s -> openState(1, List.of(new Snapshot.ConsumerState(0, 1, 0)), 1)); // as if delivered and trimmed
    }

    /** I14: a spoiled queued write stored by the flush. */
    @Test
    void i14ASpoiledQueuedWriteStored() {
        control(
                FULL_AT_1,
                "c0 = attach(); writeSync(1); write(1); spoil(#2); next(c0)",
                4,
                Invariant.I14,
                r -> new Reply(r.op(), r.outcome(), List.of(new Settlement(2, Outcome.ACCEPTED))),
                s -> with(s).sizes(List.of(1)).bufferedBytes(1).bytesAccepted(2).build());
    }

    /** I14: "a clear that forgets the byte count" and the entries: a spoiled read that leaves the buffer as it was. */
    @Test
    void i14ASpoiledReadThatDoesNotClearTheBuffer() {
        control(
                FULL_AT_4,
                "c0 = attach(); writeSync(1); writeSync(1); spoil(#1); next(c0)",
                4,
                Invariant.I14,
                UnaryOperator.identity(),
                s -> with(s).sizes(List.of(1, 1)).bufferedBytes(2).build());
    }

    /** I14: the same on an errored broadcast, the read failing with the earlier error, and the writer left OPEN. */
    @Test
    void i14ASpoiledReadOnAnErroredBroadcastThatLeavesEntries() {
        control(
                FULL_AT_4,
                "writeSync(1); fail(\"e\"); c0 = attach(); spoil(#0); next(c0)",
                4,
                Invariant.I14,
                UnaryOperator.identity(),
                s -> with(s).sizes(List.of(1)).bufferedBytes(1).build());
    }

    /** I10: once ended, end goes back only by the clear of a spoiled read; here a plain read drops an entry. */
    @Test
    void i10AnEndedBroadcastWhoseEndGoesBackWithoutASpoiledRead() {
        control(
                FULL_AT_4,
                "c0 = attach(); writeSync(1); writeSync(1); end(); next(c0)",
                4,
                Invariant.I10,
                UnaryOperator.identity(),
                s -> with(s).sizes(List.of()).bufferedBytes(0).build());
    }

    // ------------------------------------------------------------------ harness

    /**
     * Runs {@code script} on the model, where the checker must report nothing, then on the model
     * wrapped so that step {@code step} answers {@code reply.apply(modelReply)} and shows
     * {@code state.apply(modelSnapshot)}, where the checker must report {@code invariant} at that step
     * and nothing before it.
     */
    private static void control(
            Options options,
            String script,
            int step,
            Invariant invariant,
            UnaryOperator<Reply> reply,
            UnaryOperator<Snapshot> state) {
        List<Op> ops =
                java.util.Arrays.stream(script.split(";")).map(Script::parseOp).toList();
        Session model = new Session(Variant.MODEL, options);
        for (Op op : ops) {
            Observation o = model.apply(op);
            assertThat(o.thrown())
                    .as("the model on %s at %s", script, op.script())
                    .isNull();
            assertThat(o.violations())
                    .as("the model on %s at %s", script, op.script())
                    .isEmpty();
        }
        Session broken = new Session(new Breaking(step, reply, state), options);
        for (int i = 0; i < ops.size(); i++) {
            Observation o = broken.apply(ops.get(i));
            List<Invariant> reported =
                    o.violations().stream().map(Violation::invariant).toList();
            if (i < step) {
                assertThat(reported)
                        .as("before the broken step %d of %s", step, script)
                        .isEmpty();
            } else if (i == step) {
                assertThat(o.thrown()).as("the control must not crash").isNull();
                assertThat(reported)
                        .as("%s at step %d: %s", script, step, o.violations())
                        .contains(invariant);
            }
        }
    }

    /** Builds a copy of a snapshot with some components changed. */
    private static Builder with(Snapshot s) {
        return new Builder(s);
    }

    /** An open writer's broadcast with nothing retained from {@code start} on, these consumers and bytes accepted. */
    private static Snapshot openState(long start, List<Snapshot.ConsumerState> consumers, long accepted) {
        return new Snapshot(
                start, List.of(), 0, consumers, List.of(), WriterState.OPEN, accepted, 0, false, false, null, null);
    }

    private static final class Builder {
        private final Snapshot s;
        private List<Integer> sizes;
        private long bufferedBytes;
        private long bytesAccepted;
        private boolean ended;
        private int pendingDrains;

        Builder(Snapshot s) {
            this.s = s;
            this.sizes = s.sizes();
            this.bufferedBytes = s.bufferedBytes();
            this.bytesAccepted = s.bytesAccepted();
            this.ended = s.ended();
            this.pendingDrains = s.pendingDrains();
        }

        Builder sizes(List<Integer> v) {
            sizes = v;
            return this;
        }

        Builder bufferedBytes(long v) {
            bufferedBytes = v;
            return this;
        }

        Builder bytesAccepted(long v) {
            bytesAccepted = v;
            return this;
        }

        Builder ended(boolean v) {
            ended = v;
            return this;
        }

        Builder pendingDrains(int v) {
            pendingDrains = v;
            return this;
        }

        Snapshot build() {
            return new Snapshot(
                    s.bufferStart(),
                    sizes,
                    bufferedBytes,
                    s.consumers(),
                    s.queuedWrites(),
                    s.writerState(),
                    bytesAccepted,
                    s.pendingEnds(),
                    ended,
                    s.cancelled(),
                    s.error(),
                    s.writerError(),
                    pendingDrains,
                    s.spoiledEntries(),
                    s.spoiledQueued());
        }
    }

    /** The model, except that one step answers and shows what the control says. */
    private record Breaking(int step, UnaryOperator<Reply> reply, UnaryOperator<Snapshot> state)
            implements BroadcastFactory {
        @Override
        public String id() {
            return "model-breaking-step-" + step;
        }

        @Override
        public String description() {
            return "the model with one step's answer or state changed";
        }

        @Override
        public Broadcast create(Options options) {
            return new Wrapped(new ScanningModel(options), this);
        }
    }

    /** Delegates every call to the model; the step named by {@link Breaking} is changed on its way out. */
    private static final class Wrapped implements Broadcast {
        private final ScanningModel model;
        private final Breaking breaking;
        private long steps;

        Wrapped(ScanningModel model, Breaking breaking) {
            this.model = model;
            this.breaking = breaking;
        }

        private Reply out(Reply r) {
            if (steps++ == breaking.step()) {
                return breaking.reply().apply(r);
            }
            return r;
        }

        @Override
        public Options options() {
            return model.options();
        }

        @Override
        public ConsumerHandle attach() {
            steps++;
            return model.attach();
        }

        @Override
        public Reply next(ConsumerHandle c) {
            return out(model.next(c));
        }

        @Override
        public Reply detach(ConsumerHandle c) {
            return out(model.detach(c));
        }

        @Override
        public Reply writeSync(int size) {
            return out(model.writeSync(size));
        }

        @Override
        public Reply write(int size) {
            return out(model.write(size));
        }

        @Override
        public Reply writevSync(int... sizes) {
            return out(model.writevSync(sizes));
        }

        @Override
        public Reply writev(int... sizes) {
            return out(model.writev(sizes));
        }

        @Override
        public Reply end() {
            return out(model.end());
        }

        @Override
        public Reply endSync() {
            return out(model.endSync());
        }

        @Override
        public Reply abort(long operation) {
            return out(model.abort(operation));
        }

        @Override
        public Reply drain() {
            return out(model.drain());
        }

        @Override
        public Reply spoil(long operation) {
            return out(model.spoil(operation));
        }

        @Override
        public Reply fail(Object reason) {
            return out(model.fail(reason));
        }

        @Override
        public Reply cancel() {
            return out(model.cancel());
        }

        @Override
        public Reply cancel(Object reason) {
            return out(model.cancel(reason));
        }

        /** The model's snapshot, changed right after the breaking step. */
        @Override
        public Snapshot snapshot() {
            Snapshot s = model.snapshot();
            return steps == breaking.step() + 1 ? breaking.state().apply(s) : s;
        }

        @Override
        public Diagnostics diagnostics() {
            return model.diagnostics();
        }
    }
}
