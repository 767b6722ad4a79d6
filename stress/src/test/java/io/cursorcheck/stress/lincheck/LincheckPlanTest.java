package io.cursorcheck.stress.lincheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.race.RaceCatalogue;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Lincheck plan reads the race catalogue (no JVM is started): every race it names has its targeted
 * scenario, and the twins it checks as negative controls are exactly the catalogue's twins of those races.
 */
class LincheckPlanTest {

    @Test
    void everyPlannedRaceHasItsScenarioAndItsTwinsAreTheCatalogues() {
        assertThat(LincheckRun.targeted(LincheckRun.RACES)).containsOnlyKeys(LincheckRun.RACES);
        assertThat(LincheckRun.targetedScenarios()).hasSize(LincheckRun.RACES.size());
        Set<String> catalogue =
                LincheckRun.RACES.stream().flatMap(r -> r.twins().stream()).collect(Collectors.toSet());
        assertThat(LincheckRun.twins())
                .isEqualTo(catalogue)
                .containsExactlyInAnyOrder("plain-count-decrement", "cursor-published-before-read", "split-last-read");
        assertThat(LincheckRun.PLAN)
                .filteredOn(p -> p.twin() != null)
                .allMatch(p -> p.strategy() == LincheckRun.Strategy.MODEL_CHECKING);
    }

    /** The control: a race of the catalogue Lincheck has no scenario for cannot enter the plan. */
    @Test
    void aRaceWithoutAScenarioIsRefused() {
        assertThatThrownBy(() -> LincheckRun.targeted(List.of(RaceCatalogue.BLOCKED_WRITER)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("BLOCKED_WRITER");
    }
}
