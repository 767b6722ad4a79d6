package io.cursorcheck.campaign;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one tool found about each racy twin in one run of {@code bin/cursorcheck twins}, in the shape the
 * twins page shows: a cell per twin (status and the tool's own columns), the tool's errors (no verdict),
 * its fixed costs and its wall time. The converters from each tool's output are {@link JcstressTwins},
 * {@link LincheckTwins} and {@link FrayTwins}; {@link TwinsPage} grades and writes them.
 *
 * @param tool       the tool's name, e.g. {@code jcstress}
 * @param headings   the tool's columns after its status column
 * @param byTwin     a cell for every racy twin, by twin id
 * @param errors     what kept the tool from a verdict, in words (a crash, a missing result): never a catch
 * @param costs      the tool's fixed costs and totals, each labelled measured or estimated
 * @param wallMillis the tool's whole wall time in this run
 * @param measures   what the tool's columns measure and what they cannot see, in a sentence or two
 * @param required   the twins the tool's own gate requires it to catch (jcstress and Fray: every twin; Lincheck:
 *                   its gate plan's). A twin outside it that the tool does not catch is the tool's reach, shown on
 *                   the page; a twin inside it that the tool does not catch is a problem
 */
record TwinFindings(
        String tool,
        List<String> headings,
        Map<String, Cell> byTwin,
        List<String> errors,
        List<Cost> costs,
        long wallMillis,
        String measures,
        Set<String> required) {

    /** Copies the lists, map and set. */
    TwinFindings {
        headings = List.copyOf(headings);
        byTwin = Map.copyOf(byTwin);
        errors = List.copyOf(errors);
        costs = List.copyOf(costs);
        required = Set.copyOf(required);
    }

    /** What a tool made of a twin. */
    enum Status {
        /** A failure the tool reports as a broken invariant or a non-linearizable run: the only catch. */
        CAUGHT,
        /** The tool ran its checks of the twin to the end and every one passed. */
        NOT_CAUGHT,
        /** The tool has no check of this twin. */
        NOT_CHECKED,
        /** No verdict: a crash, a missing result, a setup error. Never a catch. */
        ERROR
    }

    /**
     * One tool's finding about one twin.
     *
     * @param status what the tool made of it
     * @param values the tool's columns ({@link #headings()}), already formatted
     * @param reason why, when it was not caught (or the error), else empty
     */
    record Cell(Status status, List<String> values, String reason) {

        /** Copies the values. */
        Cell {
            values = List.copyOf(values);
        }
    }

    /**
     * A fixed cost or total of a tool in this run.
     *
     * @param what  what it is, and whether it is measured or an estimate
     * @param value the time, formatted
     */
    record Cost(String what, String value) {}

    /**
     * A tool that reached no verdict at all (it did not start, crashed, or left no result): every twin is an
     * error with the reason, never a catch.
     *
     * @param tool       the tool's name
     * @param headings   its columns
     * @param twins      every racy twin's id
     * @param error      what went wrong, in words
     * @param costs      the fixed costs measured before it failed
     * @param wallMillis how long it ran before it failed
     * @param measures   what its columns would have measured
     */
    static TwinFindings failed(
            String tool,
            List<String> headings,
            List<String> twins,
            String error,
            List<Cost> costs,
            long wallMillis,
            String measures) {
        java.util.Map<String, Cell> cells = new java.util.LinkedHashMap<>();
        List<String> empty = headings.stream().map(h -> "").toList();
        twins.forEach(t -> cells.put(t, new Cell(Status.ERROR, empty, error)));
        return new TwinFindings(tool, headings, cells, List.of(error), costs, wallMillis, measures, Set.copyOf(twins));
    }

    /** Every racy twin's id ({@code Mutants.RACY_TWINS}): what jcstress's and Fray's gates require caught. */
    static Set<String> everyTwin() {
        return io.cursorcheck.properties.mutants.Mutants.RACY_TWINS.stream()
                .map(io.cursorcheck.properties.mutants.Mutant::id)
                .collect(java.util.stream.Collectors.toSet());
    }

    /** Seconds with one decimal, e.g. {@code 12.3 s}. */
    static String seconds(long millis) {
        return String.format("%.1f s", millis / 1000.0);
    }

    /** A duration that may be short: {@code 6.3 ms} below a second, else {@link #seconds}. */
    static String time(double millis) {
        return millis < 1000 ? String.format("%.1f ms", millis) : seconds(Math.round(millis));
    }
}
