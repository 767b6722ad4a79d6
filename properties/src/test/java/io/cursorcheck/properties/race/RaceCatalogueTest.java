package io.cursorcheck.properties.race;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.impl.LockedCountBroadcast;
import io.cursorcheck.impl.PublishedCursorBroadcast;
import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.BlockingBroadcast;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The race catalogue is whole and consistent on its own (its agreement with the jcstress annotations is
 * StressCatalogueTest's, in {@code stress/}), and the one subject resolver makes each race subject.
 */
class RaceCatalogueTest {

    /** What jcstress reads as a literal outcome: no character of a regular expression. */
    private static final Pattern LITERAL = Pattern.compile("[A-Za-z0-9 ,/-]+");

    @Test
    void everyRacyTwinIsTheNegativeControlOfARaceAndEveryTwinNamedIsOne() {
        for (Mutant twin : Mutants.RACY_TWINS) {
            assertThat(List.of(RaceCatalogue.values()))
                    .as("a race whose negative control is %s", twin.id())
                    .anyMatch(r -> r.twins().contains(twin.id()));
        }
        for (RaceCatalogue race : RaceCatalogue.values()) {
            assertThat(race.twins()).as("%s's twins", race).isNotEmpty().allSatisfy(Subjects::racyTwin);
        }
    }

    @Test
    void everyRaceAllowsSomeOutcomeAndForbidsEveryOtherOne() {
        for (RaceCatalogue race : RaceCatalogue.values()) {
            assertThat(race.jcstress()).endsWith("Stress");
            assertThat(race.allowed())
                    .as("%s allows", race)
                    .isNotEmpty()
                    .allMatch(id -> LITERAL.matcher(id).matches());
            // a catch-all (no ids) may only forbid: Fray grades "not in allowed()" as forbidden
            assertThat(race.outcomes())
                    .filteredOn(d -> d.ids().isEmpty())
                    .allMatch(d -> d.expect() == RaceCatalogue.Expect.FORBIDDEN);
            assertThat(race.outcomes())
                    .allMatch(d -> !d.desc().isBlank() && d.desc().matches("I\\d+.*"));
            assertThat(RaceCatalogue.ofJcstress(race.jcstress())).isSameAs(race);
        }
        assertThat(RaceCatalogue.BLOCKED_WRITER.allowed()).containsExactly("TERMINATED");
        assertThat(RaceCatalogue.BLOCKED_WRITER.termination()).isTrue();
    }

    /** The control of allowed(): an outcome declared FORBIDDEN with an id is not allowed. */
    @Test
    void aForbiddenIdIsNotAllowed() {
        assertThat(RaceCatalogue.BLOCKED_WRITER.outcomes())
                .anyMatch(d -> d.ids().equals(List.of("STALE")) && !d.allowed());
        assertThat(RaceCatalogue.BLOCKED_WRITER.allowed()).doesNotContain("STALE");
        assertThatThrownBy(() -> RaceCatalogue.ofJcstress("NoSuchStress")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theResolverMakesEveryRaceSubject() {
        assertThat(Subjects.race(Subjects.LOCKED, RaceCatalogue.COUNT_RACE.options()))
                .isInstanceOf(LockedCountBroadcast.class);
        assertThat(Subjects.race(Subjects.PUBLISHED, RaceCatalogue.COUNT_RACE.options()))
                .isInstanceOf(PublishedCursorBroadcast.class);
        for (Mutant twin : Mutants.RACY_TWINS) {
            BlockingBroadcast b = Subjects.race(twin.id(), RaceCatalogue.COUNT_RACE.options());
            assertThat(b.getClass().getSimpleName()).isEqualTo(twin.entry());
            assertThat(b.getClass()).isNotIn(LockedCountBroadcast.class, PublishedCursorBroadcast.class);
            assertThat(Subjects.isRacyTwin(twin.id())).isTrue();
        }
        assertThat(Subjects.isRacyTwin(Subjects.PUBLISHED)).isFalse();
    }

    /** The control: a mutant that is no racy twin, or a variant by its campaign id, is no race subject. */
    @Test
    void aSubjectOutsideTheRacesIsRefused() {
        String notATwin = Mutants.all().stream()
                .filter(m -> !Mutants.RACY_TWINS.contains(m))
                .findFirst()
                .orElseThrow()
                .id();
        assertThatThrownBy(() -> Subjects.race(notATwin, RaceCatalogue.COUNT_RACE.options()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nor a racy twin");
        assertThatThrownBy(() -> Subjects.race("cached-count", RaceCatalogue.COUNT_RACE.options()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
