package io.cursorcheck.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * One capability's share of the campaign: lockstep, stress, and those later issues add. Each runs
 * on its own and returns its verdict and its section of {@code reports/index.md}.
 */
interface Part {

    /** Its name in the campaign's summary table. */
    String name();

    /** Runs it, logging progress to {@code log}. */
    Verdict run(PrintStream log) throws Exception;

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
    record Verdict(boolean passed, String summary, String markdown, Map<String, Object> json, List<String> problems,
                   long millis) {
    }
}
