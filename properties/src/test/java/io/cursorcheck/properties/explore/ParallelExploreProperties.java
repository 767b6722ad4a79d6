package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parallel explorer is a pure function of the scope: with 2 and 4 threads it gives exactly what one thread
 * gives: the same distinct states and transitions at every level, the same verdict, and for every failure
 * signature the same shortest script, operation by operation, not merely one as long. The subjects include mutants, whose many failures of equal length make the
 * winner rule matter. The negative control: the racy rule (whichever thread gets there first keeps the state or
 * the failure) must give another script somewhere, so the comparison can see a wrong rule.
 */
class ParallelExploreProperties {

    private static final KnownFindings KNOWN = KnownFindings.load(SourceTree.root());

    /**
     * One thread's exploration with the binary key, by subject and scope: the reference both the thread-count
     * comparison and the racy rule's control compare against. The explorer is a pure function of subject, scope
     * and settings (what this class checks), so the control reuses the comparison's reference instead of
     * exploring the same bound a second time; the control's verdict needs the reference, not its timing.
     */
    private static final Map<String, Explorer.Result> ONE_THREAD = new ConcurrentHashMap<>();

    private static Explorer.Result oneThread(BroadcastFactory subject, Scope scope) {
        return ONE_THREAD.computeIfAbsent(
                subject.id() + " " + scope,
                key -> Explorer.explore(
                        subject,
                        scope,
                        ExploreSettings.of(5_000_000).withKeying(Keying.BINARY).withThreads(1),
                        KNOWN));
    }

    /**
     * The gate's bound with two consumers: two consumers already give every winner-rule race (many children of
     * one level reaching one key, failures of equal length) at a fraction of the gate's time.
     */
    private static Scope twoConsumerGate(Policy policy) {
        return Scope.gate(policy).withConsumers(2);
    }

    /** Subjects and bounds: conforming variants, and mutants with failures of equal length in every bound. */
    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Policy policy : Policy.values()) {
            cases.add(Arguments.of(Variant.CACHED_COUNT, twoConsumerGate(policy)));
            cases.add(Arguments.of(Variant.WHEEL, Scope.writerPaths(policy)));
        }
        cases.add(Arguments.of(Variant.MODEL, new Scope(Policy.UNBOUNDED, 1, List.of(1), 2, 9))); // the known findings
        for (String id :
                List.of("detach-forgets-count", "removal-decrements-any-cursor", "notify-skips-queued-promotion")) {
            for (Policy policy : Policy.values()) {
                cases.add(Arguments.of(Mutants.factory(Mutants.named(id)), twoConsumerGate(policy)));
            }
        }
        for (String id : List.of("flush-stops-at-spoiled", "abort-takes-first-queued")) {
            for (Policy policy : Policy.values()) {
                cases.add(Arguments.of(Mutants.factory(Mutants.named(id)), Scope.writerPaths(policy)));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void twoAndFourThreadsGiveWhatOneThreadGives(BroadcastFactory subject, Scope scope) {
        Explorer.Result reference = oneThread(subject, scope);
        assertThat(reference.threads()).isEqualTo(1);
        List<String> one = fingerprint(reference);
        for (int threads : new int[] {2, 4}) {
            Explorer.Result r = Explorer.explore(
                    subject,
                    scope,
                    ExploreSettings.of(5_000_000).withKeying(Keying.BINARY).withThreads(threads),
                    KNOWN);
            assertThat(r.threads()).isEqualTo(threads);
            assertThat(r.workers()).hasSize(threads);
            assertThat(r.workers().stream().mapToLong(Explorer.Worker::states).sum())
                    .isEqualTo(r.states() - 1);
            assertThat(fingerprint(r))
                    .as("%s %s with %d threads against 1", subject.id(), scope, threads)
                    .isEqualTo(one);
        }
    }

    /**
     * The default path too: with the symmetric binary key (per-thread key builders, the sessions' reused sort
     * buffers) one thread and four give the same states, levels, verdicts and scripts.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void oneAndFourThreadsAgreeWithTheSymmetricKey(BroadcastFactory subject, Scope scope) {
        List<String> one = fingerprint(Explorer.explore(
                subject,
                scope,
                ExploreSettings.of(5_000_000).withKeying(Keying.SYMMETRIC).withThreads(1),
                KNOWN));
        Explorer.Result four = Explorer.explore(
                subject,
                scope,
                ExploreSettings.of(5_000_000).withKeying(Keying.SYMMETRIC).withThreads(4),
                KNOWN);
        assertThat(fingerprint(four))
                .as("%s %s, symmetric key, 4 threads against 1", subject.id(), scope)
                .isEqualTo(one);
    }

    /**
     * The control: the racy winner rule, four threads, on the mutants and bounds above; at least one exploration
     * must differ from one thread's with the right rule (a state reached by another path changes the scripts of the
     * failures past it; a failure found first by a later thread changes its own). Up to five rounds, as a race may
     * happen to go the right way; the state and transition counts stay equal under either rule, so only the
     * scripts can tell, which is why the comparison checks every script operation by operation.
     */
    @Test
    void theRacyWinnerRuleGivesOtherScripts() {
        List<Arguments> mutants =
                cases().filter(a -> !(a.get()[0] instanceof Variant)).toList();
        List<Explorer.Result> one = mutants.stream()
                .map(a -> oneThread((BroadcastFactory) a.get()[0], (Scope) a.get()[1]))
                .toList();
        List<String> differing = new ArrayList<>();
        for (int round = 0; round < 5 && differing.isEmpty(); round++) {
            for (int i = 0; i < mutants.size(); i++) {
                BroadcastFactory subject = (BroadcastFactory) mutants.get(i).get()[0];
                Scope scope = (Scope) mutants.get(i).get()[1];
                Explorer.Result racy = Explorer.explore(
                        subject,
                        scope,
                        ExploreSettings.of(5_000_000).withKeying(Keying.BINARY).withThreads(4),
                        KNOWN,
                        Explorer.WinnerRule.FIRST_INSERTED);
                // Only another script counts: the same states, the same failures by signature, complete.
                assertThat(racy.complete()).isTrue();
                assertThat(racy.states()).isEqualTo(one.get(i).states());
                assertThat(racy.found())
                        .extracting(f -> f.failure().signature())
                        .containsExactlyInAnyOrderElementsOf(one.get(i).found().stream()
                                .map(f -> f.failure().signature())
                                .toList());
                if (!fingerprint(racy).equals(fingerprint(one.get(i)))) {
                    differing.add(subject.id() + " " + scope);
                }
            }
            System.out.printf(
                    "racy winner rule, round %d: %d of %d explorations differ: %s%n",
                    round + 1, differing.size(), mutants.size(), differing);
        }
        assertThat(differing)
                .as("explorations where the racy rule changed a script")
                .isNotEmpty();
    }

    /**
     * Every state's key comes from the settings' one function: a key that names every state alike merges
     * every child into the empty broadcast, so one level of transitions is all there is, on any thread count.
     */
    @Test
    void theKeyComesFromTheSettings() {
        for (int threads : new int[] {1, 2}) {
            Explorer.Result r = Explorer.explore(
                    Variant.CACHED_COUNT,
                    Scope.gate(Policy.STRICT),
                    ExploreSettings.of(1_000).withThreads(threads).withKey("one name for all", pair -> "all"),
                    null);
            assertThat(r.keyName()).isEqualTo("one name for all");
            assertThat(r.states()).isEqualTo(1);
            assertThat(r.levels()).hasSize(1);
            assertThat(r.transitions())
                    .isEqualTo(Scope.gate(Policy.STRICT).operations(0).size());
        }
    }

    @Test
    void aThreadCountOutsideOneToTheMostIsRefusedNamingIt() {
        for (int bad : new int[] {0, -1, ExploreSettings.MAX_THREADS + 1, Integer.MAX_VALUE}) {
            assertThatThrownBy(() -> ExploreSettings.of(1).withThreads(bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("threads")
                    .hasMessageContaining("was " + bad);
        }
        assertThatThrownBy(() -> ExploreSettings.of(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stateLimit")
                .hasMessageContaining("was 0");
    }

    /** Everything a result says that must not depend on the threads: counts per level, verdicts, scripts. */
    static List<String> fingerprint(Explorer.Result r) {
        List<String> f = new ArrayList<>();
        f.add("states " + r.states() + ", transitions " + r.transitions() + ", depth " + r.depth() + ", complete "
                + r.complete() + ", holds " + r.holds());
        Function<Explorer.Level, String> level = l -> "level " + l.depth() + ": " + l.frontier() + " new, " + l.states()
                + " states, " + l.transitions() + " transitions";
        r.levels().forEach(l -> f.add(level.apply(l)));
        for (Explorer.Found found : r.found()) {
            f.add(found.failure().signature() + " (" + found.failure().title() + ", known "
                    + (found.known() == null ? "-" : found.known().name()) + "): "
                    + String.join("; ", found.run().script().lines()));
        }
        return f;
    }
}
