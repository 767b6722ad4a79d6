package io.cursorcheck.cli;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.ExternalSubject;
import io.cursorcheck.conformance.Release;
import io.cursorcheck.properties.engine.ReportRun;
import io.cursorcheck.properties.engine.Reports;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/cursorcheck node} and {@code bun}: one release's {@code node:stream/iter} broadcast
 * in lockstep with the model through the subject protocol. The runtime is the command's name.
 */
abstract class ConformanceCli extends CliCommand {

    @Option(names = "--version", required = true, paramLabel = "V", description = "the release, e.g. 26.12.1 (node) or"
            + " 1.4.5 (bun); installed from npm under target/runtimes/ the first time")
    String version;

    @Option(names = "--seconds", paramLabel = "N", description = "seconds of random sequences")
    @Range(min = 1, max = Range.YEAR_SECONDS)
    long seconds = 60;

    @Option(names = "--record-findings", description = "instead of a conformance run: replay every known finding"
            + " against the model (reports/findings/) on this release and record the release's broken behaviour at"
            + " the finding's step in reports/findings/<name>/on-release.json; exit 1, replacing nothing, if the"
            + " release breaks no guarantee at one of them; --seconds, --seed and --max-steps do not go with it")
    boolean recordFindings;

    @Mixin
    SeedOption seedOption;

    @Mixin
    MaxStepsOption maxStepsOption;

    @Override
    int run() throws Exception {
        String runtime = spec.name();
        Release release;
        try {
            release = new Release(runtime, version);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--version: " + e.getMessage());
        }
        if (recordFindings) {
            refuseRandomRunOptions();
        }
        release.requireInstallable(); // npm, before anything runs
        if (recordFindings) {
            return record(runtime, release);
        }
        long seed = seedOption.orFresh();
        int maxSteps = maxStepsOption.maxSteps;
        long millis = Math.multiplyExact(seconds, 1000);
        String command = "bin/cursorcheck " + runtime + " --version " + release.version() + " --seconds " + millis / 1000
                + " --seed " + seed + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "");
        // The report's lock first: a run refused because another holds it prints nothing but that.
        ConformanceCampaign.Outcome o = ReportRun.write(Reports.dir(), command, err, run -> {
            out.printf("%s: seed %d, %d s, up to %d operations per sequence%n  rerun exactly: %s%n", release.id(), seed,
                    millis / 1000, maxSteps, command);
            return ConformanceCampaign.run(List.of(release), seed, millis, maxSteps, run, err, command);
        });
        Conformance.Result r = o.results().get(0);
        out.printf("%,d sequences, %,d operations in %.1f s%n", r.sequences(), r.operations(), r.millis() / 1000.0);
        for (Conformance.Difference d : r.differences()) {
            out.printf("%s [%s]: %s, shrunk from %d to %d operations%n  %s%n", d.kind().id(), d.kind().verdict(),
                    d.signature(), d.counterexample().original(), d.counterexample().script().length(),
                    d.page() == null ? "" : Reports.relative(d.page()));
        }
        r.findings().forEach(f -> out.printf("known finding %s: %s (%d random sequence(s) hit it)%n", f.finding(),
                f.judgement().words(), f.hits()));
        out.println("verdict: " + ConformanceCampaign.verdict(r) + "; report: " + Reports.relative(o.index()));
        o.problems().forEach(p -> out.println("  PROBLEM: " + p));
        return o.passed() ? 0 : 1;
    }

    /**
     * The options of a random run, given with {@code --record-findings}, which runs none: a usage error rather
     * than options silently ignored (a user who gave {@code --seed} would expect a run that used it).
     */
    private void refuseRandomRunOptions() {
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        for (String name : List.of("--seconds", "--seed", "--max-steps")) {
            if (parsed.hasMatchedOption(name)) {
                throw new UsageError("--record-findings: " + name + " " + parsed.matchedOption(name).stringValues()
                        .get(0) + " does not apply: recording replays the known findings' own scripts, it runs no"
                        + " random sequences; drop " + name);
            }
        }
    }

    private int record(String runtime, Release release) throws Exception {
        String command = "bin/cursorcheck " + runtime + " --version " + release.version() + " --record-findings";
        java.nio.file.Path binary = release.install(err);
        try (ExternalSubject subject = ExternalSubject.of(release, binary)) {
            for (java.nio.file.Path p : Conformance.recordFindings(subject, command, out)) {
                out.println("recorded: " + io.cursorcheck.properties.mutants.SourceTree.root().relativize(p));
            }
            return 0;
        } catch (IllegalStateException e) {
            out.println("  PROBLEM: " + e.getMessage() + "; nothing was recorded");
            return 1;
        }
    }
}
