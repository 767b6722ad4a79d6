package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.MutantsPage;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The kill matrix in the gate: every mutant of the catalogue through the lockstep engine, each held
 * to its declared impact ({@link KillMatrix}): SAFETY and LIVENESS caught black-box and shrunk to at
 * most {@value KillMatrix#MAX_LENGTH} operations, EQUIVALENT seen only by the white-box check it
 * names, if any. Writes {@code reports/mutants.md} and {@code mutants.json}.
 */
class KillMatrixProperties {

    @Test
    void everyMutantIsCaughtAsItsImpactSays() throws Exception {
        // No launcher command replays it exactly: bin/cursorcheck mutants gives equivalent mutants more sequences.
        long seed = Gate.seed("KillMatrixProperties", "kill matrix", null);
        KillMatrix.Result[] matrix = new KillMatrix.Result[1];
        Path page = Gate.writingReports("KillMatrixProperties", out -> {
            KillMatrix.Config config = new KillMatrix.Config(seed, Gate.matrixSequences(),
                    Gate.equivalentSequences(), Gate.MAX_STEPS,
                    Weights.DEFAULT, Gate.THREADS, out.run() == null ? out.counterexamples()
                    : KillMatrix.counterexamples(out.run(), Mutants.CATALOGUE), Gate.known());
            matrix[0] = KillMatrix.run(config, Mutants.CATALOGUE, row -> System.out.printf(
                    "  %-36s %-10s %-11s %-34s %3s ops, sequence %,6d, %5.2f s%n", row.mutant().id(), row.mutant().impact(),
                    row.killed() ? row.stage().label() : "-", row.caughtBy(),
                    row.killed() ? String.valueOf(row.shrunkLength()) : "-", row.sequences(), row.millis() / 1000.0));
            return MutantsPage.write(matrix[0], out.dir(),
                    GateSeed.mavenCommand("properties", "KillMatrixProperties", seed) + " (or bin/cursorcheck mutants"
                            + " --seed " + seed + " --sequences " + config.sequences() + ")");
        });
        KillMatrix.Result result = matrix[0];
        System.out.printf("kill matrix: %s; %.1f s; %s%n", MutantsPage.summary(result), result.millis() / 1000.0,
                Reports.relative(page));
        assertThat(result.problems()).as("mutants not caught as their impact says (%s)", Reports.relative(page))
                .isEmpty();
    }
}
