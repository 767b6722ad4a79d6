package io.cursorcheck.fray;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The grade sees what it must: a twin not caught, a twin's error, a real variant failing (plain JUnit, JDK 17). */
class FrayGradeTest {

    /** A complete passing ledger: every race passed on both variants, every twin caught by its first declaring race. */
    private static List<LedgerEntry> passing() {
        List<LedgerEntry> entries = new ArrayList<>();
        for (Race race : Race.values()) {
            entries.add(new LedgerEntry(race.shortName(), Subjects.LOCKED, "PASSED", 300, 1, "", ""));
            entries.add(new LedgerEntry(race.shortName(), Subjects.PUBLISHED, "PASSED", 300, 1, "", ""));
            for (String twin : race.twins()) {
                entries.add(FrayGrade.BLIND.containsKey(twin)
                        ? new LedgerEntry(race.shortName(), twin, "PASSED", 5000, 1, "", "")
                        : new LedgerEntry(race.shortName(), twin, "CAUGHT", 3, 1, "forbidden outcome [x]", "d"));
            }
        }
        return entries;
    }

    @Test
    void aCompleteLedgerPasses() {
        assertThat(FrayGrade.problems(passing())).isEmpty();
    }

    /** The control: a module control not caught leaves its race without a shown way to fail. */
    @Test
    void aControlNotCaughtIsAProblem() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.removeIf(e -> FrayControls.named(e.subject()) != null);
        assertThat(FrayGrade.problems(entries)).singleElement().asString().contains("control");
    }

    @Test
    void everyTwinIsDeclaredByARace() {
        for (Mutant twin : Mutants.RACY_TWINS) {
            assertThat(List.of(Race.values())).as("a race declaring %s", twin.id())
                    .anyMatch(r -> r.twins().contains(twin.id()));
        }
    }

    /** The control: a twin that ended in an ERROR (a crash, not a forbidden outcome) is no catch. */
    @Test
    void aTwinsErrorIsNotACatch() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.replaceAll(e -> e.subject().equals("lost-wakeup")
                ? new LedgerEntry(e.race(), e.subject(), "ERROR", 1, 1, "not a forbidden outcome: deadlock", "") : e);
        assertThat(FrayGrade.problems(entries)).anyMatch(p -> p.contains("lost-wakeup: NOT CAUGHT"))
                .anyMatch(p -> p.contains("ERROR"));
    }

    /** The control: a twin that passed every schedule is NOT CAUGHT. */
    @Test
    void aTwinThatPassedIsNotCaught() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.replaceAll(e -> e.subject().equals("plain-count-decrement")
                ? new LedgerEntry(e.race(), e.subject(), "PASSED", 5000, 1, "", "") : e);
        assertThat(FrayGrade.problems(entries)).containsExactly("twin plain-count-decrement: NOT CAUGHT by CountRace");
    }

    /** The control: a twin listed as one Fray cannot see, but caught, makes the list stale: a problem. */
    @Test
    void aBlindTwinCaughtIsAProblem() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.replaceAll(e -> FrayGrade.BLIND.containsKey(e.subject())
                ? new LedgerEntry(e.race(), e.subject(), "CAUGHT", 7, 1, "forbidden outcome [x]", "d") : e);
        assertThat(FrayGrade.problems(entries)).singleElement().asString().contains("listed in FrayGrade.BLIND");
    }

    /** The control: a blind twin that did not run is a problem (it is never switched off). */
    @Test
    void aBlindTwinThatDidNotRunIsAProblem() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.removeIf(e -> FrayGrade.BLIND.containsKey(e.subject()));
        assertThat(FrayGrade.problems(entries)).singleElement().asString().contains("did not run");
    }

    /** The control: a real variant that failed a schedule fails the grade. */
    @Test
    void aRealVariantsFailureFailsTheGrade() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.set(0, new LedgerEntry(entries.get(0).race(), Subjects.LOCKED, "CAUGHT", 5, 1, "forbidden outcome [x]", "d"));
        assertThat(FrayGrade.problems(entries)).singleElement().asString().contains("the real variant failed");
    }

    /** The numbers the cli part reads: a passing ledger's, and a twin not caught counted as such. */
    @Test
    void theNumbersCountWhatTheLedgerHolds() {
        List<LedgerEntry> entries = passing();
        long realSchedules = entries.stream().filter(e -> !e.twin()).mapToLong(LedgerEntry::iterations).sum();
        assertThat(FrayGrade.numbers(entries, FrayGrade.problems(entries)))
                .containsEntry("passed", true)
                .containsEntry("realSchedules", realSchedules)
                .containsEntry("twins", Mutants.RACY_TWINS.size())
                .containsEntry("twinsCaught", Mutants.RACY_TWINS.size() - FrayGrade.BLIND.size())
                .containsEntry("blind", new java.util.TreeMap<String, Object>(FrayGrade.BLIND))
                .containsEntry("errors", 0L);
        Mutant first = Mutants.RACY_TWINS.stream().filter(t -> !FrayGrade.BLIND.containsKey(t.id())).findFirst().orElseThrow();
        entries.removeIf(e -> e.subject().equals(first.id()));
        List<String> problems = FrayGrade.problems(entries);
        assertThat(FrayGrade.numbers(entries, problems)).containsEntry("passed", false)
                .containsEntry("twinsCaught", Mutants.RACY_TWINS.size() - FrayGrade.BLIND.size() - 1)
                .containsEntry("problems", problems);
    }
}
