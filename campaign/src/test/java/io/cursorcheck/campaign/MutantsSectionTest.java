package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.campaign.KillMatrix;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Algorithm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kill matrix's section of the index: the plain-text table indented as a code block, one per algorithm
 * under its heading when the matrix ran under both, and FAILED when a mutant was not caught as it must be.
 */
class MutantsSectionTest {

    private static KillMatrix.Result notCaught(Mutant mutant, Algorithm algorithm) {
        KillMatrix.Config config =
                new KillMatrix.Config(7, 100, 10, 60, Weights.DEFAULT, 1, Path.of("target"), null, algorithm);
        return new KillMatrix.Result(
                config, List.of(new KillMatrix.Row(mutant, 7, null, null, 100, 0, 0, 0, List.of())), 5);
    }

    @Test
    void aTablePerAlgorithmIndentedAsCode() {
        Mutant m = Mutants.CATALOGUE.get(0);
        String one = MutantsSection.markdown(false, "0 of 1 caught", List.of(notCaught(m, Algorithm.AS_RELEASED)));
        assertThat(one)
                .startsWith("## Mutants: the kill matrix\n\n**FAILED**. 0 of 1 caught. Full tables, scripts and"
                        + " patches: [mutants.md](mutants.md).\n\n    mutant ")
                .doesNotContain("### ");
        assertThat(one.lines().filter(l -> l.startsWith("    " + m.id())))
                .singleElement()
                .asString()
                .contains("not caught")
                .endsWith(" -");
        String both = MutantsSection.markdown(
                true, "1 of 1 caught", List.of(notCaught(m, Algorithm.AS_RELEASED), notCaught(m, Algorithm.CORRECTED)));
        assertThat(both)
                .contains("Every mutant was caught as its impact says, under both algorithms. 1 of 1 caught.")
                .contains("### As released (spec §2), against `model`\n\n    mutant ")
                .contains("### Corrected (spec §8");
        // the log's table is the same table, not indented
        assertThat(MutantsSection.table(notCaught(m, Algorithm.AS_RELEASED))).startsWith("mutant ");
    }
}
