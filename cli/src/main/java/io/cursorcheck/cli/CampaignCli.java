package io.cursorcheck.cli;

import io.cursorcheck.campaign.CampaignCommand;
import io.cursorcheck.campaign.PartTimes;
import io.cursorcheck.campaign.Parts;
import io.cursorcheck.campaign.Profile;
import io.cursorcheck.campaign.TimesPage;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck campaign}: the verification campaign, part after part; writes {@code reports/<run>/index.md}. */
@Command(
        name = "campaign",
        sortOptions = false,
        sortSynopsis = false,
        description = "the verification campaign, part by part; writes reports/<run>/index.md and the full"
                + " log reports/<run>/campaign.log. By default every kind of check at a short budget: lockstep over every variant"
                + " and negative control, the kill matrix of the mutant catalogue (with --pit, PIT on impl too),"
                + " exhaustive exploration at the gate's bound, the jcstress gate and Lincheck, the same races under"
                + " Fray (needs a JDK 25), conformance of the newest Node.js and the newest Bun, the example subjects of"
                + " examples/python through the subject protocol, and the fix of Node's broadcast.js shown on the"
                + " newest Node (the upstream part). With --full: every release of the campaign's list, the deep"
                + " explore bound, the comparison of jcstress, Lincheck and Fray per racy twin, the history of every"
                + " Node 26.x release and the newest Bun, and the quick benchmarks. It prints its estimate first, one"
                + " line per part with the time left, and its verdict last; how long each profile takes, measured, is"
                + " in docs/times.md",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {Usage.EXIT_OK, "1:a part did not meet an expectation", Usage.EXIT_ERROR})
final class CampaignCli extends CliCommand {

    /** How long the lockstep part runs (initialised, so that an empty group is not null). */
    @ArgGroup(exclusive = true)
    Length length = new Length();

    /** How long the lockstep part runs; the profile's own length if neither is given. */
    static final class Length {
        @Option(
                names = "--minutes",
                paramLabel = "N",
                description = "lockstep minutes (default: the profile's own, " + Profile.DEFAULT_LOCKSTEP_MINUTES
                        + ", or " + Profile.FULL_LOCKSTEP_MINUTES
                        + " with --full, from the profile's declaration); conformance, subjects and upstream follow it")
        @Range(min = 1, max = Range.YEAR_MINUTES)
        Long minutes;

        @Option(names = "--seconds", paramLabel = "N", description = "lockstep seconds instead, for short runs")
        @Range(min = 10, max = Range.YEAR_SECONDS)
        Long seconds;
    }

    @Option(
            names = "--full",
            description = "everything: every release of the campaign's list, the deep explore bound, the twins,"
                    + " the history, the benchmarks (how long: docs/times.md)")
    boolean full;

    @Mixin
    SeedOption seedOption;

    @Mixin
    ThreadsOption threadsOption;

    @Mixin
    MaxStepsOption maxStepsOption;

    @Mixin
    WeightsOption weightsOption;

    @Option(
            names = "--skip",
            paramLabel = "PART",
            split = ",",
            converter = Converters.CampaignPart.class,
            completionCandidates = Converters.CampaignParts.class,
            description = "leave parts out, separated by commas: ${COMPLETION-CANDIDATES}")
    List<String> skipped = new ArrayList<>();

    @Option(names = "--pit", description = "run PIT on impl too (a Maven run of its own)")
    boolean pit;

    @Option(
            names = "--verbose",
            description = "show every part's full output here too, as it comes (it always goes to the log)")
    boolean verbose;

    @Option(
            names = "--record-times",
            description = "run nothing: write the times of the last finished campaign (reports/<run>/index.json) into "
                    + PartTimes.SOURCE_FILE + " and docs/times.md, the one source of the campaign's time figures")
    boolean recordTimes;

    @Override
    int run() throws Exception {
        if (recordTimes) {
            String other = full
                    ? "--full"
                    : !skipped.isEmpty()
                            ? "--skip"
                            : length.minutes != null ? "--minutes" : length.seconds != null ? "--seconds" : null;
            if (other != null) {
                throw new UsageError("--record-times runs no campaign, so it takes no " + other);
            }
            return recordTimes();
        }
        Profile profile = full ? Profile.FULL : Profile.DEFAULT;
        boolean inSeconds = length.seconds != null;
        long millis = inSeconds
                ? Math.multiplyExact(length.seconds, 1000)
                : length.minutes != null ? Math.multiplyExact(length.minutes, 60_000) : profile.lockstepMillis();
        long seed = seedOption.orFresh();
        int threads = threadsOption.orOnePerCore();
        int maxSteps = maxStepsOption.maxSteps;
        Weights weights = weightsOption.weights;
        String skip = String.join(",", skipped);
        String command = "bin/cursorcheck campaign" + (full ? " --full" : "")
                + (inSeconds
                        ? " --seconds " + millis / 1000
                        : length.minutes != null ? " --minutes " + millis / 60_000 : "")
                + " --seed " + seed
                + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "")
                + (weights.equals(Weights.DEFAULT) ? "" : " --weights " + weights)
                + (skip.isEmpty() ? "" : " --skip " + skip) + (pit ? " --pit" : "");
        String header = String.format(
                "campaign: %s; lockstep %s, seed %d, %d thread(s); writing %s",
                command, PartTimes.duration(millis / 1000), seed, threads, Reports.relative(Reports.dir()));
        List<Parts.Planned> parts = Parts.build(
                new Parts.Settings(
                        profile,
                        millis,
                        seed,
                        threads,
                        maxSteps,
                        MaxStepsOption.DEFAULT,
                        weights,
                        pit,
                        command,
                        Main.MATRIX_SEQUENCES,
                        Main.EQUIVALENT_SEQUENCES,
                        HistoryCli.DEFAULT_MINUTES * 60_000,
                        TwinsCli.COMMAND,
                        seconds -> UpstreamCli.command(Release.NEWEST_NODE, seconds, seed, maxSteps)),
                skipped); // a missing tool is refused here, before the first part runs
        return new CampaignCommand(profile, parts, command, seed, millis, PartTimes.committed(), verbose)
                .run(header, out, err);
    }

    private int recordTimes() throws Exception {
        // The newest campaign's run folder: later runs of other commands have folders of their own.
        Path index = Reports.runs(Reports.dir()).stream()
                .filter(run -> run.getFileName().toString().endsWith("-campaign"))
                .map(run -> run.resolve("index.json"))
                .filter(Files::isRegularFile)
                .findFirst()
                .orElseThrow(() -> new UsageError("--record-times: no finished campaign in "
                        + Reports.relative(Reports.dir()) + " (no <run>-campaign/index.json; run bin/cursorcheck"
                        + " campaign first)"));
        try {
            PartTimes.record(index, SourceTree.root());
        } catch (IllegalArgumentException e) {
            throw new UsageError("--record-times: " + e.getMessage().replaceFirst("^--record-times: ", ""));
        }
        out.println("campaign: recorded the times of " + Reports.relative(index) + " in " + PartTimes.SOURCE_FILE
                + " and " + TimesPage.FILE + "; commit both");
        return 0;
    }
}
