package io.cursorcheck.fray;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.race.RaceCatalogue;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Fray's scenes are the catalogue's races (plain JUnit, JDK 17, real threads, no Fray): one scene per entry
 * and no other, each reading its entry; and a scene's outcome is spelt as the catalogue spells the allowed
 * ones, so a real variant's run, on real threads, passes the grade.
 */
class RaceTest {

    @Test
    void everyCatalogueRaceHasExactlyOneScene() {
        assertThat(Arrays.stream(Race.values()).map(Race::name))
                .containsExactlyElementsOf(
                        Arrays.stream(RaceCatalogue.values()).map(Enum::name).toList());
        for (Race race : Race.values()) {
            assertThat(race.entry()).isSameAs(RaceCatalogue.valueOf(race.name()));
            assertThat(Race.named(race.shortName())).isSameAs(race);
        }
    }

    /**
     * Each scene on each real variant, a few times on real threads: every outcome is one the catalogue allows
     * (a scene spelling an outcome its own way, {@code terminated} for {@code TERMINATED}, fails here).
     */
    @Test
    void theRealVariantsOutcomesAreTheCataloguesAllowedOnes() {
        for (Race race : Race.values()) {
            for (String variant : Subjects.RACE_VARIANTS) {
                for (int i = 0; i < 20; i++) {
                    assertThat(SceneRun.run(race, variant)).isIn(race.allowed());
                }
            }
        }
    }

    /**
     * The control of the check above: an outcome the catalogue does not list, here the blocked writer's in the
     * spelling of neither jcstress nor the catalogue, is a RaceViolation naming it.
     */
    @Test
    void anOutcomeTheCatalogueDoesNotListIsForbidden() {
        assertThat(RaceCatalogue.BLOCKED_WRITER.allowed())
                .contains("TERMINATED")
                .doesNotContain("terminated");
        assertThat(new RaceViolation(Race.BLOCKED_WRITER, Subjects.LOCKED, "terminated").getMessage())
                .contains("forbidden outcome [terminated]")
                .contains("TERMINATED");
    }
}
