package io.cursorcheck.fray;

import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Grades a Fray run from its ledger: every expected run of a real variant has an account and passed,
 * nothing ended in an ERROR, and every racy twin was caught, for the right reason, by a race that declares it
 * (in either mode: Fray's JUnit extension, which switches threads at synchronisation only, or our launcher,
 * which switches at memory accesses too). Stateless.
 */
public final class FrayGrade {

    /**
     * The races whose real variants also run with memory accesses as switching points: the races of a twin only
     * that mode catches (end-published-before-entry: no synchronisation inside its window), so that the twin's
     * catch there is shown to be no false alarm of the mode.
     */
    public static final List<Race> MEMORY_OPS_RACES = List.of(Race.PUBLISH_VS_READ);

    private static final List<String> VARIANTS = Subjects.RACE_VARIANTS;

    private FrayGrade() {}

    /** What is wrong with the run; empty when it passes. */
    public static List<String> problems(List<LedgerEntry> entries) {
        List<String> problems = new ArrayList<>();
        for (Race race : Race.values()) {
            for (String variant : VARIANTS) {
                requireRun(entries, race, variant, false, problems);
                if (MEMORY_OPS_RACES.contains(race)) {
                    requireRun(entries, race, variant, true, problems);
                }
            }
        }
        for (LedgerEntry e : entries) {
            if (e.twin() && Mutants.RACY_TWINS.stream().noneMatch(t -> t.id().equals(e.subject()))) {
                problems.add(name(e) + ": neither a real variant nor a racy twin of Mutants.RACY_TWINS");
            } else if (e.verdict().equals("ERROR")) {
                problems.add(name(e) + ": ERROR, " + e.reason());
            } else if (!e.twin() && !e.verdict().equals("PASSED")) {
                problems.add(name(e) + ": the real variant failed, " + e.reason());
            }
        }
        for (Mutant twin : Mutants.RACY_TWINS) {
            List<String> declaring = new ArrayList<>();
            for (Race race : Race.values()) {
                if (race.twins().contains(twin.id())) {
                    declaring.add(race.shortName());
                }
            }
            boolean caught = entries.stream()
                    .anyMatch(e -> e.subject().equals(twin.id())
                            && declaring.contains(e.race())
                            && e.verdict().equals("CAUGHT"));
            if (!caught) {
                problems.add("twin " + twin.id() + ": NOT CAUGHT by "
                        + (declaring.isEmpty() ? "any race (no race declares it)" : String.join(", ", declaring)));
            }
        }
        return problems;
    }

    private static void requireRun(
            List<LedgerEntry> entries, Race race, String variant, boolean memoryOps, List<String> problems) {
        if (entries.stream()
                .noneMatch(e -> e.race().equals(race.shortName())
                        && e.subject().equals(variant)
                        && e.memoryOps() == memoryOps)) {
            problems.add(race.shortName() + " on " + variant + (memoryOps ? " (memory ops)" : "") + ": did not run");
        }
    }

    private static String name(LedgerEntry e) {
        return e.race() + " on " + e.subject() + (e.memoryOps() ? " (memory ops)" : "");
    }

    /**
     * The grade's numbers, for the {@code fray} part of bin/cursorcheck (which reads them from
     * {@code fray/target/fray-grade.json}, written by the grade): whether it passed, its problems, the real
     * variants' runs and schedules, the twins caught, the errors, and {@code runs}: one object per (race,
     * subject, mode) run with its verdict as fray.md shows it, the schedules run (to the first catch for a
     * caught one), their wall time and the mode. Only the types {@code properties.io.Json} writes: maps, lists,
     * strings, numbers and booleans.
     */
    public static Map<String, Object> numbers(List<LedgerEntry> entries, List<String> problems) {
        List<LedgerEntry> real = entries.stream().filter(e -> !e.twin()).toList();
        long twinsCaught = Mutants.RACY_TWINS.stream()
                .filter(twin -> entries.stream()
                        .anyMatch(e ->
                                e.subject().equals(twin.id()) && e.verdict().equals("CAUGHT")))
                .count();
        List<Object> runs = new ArrayList<>();
        for (LedgerEntry e : entries) {
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("race", e.race());
            run.put("subject", e.subject());
            run.put("twin", e.twin());
            run.put("verdict", e.shownVerdict());
            run.put("schedules", e.iterations());
            run.put("millis", e.wallMillis());
            run.put("memoryOps", e.memoryOps());
            runs.add(run);
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("passed", problems.isEmpty());
        json.put("problems", List.copyOf(problems));
        json.put("realRuns", real.size());
        json.put(
                "realPassed",
                real.stream().filter(e -> e.verdict().equals("PASSED")).count());
        json.put(
                "realSchedules",
                real.stream().mapToLong(LedgerEntry::iterations).sum());
        json.put("twins", Mutants.RACY_TWINS.size());
        json.put("twinsCaught", twinsCaught);
        json.put(
                "errors",
                entries.stream().filter(e -> e.verdict().equals("ERROR")).count());
        json.put("runs", runs);
        return json;
    }
}
