package io.cursorcheck.campaign;

import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * One capability's share of the campaign: lockstep, stress, and those later issues add. Each runs
 * on its own and returns its verdict and its section of {@code reports/<run>/index.md}.
 */
public interface Part {

    /** Its name in the campaign's summary table. */
    String name();

    /**
     * Runs it, logging progress to {@code log} and writing its files into {@code reports.dir()}, the
     * run's staging copy of the reports directory (published when the whole run is complete).
     */
    Verdict run(PrintStream log, ReportRun reports) throws Exception;

    /**
     * Runs it as a command of its own: in a {@link ReportRun} of the reports directory, published when
     * the part returns, given up (the previous report kept whole) if it throws or is interrupted.
     *
     * @param command the command line, shown to another run that finds the reports directory locked
     */
    default Verdict runAlone(PrintStream log, String command) throws Exception {
        return ReportRun.write(Reports.dir(), command, log, run -> run(log, run));
    }

    /**
     * What a part did.
     *
     * @param passed   whether every expectation of the part was met
     * @param summary  one line for the summary table
     * @param markdown its section of the index page, under {@code ##} headings
     * @param json     its numbers for {@code index.json}
     * @param problems every expectation not met, in words
     * @param millis   how long it took
     */
    record Verdict(
            boolean passed,
            String summary,
            String markdown,
            Map<String, Object> json,
            List<String> problems,
            long millis) {}
}
