package io.cursorcheck.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.SpecError;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The new writer paths where they meet the blocking calls of the thread-safe variants (spec §4,
 * {@code locked-count} and {@code published-cursor}): an abort releases a {@code put} waiting for
 * its queued write with that write's {@code FAILED(ABORTED)}, and a drain pending on one thread
 * settles in the reply of a read on another thread, whose trim makes room.
 *
 * <p>The waits below are bounded only so that a lost wake-up fails the test instead of hanging
 * the build: what is asserted is the outcome, never how long it took.
 */
class ThreadSafeWriterPathsExamples {

    /** Generous: the machine is shared and loaded; a lost wake-up never arrives at all. */
    private static final long PATIENCE_SECONDS = 60;

    private ExecutorService other;

    @BeforeEach
    void startOtherThread() {
        other = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "other-thread");
            t.setDaemon(true); // a test that failed with the thread still blocked must not keep the JVM up
            return t;
        });
    }

    @AfterEach
    void stopOtherThread() {
        other.shutdownNow();
    }

    private static BlockingBroadcast create(Variant variant, Options options) {
        return (BlockingBroadcast) variant.create(options);
    }

    /** Waits until the broadcast's state satisfies {@code condition}, set by another thread's blocking call. */
    private static void awaitState(BlockingBroadcast b, Predicate<Snapshot> condition, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
        while (!condition.test(b.snapshot())) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the other thread never got to: " + what + "; state " + b.snapshot());
            }
            Thread.sleep(1);
        }
    }

    /**
     * Waits until another thread's operation took a number after {@code probe}: probes with
     * {@code abort(0)} (the attach, never pending: nothing happens) until two probes are not
     * consecutive.
     */
    private static void awaitOperationBetween(BlockingBroadcast b, long probe) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
        for (long last = probe; ; ) {
            long next = b.abort(0).op();
            if (next > last + 1) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the other thread never made its operation");
            }
            last = next;
            Thread.sleep(1);
        }
    }

    /** Spec §2 abort step 1 with §4's put: the aborted queued write settles FAILED(ABORTED), and put returns it. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"LOCKED_COUNT", "PUBLISHED_CURSOR"})
    void anAbortedQueuedWriteReleasesTheWaitingPut(Variant variant) throws Exception {
        BlockingBroadcast b = create(variant, Options.of(4, Policy.STRICT));
        b.attach(); // operation 0
        b.writeSync(4); // 1: at the budget, the next write queues
        Future<Outcome> put = other.submit(() -> b.put(2)); // 2: queued, waits
        awaitState(b, s -> s.queuedWrites().equals(List.of(2)), "put(2) queued");

        Reply abort = b.abort(2);

        assertThat(abort.outcome()).isEqualTo(Outcome.OK);
        assertThat(abort.settlements()).containsExactly(new Settlement(2, Outcome.failed(SpecError.ABORTED)));
        assertThat(put.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo(Outcome.failed(SpecError.ABORTED));
        assertThat(b.snapshot().queuedWrites()).isEmpty();
    }

    /**
     * STRICT put that found another write queued (BACKPRESSURE) waits for it to settle and tries
     * again (spec §4): an abort of the first is such a settlement, and the retry queues in its place.
     */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"LOCKED_COUNT", "PUBLISHED_CURSOR"})
    void aPutWaitingBehindAnAbortedWriteTriesAgain(Variant variant) throws Exception {
        BlockingBroadcast b = create(variant, Options.of(4, Policy.STRICT));
        ConsumerHandle c0 = b.attach(); // 0
        b.writeSync(4); // 1
        assertThat(b.write(2).outcome()).isEqualTo(Outcome.QUEUED); // 2
        long probe = b.abort(0).op(); // 3; abort of the attach, never pending: changes nothing
        Future<Outcome> put = other.submit(() -> b.put(3)); // BACKPRESSURE, waits for write 2 to settle
        awaitOperationBetween(b, probe);
        assertThat(put.isDone()).isFalse();

        b.abort(2); // the put retries: the buffer is still full, so its write queues
        awaitState(b, s -> s.queuedWrites().equals(List.of(3)), "put(3) queued after the abort");
        Reply read = b.next(c0); // trims entry 0 and flushes the put's write

        assertThat(read.outcome()).isEqualTo(Outcome.data(0, 4));
        assertThat(read.settlements()).hasSize(1);
        assertThat(read.settlements().get(0).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(put.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo(Outcome.ACCEPTED);
        assertThat(b.snapshot().bytesAccepted()).isEqualTo(7);
    }

    /** Spec §2 trim step 3 across threads: a read on another thread makes room and its reply settles the drain. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"LOCKED_COUNT", "PUBLISHED_CURSOR"})
    void aPendingDrainSettlesInTheReplyOfAReadOnAnotherThread(Variant variant) throws Exception {
        BlockingBroadcast b = create(variant, Options.of(4, Policy.STRICT));
        ConsumerHandle c0 = b.attach(); // 0
        ConsumerHandle c1 = b.attach(); // 1
        b.writeSync(4); // 2
        Reply drain = b.drain(); // 3
        assertThat(drain.outcome()).isEqualTo(Outcome.PENDING);

        Reply first = other.submit(() -> b.next(c0)).get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        assertThat(first.outcome()).isEqualTo(Outcome.data(0, 4));
        assertThat(first.settlements()).isEmpty(); // c1 still holds entry 0: no room yet
        assertThat(b.snapshot().pendingDrains()).isEqualTo(1);

        Reply last = other.submit(() -> b.next(c1)).get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        assertThat(last.outcome()).isEqualTo(Outcome.data(0, 4));
        assertThat(last.settlements()).containsExactly(new Settlement(3, Outcome.DRAINED_TRUE));
        assertThat(b.snapshot().pendingDrains()).isZero();
    }

    /** The same through take: the blocking read's trim settles the drain; nobody is left waiting for room. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"LOCKED_COUNT", "PUBLISHED_CURSOR"})
    void aTakeOnAnotherThreadSettlesAPendingDrain(Variant variant) throws Exception {
        BlockingBroadcast b = create(variant, Options.of(2, Policy.STRICT));
        ConsumerHandle c0 = b.attach(); // 0
        Future<Outcome> take = other.submit(() -> b.take(c0)); // waits for an entry
        awaitState(b, s -> s.consumers().get(0).openReads() == 1, "take(c0) waiting");
        Reply write = b.writeSync(2);
        assertThat(write.outcome()).isEqualTo(Outcome.ACCEPTED); // served to the waiting take, trimmed at once
        assertThat(take.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo(Outcome.data(0, 2));
        assertThat(b.drain().outcome()).isEqualTo(Outcome.DRAINED_TRUE); // the take's delivery trimmed it: room

        b.writeSync(2);
        Reply drain = b.drain();
        assertThat(drain.outcome()).isEqualTo(Outcome.PENDING);
        assertThat(other.submit(() -> b.take(c0)).get(PATIENCE_SECONDS, TimeUnit.SECONDS))
                .isEqualTo(Outcome.data(1, 2));
        assertThat(b.snapshot().pendingDrains()).isZero();
        assertThat(b.snapshot().bufferedBytes()).isZero();
    }
}
