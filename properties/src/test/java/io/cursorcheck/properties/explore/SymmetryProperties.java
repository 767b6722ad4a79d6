package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Consumer symmetry is sound: exploring with {@link Keying#SYMMETRIC} and with
 * {@link Keying#BINARY} (the same exact key without renaming) gives the same verdict and the same shortest
 * length for every control of the catalogue (each in the bound and at the depth {@link ExploreProperties}
 * pins for it, under every policy), for every conforming variant on the gate's bound (nine deep, under every
 * policy) and for the known findings; and the symmetric exploration reaches no more states. The negative
 * control: an unsound reduction, the key without each consumer's cursor ({@link LossyKey#WITHOUT_CURSORS}),
 * must change the verdict or shortest length of scan-counts-consumers-above-minimum, which it hides.
 */
class SymmetryProperties {

    private static final KnownFindings KNOWN = KnownFindings.load(SourceTree.root());
    private static final long LIMIT = 5_000_000;

    /** What an exploration says, in terms a renaming of consumers leaves alone. */
    static String outcome(Explorer.Result r) {
        Map<String, Integer> lengths = new TreeMap<>();
        for (Explorer.Found f : r.found()) {
            lengths.put(
                    (f.againstSubject() ? "subject " : "model ") + Explorer.signature(f.failure()),
                    f.run().script().length());
        }
        return (r.complete() ? "complete" : "incomplete") + (r.holds() ? ", holds" : ", does not hold") + ", "
                + lengths;
    }

    /** Both explorations' outcomes, null if they agree, both state counts, and the reduced run's result. */
    record Comparison(String difference, long unreduced, long reduced, Explorer.Result reducedRun) {}

    /** One exploration's inputs: the key function by identity, as each is one constant. */
    private record Exploration(
            String subject,
            Scope scope,
            boolean stopOnSubjectFailure,
            String keyName,
            Function<LockstepPair, Object> key) {}

    /**
     * Explorations already made in this class, by their inputs: the controls' unreduced runs serve both the
     * symmetric comparison and the lossy key's control, and the known findings' symmetric run serves the
     * comparison and the check of its scripts. The explorer is a pure function of its inputs (the parallel
     * explorer's test checks it), so a second run would only repeat the first.
     */
    private static final Map<Exploration, Explorer.Result> DONE = new ConcurrentHashMap<>();

    static Explorer.Result explore(
            BroadcastFactory subject,
            Scope scope,
            boolean stopOnSubjectFailure,
            String keyName,
            Function<LockstepPair, Object> key) {
        return DONE.computeIfAbsent(
                new Exploration(subject.id(), scope, stopOnSubjectFailure, keyName, key),
                e -> Explorer.explore(
                        subject,
                        scope,
                        ExploreSettings.of(LIMIT)
                                .stoppingOnSubjectFailure(stopOnSubjectFailure)
                                .withKey(keyName, key),
                        KNOWN));
    }

    static Comparison compare(
            BroadcastFactory subject,
            Scope scope,
            boolean stopOnSubjectFailure,
            Function<LockstepPair, Object> reduced) {
        Explorer.Result a = explore(subject, scope, stopOnSubjectFailure, "binary", Keying.BINARY);
        Explorer.Result b = explore(subject, scope, stopOnSubjectFailure, "reduced", reduced);
        String oa = outcome(a);
        String ob = outcome(b);
        return new Comparison(
                oa.equals(ob) ? null : subject.id() + " " + scope + ":\n  unreduced " + oa + "\n  reduced   " + ob,
                a.states(),
                b.states(),
                b);
    }

    /** Every control in the bound and at the depth pinned for it, under every policy. */
    static List<Comparison> controls(Function<LockstepPair, Object> reduced, boolean checkPins) {
        return controls(reduced, checkPins, id -> true);
    }

    /** The controls {@code which} accepts, each in the bound and at the depth pinned for it, under every policy. */
    static List<Comparison> controls(
            Function<LockstepPair, Object> reduced, boolean checkPins, Predicate<String> which) {
        List<Comparison> all = new ArrayList<>();
        ExploreProperties.controls().filter(control -> which.test(control.id())).forEach(control -> {
            ExploreProperties.Pin pin = ExploreProperties.SHORTEST.get(control.id());
            int shortest = Integer.MAX_VALUE;
            for (Policy policy : Policy.values()) {
                Scope scope = pin.bound().scopes.apply(policy).withDepth(pin.length());
                Comparison c = compare(control, scope, true, reduced);
                all.add(c);
                for (Explorer.Found f : c.reducedRun().subjectFailures()) {
                    shortest = Math.min(shortest, f.run().script().length());
                }
            }
            if (checkPins) {
                assertThat(shortest)
                        .as("%s's shortest with the reduced keys", control.id())
                        .isEqualTo(pin.length());
            }
        });
        return all;
    }

    @Test
    void everyControlHasTheSameVerdictAndShortestLength() {
        List<Comparison> all = controls(Keying.SYMMETRIC, true);
        long unreduced = all.stream().mapToLong(Comparison::unreduced).sum();
        long reduced = all.stream().mapToLong(Comparison::reduced).sum();
        System.out.printf(
                "symmetry, controls: %,d states unreduced, %,d reduced (factor %.2f)%n",
                unreduced, reduced, unreduced / (double) reduced);
        assertThat(all).extracting(Comparison::difference).allMatch(d -> d == null, "no difference");
        assertThat(all).allMatch(c -> c.reduced() <= c.unreduced());
    }

    @Test
    void everyConformingVariantHoldsAlikeOnTheGatesBoundNineDeep() {
        long unreduced = 0;
        long reduced = 0;
        List<String> differences = new ArrayList<>();
        for (Variant v : ExploreProperties.conforming().toList()) {
            for (Policy policy : Policy.values()) {
                Comparison c = compare(v, Scope.gate(policy).withDepth(9), false, Keying.SYMMETRIC);
                System.out.printf(
                        "symmetry %s %s: %,d states unreduced, %,d reduced (factor %.2f)%n",
                        v.id(), policy, c.unreduced(), c.reduced(), c.unreduced() / (double) c.reduced());
                assertThat(c.reduced()).isLessThanOrEqualTo(c.unreduced());
                unreduced += c.unreduced();
                reduced += c.reduced();
                if (c.difference() != null) {
                    differences.add(c.difference());
                }
            }
        }
        System.out.printf(
                "symmetry, conforming variants: %,d states unreduced, %,d reduced (factor %.2f)%n",
                unreduced, reduced, unreduced / (double) reduced);
        assertThat(differences).isEmpty();
        assertThat(reduced).as("the reduction reduces").isLessThan(unreduced);
    }

    @Test
    void theKnownFindingsAreFoundAlike() {
        Comparison c =
                compare(Variant.MODEL, new Scope(Policy.UNBOUNDED, 1, List.of(1), 2, 9), false, Keying.SYMMETRIC);
        assertThat(c.difference()).isNull();
        Explorer.Result r = c.reducedRun();
        assertThat(r.found())
                .extracting(f -> f.known() == null ? "new" : f.known().name())
                .containsExactlyInAnyOrder("reentrant-flush-strands-read", "reentrant-end-settles-read-twice");
        assertThat(r.found())
                .allSatisfy(f -> assertThat(f.run().script().length()).isEqualTo(9));
    }

    /**
     * Run on the one control this unsound reduction is known to hide, under every policy at its pinned bound and
     * depth: it shows the comparison above sees an unsound reduction.
     */
    @Test
    void aKeyWithoutCursorsChangesSomeVerdictOrLength() {
        List<Comparison> all = controls(LossyKey.WITHOUT_CURSORS, false, "scan-counts-consumers-above-minimum"::equals);
        List<String> differences =
                all.stream().map(Comparison::difference).filter(d -> d != null).toList();
        System.out.printf(
                "without cursors: %d differences, e.g. %s%n",
                differences.size(), differences.stream().limit(3).toList());
        // Caught for the right reason: the control escapes (the unreduced exploration catches it, the lossy one not).
        assertThat(differences)
                .as("verdicts or lengths the key without cursors changes")
                .isNotEmpty();
        assertThat(differences)
                .anySatisfy(d -> assertThat(d)
                        .contains("scan-counts-consumers-above-minimum")
                        .contains("unreduced complete, does not hold")
                        .contains("reduced   complete, holds"));
    }
}
