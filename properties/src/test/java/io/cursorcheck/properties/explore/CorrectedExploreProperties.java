package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.campaign.ExploreRun;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Policy;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exhaustive explorer under the corrected algorithm of spec §8 (issue 14, §2): within the gate's
 * bound, and within the smallest bound that shows both known findings, {@code cached-count-corrected}
 * against {@code model-corrected} (and {@code model-corrected} alone) meets no failure at all, not even
 * a known finding, while spec §2's model and port still meet the known findings there (the control
 * that the bound reaches the re-entrant path); and every catalogue mutant that is not equivalent under
 * §8 is caught under it, in the bound pinned for it as released (save those in {@link #BOUND_DIFFERS}), with
 * the shortest length pinned for it as released ({@link ExploreProperties#SHORTEST}), save those listed in
 * {@link #DIFFERS}.
 */
class CorrectedExploreProperties {

    private static final KnownFindings KNOWN = KnownFindings.load(SourceTree.root());

    /**
     * The smallest bound that shows both known findings (both need two queued writes behind a full
     * buffer, which only UNBOUNDED queues), nine operations deep as their shortest scripts are.
     */
    static final Scope FINDINGS = new Scope(Policy.UNBOUNDED, 1, List.of(1), 2, 9);

    /**
     * Mutants whose shortest failure under the corrected algorithm is not as long as as released, with
     * the corrected length; none measured so far, and a new entry must say why (its shortest failure
     * as released passes through a nested flush).
     */
    static final Map<String, Integer> DIFFERS = Map.of();

    /**
     * Mutants pinned in another bound under the corrected algorithm than as released, with that bound.
     * {@code notify-settles-before-advance}: as released, a trim inside notify that flushes (the gate's bound,
     * 8 deep); under spec §8 that trim cannot flush, and only the drains it settles show the slip, which needs
     * drain, so only the writer-paths bound eight deep shows it (8 under STRICT, as long as released).
     */
    static final Map<String, ExploreProperties.Bound> BOUND_DIFFERS =
            Map.of("notify-settles-before-advance", ExploreProperties.Bound.WRITER_PATHS_DEEP);

    @Test
    void theCorrectedPortMeetsNoFailureAtAllWithinTheGateBound() {
        for (Policy policy : Policy.values()) {
            Explorer.Result r =
                    Explorer.explore(Variant.CACHED_COUNT_CORRECTED, Scope.gate(policy), 5_000_000, false, KNOWN, null);
            System.out.printf(
                    "explore %s (corrected) %s: %,d states, %,d transitions in %.1f s%n",
                    r.subject(), r.scope(), r.states(), r.transitions(), r.millis() / 1000.0);
            assertThat(r.complete()).as("%s explored completely", r.scope()).isTrue();
            assertThat(r.found())
                    .as("failures of any kind within %s", r.scope())
                    .extracting(f -> f.failure().signature() + ": "
                            + String.join("; ", f.run().script().lines()))
                    .isEmpty();
            assertThat(r.holds()).isTrue();
        }
    }

    @Test
    void theKnownFindingsAppearAsReleasedWithinTheGateBound() {
        // The control of the test above: the gate's bound reaches the re-entrant path (UNBOUNDED queues two
        // writes behind a full buffer there), where spec §2's port meets both findings.
        Explorer.Result r =
                Explorer.explore(Variant.CACHED_COUNT, Scope.gate(Policy.UNBOUNDED), 5_000_000, false, KNOWN, null);
        assertThat(r.holds()).isTrue();
        assertThat(r.found())
                .as("cached-count within %s", r.scope())
                .extracting(f -> f.known() == null
                        ? "new: " + f.failure().signature()
                        : f.known().name())
                .containsExactlyInAnyOrder("reentrant-flush-strands-read", "reentrant-end-settles-read-twice");
    }

    @Test
    void theKnownFindingsAppearAsReleasedAndNotCorrectedWithinTheirBound() {
        for (BroadcastFactory released : new BroadcastFactory[] {Variant.MODEL, Variant.CACHED_COUNT}) {
            Explorer.Result r = Explorer.explore(released, FINDINGS, 5_000_000, false, KNOWN, null);
            assertThat(r.found())
                    .as("%s within %s", released.id(), FINDINGS)
                    .extracting(f -> f.known() == null
                            ? "new: " + f.failure().signature()
                            : f.known().name())
                    .containsExactlyInAnyOrder("reentrant-flush-strands-read", "reentrant-end-settles-read-twice");
        }
        for (BroadcastFactory corrected :
                new BroadcastFactory[] {Variant.MODEL_CORRECTED, Variant.CACHED_COUNT_CORRECTED}) {
            Explorer.Result r = Explorer.explore(corrected, FINDINGS, 5_000_000, false, KNOWN, null);
            System.out.printf("explore %s (corrected) %s: %,d states%n", corrected.id(), FINDINGS, r.states());
            assertThat(r.complete()).isTrue();
            assertThat(r.found())
                    .as("%s within %s", corrected.id(), FINDINGS)
                    .extracting(f -> f.failure().signature() + ": "
                            + String.join("; ", f.run().script().lines()))
                    .isEmpty();
        }
    }

    @Test
    void underTheCorrectedAlgorithmAKnownFindingWouldBreakTheBound() {
        // The bound's verdict, not only the test above, treats a known finding under §8 as new: spec §2's port
        // claiming §8 diverges from model-corrected on the findings' path, and so fails the bound.
        BroadcastFactory claiming = new io.cursorcheck.properties.campaign.AsReleasedClaimingCorrected();
        Explorer.Result r = Explorer.explore(claiming, FINDINGS, 5_000_000, false, KNOWN, null);
        assertThat(r.holds()).isFalse();
        assertThat(r.subjectFailures()).isNotEmpty();
        assertThat(r.found()).noneMatch(f -> f.known() != null);
    }

    static Stream<Mutant> correctedControls() {
        return Mutants.CATALOGUE.stream().filter(m -> m.impactUnder(Algorithm.CORRECTED) != Mutant.Impact.EQUIVALENT);
    }

    @ParameterizedTest
    @MethodSource("correctedControls")
    void catchesEveryControlUnderTheCorrectedAlgorithmAsShortAsReleased(Mutant m) {
        BroadcastFactory control = Mutants.factory(m, Algorithm.CORRECTED);
        assertThat(control.algorithm()).isEqualTo(Algorithm.CORRECTED);
        ExploreProperties.Bound bound = BOUND_DIFFERS.getOrDefault(m.id(), ExploreProperties.boundOf(m.id()));
        ExploreRun.Control c = ExploreRun.shortest(control, bound.scopes, 5_000_000, KNOWN, null, null);
        assertThat(c.caught()).as("%s caught within %s", control.id(), bound).isNotNull();
        assertThat(c.caught().againstSubject()).isTrue();
        int length = c.caught().run().script().length();
        System.out.printf(
                "explore caught %s under %s: %s in %d operations (as released: %d): %s%n",
                control.id(),
                c.policy(),
                c.caught().failure().title(),
                length,
                ExploreProperties.SHORTEST.get(m.id()).length(),
                String.join("; ", c.caught().run().script().lines()));
        assertThat(length)
                .as("%s's shortest length under the corrected algorithm", m.id())
                .isEqualTo(DIFFERS.getOrDefault(
                        m.id(), ExploreProperties.SHORTEST.get(m.id()).length()));
    }
}
