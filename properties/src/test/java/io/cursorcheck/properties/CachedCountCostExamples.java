package io.cursorcheck.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.impl.CachedCountBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Diagnostics.MinCache;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import org.junit.jupiter.api.Test;

/**
 * What {@link CachedCountBroadcast} promises beyond its answers: the O(1) fast path (no
 * {@code scan()} until the last consumer at the minimum leaves it) and the cache it reports for
 * I6. The lockstep gate cannot see either: a rescan too many gives the same answers, and a variant
 * that reports no cache is simply not checked for I6. PIT found both gaps.
 */
class CachedCountCostExamples {

    private static final Options ROOMY = Options.of(1000, Policy.STRICT);

    @Test
    void attachingAtTheMinimumAndLeavingItOneByOneNeverScans() {
        CachedCountBroadcast b = new CachedCountBroadcast(ROOMY);
        ConsumerHandle c0 = b.attach(); // the first consumer sets the cache outright
        ConsumerHandle c1 = b.attach(); // the others join it at bufferStart: a count, no scan
        ConsumerHandle c2 = b.attach();
        b.writeSync(1);
        b.writeSync(2);
        assertThat(cost(b)).isEqualTo(new Cost(new MinCache(0, 3), 0));

        assertThat(b.next(c0).outcome()).isEqualTo(Outcome.data(0, 1));
        assertThat(b.next(c1).outcome()).isEqualTo(Outcome.data(0, 1));
        assertThat(cost(b)).isEqualTo(new Cost(new MinCache(0, 1), 0));

        assertThat(b.next(c2).outcome()).isEqualTo(Outcome.data(0, 1)); // the last at the minimum: one scan
        assertThat(cost(b)).isEqualTo(new Cost(new MinCache(1, 3), 1));
        assertThat(b.snapshot().bufferStart()).isEqualTo(1);

        b.detach(c0); // removed at the minimum, others remain there: a count, no scan
        assertThat(cost(b)).isEqualTo(new Cost(new MinCache(1, 2), 1));
    }

    @Test
    void aLateJoinerAtTheMinimumOnlyCounts() {
        CachedCountBroadcast b = new CachedCountBroadcast(ROOMY);
        ConsumerHandle c0 = b.attach();
        b.writeSync(1);
        b.writeSync(1);
        assertThat(b.next(c0).outcome()).isEqualTo(Outcome.data(0, 1));
        assertThat(cost(b)).isEqualTo(new Cost(new MinCache(1, 1), 1));

        b.attach(); // joins at bufferStart, which is the cached minimum
        assertThat(cost(b)).isEqualTo(new Cost(new MinCache(1, 2), 1));
    }

    /** The cache and the scans so far, compared together so a failure shows both. */
    private record Cost(MinCache cache, long scans) {}

    private static Cost cost(CachedCountBroadcast b) {
        return new Cost(b.diagnostics().minCache(), b.diagnostics().scans());
    }
}
