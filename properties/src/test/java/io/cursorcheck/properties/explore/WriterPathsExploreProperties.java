package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Policy;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The writer-paths bound ({@link Scope#writerPaths}) on the model: explored completely under every
 * policy, only known findings, the spoiled read's finding among them with its shortest script; and the
 * abort and spoil transitions are enumerated from the model's state, so the same state reached by two
 * paths has the same transitions, each numbered for its own path.
 */
class WriterPathsExploreProperties {

    private static final KnownFindings KNOWN = KnownFindings.load(SourceTree.root());

    @ParameterizedTest
    @EnumSource(Policy.class)
    void theModelHoldsTheWriterPathsBound(Policy policy) {
        Explorer.Result r = Explorer.explore(Variant.MODEL, Scope.writerPaths(policy), 5_000_000, false, KNOWN, null);
        System.out.printf(
                "explore model %s: %,d states, %,d transitions in %.1f s%n",
                r.scope(), r.states(), r.transitions(), r.millis() / 1000.0);
        assertThat(r.complete()).isTrue();
        assertThat(r.holds()).as("no new finding: %s", r.newFindings()).isTrue();
        // The spoiled read on an errored broadcast (reports/findings/spoiled-read-leaves-cursor-past-end), 7 deep.
        Explorer.Found spoiled = r.found().stream()
                .filter(f -> f.known() != null && f.known().name().equals("spoiled-read-leaves-cursor-past-end"))
                .findFirst()
                .orElseThrow();
        Script script = spoiled.run().script();
        assertThat(script.length()).isEqualTo(7);
        Op spoil = script.ops().stream()
                .filter(op -> op instanceof Op.Spoil)
                .findFirst()
                .orElseThrow();
        assertThat(script.ops().get(spoil.target())).isInstanceOf(Op.WriteSync.class); // names the write it spoils
    }

    /**
     * The gate's writer-paths bound for every conforming variant: each must hold it under every policy,
     * as it holds {@link Scope#gate} (ExploreProperties). Until a variant has the six operations (the
     * SPI's interim defaults throw), it fails here at its first new operation, as it should.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("io.cursorcheck.properties.explore.ExploreProperties#conforming")
    void everyConformingVariantHoldsTheWriterPathsBound(Variant variant) {
        for (Policy policy : Policy.values()) {
            Explorer.Result r = Explorer.explore(variant, Scope.writerPaths(policy), 5_000_000, false, KNOWN, null);
            System.out.printf(
                    "explore %s %s: %,d states, %,d transitions in %.1f s%n",
                    variant, r.scope(), r.states(), r.transitions(), r.millis() / 1000.0);
            assertThat(r.complete())
                    .as("%s %s explored completely", variant, policy)
                    .isTrue();
            assertThat(r.subjectFailures())
                    .as("%s fails within %s", variant, r.scope())
                    .extracting(f -> f.failure().title() + ": "
                            + String.join("; ", f.run().script().lines()))
                    .isEmpty();
            assertThat(r.newFindings())
                    .as("new findings against the model within %s", r.scope())
                    .extracting(f -> f.failure().signature() + ": "
                            + String.join("; ", f.run().script().lines()))
                    .isEmpty();
        }
    }

    @Test
    void abortsAndSpoilsAreEnumeratedFromTheStateAndNumberedForThePath() {
        Scope scope = Scope.writerPaths(Policy.UNBOUNDED);
        // Two paths to states with a queued write and a retained entry: the second attaches first (one step more).
        LockstepPair a = pair(scope, "writeSync(2)", "write(1)");
        LockstepPair b = pair(scope, "c0 = attach()", "detach(c0)", "writeSync(2)", "write(1)");
        Generator.Targets ta = a.targets(2);
        Generator.Targets tb = b.targets(4);
        assertThat(ta.pending()).containsExactly(1L);
        assertThat(tb.pending()).containsExactly(3L);
        List<Op> opsA = scope.operations(a.consumers(), ta.pending(), ta.spoilable());
        assertThat(opsA)
                .contains(
                        new Op.Abort(1),
                        new Op.Spoil(0),
                        new Op.Spoil(1),
                        new Op.Drain(),
                        new Op.EndSync(),
                        new Op.Writev(List.of(1, 1)),
                        new Op.WritevSync(List.of()));
        assertThat(scope.operations(b.consumers(), tb.pending(), tb.spoilable()))
                .contains(new Op.Abort(3), new Op.Spoil(2), new Op.Spoil(3));
        // Without the writer's paths the gate's operations are unchanged.
        assertThat(Scope.gate(Policy.UNBOUNDED).operations(0, ta.pending(), ta.spoilable()))
                .noneMatch(op -> op.target() != Integer.MIN_VALUE || op instanceof Op.Drain);
    }

    private static LockstepPair pair(Scope scope, String... lines) {
        Script s = Script.parse(scope.options(), List.of(lines));
        LockstepPair p = new LockstepPair(Variant.MODEL, scope.options());
        for (int i = 0; i < s.length(); i++) {
            assertThat(p.step(i, s.ops().get(i))).isNull();
        }
        return p;
    }
}
