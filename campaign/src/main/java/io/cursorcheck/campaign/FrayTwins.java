package io.cursorcheck.campaign;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fray's findings per racy twin, from the {@code runs} array of the Fray grade's numbers
 * ({@code fray/target/fray-grade.json}): one object per (race, subject) with its verdict ({@code CAUGHT},
 * {@code PASSED} or {@code ERROR}), the schedules and milliseconds (for a twin, to its first catch), and
 * whether Fray interleaved plain memory accesses. A grade without {@code runs} is an error naming the
 * file: no number is made up.
 */
final class FrayTwins {

    /** The tool's name on the page. */
    static final String TOOL = "Fray";

    /** Its columns after the status. */
    static final List<String> HEADINGS = List.of("schedules and time to the first catch (measured)", "mode", "races");

    private FrayTwins() {}

    /** One (race, subject) run of the grade. */
    private record Run(String race, String subject, String verdict, long schedules, long millis, boolean memoryOps) {}

    /**
     * The findings of a Fray run.
     *
     * @param grade      where the numbers were read from (named in errors)
     * @param numbers    the grade's numbers ({@link FrayPart#gradeNumbers})
     * @param costs      fixed costs measured around the run
     * @param wallMillis the run's whole wall time
     * @throws IOException if the numbers have no {@code runs} array, or a run lacks a field
     */
    static TwinFindings of(Path grade, Map<String, Object> numbers, List<TwinFindings.Cost> costs, long wallMillis)
            throws IOException {
        List<Run> runs = runs(grade, numbers);
        Map<String, TwinFindings.Cell> cells = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        long scheduled = 0;
        for (Mutant twin : Mutants.RACY_TWINS) {
            List<Run> own =
                    runs.stream().filter(r -> r.subject().equals(twin.id())).toList();
            scheduled += own.stream().mapToLong(Run::millis).sum();
            if (own.isEmpty()) {
                cells.put(
                        twin.id(),
                        new TwinFindings.Cell(
                                TwinFindings.Status.NOT_CHECKED,
                                List.of("", "", ""),
                                "the Fray run has no run of this twin"));
                continue;
            }
            List<Run> caught =
                    own.stream().filter(r -> r.verdict().equals("CAUGHT")).toList();
            List<Run> broken =
                    own.stream().filter(r -> r.verdict().equals("ERROR")).toList();
            broken.forEach(r -> errors.add("twin " + twin.id() + " in " + r.race() + ": ERROR (no verdict)"));
            TwinFindings.Status status = !caught.isEmpty()
                    ? TwinFindings.Status.CAUGHT
                    : !broken.isEmpty() ? TwinFindings.Status.ERROR : TwinFindings.Status.NOT_CAUGHT;
            List<Run> shown = status == TwinFindings.Status.CAUGHT ? caught : own;
            String schedules = String.join(
                    "; ",
                    shown.stream()
                            .map(r -> String.format(
                                    "%s%,d %s, %s",
                                    own.size() > 1 ? r.race() + ": " : "",
                                    r.schedules(),
                                    r.verdict().equals("CAUGHT") ? "to the catch" : "explored",
                                    TwinFindings.time(r.millis())))
                            .toList());
            String mode = String.join(
                    ", ",
                    own.stream()
                            .map(r -> r.memoryOps() ? "memory accesses interleaved" : "synchronisation points only")
                            .distinct()
                            .toList());
            String reason = status == TwinFindings.Status.CAUGHT
                    ? ""
                    : status == TwinFindings.Status.ERROR
                            ? "no verdict in "
                                    + String.join(
                                            ", ", broken.stream().map(Run::race).toList())
                            : "every schedule explored passed";
            cells.put(
                    twin.id(),
                    new TwinFindings.Cell(
                            status,
                            List.of(
                                    schedules,
                                    mode,
                                    String.join(
                                            ", ",
                                            own.stream()
                                                    .map(Run::race)
                                                    .distinct()
                                                    .toList())),
                            reason));
        }
        List<TwinFindings.Cost> all = new ArrayList<>(costs);
        all.add(new TwinFindings.Cost(
                "the twins' runs, summed (measured by the Fray tests)", TwinFindings.seconds(scheduled)));
        long everyRun = runs.stream().mapToLong(Run::millis).sum();
        all.add(new TwinFindings.Cost(
                "the other runs, summed: the real variants' (measured by the" + " Fray tests)",
                TwinFindings.seconds(everyRun - scheduled)));
        all.add(new TwinFindings.Cost(
                "the rest of the run's wall time (wall minus every run: Maven, the build, the"
                        + " instrumented JDK 25 JVM's start, the module's other tests)",
                TwinFindings.seconds(Math.max(0, wallMillis - everyRun))));
        return new TwinFindings(
                TOOL,
                HEADINGS,
                cells,
                errors,
                all,
                wallMillis,
                "Fray 0.9.2, controlled scheduling"
                        + " on its instrumented JDK 25: each"
                        + " twin through the races that declare it, up to the run's schedule limit. Caught: a schedule broke an"
                        + " invariant (saved, replayable). Schedules and time are counted by the Fray tests up to the first"
                        + " catch. In \"synchronisation points only\" mode Fray switches threads at locks, volatile and atomic"
                        + " accesses, not at plain, release or acquire accesses, so a race whose window has no switching point"
                        + " is invisible in that mode; the \"memory ops\" mode (publish vs read) also switches at every array"
                        + " load and store.",
                TwinFindings.everyTwin());
    }

    /** The grade's runs; a grade without them, or a run without a field, is an error naming the file. */
    private static List<Run> runs(Path grade, Map<String, Object> numbers) throws IOException {
        if (!(numbers.get("runs") instanceof List<?> list)) {
            throw new IOException(grade + " has no \"runs\" array (one object per race and subject, with its"
                    + " schedules and milliseconds to the first catch): the fray module of this checkout does not"
                    + " write them, so Fray's side of the comparison cannot be shown");
        }
        List<Run> runs = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> m)
                    || !(m.get("race") instanceof String race)
                    || !(m.get("subject") instanceof String subject)
                    || !(m.get("verdict") instanceof String verdict)
                    || !(m.get("schedules") instanceof Number schedules)
                    || !(m.get("millis") instanceof Number millis)
                    || !(m.get("memoryOps") instanceof Boolean memoryOps)) {
                throw new IOException(grade + ": a run of \"runs\" lacks race, subject, verdict, schedules, millis or"
                        + " memoryOps: " + o);
            }
            runs.add(new Run(race, subject, verdict, schedules.longValue(), millis.longValue(), memoryOps));
        }
        return runs;
    }
}
