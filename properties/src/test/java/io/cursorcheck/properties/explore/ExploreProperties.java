package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exhaustive gate: every conforming variant holds {@link Scope#gate} under every policy (no
 * failure of its own, only known findings against the model), and the explorer catches
 * {@code dirty-flag} and every non-equivalent mutant of the catalogue (the negative controls among
 * them) within that bound, with a shortest counterexample: exactly as long as the length pinned for
 * it in {@link #SHORTEST}. A depth-first explorer of the same scope is the pins' negative control.
 */
class ExploreProperties {

    private static final KnownFindings KNOWN = KnownFindings.load(io.cursorcheck.properties.mutants.SourceTree.root());

    /**
     * The minimum length of a counterexample of each control within the gate's bound, over every
     * policy. Measured with the breadth-first explorer (iterative deepening, so no depth below it
     * fails under any policy), and cross-checked on 2026-12-01 with full explorations one operation
     * shallower under every policy, which find no failure, for {@code dirty-flag},
     * {@code detach-forgets-count}, {@code first-attach-keeps-stale-minimum}, {@code trim-to-end},
     * {@code notify-skips-queued-promotion}, {@code flush-past-budget}, {@code removal-decrements-any-cursor},
     * {@code scan-counts-consumers-above-minimum} and {@code notify-settles-before-advance}; the
     * lengths 1 ({@code writeSync(0)}, {@code cancel(null)}) are minimal by hand. The 10 of
     * {@code end-data-skips-advance} and {@code zero-size-write-notifies} are one step past the stranded
     * read of reentrant-flush-strands-read (9 operations, the explorer's shortest for that finding), where
     * the explorer continues (spec §3, after a finding); without it neither is caught at all. A change of the
     * catalogue, the scope or the explorer that moves one of these is a change to look at, not to
     * re-pin blindly.
     */
    static final Map<String, Integer> SHORTEST = pins(
            "dirty-flag", 3,
            "detach-forgets-count", 3,
            "advance-compares-new-cursor", 3,
            "trim-without-retain-guard", 3,
            "drop-oldest-keeps-stale-minimum", 3,
            "wheel-advance-keeps-old-slot", 3,
            "wheel-walks-before-counting", 3,
            "wheel-laggard-keeps-old-slot", 3,
            "count-post-decrement", 3,
            "removal-decrements-any-cursor", 6,
            "errored-read-keeps-consumer", 3,
            "first-attach-keeps-stale-minimum", 4,
            "trim-trusts-stale-minimum", 3,
            "scan-counts-consumers-above-minimum", 7,
            "trim-drops-one-too-many", 3,
            "trim-drops-one-too-few", 3,
            "trim-to-end", 4,
            "trim-forgets-bytes", 3,
            "drop-oldest-moves-laggards-first", 3,
            "drop-oldest-evicts-while-above", 2,
            "attach-at-end", 2,
            "detach-leaves-queued-reads", 4,
            "notify-skips-queued-promotion", 5,
            "notify-settles-before-advance", 8,
            "end-keeps-waiting-consumers", 3,
            "end-data-skips-advance", 10,
            "flush-offers-write-still-queued", 7,
            "end-completes-with-consumers", 2,
            "zero-size-write-stored", 1,
            "zero-size-write-notifies", 10,
            "flush-never-called", 4,
            "flush-past-budget", 5,
            "strict-allows-two-queued", 3,
            "cancel-null-reason-as-none", 1,
            "cancel-repeats", 2);

    private static Map<String, Integer> pins(Object... idsAndLengths) {
        Map<String, Integer> pins = new LinkedHashMap<>();
        for (int i = 0; i < idsAndLengths.length; i += 2) {
            pins.put((String) idsAndLengths[i], (Integer) idsAndLengths[i + 1]);
        }
        return Collections.unmodifiableMap(pins);
    }

    /**
     * The pin check: null if a counterexample of {@code length} operations is as short as
     * {@link #SHORTEST} says the control's shortest is, else what is wrong.
     */
    static String pinMismatch(String control, int length) {
        Integer pinned = SHORTEST.get(control);
        if (pinned == null) {
            return control + " has no pinned length: measure it and add it to SHORTEST";
        }
        return pinned == length ? null : control + ": " + length + " operations, but its shortest is " + pinned;
    }

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
        assertThat(pinMismatch(control.id(), best.run().script().length())).as("the pinned shortest length").isNull();
    }

    @Test
    void everyControlHasAPinnedLengthAndEveryPinAControl() {
        assertThat(SHORTEST.keySet()).containsExactlyElementsOf(controls().map(BroadcastFactory::id).toList());
    }

    /**
     * The pins' negative control: a depth-first explorer of the same scope catches every control
     * too, but not always with a shortest script, and the pin check must reject at least one of its
     * lengths. Each control counts with its shortest depth-first failure over every policy, the
     * most favourable reading of a depth-first search; each search stops after
     * {@value #DEPTH_FIRST_STATES} states, so a policy that never shows the control (UNBOUNDED has
     * about 37,000 states at this bound) costs little.
     */
    @Test
    void aDepthFirstExplorerFailsThePins() {
        long start = System.currentTimeMillis();
        List<String> rejected = new ArrayList<>();
        controls().forEach(control -> {
            Explorer.Found best = null;
            long states = 0;
            for (Policy policy : Policy.values()) {
                DepthFirstExplorer.Result r = DepthFirstExplorer.first(control, Scope.gate(policy), DEPTH_FIRST_STATES,
                        Tolerance.of(KNOWN, control.algorithm()));
                states += r.states();
                Explorer.Found f = r.found();
                if (f != null && (best == null || f.run().script().length() < best.run().script().length())) {
                    best = f;
                }
            }
            // A control the depth-first search misses is an error of the control, not a catch.
            assertThat(best).as("%s caught depth-first within the gate's bound", control.id()).isNotNull();
            assertThat(best.againstSubject()).isTrue();
            String mismatch = pinMismatch(control.id(), best.run().script().length());
            System.out.printf("depth-first caught %s in %d operations (pinned shortest %d; %,d states)%s%n",
                    control.id(), best.run().script().length(), SHORTEST.get(control.id()), states,
                    mismatch == null ? "" : ": REJECTED");
            if (mismatch != null) {
                rejected.add(mismatch);
            }
        });
        System.out.printf("depth-first: the pins reject %d of %d lengths (%.1f s)%n", rejected.size(), SHORTEST.size(),
                (System.currentTimeMillis() - start) / 1000.0);
        assertThat(rejected).as("lengths of a depth-first explorer the pin check rejects").isNotEmpty();
    }

    private static final int DEPTH_FIRST_STATES = 3_000;

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
