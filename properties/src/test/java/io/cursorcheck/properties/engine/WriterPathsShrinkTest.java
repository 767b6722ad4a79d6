package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Snapshot;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failure found with the writer's further paths shrinks to a script that fails the same way and still
 * names the same operations: the subject is the model with one slip on those paths (an abort that leaves
 * a pending end pending), found by random runs, shrunk, written and read back.
 */
class WriterPathsShrinkTest {

    /** The model, except that the abort of a pending end does nothing (it aborts step 0, never pending, instead). */
    static final BroadcastFactory ABORT_LEAVES_END_PENDING = new BroadcastFactory() {
        @Override
        public String id() {
            return "abort-leaves-end-pending";
        }

        @Override
        public String description() {
            return "the model, but an abort of a pending end leaves it pending";
        }

        @Override
        public Broadcast create(Options options) {
            return new Slipping(new ScanningModel(options));
        }
    };

    private record Slipping(ScanningModel model) implements Broadcast {
        @Override
        public Reply abort(long operation) {
            List<Long> pending = model.pendingOperations();
            int at = pending.indexOf(operation);
            boolean anEnd = at >= model.snapshot().queuedWrites().size(); // queued writes first, then pending ends
            return model.abort(at >= 0 && anEnd ? 0 : operation);
        }

        @Override
        public Options options() {
            return model.options();
        }

        @Override
        public ConsumerHandle attach() {
            return model.attach();
        }

        @Override
        public Reply next(ConsumerHandle consumer) {
            return model.next(consumer);
        }

        @Override
        public Reply detach(ConsumerHandle consumer) {
            return model.detach(consumer);
        }

        @Override
        public Reply writeSync(int size) {
            return model.writeSync(size);
        }

        @Override
        public Reply write(int size) {
            return model.write(size);
        }

        @Override
        public Reply writevSync(int... sizes) {
            return model.writevSync(sizes);
        }

        @Override
        public Reply writev(int... sizes) {
            return model.writev(sizes);
        }

        @Override
        public Reply end() {
            return model.end();
        }

        @Override
        public Reply endSync() {
            return model.endSync();
        }

        @Override
        public Reply drain() {
            return model.drain();
        }

        @Override
        public Reply spoil(long operation) {
            return model.spoil(operation);
        }

        @Override
        public Reply fail(Object reason) {
            return model.fail(reason);
        }

        @Override
        public Reply cancel() {
            return model.cancel();
        }

        @Override
        public Reply cancel(Object reason) {
            return model.cancel(reason);
        }

        @Override
        public Snapshot snapshot() {
            return model.snapshot();
        }

        @Override
        public Diagnostics diagnostics() {
            return model.diagnostics();
        }
    }

    @Test
    void aFailureOnAnAbortShrinksToAScriptThatAbortsTheSameEnd(@TempDir Path dir) throws Exception {
        RandomRun.Result r = RandomRun.run(
                new RandomRun.Config(
                        ABORT_LEAVES_END_PENDING,
                        20261201L,
                        20_000,
                        Long.MAX_VALUE,
                        60,
                        Weights.DEFAULT,
                        1,
                        true,
                        dir,
                        Gate.known()),
                new RandomRun.Progress());
        assertThat(r.subjectFailures()).as("the slip is found").isNotEmpty();
        Counterexample cx = r.subjectFailures().get(0).counterexample();
        Script shrunk = cx.script();
        assertThat(cx.original()).as("shrunk from a longer script").isGreaterThan(shrunk.length());
        // It fails at an abort that names an end(): renumbering kept the abort on the operation it aborts.
        Op failing = shrunk.ops().get(cx.failure().step());
        assertThat(failing).isInstanceOf(Op.Abort.class);
        assertThat(shrunk.ops().get(failing.target())).isEqualTo(new Op.End());
        // The shrunk script fails the same way when replayed, and survives the file.
        Lockstep.Run again = Lockstep.run(ABORT_LEAVES_END_PENDING, shrunk);
        assertThat(again.failure().signature()).isEqualTo(cx.failure().signature());
        Path file = dir.resolve("cx.json");
        cx.write(file);
        assertThat(Counterexample.read(file).script()).isEqualTo(shrunk);
        System.out.printf(
                "abort-leaves-end-pending: %s, shrunk %d -> %d:%n%s%n",
                cx.failure().title(), cx.original(), shrunk.length(), shrunk);
    }
}
