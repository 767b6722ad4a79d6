package io.cursorcheck.cli;

import io.cursorcheck.campaign.CampaignCommand;
import io.cursorcheck.campaign.Part;
import io.cursorcheck.campaign.Parts;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.report.Reports;
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
        description = "the verification campaign:"
                + " lockstep over every variant and negative control (N minutes), the kill matrix of the mutant catalogue"
                + " (with --pit, PIT on impl too), exhaustive exploration at the deep bound, the jcstress gate and"
                + " Lincheck, the same races under Fray (needs a JDK 25), the comparison of jcstress, Lincheck and Fray"
                + " per racy twin (the twins part: all three again; needs a JDK 25), conformance of Node.js 26.1.0,"
                + " 26.2.0, 26.10.0, 26.12.1 and Bun 1.4.5 (N/2 minutes each, at least 30 s), the example subjects of"
                + " examples/python through the subject protocol (the correct one must conform, the buggy one be caught; N/6"
                + " minutes each, at least 20 s), the history of every Node 26.x"
                + " release on the npm registry and the newest Bun (a 12-minute budget; those five reused), the fix of Node's"
                + " broadcast.js shown on 26.12.1 (the upstream part: twice a third of the lockstep time, 20 to 60 s each),"
                + " then the quick benchmarks; the time each part took is on the page; writes reports/<run>/index.md",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {Usage.EXIT_OK, "1:a part did not meet an expectation", Usage.EXIT_ERROR})
final class CampaignCli extends CliCommand {

    /** How long the lockstep part runs (initialised, so that the default applies). */
    @ArgGroup(exclusive = true)
    Length length = new Length();

    /** How long the lockstep part runs. */
    static final class Length {
        @Option(names = "--minutes", paramLabel = "N", defaultValue = "3", description = "lockstep minutes")
        @Range(min = 1, max = Range.YEAR_MINUTES)
        long minutes;

        @Option(names = "--seconds", paramLabel = "N", description = "lockstep seconds instead, for short runs")
        @Range(min = 10, max = Range.YEAR_SECONDS)
        Long seconds;
    }

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

    @Override
    int run() throws Exception {
        boolean inSeconds = length.seconds != null;
        long millis = inSeconds ? Math.multiplyExact(length.seconds, 1000) : Math.multiplyExact(length.minutes, 60_000);
        long seed = seedOption.orFresh();
        int threads = threadsOption.orOnePerCore();
        int maxSteps = maxStepsOption.maxSteps;
        Weights weights = weightsOption.weights;
        String skip = String.join(",", skipped);
        String command = "bin/cursorcheck campaign "
                + (inSeconds ? "--seconds " + millis / 1000 : "--minutes " + millis / 60_000) + " --seed " + seed
                + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "")
                + (weights.equals(Weights.DEFAULT) ? "" : " --weights " + weights)
                + (skip.isEmpty() ? "" : " --skip " + skip) + (pit ? " --pit" : "");
        String header = String.format(
                "campaign: lockstep %.1f min, seed %d, %d thread(s)%s; writing %s",
                millis / 60_000.0,
                seed,
                threads,
                skip.isEmpty() ? ", then the jcstress gate" : "",
                Reports.relative(Reports.dir()));
        List<Part> parts = Parts.build(
                new Parts.Settings(
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
                        seconds -> UpstreamCli.command(Release.NEWEST_NODE, seconds, seed, maxSteps),
                        err),
                skipped); // a missing tool is refused here, before the first part runs
        return new CampaignCommand(parts, command, seed).run(header, out, err);
    }
}
