/**
 * The reports directory and what is written into it one counterexample at a time: the directory
 * itself ({@link io.cursorcheck.properties.report.Reports}), a run's staging and lock
 * ({@link io.cursorcheck.properties.report.ReportRun}), counterexample pages and step-by-step traces,
 * all in Markdown (for people) next to JSON (for tools).
 *
 * <p>Direction: this package renders the lockstep core's results, so it imports {@code engine};
 * {@code engine} never imports it (the core computes, the reports show), and it never imports the
 * campaign or the mutants it reports on. Pinned by {@code ArchitectureTest}.
 */
package io.cursorcheck.properties.report;
