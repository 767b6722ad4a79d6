package io.cursorcheck.fray;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The grade sees what it must: a twin not caught (naming it), a twin's error, a real variant failing in either
 * mode, an expected run missing (plain JUnit, JDK 17).
 */
class FrayGradeTest {

    private static final String MEMORY_OPS_TWIN = "end-published-before-entry";

    /**
     * A complete passing ledger: every race passed on both variants (and the memory-ops races in that mode too),
     * every twin caught by its first declaring race, end-published-before-entry in the memory-ops mode.
     */
    private static List<LedgerEntry> passing() {
        List<LedgerEntry> entries = new ArrayList<>();
        for (Race race : Race.values()) {
            for (String variant : List.of(Subjects.LOCKED, Subjects.PUBLISHED)) {
                entries.add(new LedgerEntry(race.shortName(), variant, "PASSED", 1000, 1, "", "", false));
                if (FrayGrade.MEMORY_OPS_RACES.contains(race)) {
                    entries.add(new LedgerEntry(race.shortName(), variant, "PASSED", 1000, 1, "", "", true));
                }
            }
            for (String twin : race.twins()) {
                entries.add(new LedgerEntry(
                        race.shortName(),
                        twin,
                        "CAUGHT",
                        3,
                        1,
                        "forbidden outcome [x]",
                        "d",
                        twin.equals(MEMORY_OPS_TWIN)));
            }
        }
        return entries;
    }

    @Test
    void aCompleteLedgerPasses() {
        assertThat(FrayGrade.problems(passing())).isEmpty();
    }

    @Test
    void everyTwinIsDeclaredByARace() {
        for (Mutant twin : Mutants.RACY_TWINS) {
            assertThat(List.of(Race.values()))
                    .as("a race declaring %s", twin.id())
                    .anyMatch(r -> r.twins().contains(twin.id()));
        }
    }

    /** The control: a twin that ended in an ERROR (a crash, not a forbidden outcome) is no catch. */
    @Test
    void aTwinsErrorIsNotACatch() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.replaceAll(e -> e.subject().equals("lost-wakeup")
                ? new LedgerEntry(e.race(), e.subject(), "ERROR", 1, 1, "not a forbidden outcome: deadlock", "", false)
                : e);
        assertThat(FrayGrade.problems(entries))
                .anyMatch(p -> p.contains("lost-wakeup: NOT CAUGHT"))
                .anyMatch(p -> p.contains("ERROR"));
    }

    /** The control: a twin that passed every schedule is NOT CAUGHT, named. */
    @Test
    void aTwinThatPassedIsNotCaught() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.replaceAll(e -> e.subject().equals("plain-count-decrement")
                ? new LedgerEntry(e.race(), e.subject(), "PASSED", 5000, 1, "", "", false)
                : e);
        assertThat(FrayGrade.problems(entries)).containsExactly("twin plain-count-decrement: NOT CAUGHT by CountRace");
    }

    /**
     * The control for the twin the default mode cannot see: seen only in that mode (every schedule passed, no
     * memory-ops run), it is NOT CAUGHT and fails the grade; nothing excuses it any more.
     */
    @Test
    void theMemoryOpsTwinSeenOnlyWithoutMemoryOpsIsNotCaught() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.replaceAll(e -> e.subject().equals(MEMORY_OPS_TWIN)
                ? new LedgerEntry(e.race(), e.subject(), "PASSED", 5000, 1, "", "", false)
                : e);
        assertThat(FrayGrade.problems(entries))
                .containsExactly("twin end-published-before-entry: NOT CAUGHT by PublishVsRead");
    }

    /** The control: a real variant that failed a schedule fails the grade. */
    @Test
    void aRealVariantsFailureFailsTheGrade() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.set(
                0,
                new LedgerEntry(
                        entries.get(0).race(), Subjects.LOCKED, "CAUGHT", 5, 1, "forbidden outcome [x]", "d", false));
        assertThat(FrayGrade.problems(entries)).singleElement().asString().contains("the real variant failed");
    }

    /** The control: a real variant failing with memory accesses as switching points (a false alarm of the mode). */
    @Test
    void aRealVariantsFailureWithMemoryOpsFailsTheGrade() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.replaceAll(e -> e.memoryOps() && e.subject().equals(Subjects.PUBLISHED)
                ? new LedgerEntry(e.race(), e.subject(), "CAUGHT", 9, 1, "forbidden outcome [read-e0/0]", "d", true)
                : e);
        assertThat(FrayGrade.problems(entries))
                .containsExactly(
                        "PublishVsRead on Published (memory ops): the real variant failed, forbidden outcome [read-e0/0]");
    }

    /** The control: an expected run of a real variant without an account (here: the memory-ops one) is a problem. */
    @Test
    void aMissingRunOfARealVariantIsAProblem() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.removeIf(e -> e.memoryOps() && e.subject().equals(Subjects.LOCKED));
        assertThat(FrayGrade.problems(entries)).containsExactly("PublishVsRead on Locked (memory ops): did not run");
    }

    /** The control: an entry of a subject that is neither a variant nor a twin (e.g. a stale control's) is a problem. */
    @Test
    void anUnknownSubjectIsAProblem() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.add(new LedgerEntry(
                "PublishVsRead",
                "end-published-before-entry-at-switch-point",
                "CAUGHT",
                3,
                1,
                "forbidden outcome [x]",
                "d",
                false));
        assertThat(FrayGrade.problems(entries)).singleElement().asString().contains("neither a real variant");
    }

    /** The numbers the cli part reads: a passing ledger's, and a twin not caught counted as such. */
    @Test
    void theNumbersCountWhatTheLedgerHolds() {
        List<LedgerEntry> entries = passing();
        long realSchedules = entries.stream()
                .filter(e -> !e.twin())
                .mapToLong(LedgerEntry::iterations)
                .sum();
        assertThat(FrayGrade.numbers(entries, FrayGrade.problems(entries)))
                .containsEntry("passed", true)
                .containsEntry("realRuns", (Race.values().length + FrayGrade.MEMORY_OPS_RACES.size()) * 2)
                .containsEntry("realSchedules", realSchedules)
                .containsEntry("twins", Mutants.RACY_TWINS.size())
                .containsEntry("twinsCaught", (long) Mutants.RACY_TWINS.size())
                .containsEntry("errors", 0L)
                .doesNotContainKeys("blind", "controls", "controlsCaught");
        Mutant first = Mutants.RACY_TWINS.get(0);
        entries.removeIf(e -> e.subject().equals(first.id()));
        List<String> problems = FrayGrade.problems(entries);
        assertThat(FrayGrade.numbers(entries, problems))
                .containsEntry("passed", false)
                .containsEntry("twinsCaught", (long) Mutants.RACY_TWINS.size() - 1)
                .containsEntry("problems", problems);
    }

    /**
     * The runs the other cli part reads: one object per ledger entry in the agreed shape, written and read back
     * through the project's JSON; a twin that passed shows NOT CAUGHT, as fray.md does.
     */
    @Test
    void theRunsListEveryRunInTheAgreedShape() {
        List<LedgerEntry> entries = new ArrayList<>(passing());
        entries.replaceAll(e -> e.subject().equals("plain-count-decrement")
                ? new LedgerEntry(e.race(), e.subject(), "PASSED", 5000, 812, "", "", false)
                : e);
        Object parsed = Json.parse(Json.write(FrayGrade.numbers(entries, FrayGrade.problems(entries))));

        List<Object> runs = new ArrayList<>((List<?>) ((Map<?, ?>) parsed).get("runs"));
        assertThat(runs).hasSize(entries.size());
        assertThat(runs)
                .contains(
                        (Object) Map.of(
                                "race",
                                "PublishVsRead",
                                "subject",
                                MEMORY_OPS_TWIN,
                                "twin",
                                true,
                                "verdict",
                                "CAUGHT",
                                "schedules",
                                3L,
                                "millis",
                                1L,
                                "memoryOps",
                                true),
                        Map.of(
                                "race",
                                "CountRace",
                                "subject",
                                "plain-count-decrement",
                                "twin",
                                true,
                                "verdict",
                                "NOT CAUGHT",
                                "schedules",
                                5000L,
                                "millis",
                                812L,
                                "memoryOps",
                                false),
                        Map.of(
                                "race",
                                "PublishVsRead",
                                "subject",
                                Subjects.LOCKED,
                                "twin",
                                false,
                                "verdict",
                                "PASSED",
                                "schedules",
                                1000L,
                                "millis",
                                1L,
                                "memoryOps",
                                true));
        for (Object run : runs) {
            assertThat(new ArrayList<Object>(((Map<?, ?>) run).keySet()))
                    .containsExactly("race", "subject", "twin", "verdict", "schedules", "millis", "memoryOps");
        }
    }
}
