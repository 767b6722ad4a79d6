package io.cursorcheck.fray;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Grades a Fray run from its ledger: every real variant passed every race, nothing ended in an
 * ERROR, and every racy twin was caught, for the right reason, by a race that declares it, but the
 * twins listed in {@link #BLIND}, which must still run and are reported NOT CAUGHT with the reason.
 * Stateless.
 */
public final class FrayGrade {

    /**
     * The twins Fray cannot catch, with the reason. Each still runs every schedule; if Fray ever catches
     * one, the grade fails until it is taken off this list (so the list cannot go stale).
     */
    public static final Map<String, String> BLIND = Map.of("end-published-before-entry",
            "nothing between the ring's publication of the new end (a release store) and its plain store of the entry"
                    + " is a switching point for Fray 0.9.2, which switches threads at locks, conditions, thread start"
                    + " and join, yields, volatile fields, atomics and volatile-mode or compare-and-set VarHandle"
                    + " accesses, but not at plain, release or acquire accesses (its JUnit extension runs with"
                    + " interleaveMemoryOps=false); so no schedule lets the reader run inside the window (the control"
                    + " end-published-before-entry-at-switch-point, the same bug with a yield in the window, is caught)");

    private FrayGrade() {
    }

    /** What is wrong with the run; empty when it passes. */
    public static List<String> problems(List<LedgerEntry> entries) {
        List<String> problems = new ArrayList<>();
        for (Race race : Race.values()) {
            for (String variant : List.of(Subjects.LOCKED, Subjects.PUBLISHED)) {
                if (entries.stream().noneMatch(e -> e.race().equals(race.shortName()) && e.subject().equals(variant))) {
                    problems.add(race.shortName() + " on " + variant + ": did not run");
                }
            }
        }
        for (LedgerEntry e : entries) {
            if (e.verdict().equals("ERROR")) {
                problems.add(e.race() + " on " + e.subject() + ": ERROR, " + e.reason());
            } else if (!e.twin() && !e.verdict().equals("PASSED")) {
                problems.add(e.race() + " on " + e.subject() + ": the real variant failed, " + e.reason());
            }
        }
        for (Mutant twin : Mutants.RACY_TWINS) {
            List<String> declaring = new ArrayList<>();
            for (Race race : Race.values()) {
                if (race.twins().contains(twin.id())) {
                    declaring.add(race.shortName());
                }
            }
            boolean caught = entries.stream().anyMatch(e -> e.subject().equals(twin.id())
                    && declaring.contains(e.race()) && e.verdict().equals("CAUGHT"));
            boolean ran = entries.stream().anyMatch(e -> e.subject().equals(twin.id()) && declaring.contains(e.race()));
            if (BLIND.containsKey(twin.id())) {
                if (caught) {
                    problems.add("twin " + twin.id() + ": caught, but listed in FrayGrade.BLIND: take it off the list");
                } else if (!ran) {
                    problems.add("twin " + twin.id() + ": did not run (a twin Fray cannot catch still runs)");
                }
            } else if (!caught) {
                problems.add("twin " + twin.id() + ": NOT CAUGHT by " + (declaring.isEmpty()
                        ? "any race (no race declares it)" : String.join(", ", declaring)));
            }
        }
        for (Mutant control : FrayControls.ALL) {
            boolean caught = entries.stream().anyMatch(e -> e.subject().equals(control.id()) && e.verdict().equals("CAUGHT"));
            if (!caught) {
                problems.add("control " + control.id() + ": NOT CAUGHT (the race it controls has no shown way to fail)");
            }
        }
        return problems;
    }

    /**
     * The grade's numbers, for the {@code fray} part of bin/cursorcheck (which reads them from
     * {@code fray/target/fray-grade.json}, written by the grade): whether it passed, its problems, the real
     * variants' schedules, the twins caught, those Fray cannot see (with the reason) and the module's controls.
     * Only the types {@code properties.io.Json} writes: maps, lists, strings, numbers and booleans.
     */
    public static Map<String, Object> numbers(List<LedgerEntry> entries, List<String> problems) {
        List<LedgerEntry> real = entries.stream().filter(e -> !e.twin()).toList();
        List<String> twinsCaught = new ArrayList<>();
        for (Mutant twin : Mutants.RACY_TWINS) {
            if (entries.stream().anyMatch(e -> e.subject().equals(twin.id()) && e.verdict().equals("CAUGHT"))) {
                twinsCaught.add(twin.id());
            }
        }
        long controlsCaught = FrayControls.ALL.stream().filter(c -> entries.stream()
                .anyMatch(e -> e.subject().equals(c.id()) && e.verdict().equals("CAUGHT"))).count();
        Map<String, Object> blind = new TreeMap<>();
        BLIND.forEach((id, reason) -> {
            if (!twinsCaught.contains(id)) {
                blind.put(id, reason);
            }
        });
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("passed", problems.isEmpty());
        json.put("problems", List.copyOf(problems));
        json.put("realRuns", real.size());
        json.put("realPassed", real.stream().filter(e -> e.verdict().equals("PASSED")).count());
        json.put("realSchedules", real.stream().mapToLong(LedgerEntry::iterations).sum());
        json.put("twins", Mutants.RACY_TWINS.size());
        json.put("twinsCaught", twinsCaught.size());
        json.put("blind", blind);
        json.put("controls", FrayControls.ALL.size());
        json.put("controlsCaught", controlsCaught);
        json.put("errors", entries.stream().filter(e -> e.verdict().equals("ERROR")).count());
        return json;
    }
}
