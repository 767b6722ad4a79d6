package io.cursorcheck.cli;

import io.cursorcheck.campaign.FrayPart;
import io.cursorcheck.campaign.Part;
import io.cursorcheck.campaign.TwinsPart;
import io.cursorcheck.properties.report.Reports;
import picocli.CommandLine.Command;

/**
 * {@code bin/cursorcheck twins}: per racy twin, jcstress, Lincheck and Fray in one run ({@link TwinsPart}),
 * through a {@link io.cursorcheck.properties.report.ReportRun}: an interrupted run leaves the last page whole.
 */
@Command(
        name = "twins",
        sortOptions = false,
        sortSynopsis = false,
        description = "per racy twin, in one run: jcstress"
                + " on the twins' own pairs in the gate's settings, Lincheck model checking every twin and Fray's twin runs"
                + " (needs a JDK 25; Fray's own report goes to target/twins/, not reports/), whether each caught it and how"
                + " long until the first catch (jcstress can only give an estimate), then each tool's fixed costs; writes"
                + " reports/<run>/stress/twins.md",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {
            Usage.EXIT_OK,
            "1:a tool erred, missed a twin its own gate requires (jcstress and Fray: every twin; Lincheck: its"
                    + " plan's), or a twin was caught by no tool",
            Usage.EXIT_ERROR + "; also without a JDK 25"
        })
final class TwinsCli extends CliCommand {

    /** The command line. */
    static final String COMMAND = "bin/cursorcheck twins";

    @Override
    int run() throws Exception {
        FrayPart fray = new FrayPart();
        fray.requireJdk(); // refused before the reports directory is locked and staged
        Part.Verdict v = new TwinsPart(COMMAND, fray).runAlone(out, COMMAND);
        out.println((v.passed() ? "twins passed: " : "twins FAILED: ") + v.summary());
        out.println("report: " + Reports.relative(Reports.lastRun().resolve(TwinsPart.PAGE)));
        v.problems().forEach(p -> out.println("  PROBLEM: " + p));
        return v.passed() ? 0 : 1;
    }
}
