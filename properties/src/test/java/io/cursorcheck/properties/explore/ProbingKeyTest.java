package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.key.KeyProbe;
import io.cursorcheck.properties.engine.key.StateKey;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.properties.engine.search.ProbingKey;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The explorer looks a key up before it copies it ({@link ProbingKey}, {@link KeyProbe}): a probe must be equal to
 * exactly the keys with its bytes, hashed as they are, so that a set answers for a probe what it answers for
 * the key. And the probing path must explore exactly what the plain key function explores. What would fail:
 * a probe that compared only hashes or lengths (the item sequences below share lengths, and prefixes), or an
 * explorer that stored a probe instead of a copy (the next probe would rewrite the stored key, and states would
 * be lost or doubled).
 */
class ProbingKeyTest {

    private static final KnownFindings KNOWN = KnownFindings.load(SourceTree.root());

    /** Item sequences of equal lengths, shared prefixes, and one the prefix of another. */
    private static final List<Consumer<StateKeyBuilder>> WRITES = List.of(
            k -> {
                k.number(1);
                k.number(23);
            },
            k -> {
                k.number(12);
                k.number(3);
            },
            k -> {
                k.number(1);
                k.number(24);
            },
            k -> k.number(1),
            k -> {
                k.text("ab");
                k.text("c");
            },
            k -> {
                k.text("a");
                k.text("bc");
            },
            k -> {
                k.consumer(1);
                k.count(1);
                k.number(1L << 40);
                k.flag(true);
                k.symbol(7);
                k.text("a long text");
            },
            k -> {
                k.consumer(1);
                k.count(1);
                k.number(1L << 40);
                k.flag(true);
                k.symbol(7);
                k.text("a long texu");
            },
            k -> {});

    private static StateKey key(Consumer<StateKeyBuilder> write) {
        StateKeyBuilder b = new StateKeyBuilder();
        write.accept(b);
        return b.build();
    }

    @Test
    void aProbeEqualsExactlyTheKeyWithItsBytesAndHashesAsIt() {
        StateKeyBuilder b = new StateKeyBuilder(); // one builder reused, as the explorer's threads do
        for (int i = 0; i < WRITES.size(); i++) {
            b.reset();
            WRITES.get(i).accept(b);
            KeyProbe probe = b.probe();
            for (int j = 0; j < WRITES.size(); j++) {
                StateKey other = key(WRITES.get(j));
                assertThat(probe.equals(other))
                        .as("probe %d against key %d", i, j)
                        .isEqualTo(i == j);
                if (i == j) {
                    assertThat(probe.hashCode()).as("probe %d's hash", i).isEqualTo(other.hashCode());
                }
            }
            assertThat(probe.toKey())
                    .as("probe %d's copy", i)
                    .isEqualTo(key(WRITES.get(i)))
                    .hasSameHashCodeAs(key(WRITES.get(i)));
        }
    }

    @Test
    void aSetAnswersForAProbeWhatItAnswersForTheKey() {
        ConcurrentHashMap<Object, Integer> set = new ConcurrentHashMap<>();
        for (int j = 0; j < WRITES.size() - 1; j++) { // the last (empty) key stays out
            set.put(key(WRITES.get(j)), j);
        }
        StateKeyBuilder b = new StateKeyBuilder();
        for (int i = 0; i < WRITES.size(); i++) {
            b.reset();
            WRITES.get(i).accept(b);
            assertThat(set.get(b.probe())).as("look-up of %d", i).isEqualTo(i < WRITES.size() - 1 ? i : null);
            assertThat(set.replace(b.probe(), i < WRITES.size() - 1 ? i : -1, 100 + i))
                    .as("replace of %d", i)
                    .isEqualTo(i < WRITES.size() - 1);
        }
    }

    /**
     * The probing keyings against the same keys through a plain function (which the explorer cannot probe, so it
     * makes every key): the same states, levels, verdicts and scripts.
     */
    @Test
    void probingExploresExactlyWhatThePlainKeyFunctionExplores() {
        List<BroadcastFactory> subjects = new ArrayList<>(List.of(Variant.CACHED_COUNT));
        subjects.add(Mutants.factory(Mutants.named("notify-skips-queued-promotion")));
        for (BroadcastFactory subject : subjects) {
            // Two consumers: the gate's bound with three takes several times as long and shows the probe nothing new.
            for (Scope scope :
                    List.of(Scope.gate(Policy.UNBOUNDED).withConsumers(2), Scope.writerPaths(Policy.DROP_OLDEST))) {
                for (Keying keying : List.of(Keying.BINARY, Keying.SYMMETRIC)) {
                    ExploreSettings probing =
                            ExploreSettings.of(5_000_000).withKeying(keying).withThreads(2);
                    ExploreSettings plain = probing.withKey("plain " + keying.keyName(), keying::apply);
                    assertThat(plain.key()).isNotInstanceOf(ProbingKey.class);
                    assertThat(ParallelExploreProperties.fingerprint(Explorer.explore(subject, scope, probing, KNOWN)))
                            .as("%s %s %s", subject.id(), scope, keying.keyName())
                            .isEqualTo(ParallelExploreProperties.fingerprint(
                                    Explorer.explore(subject, scope, plain, KNOWN)));
                }
            }
        }
    }
}
