package io.cursorcheck.fray;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import java.util.ArrayList;
import java.util.List;

/**
 * Grades a Fray run from its ledger: every real variant passed every race, nothing ended in an
 * ERROR, and every racy twin was caught, for the right reason, by a race that declares it.
 * Stateless.
 */
public final class FrayGrade {

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
            if (!caught) {
                problems.add("twin " + twin.id() + ": NOT CAUGHT by " + (declaring.isEmpty()
                        ? "any race (no race declares it)" : String.join(", ", declaring)));
            }
        }
        return problems;
    }
}
