package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.engine.Gate;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The engine's negative controls: every deliberately broken variant is caught and shrunk short. */
class NegativeControlProperties {

    static Stream<Mutant> controls() {
        return Mutants.CONTROLS.stream();
    }

    @ParameterizedTest
    @MethodSource("controls")
    void isCaughtAndShrunkToAtMostEightOperations(Mutant mutant) throws Exception {
        long seed = Gate.seed("NegativeControlProperties", mutant.id(), Gate.check(mutant.id(), 5_000));
        Controls.Verdict v = Gate.writingReports(
                "NegativeControlProperties " + mutant.id(),
                out -> Controls.run(
                        mutant,
                        seed,
                        5_000,
                        60_000,
                        Gate.MAX_STEPS,
                        Weights.DEFAULT,
                        Gate.THREADS,
                        out.counterexamples(),
                        Gate.known()));
        assertThat(v.killed())
                .as("%s survived %d sequences", mutant.id(), v.result().sequences())
                .isTrue();
        assertThat(v.reportedLength())
                .as(
                        "shrunk script of %s:%n%s",
                        mutant.id(), v.caught().counterexample().script())
                .isLessThanOrEqualTo(Campaign.CONTROL_MAX_LENGTH);
        System.out.printf(
                "%s caught as %s after %d sequences, shrunk to %d: %s%n",
                mutant.id(),
                v.caught().counterexample().failure().signature(),
                v.result().sequences(),
                v.reportedLength(),
                String.join("; ", v.caught().counterexample().script().lines()));
    }
}
