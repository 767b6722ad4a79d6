package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.key.StateKey;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The binary key ({@link LockstepPair#key} without renaming) is exact: on the gate's bound eight deep and
 * the writer-paths bound six deep, under every policy, for every conforming variant and a few mutants, it
 * partitions the reached states exactly as the String key ({@link LockstepPair#stateKey()}, the reference)
 * does. The negative controls: a binary key that forgets each consumer's cursor, and one that forgets the
 * "past a finding" flag, each of them otherwise the same key, must be caught by the same check. (A key without
 * the invariant checker's memory is not caught within these bounds: that memory turns out to follow from the
 * broadcasts' states there, which a test of its own asserts, so it is not a control.)
 */
class BinaryKeyExactnessTest {

    private static final KnownFindings KNOWN = KnownFindings.load(SourceTree.root());

    /** A few mutants whose bugs live in the hidden tracking state, the waiters or the writer's paths. */
    private static final List<String> MUTANTS = List.of(
            "detach-forgets-count",
            "first-attach-keeps-stale-minimum",
            "wheel-advance-keeps-old-slot",
            "notify-skips-queued-promotion",
            "flush-stores-spoiled",
            "drains-settled-before-flush");

    static Stream<BroadcastFactory> subjects() {
        List<BroadcastFactory> subjects =
                new ArrayList<>(ExploreProperties.conforming().toList());
        subjects.add(Variant.DIRTY_FLAG);
        Mutants.CATALOGUE.stream().filter(m -> MUTANTS.contains(m.id())).forEach(m -> subjects.add(Mutants.factory(m)));
        return subjects.stream();
    }

    private static final Function<LockstepPair, Object> BINARY = pair -> pair.key(new StateKeyBuilder(), false);

    @ParameterizedTest
    @MethodSource("subjects")
    void binaryAndStringKeysPartitionTheStatesAlike(BroadcastFactory subject) {
        assertThat(subject.id()).isNotNull();
        for (Policy policy : Policy.values()) {
            for (Scope scope : List.of(
                    Scope.gate(policy).withDepth(8), Scope.writerPaths(policy).withDepth(6))) {
                KeyPartition.Result r = KeyPartition.of(subject, scope, KNOWN, BINARY);
                System.out.printf(
                        "keys %s %s: %,d states (String) %,d (binary), %,d named%n",
                        subject.id(), scope, r.strings(), r.others(), r.named());
                assertThat(r.conflicts())
                        .as("%s %s: binary against String keys", subject.id(), scope)
                        .isEmpty();
                assertThat(r.others()).isEqualTo(r.strings());
            }
        }
    }

    /**
     * The binary keys are smaller than the String keys they stand for (bytes against characters, each String
     * character at least a byte): what the explorer's set of states holds per state.
     */
    @Test
    void binaryKeysAreSmallerThanStringKeys() {
        long[] sizes = new long[3]; // String characters, binary bytes, keys
        KeyPartition.Result r = KeyPartition.of(
                Variant.CACHED_COUNT, Scope.gate(Policy.UNBOUNDED).withDepth(8), KNOWN, pair -> {
                    StateKey k = pair.key(new StateKeyBuilder(), true);
                    sizes[0] += pair.stateKey().length();
                    sizes[1] += k.length();
                    sizes[2]++;
                    return pair.key(new StateKeyBuilder(), false);
                });
        System.out.printf(
                "key sizes over %,d states named: String %.1f characters, binary %.1f bytes on average%n",
                sizes[2], sizes[0] / (double) sizes[2], sizes[1] / (double) sizes[2]);
        assertThat(r.conflicts()).isEmpty();
        assertThat(sizes[1]).isLessThan(sizes[0]);
    }

    /** A binary key without the cursors: the number written right after each consumer is dropped. */
    @Test
    void aKeyWithoutCursorsIsCaught() {
        KeyPartition.Result r = KeyPartition.of(
                Variant.CACHED_COUNT,
                Scope.gate(Policy.STRICT).withDepth(8),
                KNOWN,
                pair -> lossyKey(pair, Loss.CURSORS));
        System.out.printf("keys without cursors: %,d conflicts, e.g. %s%n", r.conflictCount(), r.conflicts());
        assertThat(r.conflicts()).as("conflicts of a key without cursors").isNotEmpty();
        assertThat(r.others()).isLessThan(r.strings());
    }

    /**
     * A binary key without the "past a finding" flag, in the scope of the known findings (the model alone),
     * where the model reaches some states both before and past reentrant-flush-strands-read.
     */
    @Test
    void aKeyWithoutThePastFlagIsCaught() {
        KeyPartition.Result r = KeyPartition.of(
                Variant.MODEL,
                new Scope(Policy.UNBOUNDED, 1, List.of(1), 2, 11),
                KNOWN,
                pair -> lossyKey(pair, Loss.PAST_FLAG));
        System.out.printf("keys without the past flag: %,d conflicts, e.g. %s%n", r.conflictCount(), r.conflicts());
        assertThat(r.conflicts()).as("conflicts of a key without the past flag").isNotEmpty();
        assertThat(r.others()).isLessThan(r.strings());
    }

    /**
     * Not a control of the check but what the check shows of the key: without the invariant checker's memory
     * (its books, pending writes, ends and drains) the key partitions these bounds' states alike, since in every
     * state reached the checker remembers what the broadcasts' states already say, even past a known finding.
     * The memory stays in the key all the same: the key must not assume what it is there to find out.
     */
    @Test
    void theCheckersMemoryIsRedundantWithinTheseBounds() {
        KeyPartition.Result r = KeyPartition.of(
                Variant.MODEL,
                new Scope(Policy.UNBOUNDED, 1, List.of(1), 2, 11),
                KNOWN,
                pair -> lossyKey(pair, Loss.CHECKER));
        assertThat(r.conflicts()).isEmpty();
    }

    /** What a lossy key leaves out. */
    private enum Loss {
        CURSORS,
        CHECKER,
        PAST_FLAG
    }

    /**
     * The pair's key written again from its sessions, as {@link LockstepPair#key} writes it, but without
     * what {@code loss} names.
     */
    private static Object lossyKey(LockstepPair pair, Loss loss) {
        StateKeyBuilder b = new StateKeyBuilder();
        KeyWriter w = loss == Loss.CURSORS ? new WithoutCursors(b) : b;
        for (Session s : pair.subject() == null ? List.of(pair.model()) : List.of(pair.model(), pair.subject())) {
            if (loss == Loss.CHECKER) {
                ((io.cursorcheck.spi.Forkable) s.broadcast()).writeKey(w);
            } else {
                s.writeKey(w);
            }
        }
        if (loss != Loss.PAST_FLAG) {
            b.flag(pair.tolerated() != null);
        }
        List<String> detached = new ArrayList<>();
        for (int i = 0; i < pair.consumers(); i++) {
            String m = pair.model().detachedKey(i);
            String s = pair.subject() == null ? m : pair.subject().detachedKey(i);
            if (m != null || s != null) {
                detached.add(m + "/" + s);
            }
        }
        detached.sort(null);
        detached.forEach(b::text);
        return b.build();
    }

    /**
     * Forwards everything but the first number written after a consumer, flags between them let through: a
     * consumer's cursor in the broadcast's list, and the position it must get next in the checker's books
     * (which says the same in a reached state: dropping either alone loses nothing).
     */
    private static final class WithoutCursors implements KeyWriter {
        private final KeyWriter to;
        private boolean afterConsumer;

        WithoutCursors(KeyWriter to) {
            this.to = to;
        }

        @Override
        public void consumer(int id) {
            to.consumer(id);
            afterConsumer = true;
        }

        @Override
        public void number(long value) {
            if (!afterConsumer) {
                to.number(value);
            }
            afterConsumer = false;
        }

        @Override
        public void symbol(int symbol) {
            to.symbol(symbol);
            afterConsumer = false;
        }

        @Override
        public void flag(boolean value) {
            to.flag(value);
        }

        @Override
        public void count(int count) {
            to.count(count);
            afterConsumer = false;
        }

        @Override
        public void text(String text) {
            to.text(text);
            afterConsumer = false;
        }
    }

    @Test
    void theWriterRefusesNonsense() {
        StateKeyBuilder b = new StateKeyBuilder();
        assertThatThrownBy(() -> b.consumer(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("consumer: id must be >= 0, was -1");
        assertThatThrownBy(() -> b.symbol(-3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("symbol: must be >= 0, was -3");
        assertThatThrownBy(() -> b.count(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count: must be >= 0, was -1");
        assertThatThrownBy(() -> b.text(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("text: a key's text must not be null");
        assertThatThrownBy(() -> b.renameConsumers(new int[1], new int[1], 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("renameConsumers: n must be within 0 and the arrays' lengths (1, 1), was 2");
    }

    /**
     * An id the renaming table does not know (a faulty subject that kept another broadcast's handle) is written as
     * itself under its own tag: never taken for the label of the same number, nor for a known id, and no crash.
     */
    @Test
    void anIdOutsideTheRenamingIsWrittenApartFromEveryLabel() {
        StateKeyBuilder b = new StateKeyBuilder();
        List<Object> keys = new ArrayList<>();
        for (int id : new int[] {4, 7, 0, 1, 5}) {
            b.reset();
            b.renameConsumers(new int[] {4, 7}, new int[] {1, 0}, 2);
            b.consumer(id);
            keys.add(b.build());
        }
        b.reset();
        b.consumer(0); // unrenamed id 0: the same item as label 0
        assertThat(b.build()).isEqualTo(keys.get(1)); // id 7 is label 0
        assertThat(keys.subList(2, 5))
                .as("ids 0, 1 and 5, which the table does not know")
                .doesNotHaveDuplicates()
                .doesNotContain(keys.get(0), keys.get(1));
    }

    /** The encoding is prefix-free: item sequences that a careless encoding would confuse give different keys. */
    @Test
    void differentSequencesGiveDifferentKeys() {
        List<Function<StateKeyBuilder, Object>> writes = List.of(
                k -> {
                    k.number(1);
                    k.number(23);
                    return k.build();
                },
                k -> {
                    k.number(12);
                    k.number(3);
                    return k.build();
                },
                k -> {
                    k.number(123);
                    return k.build();
                },
                k -> {
                    k.text("ab");
                    k.text("c");
                    return k.build();
                },
                k -> {
                    k.text("a");
                    k.text("bc");
                    return k.build();
                },
                k -> {
                    k.consumer(1);
                    return k.build();
                },
                k -> {
                    k.symbol(1);
                    return k.build();
                },
                k -> {
                    k.count(1);
                    return k.build();
                },
                k -> {
                    k.flag(true);
                    return k.build();
                },
                k -> {
                    k.number(-1);
                    return k.build();
                },
                k -> {
                    k.number(Long.MIN_VALUE);
                    return k.build();
                },
                k -> {
                    k.number(Long.MAX_VALUE);
                    return k.build();
                },
                k -> {
                    k.text("");
                    return k.build();
                },
                k -> k.build());
        List<Object> keys = new ArrayList<>();
        for (Function<StateKeyBuilder, Object> w : writes) {
            StateKeyBuilder b = new StateKeyBuilder();
            keys.add(w.apply(b));
            b.reset();
            assertThat(w.apply(b)).as("a reused builder").isEqualTo(keys.get(keys.size() - 1));
        }
        assertThat(keys).doesNotHaveDuplicates();
    }
}
