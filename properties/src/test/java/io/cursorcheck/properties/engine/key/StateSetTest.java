package io.cursorcheck.properties.engine.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The explorer's exact set of states ({@link StateSet}): a key is one entry with exactly the keys of its bytes,
 * whatever the hashes; it finds every key it holds after its tables grew; its ordinals change only as asked and
 * atomically; threads adding at once leave what one thread leaves. What would fail: a set that decided equality by
 * the hash (shown by its own negative control, the set told to trust the hash), a table that lost or doubled
 * entries as it grew, or an arena that moved or overwrote a key's bytes.
 */
class StateSetTest {

    /** The key of a number and a short text: distinct numbers, distinct keys. */
    private static StateKeyBuilder write(StateKeyBuilder b, long i) {
        b.reset();
        b.number(i);
        b.text("k");
        return b;
    }

    private static StateKey key(long i) {
        return write(new StateKeyBuilder(), i).build();
    }

    /** What is wrong with the set's answers for keys 0 to n-1, added with ordinal i each: nothing when exact. */
    private static List<String> exactnessViolations(StateSet set, int n) {
        List<String> wrong = new ArrayList<>();
        StateKeyBuilder b = new StateKeyBuilder();
        for (int i = 0; i < n; i++) {
            long entry = set.add(write(b, i).probe(), i);
            if (entry < 0) {
                wrong.add("key " + i + " found held already, by ordinal " + set.ordinal(~entry));
            }
        }
        if (set.size() != n) {
            wrong.add("size " + set.size() + " for " + n + " distinct keys");
        }
        for (int i = 0; i < n; i++) {
            if (set.get(key(i)) != i) {
                wrong.add("key " + i + " holds " + set.get(key(i)));
            }
            if (set.get(write(b, i).probe()) != i) {
                wrong.add("probe " + i + " holds " + set.get(b.probe()));
            }
        }
        if (set.get(key(n)) != StateSet.ABSENT) {
            wrong.add("key " + n + ", never added, holds " + set.get(key(n)));
        }
        return wrong;
    }

    @Test
    void keysThatShareOneHashAreDistinctEntries() {
        int n = 3_000;
        // Every key's hash replaced by one constant: one segment, one chain, the bytes alone tell keys apart.
        StateSet exact = new StateSet(4, h -> 0x5EED, false);
        assertThat(exactnessViolations(exact, n)).isEmpty();
    }

    /** The control: a set that trusted the hash merges the colliding keys, and the check above says so. */
    @Test
    void aSetThatTrustedTheHashWouldMergeThem() {
        StateSet trusting = new StateSet(4, h -> 0x5EED, true);
        List<String> wrong = exactnessViolations(trusting, 3_000);
        assertThat(wrong).contains("key 1 found held already, by ordinal 0", "size 1 for 3000 distinct keys");
    }

    /**
     * Two million small keys through the keys' own hash: the tables grow many times over, keys whose 32-bit hashes
     * collide (there are some among two million) stay apart, and every key is found with its ordinal.
     */
    @Test
    void millionsOfKeysSurviveGrowthAndTheirOwnHashCollisions() {
        int n = 2_000_000;
        StateSet set = new StateSet();
        StateKeyBuilder b = new StateKeyBuilder();
        long[] hashAndKey = new long[n];
        for (int i = 0; i < n; i++) {
            KeyProbe probe = write(b, i).probe();
            assertThat(set.add(probe, 3L * i)).isNotNegative();
            hashAndKey[i] = ((long) probe.hashCode() << 32) | i;
        }
        assertThat(set.size()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            long entry = set.find(write(b, i).probe());
            assertThat(entry).isNotEqualTo(StateSet.NO_ENTRY);
            if (set.ordinal(entry) != 3L * i) {
                assertThat(set.ordinal(entry)).as("key %d", i).isEqualTo(3L * i);
            }
        }
        Arrays.sort(hashAndKey);
        int collisions = 0;
        for (int j = 1; j < n; j++) {
            if (hashAndKey[j] >>> 32 == hashAndKey[j - 1] >>> 32) {
                int i1 = (int) hashAndKey[j - 1];
                int i2 = (int) hashAndKey[j];
                assertThat(key(i1)).hasSameHashCodeAs(key(i2)).isNotEqualTo(key(i2));
                assertThat(set.find(key(i1))).as("keys %d and %d", i1, i2).isNotEqualTo(set.find(key(i2)));
                assertThat(set.get(key(i2))).isEqualTo(3L * i2);
                collisions++;
            }
        }
        assertThat(collisions).as("pairs of keys with one hash").isPositive();
        // No object per key: the tables and the pages only (a key here is 5 bytes, its entry 16).
        assertThat(set.bytesUsed()).isBetween(16L * n, 48L * n);
    }

    @Test
    void anOrdinalChangesOnlyAsAsked() {
        StateSet set = new StateSet();
        StateKey k = key(7);
        long entry = set.add(k, 10);
        assertThat(set.add(k, 4)).isEqualTo(~entry);
        assertThat(set.putIfAbsent(k, 4)).isEqualTo(10);
        assertThat(set.find(k)).isEqualTo(entry);
        assertThat(set.lower(entry, 20)).isFalse();
        assertThat(set.lower(entry, 10)).isFalse();
        assertThat(set.ordinal(entry)).isEqualTo(10);
        assertThat(set.lower(entry, 5)).isTrue();
        assertThat(set.ordinal(entry)).isEqualTo(5);
        assertThat(set.replace(entry, 7, 3)).isFalse();
        assertThat(set.replace(entry, 5, 3)).isTrue();
        assertThat(set.replace(k, 3, -1)).isTrue();
        assertThat(set.get(k)).isEqualTo(-1);
        assertThat(set.replace(key(8), StateSet.ABSENT + 1, 0)).isFalse();
        assertThat(set.putIfAbsent(key(8), 0)).isEqualTo(StateSet.ABSENT);
        assertThat(set.get(key(8))).isZero();
        assertThat(set.size()).isEqualTo(2);
    }

    /** Keys longer than the first pages, and of every length around them, keep their bytes. */
    @Test
    void longKeysKeepTheirBytes() {
        StateSet set = new StateSet(1);
        List<StateKey> keys = new ArrayList<>();
        StateKeyBuilder b = new StateKeyBuilder();
        b.reset();
        keys.add(b.build()); // the empty key
        for (int length : new int[] {1, 127, 128, 1_000, 1_020, 1_030, 5_000, 70_000, 300_000}) {
            for (char c = 'a'; c <= 'c'; c++) {
                b.reset();
                b.text(String.valueOf(c).repeat(length));
                keys.add(b.build());
            }
        }
        for (int i = 0; i < keys.size(); i++) {
            assertThat(set.add(keys.get(i), i)).isNotNegative();
        }
        for (int i = 0; i < keys.size(); i++) {
            assertThat(set.get(keys.get(i))).as("key %d", i).isEqualTo(i);
        }
        assertThat(set.size()).isEqualTo(keys.size());
    }

    /**
     * Four threads add overlapping keys at once, each with its own ordinal for a key, then lower each key to their
     * ordinal, as the explorer's threads do: every key ends with the smallest ordinal any thread gave it, and the
     * set holds what one thread leaves. Few segments, so that the threads meet in them while the tables grow.
     */
    @Test
    void threadsAddingAtOnceLeaveWhatOneThreadLeaves() throws Exception {
        int n = 200_000;
        int threads = 4;
        StateSet one = new StateSet(2);
        StateKeyBuilder b = new StateKeyBuilder();
        for (int i = 0; i < n; i++) {
            one.add(write(b, i).probe(), (long) threads * i);
        }
        StateSet shared = new StateSet(2);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    StateKeyBuilder mine = new StateKeyBuilder();
                    for (int k = 0; k < n; k++) {
                        int i = thread % 2 == 0 ? k : n - 1 - k; // two threads from each end
                        long ordinal = (long) threads * i + (threads - 1 - thread); // thread 3 gives the smallest
                        KeyProbe probe = write(mine, i).probe();
                        long entry = shared.find(probe);
                        if (entry == StateSet.NO_ENTRY) {
                            entry = shared.add(probe, ordinal);
                            if (entry >= 0) {
                                continue;
                            }
                            entry = ~entry;
                        }
                        if (shared.ordinal(entry) > ordinal) {
                            shared.lower(entry, ordinal);
                        }
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(shared.size()).isEqualTo(one.size()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            long held = shared.get(write(b, i).probe());
            if (held != one.get(b.probe())) {
                assertThat(held).as("key %d", i).isEqualTo(one.get(b.probe()));
            }
        }
    }

    @Test
    void misuseIsRefusedByName() {
        assertThatThrownBy(() -> new StateSet(3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("power of two")
                .hasMessageContaining("was 3");
        StateSet set = new StateSet();
        assertThatThrownBy(() -> set.add(key(1), StateSet.ABSENT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ABSENT");
        StateKeyBuilder b = new StateKeyBuilder();
        b.text("x".repeat(StateSet.MAX_KEY_LENGTH));
        StateKey tooLong = b.build();
        assertThatThrownBy(() -> set.add(tooLong, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most " + StateSet.MAX_KEY_LENGTH)
                .hasMessageContaining("was " + tooLong.length());
        assertThat(set.size()).isZero();
        long entry = set.add(key(1), 0);
        assertThatThrownBy(() -> set.ordinal(entry + (1L << 40)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no entry of this set");
        assertThatThrownBy(() -> set.ordinal(entry + 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no entry of this set");
    }
}
