package io.cursorcheck.cli;

import io.cursorcheck.campaign.FrayPart;
import io.cursorcheck.campaign.Part;
import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/cursorcheck fray}: the Fray run of the stress races, or the replay of one saved failure.
 * Fray runs its tests on a JDK 25 its Maven plugin jlinks, so this command hands over to the scripts
 * that drive that build: the run is the {@link FrayPart} ({@code tools/fray-run.sh}, writing into a
 * {@link io.cursorcheck.properties.report.ReportRun}'s staging copy of reports/, published when complete),
 * the replay {@code tools/fray-replay.sh}, whose output and exit code are passed on (it writes no report).
 */
@Command(
        name = "fray",
        sortOptions = false,
        sortSynopsis = false,
        description =
                "the stress races under Fray's"
                        + " controlled scheduler (both thread-safe variants must pass every schedule, every racy twin must be caught,"
                        + " one race also with memory accesses as switching points; needs a JDK 25); writes reports/<run>/stress/fray.md and saves each failure under"
                        + " reports/<run>/stress/fray/<subject>/<race>/; with --replay, replays one saved failure and prints its interleaving",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {
            Usage.EXIT_OK,
            "1:a variant failed, a twin was not caught, or a replay did not reproduce",
            Usage.EXIT_ERROR + "; also without a JDK 25, or if the run stopped before its grade (then nothing is"
                    + " published: the last report stays whole)"
        })
final class FrayCli extends CliCommand {

    @Option(
            names = "--replay",
            paramLabel = "DIR",
            description = "a saved failure, reports/<run>/stress/fray/<subject>/<race>")
    String replay;

    /** The command line of a run (a replay publishes nothing). */
    static final String COMMAND = "bin/cursorcheck fray";

    @Override
    int run() throws Exception {
        Path root = SourceTree.root();
        if (replay == null) {
            FrayPart part = new FrayPart();
            part.requireJdk(); // refused before the reports directory is locked and staged
            // through a ReportRun: published only when the grade wrote the page, the last report kept otherwise
            Part.Verdict v = part.runAlone(out, COMMAND);
            out.println(v.summary());
            out.println("report: " + Reports.relative(Reports.lastRun().resolve("stress/fray.md")));
            v.problems().forEach(p -> out.println("  PROBLEM: " + p));
            return v.passed() ? 0 : 1;
        }
        Path dir = Path.of(replay).toAbsolutePath();
        if (!Files.isRegularFile(dir.resolve("scene.properties"))
                || !Files.isRegularFile(dir.resolve("recording/random.json"))) {
            throw new UsageError(
                    "--replay: '" + replay + "' is not a saved Fray failure (it has no scene.properties"
                            + " and recording/random.json); saved failures are the folders reports/<run>/stress/fray/<subject>/<race>");
        }
        List<String> command = List.of(root.resolve("tools/fray-replay.sh").toString(), dir.toString());
        Process p = ChildProcesses.start(
                new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true));
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        return p.waitFor();
    }
}
