package io.cursorcheck.cli;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.SubjectComparison;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.conformance.release.NoSuchReleaseException;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.spi.Algorithm;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/cursorcheck node} and {@code bun}: one release's {@code node:stream/iter} broadcast
 * in lockstep with the model through the subject protocol. The runtime is the command's name.
 */
abstract class ConformanceCli extends CliCommand {

    /** Exit code 1 of {@code node} and {@code bun}: every problem the conformance campaign lists. */
    static final String EXIT_FAILED = "1:a shrunk difference does not fail the same way on replay, a difference's"
            + " standalone reproduction does not show it on the release, the run has a blind spot (in enough random"
            + " sequences not one made a pattern the spec covers), a known finding has no recorded broken behaviour or"
            + " no longer judges \"has it\" on the release it was recorded on, or the subject broke the protocol;"
            + " with --record-findings or --self-check: as those options say";

    @Option(
            names = "--version",
            required = true,
            paramLabel = "V",
            description = "the release, e.g. 26.12.1 (node) or"
                    + " 1.4.5 (bun); installed from npm under target/runtimes/ the first time")
    String version;

    @Option(names = "--seconds", paramLabel = "N", description = "seconds of random sequences")
    @Range(min = 1, max = Range.YEAR_SECONDS)
    long seconds = 60;

    @Option(
            names = "--record-findings",
            description =
                    "instead of a conformance run: replay every known finding"
                            + " against the model (reports/findings/) on this release and record the release's broken behaviour at"
                            + " the finding's step in reports/findings/<name>/on-release.json; exit 1, replacing nothing, if the"
                            + " release breaks no guarantee at one of them; --seconds, --seed and --max-steps do not go with it")
    boolean recordFindings;

    @Option(
            names = "--source",
            paramLabel = "FILE|builtin",
            description = "node only: check a broadcast.js instead of"
                    + " the release's own module, loaded into release V (started with --expose-internals and the loader"
                    + " conformance/src/main/js/source-hooks.mjs): FILE, or builtin for the release's embedded source; reported"
                    + " under reports/<run>/conformance/node-V+STEM/ (STEM: the file's name less its extension, builtin-source for"
                    + " builtin), with the file's path and SHA-256, and no row in the index; the same --seed gives the same"
                    + " sequences as the release's own run; a file that does not load is an error (exit 2)")
    String source;

    @Option(
            names = "--model",
            paramLabel = "as-released|corrected",
            description = "with --source: the reference"
                    + " model, as-released (docs/spec.md §2, the default) or corrected (§8; the subject's id gets"
                    + " -corrected); against the corrected model no known finding is expected, and a difference that breaks a"
                    + " guarantee or is UNDECIDED fails the run (exit 1)")
    String model;

    @Option(
            names = "--self-check",
            description = "node only, instead of a conformance run: the release's embedded"
                    + " broadcast.js loaded through the source loader must answer exactly like the release's own module on"
                    + " the same seeded sequences (--seconds of them, or --sequences, --seed); prints the comparison and, after a"
                    + " timed run, the command that reruns exactly its sequences; writes no report; exit 1 if any step differs"
                    + " or either side crashes")
    boolean selfCheck;

    @Option(
            names = "--sequences",
            paramLabel = "N",
            description = "with --self-check, instead of --seconds: compare"
                    + " exactly N sequences, however long they take (the same --seed gives the same sequences as a timed run,"
                    + " so a difference a timed run found at sequence i is reached again with N > i)")
    @Range(min = 1, max = Long.MAX_VALUE)
    Long sequences;

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
        BroadcastSource loaded = sourceOption(runtime);
        sequencesOption();
        Algorithm algorithm = modelOption(loaded);
        try {
            release.requireExists(); // installed, or npm and the registry has it: before anything runs
        } catch (NoSuchReleaseException e) {
            throw new NoSuchReleaseException("--version " + version + ": " + e.getMessage());
        }
        if (recordFindings) {
            return record(runtime, release);
        }
        if (selfCheck) {
            return selfCheck(release);
        }
        if (loaded != null) {
            return sourceRun(runtime, release, loaded, algorithm);
        }
        long seed = seedOption.orFresh();
        int maxSteps = maxStepsOption.maxSteps;
        long millis = Math.multiplyExact(seconds, 1000);
        String command =
                "bin/cursorcheck " + runtime + " --version " + release.version() + " --seconds " + millis / 1000
                        + " --seed " + seed + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "");
        // The report's lock first: a run refused because another holds it prints nothing but that.
        ConformanceCampaign.Outcome o = ReportRun.write(Reports.dir(), command, err, run -> {
            out.printf(
                    "%s: seed %d, %d s, up to %d operations per sequence%n  rerun exactly: %s%n",
                    release.id(), seed, millis / 1000, maxSteps, command);
            return ConformanceCampaign.run(List.of(release), seed, millis, maxSteps, run, err, command);
        });
        Conformance.Result r = o.results().get(0);
        out.printf("%,d sequences, %,d operations in %.1f s%n", r.sequences(), r.operations(), r.millis() / 1000.0);
        for (Conformance.Difference d : r.differences()) {
            out.printf(
                    "%s [%s]: %s, shrunk from %d to %d operations%n  %s%n",
                    d.kind().id(),
                    d.kind().verdict(),
                    d.signature(),
                    d.counterexample().original(),
                    d.counterexample().script().length(),
                    d.page() == null ? "" : Reports.relative(d.page()));
        }
        r.findings()
                .forEach(f -> out.printf(
                        "known finding %s: %s (%d random sequence(s) hit it)%n",
                        f.finding(), f.judgement().words(), f.hits()));
        out.println("verdict: " + ConformanceCampaign.verdict(r) + "; report: " + Reports.relative(o.index()));
        o.problems().forEach(p -> out.println("  PROBLEM: " + p));
        return o.passed() ? 0 : 1;
    }

    /**
     * The {@code --source} option checked against the others: node only, not with {@code --record-findings}
     * or {@code --self-check}, and an existing file (made absolute) or {@code builtin}.
     *
     * @return the source, or null when none was given
     */
    private BroadcastSource sourceOption(String runtime) {
        if (selfCheck && (recordFindings || source != null || model != null)) {
            throw new UsageError("--self-check: "
                    + (recordFindings
                            ? "--record-findings"
                            : source != null ? "--source " + source : "--model " + model)
                    + " does not go with it; the self-check compares"
                    + " the embedded source with the release's own module, against no model");
        }
        if (selfCheck && !runtime.equals("node")) {
            throw new UsageError("--self-check: " + runtime + " has no embedded broadcast.js to load; --self-check is"
                    + " for node only");
        }
        if (source == null) {
            return null;
        }
        if (!runtime.equals("node")) {
            throw new UsageError("--source " + source + ": a broadcast.js loads into Node only (its internals); "
                    + runtime + " takes no --source");
        }
        if (recordFindings) {
            throw new UsageError("--record-findings: --source " + source + " does not go with it; the findings'"
                    + " broken behaviour is recorded from the release's own module");
        }
        try {
            return BroadcastSource.parse(source);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--source: " + e.getMessage());
        }
    }

    /**
     * The {@code --sequences} option: with {@code --self-check} only, and not with {@code --seconds} (one
     * bound or the other, never a silent choice between them).
     */
    private void sequencesOption() {
        if (sequences == null) {
            return;
        }
        if (!selfCheck) {
            throw new UsageError("--sequences " + sequences + ": goes with --self-check only (a conformance run is"
                    + " bounded by --seconds)");
        }
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        if (parsed.hasMatchedOption("--seconds")) {
            throw new UsageError("--sequences " + sequences + ": --seconds "
                    + parsed.matchedOption("--seconds").stringValues().get(0)
                    + " does not go with it; give one bound, a number of sequences or a time");
        }
    }

    /** The {@code --model} option: only with {@code --source}. */
    private Algorithm modelOption(BroadcastSource loaded) {
        if (model == null) {
            return Algorithm.AS_RELEASED;
        }
        Algorithm a;
        try {
            a = Algorithm.named(model);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--model: " + e.getMessage().replace("algorithm must", "it must"));
        }
        if (loaded == null) {
            throw new UsageError("--model " + model + ": goes with --source only (the release's own run keeps its"
                    + " as-released page); give --source builtin to check the release's own code against the "
                    + model + " model");
        }
        return a;
    }

    /** A conformance run of a broadcast.js source loaded into the release, under its own id; no index row. */
    private int sourceRun(String runtime, Release release, BroadcastSource loaded, Algorithm algorithm)
            throws Exception {
        long seed = seedOption.orFresh();
        int maxSteps = maxStepsOption.maxSteps;
        long millis = Math.multiplyExact(seconds, 1000);
        String command = "bin/cursorcheck " + runtime + " --version " + release.version() + " --source "
                + loaded.spec() + (algorithm == Algorithm.CORRECTED ? " --model corrected" : "")
                + " --seconds " + millis / 1000 + " --seed " + seed
                + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "");
        java.nio.file.Path binary = release.install(err);
        // Loaded once before anything is written: a file that does not load is named with its cause (exit 2).
        try (ExternalSubject subject = ExternalSubject.ofSource(release, binary, loaded, algorithm)) {
            Conformance.Result r = ReportRun.write(Reports.dir(), command, err, run -> {
                out.printf(
                        "%s: seed %d, %d s, up to %d operations per sequence, against the %s model%n  rerun"
                                + " exactly: %s%n",
                        subject.id(), seed, millis / 1000, maxSteps, algorithm.id(), command);
                run.wholeDirectory("conformance/" + subject.id()); // this subject's folder only; no index row
                // The release's own run derives its sequences' seed so (ConformanceCampaign): the same --seed gives
                // the same scripts, so the two runs' differences can be set side by side.
                return Conformance.run(
                        new Conformance.Config(
                                release,
                                Conformance.releaseSeed(seed, release),
                                millis,
                                Long.MAX_VALUE,
                                maxSteps,
                                run.dir(),
                                err),
                        subject,
                        binary);
            });
            out.printf("%,d sequences, %,d operations in %.1f s%n", r.sequences(), r.operations(), r.millis() / 1000.0);
            for (Conformance.Difference d : r.differences()) {
                out.printf(
                        "%s [%s]: %s, shrunk from %d to %d operations%n  %s%n",
                        d.kind().id(),
                        d.kind().verdict(),
                        d.signature(),
                        d.counterexample().original(),
                        d.counterexample().script().length(),
                        d.page() == null ? "" : Reports.relative(d.page()));
            }
            r.findings()
                    .forEach(f -> out.printf(
                            "known finding %s: %s (%s)%n",
                            f.finding(), f.judgement().words(), f.evidence()));
            List<String> problems = ConformanceCampaign.problems(r);
            out.println("verdict: " + ConformanceCampaign.verdict(r) + "; report: "
                    + Reports.relative(Reports.lastRun()
                            .resolve("conformance")
                            .resolve(subject.id())
                            .resolve("index.md")));
            problems.forEach(p -> out.println("  PROBLEM: " + p));
            return problems.isEmpty() ? 0 : 1;
        }
    }

    /**
     * The self-check: the embedded source through the loader against the release's own module, on
     * {@code --sequences} or for {@code --seconds}. A timed run's count depends on the machine's load, so it
     * ends with the count-bounded command that reruns exactly the sequences it ran.
     */
    private int selfCheck(Release release) throws Exception {
        long seed = seedOption.orFresh();
        int maxSteps = maxStepsOption.maxSteps;
        boolean counted = sequences != null;
        long millis = counted ? Long.MAX_VALUE : Math.multiplyExact(seconds, 1000);
        String command = counted
                ? selfCheckCommand(release, seed, sequences, maxSteps)
                : "bin/cursorcheck node --version " + release.version() + " --self-check --seconds " + millis / 1000
                        + " --seed " + seed + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "");
        java.nio.file.Path binary = release.install(err);
        try (ExternalSubject builtin = ExternalSubject.of(release, binary);
                ExternalSubject embedded =
                        ExternalSubject.ofSource(release, binary, BroadcastSource.EMBEDDED, Algorithm.AS_RELEASED)) {
            out.printf(
                    "self-check of %s: seed %d, %s, up to %d operations per sequence%n  %s: %s%n",
                    release.id(),
                    seed,
                    counted ? sequences + " sequences" : millis / 1000 + " s",
                    maxSteps,
                    counted ? "rerun exactly" : "rerun for the same time",
                    command);
            SubjectComparison.Result r = SubjectComparison.compare(
                    builtin,
                    embedded,
                    counted
                            ? SubjectComparison.Config.sequences(seed, sequences, maxSteps)
                            : SubjectComparison.Config.millis(seed, millis, maxSteps));
            out.print(r.render());
            if (!counted && r.sequences() > 0) {
                out.printf(
                        "  ran %,d sequences; rerun exactly these: %s%n",
                        r.sequences(), selfCheckCommand(release, seed, r.sequences(), maxSteps));
            }
            out.println("verdict: "
                    + (r.identical()
                            ? "the embedded source answers exactly like the builtin on every" + " step"
                            : "FAILED: the embedded source does not answer like the builtin"));
            return r.identical() ? 0 : 1;
        }
    }

    /** The self-check's count-bounded command: the same seed's first {@code count} sequences, exactly. */
    static String selfCheckCommand(Release release, long seed, long count, int maxSteps) {
        return "bin/cursorcheck node --version " + release.version() + " --self-check --seed " + seed + " --sequences "
                + count + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "");
    }

    /**
     * The options of a random run, given with {@code --record-findings}, which runs none: a usage error rather
     * than options silently ignored (a user who gave {@code --seed} would expect a run that used it).
     */
    private void refuseRandomRunOptions() {
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        for (String name : List.of("--seconds", "--seed", "--max-steps")) {
            if (parsed.hasMatchedOption(name)) {
                throw new UsageError("--record-findings: " + name + " "
                        + parsed.matchedOption(name).stringValues().get(0)
                        + " does not apply: recording replays the known findings' own scripts, it runs no"
                        + " random sequences; drop " + name);
            }
        }
    }

    private int record(String runtime, Release release) throws Exception {
        String command = "bin/cursorcheck " + runtime + " --version " + release.version() + " --record-findings";
        java.nio.file.Path binary = release.install(err);
        try (ExternalSubject subject = ExternalSubject.of(release, binary)) {
            for (java.nio.file.Path p : Conformance.recordFindings(subject, command, out)) {
                out.println("recorded: "
                        + io.cursorcheck.properties.source.SourceTree.root().relativize(p));
            }
            return 0;
        } catch (IllegalStateException e) {
            out.println("  PROBLEM: " + e.getMessage() + "; nothing was recorded");
            return 1;
        }
    }
}
