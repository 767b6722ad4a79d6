package io.cursorcheck.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.engine.key.StateKey;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Forkable;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.SpecError;
import io.cursorcheck.spi.WriterState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The model's {@code fork()} and {@code writeKey()} on the writer paths' state (pending drains,
 * spoiled entries and queued writes), and its queries for generating abort and spoil: two states
 * that differ in what decides future behaviour have different keys, a fork is independent, and the
 * queries list what an abort or a spoil can still take effect on.
 */
class ModelWriterPathsForkTest {

    /** c0 attached (#0), an entry of 1 byte (#1) filling the budget, a write of 1 byte queued (#2). */
    private static ScanningModel fullBufferWithAQueuedWrite() {
        ScanningModel m = new ScanningModel(Options.of(1, Policy.UNBOUNDED), Algorithm.AS_RELEASED);
        m.attach(); // #0
        m.writeSync(1); // #1
        m.write(1); // #2: queued
        return m;
    }

    /** A spoiled retained entry decides a later read: the key must tell it apart. */
    @Test
    void aSpoiledEntryChangesTheKey() {
        ScanningModel plain = fullBufferWithAQueuedWrite();
        ScanningModel spoiled = fullBufferWithAQueuedWrite();
        spoiled.spoil(1);
        plain.spoil(0); // not a write: nothing, but the operation counts alike
        assertThat(spoiled.snapshot().spoiledEntries()).containsExactly(0L);
        assertThat(StateKeyBuilder.keyOf(spoiled)).isNotEqualTo(StateKeyBuilder.keyOf(plain));
    }

    /** A spoiled queued write decides a later flush. */
    @Test
    void aSpoiledQueuedWriteChangesTheKey() {
        ScanningModel plain = fullBufferWithAQueuedWrite();
        ScanningModel spoiled = fullBufferWithAQueuedWrite();
        spoiled.spoil(2);
        plain.spoil(0);
        assertThat(spoiled.snapshot().spoiledQueued()).containsExactly(0);
        assertThat(StateKeyBuilder.keyOf(spoiled)).isNotEqualTo(StateKeyBuilder.keyOf(plain));
    }

    /** A pending drain decides later settlements. */
    @Test
    void aPendingDrainChangesTheKey() {
        ScanningModel plain = fullBufferWithAQueuedWrite();
        ScanningModel draining = fullBufferWithAQueuedWrite();
        assertThat(draining.drain().outcome()).isEqualTo(Outcome.PENDING);
        plain.spoil(0);
        assertThat(draining.snapshot().pendingDrains()).isEqualTo(1);
        assertThat(StateKeyBuilder.keyOf(draining)).isNotEqualTo(StateKeyBuilder.keyOf(plain));
    }

    /** Operation numbers are not in the key, only their order: the same state reached with other numbers has one key. */
    @Test
    void theSameStateReachedWithOtherNumbersHasTheSameKey() {
        ScanningModel a = fullBufferWithAQueuedWrite();
        a.drain();
        ScanningModel b = new ScanningModel(Options.of(1, Policy.UNBOUNDED), Algorithm.AS_RELEASED);
        b.writeSync(0); // #0: accepted, stores nothing
        b.attach(); // #1
        b.writeSync(1); // #2
        b.write(1); // #3
        b.drain(); // #4
        assertThat(StateKeyBuilder.keyOf(b)).isEqualTo(StateKeyBuilder.keyOf(a));
    }

    /** A fork is independent: spoiling, draining or aborting in the fork leaves the original as it was, and the reverse. */
    @Test
    void aForkIsIndependentOfItsOriginal() {
        ScanningModel original = new ScanningModel(Options.of(1, Policy.UNBOUNDED), Algorithm.AS_RELEASED);
        ConsumerHandle c0 = original.attach(); // #0
        original.writeSync(1); // #1
        original.write(1); // #2: queued
        StateKey key = StateKeyBuilder.keyOf(original);
        Forkable.Fork fork = original.fork();
        ScanningModel copy = (ScanningModel) fork.broadcast();
        assertThat(StateKeyBuilder.keyOf(copy)).isEqualTo(key);
        assertThat(copy.spoilableWrites()).containsExactly(1L, 2L);

        copy.spoil(1); // the fork knows which write stored which entry
        copy.spoil(2);
        copy.drain();
        assertThat(copy.snapshot().spoiledEntries()).containsExactly(0L);
        assertThat(copy.snapshot().spoiledQueued()).containsExactly(0);
        assertThat(StateKeyBuilder.keyOf(original)).isEqualTo(key);
        assertThat(original.snapshot().spoiledEntries()).isEmpty();
        assertThat(original.snapshot().pendingDrains()).isZero();

        original.abort(2);
        assertThat(original.pendingOperations()).isEmpty();
        assertThat(copy.pendingOperations()).containsExactly(2L);
        // The fork's read of its spoiled entry fails it alone.
        assertThat(copy.next(fork.handles().apply(c0)).outcome()).isEqualTo(Outcome.failed(SpecError.INVALID_ENTRY));
        assertThat(original.snapshot().writerState()).isEqualTo(WriterState.OPEN);
    }

    /** The queries: queued writes then pending ends; unspoiled retained entries' writes then unspoiled queued writes. */
    @Test
    void pendingOperationsAndSpoilableWritesListWhatAbortAndSpoilCanStillReach() {
        ScanningModel m = new ScanningModel(Options.of(2, Policy.UNBOUNDED), Algorithm.AS_RELEASED);
        ConsumerHandle c0 = m.attach(); // #0
        m.writeSync(1); // #1
        m.writevSync(1, 0); // #2
        m.write(1); // #3: queued
        m.writev(2); // #4: queued
        m.writeSync(0); // #5: accepted, stores nothing
        assertThat(m.pendingOperations()).containsExactly(3L, 4L);
        assertThat(m.spoilableWrites()).containsExactly(1L, 2L, 3L, 4L);
        m.spoil(2); // #6
        m.spoil(4); // #7
        assertThat(m.spoilableWrites()).containsExactly(1L, 3L);
        m.end(); // #8: pending behind the queue
        assertThat(m.pendingOperations()).containsExactly(3L, 4L, 8L);
        List<Settlement> settled = m.next(c0).settlements(); // #9: trims entry 0; 1 < 2: #3 is stored
        assertThat(settled).containsExactly(new Settlement(3, Outcome.ACCEPTED));
        assertThat(m.pendingOperations()).containsExactly(4L, 8L);
        assertThat(m.spoilableWrites()).containsExactly(3L); // #2 is spoiled, #4 spoiled, #1 trimmed
    }
}
