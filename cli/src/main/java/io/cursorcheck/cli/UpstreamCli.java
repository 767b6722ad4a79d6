package io.cursorcheck.cli;

import io.cursorcheck.campaign.Part;
import io.cursorcheck.campaign.UpstreamPart;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.upstream.EditDoesNotApplyException;
import io.cursorcheck.conformance.upstream.UpstreamCheck;
import io.cursorcheck.properties.report.Reports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck upstream}: the fix of Node's broadcast.js, applied to a release and shown. */
@Command(
        name = "upstream",
        sortOptions = false,
        sortSynopsis = false,
        description = "the fix of Node's"
                + " lib/internal/streams/iter/broadcast.js for the re-entrant flush (conformance/src/main/upstream/"
                + "flush-once.edit.json: anchors and our lines only) applied to the release's embedded source"
                + " (target/upstream/<version>/broadcast.js and broadcast-patched.js), then shown: the regression test"
                + " (conformance/src/main/upstream/test-stream-iter-broadcast-reentrant-flush.mjs) fails on the builtin and"
                + " passes patched, each reproduction of a symptom (reports/findings/*/reproduce.mjs and"
                + " reports/conformance-findings/nested-end-in-notify/reproduce.mjs) shows it on the builtin and not patched,"
                + " the patched source conforms to the corrected model (N s), and against the builtin on the"
                + " same seeded scripts (N s) it differs only in sequences that reach the re-entrant path, of which there are"
                + " some; the negative control (the fix without its last line, so the flag is never cleared) must be caught"
                + " by that comparison (" + UpstreamCheck.CONTROL_SEQUENCES
                + " sequences); writes reports/<run>/upstream/README.md"
                + " for Node's maintainers",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {
            Usage.EXIT_OK,
            "1:one of those does not hold (a control not caught included)",
            Usage.EXIT_ERROR + "; also if the edit does not apply to the release"
        })
final class UpstreamCli extends CliCommand {

    @Option(
            names = "--version",
            paramLabel = "V",
            defaultValue = Release.NEWEST_NODE_VERSION,
            description = "the Node release whose embedded broadcast.js is patched (by default the newest Node 26.x);"
                    + " installed from npm under target/runtimes/ the first time")
    String version;

    @Option(
            names = "--seconds",
            paramLabel = "N",
            defaultValue = "" + UpstreamPart.CAMPAIGN_SECONDS,
            description = "seconds of the conformance run, and again of the comparison")
    @Range(min = 1, max = Range.YEAR_SECONDS)
    long seconds;

    @Mixin
    SeedOption seedOption;

    @Mixin
    MaxStepsOption maxStepsOption;

    @Override
    int run() throws Exception {
        Release release;
        try {
            release = new Release("node", version);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--version: " + e.getMessage());
        }
        release.requireInstallable();
        long seed = seedOption.orFresh();
        int maxSteps = maxStepsOption.maxSteps;
        String command = command(release, seconds, seed, maxSteps);
        UpstreamPart part = new UpstreamPart(release, seed, Math.multiplyExact(seconds, 1000), maxSteps, command);
        out.printf(
                "upstream: %s, seed %d, %d s of conformance and %d s of comparison%n  rerun exactly: %s%n",
                release.id(), seed, seconds, seconds, command);
        Part.Verdict v;
        try {
            v = part.runAlone(err, command);
        } catch (EditDoesNotApplyException e) {
            throw new UsageError("--version " + version + ": " + e.getMessage());
        }
        out.println(v.summary());
        out.println("report: " + Reports.relative(Reports.lastRun().resolve("upstream/README.md")));
        v.problems().forEach(p -> out.println("  PROBLEM: " + p));
        return v.passed() ? 0 : 1;
    }

    /** The command line that reruns it. */
    static String command(Release release, long seconds, long seed, int maxSteps) {
        return "bin/cursorcheck upstream --version " + release.version() + " --seconds " + seconds + " --seed " + seed
                + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "");
    }
}
