package io.cursorcheck.cli;

import io.cursorcheck.bench.BenchRun;
import io.cursorcheck.campaign.BenchCommand;
import io.cursorcheck.campaign.CampaignCommand;
import io.cursorcheck.campaign.ConformancePart;
import io.cursorcheck.campaign.ExplorePart;
import io.cursorcheck.campaign.FrayPart;
import io.cursorcheck.campaign.HistoryPart;
import io.cursorcheck.campaign.LockstepPart;
import io.cursorcheck.campaign.MutantsCommand;
import io.cursorcheck.campaign.Part;
import io.cursorcheck.campaign.PitCommand;
import io.cursorcheck.campaign.StressCommand;
import io.cursorcheck.campaign.SubjectsPart;
import io.cursorcheck.campaign.TwinsPart;
import io.cursorcheck.campaign.UpstreamPart;
import io.cursorcheck.conformance.protocol.ProgramSubject;
import io.cursorcheck.conformance.release.MissingToolException;
import io.cursorcheck.conformance.release.RegistryReleases;
import io.cursorcheck.conformance.release.RegistryUnreachableException;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.stress.StressRun;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck campaign}: the verification campaign, part after part; writes {@code reports/index.md}. */
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
                + " then the quick benchmarks; the time each part took is on the page; writes reports/index.md",
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

    /**
     * The history's releases, listed now: a campaign without npm or a registry is refused before its
     * first part runs, not after.
     */
    private static List<Release> historyReleases() throws Exception {
        try {
            List<Release> releases = RegistryReleases.list(System.getenv("PATH"));
            for (Release release : releases) {
                release.requireInstallable();
            }
            return releases;
        } catch (MissingToolException e) {
            throw new MissingToolException(e.getMessage() + "; or leave the part out with --skip history");
        } catch (RegistryUnreachableException e) {
            throw new RegistryUnreachableException(e.getMessage() + "; or leave the part out with --skip history");
        }
    }

    @Override
    int run() throws Exception {
        boolean inSeconds = length.seconds != null;
        long millis = inSeconds ? Math.multiplyExact(length.seconds, 1000) : Math.multiplyExact(length.minutes, 60_000);
        long seed = seedOption.orFresh();
        int threads = threadsOption.orOnePerCore();
        int maxSteps = maxStepsOption.maxSteps;
        Weights weights = weightsOption.weights;
        String skip = String.join(",", skipped);
        if (!skipped.contains("conformance")) { // refused now, not after the parts before it ran
            for (Release release : Release.CAMPAIGN) {
                try {
                    release.requireInstallable();
                } catch (MissingToolException e) {
                    throw new MissingToolException(e.getMessage() + "; or leave the part out with --skip conformance");
                }
            }
        }
        FrayPart fray = skipped.contains("fray") ? null : new FrayPart();
        if (fray != null) {
            fray.requireJdk(); // its message ends with: or leave the part out with --skip fray
        }
        if (fray == null && !skipped.contains("twins")) { // the comparison runs Fray too
            try {
                new FrayPart().requireJdk();
            } catch (MissingToolException e) {
                throw new MissingToolException(
                        e.getMessage() + " (or --skip twins: the twins' comparison runs Fray too)");
            }
        }
        if (!skipped.contains("subjects")) {
            try {
                ProgramSubject.requireExamplesRunnable();
            } catch (MissingToolException e) {
                throw new MissingToolException(e.getMessage() + "; or leave the part out with --skip subjects");
            }
        }
        if (!skipped.contains("upstream")) {
            try {
                Release.NEWEST_NODE.requireInstallable();
            } catch (MissingToolException e) {
                throw new MissingToolException(e.getMessage() + "; or leave the part out with --skip upstream");
            }
        }
        List<Release> history = skipped.contains("history") ? List.of() : historyReleases();
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
        List<Part> parts = new ArrayList<>();
        parts.add(new LockstepPart(millis, seed, threads, maxSteps, weights, err));
        if (!skipped.contains("mutants")) {
            parts.add(new MutantsCommand(
                    seed,
                    Main.MATRIX_SEQUENCES,
                    Main.EQUIVALENT_SEQUENCES,
                    maxSteps,
                    threads,
                    Mutants.CATALOGUE,
                    command));
        }
        if (pit) {
            parts.add(new PitCommand()); // about 5 minutes more: opt-in
        }
        if (!skipped.contains("explore")) {
            parts.add(new ExplorePart(List.of(Scope::campaign, Scope::writerPathsDeep), command));
        }
        if (!skipped.contains("stress")) {
            parts.add(new StressCommand(StressRun.Mode.GATE, null, 1, command, true));
        }
        if (fray != null) {
            parts.add(fray); // the same races under Fray's controlled scheduler, after jcstress and Lincheck
        }
        if (!skipped.contains("twins")) {
            // per racy twin, jcstress vs Lincheck vs Fray in one run (the comparison of the three tools), after fray
            parts.add(new TwinsPart(TwinsCli.COMMAND, fray != null ? fray : new FrayPart()));
        }
        ConformancePart conformance = null;
        if (!skipped.contains("conformance")) {
            conformance = new ConformancePart(Release.CAMPAIGN, seed, Math.max(30_000, millis / 2), maxSteps, command);
            parts.add(conformance);
        }
        if (!skipped.contains("subjects")) {
            parts.add(new SubjectsPart(
                    ProgramSubject.EXAMPLES,
                    seed,
                    SubjectsPart.campaignMillis(millis),
                    maxSteps,
                    MaxStepsOption.DEFAULT));
        }
        if (!skipped.contains("history")) {
            ConformancePart checked = conformance;
            parts.add(new HistoryPart(
                    history,
                    checked == null ? List::of : checked::results,
                    seed,
                    HistoryCli.DEFAULT_MINUTES * 60_000,
                    maxSteps,
                    command));
        }
        if (!skipped.contains("upstream")) {
            long upstreamSeconds = UpstreamPart.campaignSeconds(millis);
            parts.add(new UpstreamPart(
                    Release.NEWEST_NODE,
                    seed,
                    upstreamSeconds * 1000,
                    maxSteps,
                    UpstreamCli.command(Release.NEWEST_NODE, upstreamSeconds, seed, maxSteps)));
        }
        if (!skipped.contains("bench")) {
            parts.add(new BenchCommand(BenchRun.quick(), command, "Run as a part of the campaign."));
        }
        return new CampaignCommand(parts, command, seed).run(header, out, err);
    }
}
