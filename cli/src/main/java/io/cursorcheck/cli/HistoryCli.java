package io.cursorcheck.cli;

import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.History;
import io.cursorcheck.conformance.pages.HistoryPage;
import io.cursorcheck.conformance.release.NoSuchReleaseException;
import io.cursorcheck.conformance.release.RegistryReleases;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck history}: every Node 26.x release on the registry and the newest Bun, each for a share of one budget. */
@Command(
        name = "history",
        sortOptions = false,
        sortSynopsis = false,
        description = "conformance of every Node.js 26.x"
                + " release on the npm registry and the newest 3 Bun releases (listed with npm at run time; installed once under"
                + " target/runtimes), each for a share of N minutes; writes reports/<run>/conformance/history.md (release x kind of"
                + " difference and release x known finding, with the first and last release of each), each release's folder"
                + " and its row of reports/<run>/conformance/index.md",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {
            Usage.EXIT_OK,
            "1:a release could not be checked (not installable, no handshake, its run broke off, or the budget ran out"
                    + " before its turn) or did not meet an expectation of the node command",
            Usage.EXIT_ERROR
        })
final class HistoryCli extends CliCommand {

    /**
     * The whole run's minutes unless given, the registry's listing and the installs included: with
     * {@link History#MARGIN_MILLIS} (the last release's overrun) and the JVM's start it ends within 15.
     */
    static final long DEFAULT_MINUTES = 12;

    /** Problems printed one by one; the page has them all. */
    static final int PRINTED_PROBLEMS = 10;

    @Option(
            names = "--releases",
            paramLabel = "ID",
            split = ",",
            converter = Converters.ReleaseId.class,
            description = "check these releases instead of the registry's list, separated by commas, e.g."
                    + " node-26.1.0,bun-1.4.5 (those installed under target/runtimes/ need no npm)")
    List<Release> releases = new ArrayList<>();

    @Option(
            names = "--minutes",
            paramLabel = "N",
            defaultValue = "" + DEFAULT_MINUTES,
            description = "the whole run's time, shared by the releases, the registry's listing and the installs"
                    + " included; releases whose turn comes with too little left are listed as not checked (the"
                    + " budget ran out); the last release checked may run over it by up to about "
                    + History.MARGIN_MILLIS / 60_000 + " minutes")
    @Range(min = 1, max = Range.YEAR_MINUTES)
    long minutes;

    @Mixin
    SeedOption seedOption;

    @Mixin
    MaxStepsOption maxStepsOption;

    @Override
    int run() throws Exception {
        Set<Release> distinct = new HashSet<>();
        for (Release r : releases) {
            if (!distinct.add(r)) {
                throw new UsageError("--releases: " + r.id() + " twice");
            }
        }
        long started = System.currentTimeMillis();
        List<Release> chosen =
                releases.isEmpty() ? RegistryReleases.list(System.getenv("PATH")) : List.copyOf(releases);
        for (Release r : chosen) {
            r.requireInstallable(); // npm, before anything runs
        }
        for (Release r : releases) { // every named release exists, before any is installed or run
            try {
                r.requireExists();
            } catch (NoSuchReleaseException e) {
                throw new NoSuchReleaseException("--releases " + r.id() + ": " + e.getMessage());
            }
        }
        long seed = seedOption.orFresh();
        int maxSteps = maxStepsOption.maxSteps;
        long millis = Math.multiplyExact(minutes, 60_000);
        String command = command(minutes, seed, maxSteps, releases);
        History.Outcome o = ReportRun.write(Reports.dir(), command, err, run -> {
            out.printf(
                    "history: %d release(s) (%s), %d min, seed %d, up to %d operations per sequence%n"
                            + "  rerun exactly: %s%n",
                    chosen.size(),
                    chosen.stream().map(Release::id).collect(Collectors.joining(", ")),
                    minutes,
                    seed,
                    maxSteps,
                    command);
            return History.run(chosen, List.of(), seed, started, millis, maxSteps, run, err, command);
        });
        for (HistoryPage.Row row : o.rows()) {
            out.printf(
                    "%s: %s%n",
                    row.release().id(),
                    row.result() == null
                            ? "NOT CHECKED: " + row.notChecked()
                            : ConformanceCampaign.verdict(row.result()));
        }
        out.printf(
                "history: %d release(s) in %.1f min, the registry's listing included (budget %d min, the last"
                        + " release may run over by up to about %.0f min); report: %s%n",
                o.rows().size(),
                o.millis() / 60_000.0,
                minutes,
                History.MARGIN_MILLIS / 60_000.0,
                Reports.relative(o.page()));
        // The page lists every problem; a release with a new API can have dozens, which would bury the summary.
        o.problems().stream().limit(PRINTED_PROBLEMS).forEach(p -> out.println("  PROBLEM: " + p));
        if (o.problems().size() > PRINTED_PROBLEMS) {
            out.printf(
                    "  ... and %d more problem(s), every one listed in %s%n",
                    o.problems().size() - PRINTED_PROBLEMS, Reports.relative(o.page()));
        }
        return o.passed() ? 0 : 1;
    }

    /** The command line that reruns it. */
    static String command(long minutes, long seed, int maxSteps, List<Release> releases) {
        return "bin/cursorcheck history --minutes " + minutes + " --seed " + seed
                + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "")
                + (releases.isEmpty()
                        ? ""
                        : " --releases " + releases.stream().map(Release::id).collect(Collectors.joining(",")));
    }
}
