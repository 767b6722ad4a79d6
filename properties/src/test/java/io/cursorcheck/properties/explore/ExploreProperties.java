package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exhaustive gate: every conforming variant holds {@link Scope#gate} under every policy (no
 * failure of its own, only known findings against the model), and the explorer catches
 * {@code dirty-flag} and every non-equivalent mutant of the catalogue (the negative controls among
 * them) within that bound, with a shortest counterexample.
 */
class ExploreProperties {

    private static final KnownFindings KNOWN = KnownFindings.load(io.cursorcheck.properties.mutants.SourceTree.root());

    static Stream<Variant> conforming() {
        return Arrays.stream(Variant.values()).filter(v -> v.conformance() == Variant.Conformance.CONFORMS);
    }

    @ParameterizedTest
    @MethodSource("conforming")
    void holdsTheGateBoundUnderEveryPolicy(Variant variant) {
        for (Policy policy : Policy.values()) {
            Explorer.Result r = Explorer.explore(variant, Scope.gate(policy), 5_000_000, false, KNOWN, null);
            System.out.printf("explore %s %s: %,d states, %,d transitions in %.1f s (%,.0f states/s)%n", variant,
                    r.scope(), r.states(), r.transitions(), r.millis() / 1000.0, r.statesPerSecond());
            assertThat(r.complete()).as("%s %s explored completely", variant, policy).isTrue();
            assertThat(r.subjectFailures()).as("%s fails within %s", variant, r.scope())
                    .extracting(f -> f.failure().title() + ": " + String.join("; ", f.run().script().lines()))
                    .isEmpty();
            assertThat(r.newFindings()).as("new findings against the model within %s", r.scope())
                    .extracting(f -> f.failure().signature() + ": " + String.join("; ", f.run().script().lines()))
                    .isEmpty();
        }
    }

    static Stream<BroadcastFactory> controls() {
        List<BroadcastFactory> controls = new ArrayList<>(List.of(Variant.DIRTY_FLAG));
        Mutants.CATALOGUE.stream().filter(m -> m.impact() != Mutant.Impact.EQUIVALENT)
                .forEach(m -> controls.add(Mutants.factory(m)));
        return controls.stream();
    }

    @ParameterizedTest
    @MethodSource("controls")
    void catchesEveryControlWithAShortestCounterexample(BroadcastFactory control) {
        ExploreRun.Control c = ExploreRun.shortest(control, Scope::gate, 5_000_000, KNOWN, null, null);
        assertThat(c.caught()).as("%s caught within the gate's bound", control.id()).isNotNull();
        Explorer.Found best = c.caught();
        // Breadth-first: the failing run fails at its last step, and no step before it failed.
        assertThat(best.run().failure().step()).isEqualTo(best.run().script().length() - 1);
        System.out.printf("explore caught %s under %s: %s in %d operations: %s%n", control.id(), c.policy(),
                best.failure().title(), best.run().script().length(), String.join("; ", best.run().script().lines()));
    }

    @Test
    void theKnownFindingsAreFoundWithTheirShortestScripts() {
        // Both need two queued writes behind a full buffer, which only UNBOUNDED queues.
        Explorer.Result r = Explorer.explore(Variant.MODEL, new Scope(Policy.UNBOUNDED, 1, List.of(1), 2, 9), 5_000_000,
                false, KNOWN, null);
        assertThat(r.found()).extracting(f -> f.known() == null ? "new" : f.known().name())
                .containsExactlyInAnyOrder("reentrant-flush-strands-read", "reentrant-end-settles-read-twice");
        assertThat(r.found()).allSatisfy(f -> assertThat(f.run().script().length()).isEqualTo(9));
    }
}
