package io.cursorcheck.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.Snapshot.ConsumerState;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The one scan the invariant checker, the jcstress check and the Lincheck scene share, against the spec's
 * {@code scan()} on hand-made snapshots. The controls are scans a port could plausibly get wrong (counting
 * only the first consumer at the minimum; starting from the first cursor instead of {@code (end, 0)}): the
 * same cases must reject each, so these cases can fail.
 */
class MinimumScanTest {

    /** One case: the snapshot (entries [start, end), these cursors) and the scan the spec gives. */
    private record Case(String name, long start, long end, long[] cursors, long min, int count) {}

    private static final List<Case> CASES = List.of(
            new Case("no consumer: (end, 0)", 2, 5, new long[] {}, 5, 0),
            new Case("one consumer", 2, 5, new long[] {3}, 3, 1),
            new Case("two at the minimum, one ahead", 2, 5, new long[] {4, 2, 2}, 2, 2),
            new Case("the smaller cursor comes later: the count restarts", 0, 5, new long[] {3, 3, 1}, 1, 1),
            new Case("everyone at end", 0, 4, new long[] {4, 4}, 4, 2),
            new Case("a cursor past end is never counted (I1 breaks, scan starts at end)", 0, 3, new long[] {5}, 3, 0));

    @Test
    void theScanIsTheSpecs() {
        assertThat(failures(MinimumScan::of)).isEmpty();
    }

    @Test
    void itMatchesACacheOnlyWhenMinimumAndCountAreBothEqual() {
        MinimumScan scan = new MinimumScan(2, 2);
        assertThat(scan.matches(new Diagnostics.MinCache(2, 2))).isTrue();
        assertThat(scan.matches(new Diagnostics.MinCache(2, 1))).isFalse();
        assertThat(scan.matches(new Diagnostics.MinCache(1, 2))).isFalse();
        assertThat(scan.asCache()).isEqualTo(new Diagnostics.MinCache(2, 2));
        assertThat(new MinimumScan(3, 0).nobody()).isTrue();
        assertThat(scan.nobody()).isFalse();
    }

    @Test
    void controlAScanThatCountsOnlyTheFirstAtTheMinimumIsRejected() {
        Function<Snapshot, MinimumScan> firstOnly = s -> {
            long min = s.end();
            int count = 0;
            for (ConsumerState c : s.consumers()) {
                if (c.cursor() < min) {
                    min = c.cursor();
                    count = 1;
                }
            }
            return new MinimumScan(min, count);
        };
        assertThat(failures(firstOnly)).containsExactly("two at the minimum, one ahead", "everyone at end");
    }

    @Test
    void controlAScanThatStartsFromTheFirstCursorIsRejected() {
        Function<Snapshot, MinimumScan> fromFirst = s -> {
            if (s.consumers().isEmpty()) {
                return new MinimumScan(s.end(), 0);
            }
            long min = Long.MAX_VALUE;
            int count = 0;
            for (ConsumerState c : s.consumers()) {
                if (c.cursor() < min) {
                    min = c.cursor();
                    count = 1;
                } else if (c.cursor() == min) {
                    count++;
                }
            }
            return new MinimumScan(min, count);
        };
        assertThat(failures(fromFirst))
                .containsExactly("a cursor past end is never counted (I1 breaks, scan starts at end)");
    }

    /** The names of the cases the scan gets wrong. */
    private static List<String> failures(Function<Snapshot, MinimumScan> scan) {
        List<String> wrong = new ArrayList<>();
        for (Case c : CASES) {
            if (!scan.apply(snapshot(c)).equals(new MinimumScan(c.min(), c.count()))) {
                wrong.add(c.name());
            }
        }
        return wrong;
    }

    private static Snapshot snapshot(Case c) {
        List<Integer> sizes = new ArrayList<>();
        for (long p = c.start(); p < c.end(); p++) {
            sizes.add(1);
        }
        List<ConsumerState> consumers = new ArrayList<>();
        for (int i = 0; i < c.cursors().length; i++) {
            consumers.add(new ConsumerState(i, c.cursors()[i], 0));
        }
        return new Snapshot(
                c.start(),
                sizes,
                sizes.size(),
                consumers,
                List.of(),
                WriterState.OPEN,
                sizes.size(),
                0,
                false,
                false,
                null,
                null);
    }
}
