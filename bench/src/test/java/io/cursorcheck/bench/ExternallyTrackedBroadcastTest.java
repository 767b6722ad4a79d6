package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.impl.ExternallyTrackedBroadcast;
import io.cursorcheck.impl.MinimumTracker;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code impl}'s extension point for a tracker written outside it, as the API floor ({@link ApiFloor}) uses it:
 * each tracking hook of the shared core reaches the tracker with the consumer's cursor, and only
 * {@link ExternallyTrackedBroadcast#trimTo} trims.
 */
class ExternallyTrackedBroadcastTest {

    /** Writes down every call, as {@code hook(cursor)}. */
    private static final class RecordingTracker implements MinimumTracker {
        final List<String> calls = new ArrayList<>();

        @Override
        public void attached(long cursor) {
            calls.add("attached(" + cursor + ")");
        }

        @Override
        public void advanced(long oldCursor) {
            calls.add("advanced(" + oldCursor + ")");
        }

        @Override
        public void removed(long cursor, boolean trimAllowed) {
            calls.add("removed(" + cursor + ", " + trimAllowed + ")");
        }

        @Override
        public void laggardMoving(long cursor) {
            calls.add("laggardMoving(" + cursor + ")");
        }

        @Override
        public void evicted() {
            calls.add("evicted()");
        }

        @Override
        public void forgetMinimum() {
            calls.add("forgetMinimum()");
        }
    }

    @Test
    void everyHookReachesTheTrackerWithTheConsumersCursor() {
        RecordingTracker tracker = new RecordingTracker();
        ExternallyTrackedBroadcast b = new ExternallyTrackedBroadcast(Options.of(2, Policy.DROP_OLDEST), tracker);
        ConsumerHandle c0 = b.attach();
        ConsumerHandle c1 = b.attach();
        b.writeSync(1);
        b.next(c0);
        b.writeSync(1); // at budget: the next write evicts entry 0, which c1 has not read
        b.writeSync(1);
        b.detach(c0);
        b.fail("stop");

        assertThat(tracker.calls)
                .containsExactly(
                        "attached(0)",
                        "attached(0)",
                        "advanced(0)",
                        "laggardMoving(0)",
                        "evicted()",
                        "removed(1, true)",
                        "forgetMinimum()");
        assertThat(b.snapshot().bufferStart())
                .as("nothing trims but trimTo and the eviction")
                .isEqualTo(1);
    }

    @Test
    void onlyTrimToTrimsAndNeverPastTheEnd() {
        ExternallyTrackedBroadcast b = ApiFloor.broadcast(Options.of(100, Policy.STRICT));
        ConsumerHandle c = b.attach();
        b.writeSync(1);
        b.writeSync(1);
        b.next(c);
        b.next(c);
        assertThat(b.snapshot().bufferStart())
                .as("the floor tracks nothing, so it trims nothing")
                .isZero();

        b.trimTo(1);
        assertThat(b.snapshot().bufferStart()).isEqualTo(1);
        b.trimTo(0); // behind bufferStart: nothing to drop
        assertThat(b.snapshot().bufferStart()).isEqualTo(1);
        assertThatThrownBy(() -> b.trimTo(3))
                .isInstanceOf(ImpossibleStateException.class)
                .hasMessageContaining("past the end 2");
    }

    @Test
    void aNullTrackerIsRefused() {
        assertThatThrownBy(() -> new ExternallyTrackedBroadcast(Options.of(1, Policy.STRICT), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tracker");
    }
}
