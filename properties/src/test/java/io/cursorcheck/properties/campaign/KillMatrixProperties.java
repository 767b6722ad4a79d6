package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Gate;
import io.cursorcheck.properties.engine.Minimality;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.explore.ExplorerMinimum;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.pages.MutantsPage;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.run.GateSeed;
import io.cursorcheck.spi.Algorithm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kill matrix in the gate: every mutant of the catalogue through the lockstep engine, each held
 * to its declared impact ({@link KillMatrix}): SAFETY and LIVENESS caught black-box and shrunk to at
 * most {@value KillMatrix#MAX_LENGTH} operations, EQUIVALENT seen only by the white-box check it
 * names, if any. It runs twice: under the algorithm as Node releases it (spec §2, against
 * {@code model}) and under its correction (spec §8, against {@code model-corrected}), where every
 * non-equivalent mutant must still be caught (issue 14's proof that the suite keeps its strength on
 * the corrected algorithm). Writes {@code reports/mutants.md} and {@code mutants.json}, both tables.
 */
class KillMatrixProperties {

    @Test
    void everyMutantIsCaughtAsItsImpactSaysUnderBothAlgorithms() throws Exception {
        // No launcher command replays it exactly: bin/cursorcheck mutants gives equivalent mutants more sequences.
        long seed = Gate.seed("KillMatrixProperties", "kill matrix", null);
        List<KillMatrix.Result> matrices = new ArrayList<>();
        Path page = Gate.writingReports("KillMatrixProperties", out -> {
            KillMatrix.Config config = new KillMatrix.Config(
                    seed,
                    Gate.matrixSequences(),
                    Gate.equivalentSequences(),
                    Gate.MAX_STEPS,
                    Weights.DEFAULT,
                    Gate.THREADS,
                    out.run() == null
                            ? out.counterexamples()
                            : KillMatrix.counterexamples(out.run(), Mutants.CATALOGUE, List.of(Algorithm.values())),
                    Gate.known());
            for (Algorithm algorithm : Algorithm.values()) {
                matrices.add(KillMatrix.run(
                        config.under(algorithm),
                        Mutants.CATALOGUE,
                        row -> System.out.printf(
                                "  %-12s %-36s %-10s %-11s %-34s %3s ops, sequence %,6d, %5.2f s%n",
                                algorithm,
                                row.mutant().id(),
                                row.mutant().impactUnder(algorithm),
                                row.killed() ? row.stage().label() : "-",
                                row.caughtBy(),
                                row.killed() ? String.valueOf(row.reportedLength()) : "-",
                                row.sequences(),
                                row.millis() / 1000.0)));
            }
            return MutantsPage.write(
                    matrices,
                    out.dir(),
                    GateSeed.mavenCommand("properties", "KillMatrixProperties", seed) + " (or bin/cursorcheck mutants"
                            + " --seed " + seed + " --sequences " + config.sequences() + ")");
        });
        for (KillMatrix.Result result : matrices) {
            System.out.printf(
                    "kill matrix (%s): %s; %.1f s; %s%n",
                    result.config().algorithm(),
                    MutantsPage.summary(result),
                    result.millis() / 1000.0,
                    Reports.relative(page));
            assertThat(result.problems())
                    .as(
                            "mutants not caught as their impact under the %s algorithm says (%s)",
                            result.config().algorithm(), Reports.relative(page))
                    .isEmpty();
        }
        List<String> longerThanTheExplorers = new ArrayList<>();
        for (KillMatrix.Result result : matrices) {
            for (KillMatrix.Row row : result.rows()) {
                if (row.killed()) {
                    // Shortest counterexamples everywhere (issue 16): the search after the shrinker ran and finished.
                    Minimality m = row.caught().counterexample().minimality();
                    assertThat(m)
                            .as(
                                    "%s (%s): the shortest search ran",
                                    row.mutant().id(), result.config().algorithm())
                            .isNotNull();
                    assertThat(m.proven())
                            .as(
                                    "%s (%s): %s",
                                    row.mutant().id(), result.config().algorithm(), m.sentence())
                            .isTrue();
                    if (row.mutant().impactUnder(result.config().algorithm()) == Mutant.Impact.EQUIVALENT) {
                        continue; // seen by a white-box check only, and pinned nowhere
                    }
                    // ... and as short as the explorer's minimum for its failure, on the subject it was caught on.
                    Counterexample cx = row.caught().counterexample();
                    String mismatch = ExplorerMinimum.mismatch(
                            row.mutant().id(),
                            result.config().algorithm(),
                            Subjects.named(cx.subject()),
                            cx,
                            Gate.known());
                    if (mismatch != null) {
                        longerThanTheExplorers.add(result.config().algorithm() + " " + mismatch);
                    }
                }
            }
        }
        assertThat(longerThanTheExplorers)
                .as("caught mutants reported longer than the explorer's minimum")
                .isEmpty();
        KillMatrix.Result corrected = matrices.get(1);
        assertThat(corrected.config().algorithm()).isEqualTo(Algorithm.CORRECTED);
        for (KillMatrix.Row row : corrected.rows()) {
            if (row.mutant().impactUnder(Algorithm.CORRECTED) == Mutant.Impact.EQUIVALENT) {
                continue;
            }
            // Caught against the corrected model, as the corrected class: not against §2's model by mistake.
            assertThat(row.caught())
                    .as("%s under the corrected algorithm", row.mutant().id())
                    .isNotNull();
            assertThat(row.caught().counterexample().subject())
                    .as("%s's counterexample subject", row.mutant().id())
                    .isEqualTo(row.mutant().id() + "+corrected+black-box");
            assertThat(Subjects.named(row.caught().counterexample().subject()).algorithm())
                    .isEqualTo(Algorithm.CORRECTED);
            assertThat(Variant.referenceFor(
                            Subjects.named(row.caught().counterexample().subject())
                                    .algorithm()))
                    .isEqualTo(Variant.MODEL_CORRECTED);
        }
    }
}
