package io.cursorcheck.stress.lincheck;

import io.cursorcheck.stress.lincheck.CheckOutcome.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * The Lincheck gate's verdict over a set of checks: it passes only when every real variant
 * {@link Status#PASSED}, every racy twin was {@link Status#CAUGHT}, and no check ended in an
 * {@link Status#ERROR}. An error fails the gate for a twin as for a real variant: a twin whose JVM
 * crashed, or whose scene threw, was not caught. Used by {@code LincheckTest} and
 * {@code bin/cursorcheck stress}, so both grade alike. Immutable.
 *
 * @param errors         checks that ended without a verdict on linearizability
 * @param notLinearizable real variants Lincheck caught
 * @param uncaughtTwins  racy twins Lincheck found linearizable
 */
public record LincheckVerdict(
        List<LincheckRun.Check> errors,
        List<LincheckRun.Check> notLinearizable,
        List<LincheckRun.Check> uncaughtTwins) {

    /** A verdict; the lists are copied. */
    public LincheckVerdict {
        errors = List.copyOf(errors);
        notLinearizable = List.copyOf(notLinearizable);
        uncaughtTwins = List.copyOf(uncaughtTwins);
    }

    /** Grades the checks. An empty list fails: a gate that checked nothing proves nothing. */
    public static LincheckVerdict of(List<LincheckRun.Check> checks) {
        if (checks.isEmpty()) {
            return new LincheckVerdict(
                    List.of(new LincheckRun.Check(
                            "(none)",
                            LincheckRun.Strategy.MODEL_CHECKING,
                            false,
                            "",
                            0,
                            CheckOutcome.error("no Lincheck check ran", ""))),
                    List.of(),
                    List.of());
        }
        List<LincheckRun.Check> errors = new ArrayList<>();
        List<LincheckRun.Check> notLinearizable = new ArrayList<>();
        List<LincheckRun.Check> uncaught = new ArrayList<>();
        for (LincheckRun.Check c : checks) {
            switch (c.status()) {
                case ERROR -> errors.add(c);
                case CAUGHT -> {
                    if (!c.twin()) {
                        notLinearizable.add(c);
                    }
                }
                case PASSED -> {
                    if (c.twin()) {
                        uncaught.add(c);
                    }
                }
            }
        }
        return new LincheckVerdict(errors, notLinearizable, uncaught);
    }

    /** Whether the gate passes. */
    public boolean passed() {
        return errors.isEmpty() && notLinearizable.isEmpty() && uncaughtTwins.isEmpty();
    }

    /** One line per reason the gate fails, errors first; empty when it passes. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        for (LincheckRun.Check c : errors) {
            problems.add("Lincheck " + c.strategy() + " on " + c.label() + ": ERROR, "
                    + c.outcome().reason());
        }
        for (LincheckRun.Check c : notLinearizable) {
            problems.add("Lincheck " + c.strategy() + " on " + c.label() + ": NOT linearizable");
        }
        for (LincheckRun.Check c : uncaughtTwins) {
            problems.add("Lincheck " + c.strategy() + " on " + c.label()
                    + ": the twin was NOT caught (Lincheck found it linearizable)");
        }
        return problems;
    }
}
