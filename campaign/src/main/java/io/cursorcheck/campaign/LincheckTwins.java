package io.cursorcheck.campaign;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.stress.lincheck.CheckOutcome;
import io.cursorcheck.stress.lincheck.LincheckRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lincheck's findings per racy twin, from a model-checking check of every twin ({@link LincheckRun#twinChecks}).
 * Caught is {@link CheckOutcome.Status#CAUGHT} (a failed linearizability check); an
 * {@link CheckOutcome.Status#ERROR} (a hang included) is no verdict; a twin with no check is not checked.
 * Only the gate plan's twins ({@link LincheckRun#twins()}) are required: a twin outside the plan that
 * Lincheck does not catch is the reach of its scene, shown, not a problem.
 */
final class LincheckTwins {

    /** The tool's name on the page. */
    static final String TOOL = "Lincheck";

    /** Its columns after the status. */
    static final List<String> HEADINGS = List.of("time (measured)", "strategy");

    private LincheckTwins() {}

    /**
     * The findings of the twin checks.
     *
     * @param checks     what {@link LincheckRun#twinChecks} returned
     * @param wallMillis the checks' whole wall time
     */
    static TwinFindings of(List<LincheckRun.Check> checks, long wallMillis) {
        Map<String, TwinFindings.Cell> cells = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        for (Mutant twin : Mutants.RACY_TWINS) {
            List<LincheckRun.Check> own = checks.stream()
                    .filter(c -> c.twin() && c.subject().equals(twin.id()))
                    .toList();
            if (own.isEmpty()) {
                cells.put(
                        twin.id(),
                        new TwinFindings.Cell(
                                TwinFindings.Status.NOT_CHECKED,
                                List.of("", ""),
                                "the gate's Lincheck plan has no check of this twin"));
                continue;
            }
            boolean caught = own.stream().anyMatch(c -> c.status() == CheckOutcome.Status.CAUGHT);
            List<LincheckRun.Check> broken = own.stream()
                    .filter(c -> c.status() == CheckOutcome.Status.ERROR)
                    .toList();
            broken.forEach(c -> errors.add("twin " + twin.id() + ", " + c.strategy() + ": " + c.verdict() + ": "
                    + c.outcome().reason()));
            TwinFindings.Status status = caught
                    ? TwinFindings.Status.CAUGHT
                    : !broken.isEmpty() ? TwinFindings.Status.ERROR : TwinFindings.Status.NOT_CAUGHT;
            String reach = caught || LincheckRun.twins().contains(twin.id())
                    ? ""
                    : " (outside the gate's Lincheck plan: its scene has no blocking, attach or eviction operation)";
            String times = String.join(
                    "; ",
                    own.stream()
                            .map(c -> TwinFindings.seconds(c.millis())
                                    + (c.status() == CheckOutcome.Status.CAUGHT
                                            ? " to the failure"
                                            : " (" + c.status() + ")"))
                            .toList());
            String strategies = String.join(
                    ", ", own.stream().map(c -> c.strategy().toString()).toList());
            cells.put(
                    twin.id(),
                    new TwinFindings.Cell(
                            status,
                            List.of(times, strategies),
                            status == TwinFindings.Status.CAUGHT
                                    ? ""
                                    : String.join(
                                                    "; ",
                                                    own.stream()
                                                            .map(c ->
                                                                    c.outcome().reason())
                                                            .toList())
                                            + reach));
        }
        return new TwinFindings(
                TOOL,
                HEADINGS,
                cells,
                errors,
                List.of(),
                wallMillis,
                "Lincheck, a model-checking check of every racy twin (the gate's plan checks three of them), each on the"
                        + " scene of the class it patches, in a JVM whose class path starts with the twin's"
                        + " shadow jar. Caught: Lincheck reported a non-linearizable execution. The time is measured by"
                        + " LincheckRun around the whole check: building the shadow jar (compiling the twin), starting the JVM,"
                        + " and Lincheck up to its first failing scenario (it stops there). Its scene has no blocking, attach or"
                        + " eviction operations, so twins of those paths may pass it.",
                LincheckRun.twins());
    }
}
