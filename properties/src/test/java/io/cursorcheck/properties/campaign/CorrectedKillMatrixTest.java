package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Gate;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.ScanCheck;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kill matrix under the corrected algorithm of spec §8 can fail, both ways: a mutant that spec §8
 * makes equivalent but is not declared so survives and is reported as a gap (what the first corrected
 * matrix found for {@code notify-settles-before-advance}, which drains have since made observable under §8
 * too; {@code flush-offers-write-still-queued} stands in for it), and a mutant wrongly declared equivalent
 * under §8 is caught black-box and reported as a wrong argument. And a corrected mutant is the patched
 * class made with {@link Algorithm#CORRECTED}, checked against {@code model-corrected}.
 */
class CorrectedKillMatrixTest {

    private static final Mutant NESTED_ONLY = Mutants.named("flush-offers-write-still-queued");
    private static final Mutant ANYWHERE = Mutants.named("detach-forgets-count");

    private static KillMatrix.Config config(Algorithm algorithm) {
        return new KillMatrix.Config(7, 300, 300, 60, Weights.DEFAULT, 1, null, Gate.known(), algorithm);
    }

    @Test
    void aMutantOfTheNestedPathNotDeclaredEquivalentUnderTheCorrectedAlgorithmIsAGap() {
        assertThat(NESTED_ONLY.correctedEquivalence())
                .as("the catalogue's declaration")
                .isNotNull();
        Mutant undeclared = new Mutant(
                NESTED_ONLY.id(),
                NESTED_ONLY.description(),
                NESTED_ONLY.impact(),
                NESTED_ONLY.file(),
                NESTED_ONLY.find(),
                NESTED_ONLY.replace(),
                NESTED_ONLY.entry());
        KillMatrix.Result corrected = KillMatrix.run(config(Algorithm.CORRECTED), List.of(undeclared), row -> {});
        assertThat(corrected.rows().get(0).killed()).isFalse();
        assertThat(corrected.problems())
                .singleElement()
                .asString()
                .contains("flush-offers-write-still-queued (corrected) (SAFETY) survived");
        // As declared in the catalogue it passes: equivalent under §8, and it survives as its argument says.
        assertThat(KillMatrix.run(config(Algorithm.CORRECTED), List.of(NESTED_ONLY), row -> {})
                        .problems())
                .isEmpty();
    }

    @Test
    void aMutantWronglyDeclaredEquivalentUnderTheCorrectedAlgorithmIsCaughtBlackBox() {
        Mutant wronglyDeclared = new Mutant(
                ANYWHERE.id(),
                ANYWHERE.description(),
                ANYWHERE.impact(),
                ANYWHERE.file(),
                ANYWHERE.find(),
                ANYWHERE.replace(),
                ANYWHERE.entry(),
                null,
                new Mutant.Equivalence("(a wrong argument, for this test)", Mutant.WhiteBox.NONE));
        KillMatrix.Result corrected = KillMatrix.run(config(Algorithm.CORRECTED), List.of(wronglyDeclared), row -> {});
        assertThat(corrected.rows().get(0).stage()).isEqualTo(KillMatrix.Stage.BLACK_BOX);
        assertThat(corrected.problems())
                .singleElement()
                .asString()
                .contains("detach-forgets-count (corrected) is declared EQUIVALENT but was caught black-box");
        // As released the declaration does not apply: caught as its impact says.
        assertThat(KillMatrix.run(config(Algorithm.AS_RELEASED), List.of(wronglyDeclared), row -> {})
                        .problems())
                .isEmpty();
    }

    @Test
    void aCorrectedMutantFollowsTheCorrectedAlgorithmAndReplaysByItsId() {
        BroadcastFactory corrected = Mutants.factory(ANYWHERE, Algorithm.CORRECTED);
        assertThat(corrected.id()).isEqualTo("detach-forgets-count+corrected");
        assertThat(corrected.algorithm()).isEqualTo(Algorithm.CORRECTED);
        assertThat(Variant.referenceFor(corrected.algorithm())).isEqualTo(Variant.MODEL_CORRECTED);
        assertThat(Mutants.factory(ANYWHERE, Algorithm.AS_RELEASED).algorithm()).isEqualTo(Algorithm.AS_RELEASED);
        assertThat(Subjects.named("detach-forgets-count+corrected")).isSameAs(corrected);
        assertThat(Subjects.named("detach-forgets-count+corrected+black-box").algorithm())
                .isEqualTo(Algorithm.CORRECTED);
        ScanCheck scans = (ScanCheck) Subjects.named("detach-forgets-count+corrected+scans");
        assertThat(scans.algorithm()).isEqualTo(Algorithm.CORRECTED);
        assertThat(scans.reference()).isEqualTo(Variant.CACHED_COUNT_CORRECTED);
        ScanCheck wheel = (ScanCheck) Subjects.named("wheel-advance-keeps-old-slot+corrected+scans");
        assertThat(wheel.reference().algorithm()).isEqualTo(Algorithm.CORRECTED);
        assertThat(wheel.reference()
                        .create(Options.of(2, Policy.STRICT))
                        .getClass()
                        .getSimpleName())
                .isEqualTo("WheelBroadcast");
        // The corrected mutant really runs the corrected class: on a finding's script, which writes no
        // zero-size entry (so zero-size-write-stored's slip is off its path), the as-released mutant meets
        // the finding and the corrected one runs clean against model-corrected.
        Mutant offPath = Mutants.named("zero-size-write-stored");
        for (KnownFindings.Finding f : Gate.known().all()) {
            Lockstep.Run released = Lockstep.run(
                    Mutants.factory(offPath, Algorithm.AS_RELEASED),
                    f.counterexample().script());
            assertThat(released.failed()).as("%s as released", f.name()).isTrue();
            assertThat(released.failure().signature()).isEqualTo(f.signature());
            Lockstep.Run fixed = Lockstep.run(
                    Mutants.factory(offPath, Algorithm.CORRECTED),
                    f.counterexample().script());
            assertThat(fixed.failure()).as("%s corrected", f.name()).isNull();
        }
    }

    @Test
    void aRacyTwinHasNoCorrectedForm() {
        Mutant twin = Mutants.RACY_TWINS.get(0);
        assertThat(MutantCompiler.followsAlgorithms(twin)).isFalse();
        assertThatThrownBy(() -> Mutants.factory(twin, Algorithm.CORRECTED))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no public (Options, Algorithm) constructor");
        assertThat(MutantCompiler.followsAlgorithms(ANYWHERE)).isTrue();
    }
}
