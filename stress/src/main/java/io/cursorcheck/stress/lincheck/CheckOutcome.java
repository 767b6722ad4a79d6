package io.cursorcheck.stress.lincheck;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionResult;
import org.jetbrains.kotlinx.lincheck.execution.ResultWithClock;
import org.jetbrains.kotlinx.lincheck.strategy.IncorrectResultsFailure;
import org.jetbrains.kotlinx.lincheck.strategy.LincheckFailure;
import org.jetbrains.kotlinx.lincheck.strategy.ManagedDeadlockFailure;
import org.jetbrains.kotlinx.lincheck.strategy.ManagedLivelockFailure;
import org.jetbrains.kotlinx.lincheck.strategy.TimeoutFailure;
import org.jetbrains.kotlinx.lincheck.strategy.UnexpectedExceptionFailure;
import org.jetbrains.kotlinx.lincheck.util.ExceptionResult;
import org.jetbrains.kotlinx.lincheck.util.LincheckResult;

/**
 * What one Lincheck check concluded: {@link Status#PASSED}, {@link Status#CAUGHT} or
 * {@link Status#ERROR}, a one-line reason, and what Lincheck (or the JVM) printed. The check's own
 * JVM classifies Lincheck's answer ({@link #of(LincheckFailure, String, LincheckRun.Strategy)}) and
 * writes it to its result file ({@link #serialize()}); the runner reads it back ({@link #parse}).
 *
 * <p>Only one answer is a verdict on linearizability: Lincheck's own {@link IncorrectResultsFailure}
 * (its report opens with {@code = Invalid execution results =}) over operations that all returned,
 * with the interleaving under model checking. Everything else, from a JVM that never started to a
 * hang Lincheck reports, is an {@link Status#ERROR}: it says nothing about linearizability either way,
 * so it may neither pass a real variant nor count as a twin's catch. Immutable.
 *
 * @param status what the check concluded
 * @param reason one line: why this status (for an error, what went wrong)
 * @param output what Lincheck printed (the results, the interleaving), or the JVM's output; empty when it passed
 */
public record CheckOutcome(Status status, String reason, String output) {

    /** A check's status. */
    public enum Status {
        /** Lincheck found every execution linearizable. */
        PASSED,
        /**
         * Lincheck reported a failed linearizability check: invalid execution results, every
         * operation having returned, with the interleaving under model checking. For a racy twin
         * the catch it must show; for a real variant a bug.
         */
        CAUGHT,
        /**
         * No verdict on linearizability: the JVM did not start or left no result, the check timed
         * out, a setup error, an operation of the scene threw, or Lincheck reported another failure
         * (an unexpected exception, a hang, a deadlock). Fails the gate for every subject.
         */
        ERROR
    }

    /** The label of a hang, so a report never shows it as a non-linearizable run. */
    public static final String HUNG = "HUNG";

    /** An outcome; the reason is one line. */
    public CheckOutcome {
        if (status == null || reason == null || output == null) {
            throw new IllegalArgumentException("a check outcome needs a status, a reason and an output");
        }
        if (reason.contains("\n")) {
            throw new IllegalArgumentException("a check outcome's reason is one line: " + reason);
        }
    }

    /** Lincheck found no failure. */
    public static CheckOutcome passed() {
        return new CheckOutcome(Status.PASSED, "linearizable in every execution Lincheck ran", "");
    }

    /** No verdict: {@code reason} says why, {@code output} shows it. */
    public static CheckOutcome error(String reason, String output) {
        return new CheckOutcome(Status.ERROR, reason, output);
    }

    /** No verdict: a throwable that did not come from Lincheck's verdict, with its stack trace. */
    public static CheckOutcome error(String reason, Throwable thrown) {
        StringWriter trace = new StringWriter();
        thrown.printStackTrace(new PrintWriter(trace));
        Throwable root = thrown;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return error(
                reason + ": " + oneLine(thrown) + (root == thrown ? "" : ", caused by " + oneLine(root)),
                trace.toString());
    }

    /**
     * Classifies a failure Lincheck reported.
     *
     * @param failure  the failure behind Lincheck's {@code LincheckAssertionError}
     * @param printed  what Lincheck printed for it (the assertion's message)
     * @param strategy how the check explored: under model checking a catch needs the interleaving
     */
    public static CheckOutcome of(LincheckFailure failure, String printed, LincheckRun.Strategy strategy) {
        String type = failure.getClass().getSimpleName();
        if (failure instanceof IncorrectResultsFailure) {
            // A scene that throws (say, in the first operation, which builds the broadcast) gives
            // results the model never gives, so Lincheck reports them as invalid results too: an
            // exception among them is a broken scene, not a non-linearizable history.
            String thrown = firstException(failure.getResults());
            if (thrown != null) {
                return error(
                        "an operation of the scene threw " + thrown + " (Lincheck's " + type
                                + " lists it among the results): a broken scene, not a linearizability verdict",
                        printed);
            }
            if (strategy == LincheckRun.Strategy.MODEL_CHECKING && failure.getTrace() == null) {
                return error("Lincheck's " + type + " came without the interleaving that leads to it", printed);
            }
            return new CheckOutcome(
                    Status.CAUGHT,
                    "not linearizable: Lincheck's " + type + " (invalid execution results)"
                            + (strategy == LincheckRun.Strategy.MODEL_CHECKING ? ", with the interleaving" : ""),
                    printed);
        }
        if (failure instanceof TimeoutFailure
                || failure instanceof ManagedDeadlockFailure
                || failure instanceof ManagedLivelockFailure) {
            return error(
                    HUNG + ": Lincheck reports that the execution has hung (" + type + "). Under heavy load"
                            + " Lincheck's own invocation timeout can fire on a correct variant: this is no verdict on"
                            + " linearizability; rerun on a quieter machine",
                    printed);
        }
        if (failure instanceof UnexpectedExceptionFailure u) {
            return error(
                    "Lincheck reports an unexpected exception (" + type + "): " + oneLine(u.getException()), printed);
        }
        return error("Lincheck reports a failure that is not about linearizability (" + type + ")", printed);
    }

    /** The first exception among the results, as {@code Class: message}, or null when every operation returned. */
    static String firstException(ExecutionResult results) {
        List<LincheckResult> all = new ArrayList<>(results.getInitResults());
        for (List<ResultWithClock> thread : results.getParallelResultsWithClock()) {
            for (ResultWithClock r : thread) {
                all.add(r.getResult());
            }
        }
        all.addAll(results.getPostResults());
        for (LincheckResult r : all) {
            if (r instanceof ExceptionResult e) {
                return oneLine(e.getThrowable());
            }
        }
        return null;
    }

    private static String oneLine(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getName()
                + (message == null ? "" : ": " + message.strip().replace('\n', ' '));
    }

    /** Whether the error is a hang Lincheck reported (see {@link #HUNG}). */
    public boolean hung() {
        return status == Status.ERROR && reason.startsWith(HUNG + ":");
    }

    /** The result file's text: the status, the reason, then the output. */
    public String serialize() {
        return status + "\n" + reason + "\n" + output;
    }

    /** Reads a result file's lines back; a file of any other shape is an error outcome that says so. */
    public static CheckOutcome parse(List<String> lines) {
        if (lines.size() < 2) {
            return error(
                    "the check's result file is truncated (" + lines.size() + " line(s))", String.join("\n", lines));
        }
        Status status;
        try {
            status = Status.valueOf(lines.get(0));
        } catch (IllegalArgumentException e) {
            return error(
                    "the check's result file starts with '" + lines.get(0) + "', not a status",
                    String.join("\n", lines));
        }
        return new CheckOutcome(status, lines.get(1), String.join("\n", lines.subList(2, lines.size())));
    }
}
