package io.cursorcheck.cli;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.campaign.ExampleStore;
import io.cursorcheck.properties.campaign.ProgressLine;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.properties.source.SourceTree;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck check}: random lockstep runs of one variant or mutant against the model. */
@Command(
        name = "check",
        sortOptions = false,
        sortSynopsis = false,
        description =
                "random lockstep runs of NAME against" + " the model; prints its seed and the exact command to rerun",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {Usage.EXIT_OK, "1:NAME differed from the model (the report's path is printed)", Usage.EXIT_ERROR
        })
final class CheckCli extends CliCommand {

    @Option(
            names = "--variant",
            required = true,
            paramLabel = "NAME",
            converter = Converters.Subject.class,
            description = "the variant or mutant to check (bin/cursorcheck variants --mutants lists them)")
    BroadcastFactory subject;

    /** How long the check runs: a time or a number of sequences (initialised, so that the default applies). */
    @ArgGroup(exclusive = true)
    Length length = new Length();

    /** How long the check runs: a time or a number of sequences. */
    static final class Length {
        @Option(names = "--seconds", paramLabel = "N", defaultValue = "10", description = "run for N seconds")
        @Range(min = 1, max = Range.YEAR_SECONDS)
        long seconds;

        @Option(names = "--runs", paramLabel = "N", description = "run N sequences, however long they take")
        @Range(min = 1, max = Long.MAX_VALUE)
        Long runs;
    }

    @Mixin
    SeedOption seedOption;

    @Mixin
    MaxStepsOption maxStepsOption;

    @Mixin
    ThreadsOption threadsOption;

    @Mixin
    WeightsOption weightsOption;

    @Override
    int run() throws Exception {
        boolean byRuns = length.runs != null;
        long seed = seedOption.orFresh();
        long runs = byRuns ? length.runs : Long.MAX_VALUE;
        long millis = byRuns ? Long.MAX_VALUE : Math.multiplyExact(length.seconds, 1000);
        int maxSteps = maxStepsOption.maxSteps;
        int threads = threadsOption.orOnePerCore();
        Weights weights = weightsOption.weights;
        String command = String.format(
                "bin/cursorcheck check --variant %s --seed %d %s --max-steps %d --weights %s",
                subject.id(), seed, byRuns ? "--runs " + runs : "--seconds " + millis / 1000, maxSteps, weights);
        KnownFindings known = KnownFindings.load(SourceTree.root());
        // The report's lock first: a run refused because another holds it prints nothing but that.
        RandomRun.Result r = ReportRun.write(Reports.dir(), command, err, run -> {
            out.printf(
                    "check %s: seed %d, %s, up to %d operations per sequence, %d thread(s)%n",
                    subject.id(), seed, byRuns ? runs + " sequences" : millis / 1000 + " s", maxSteps, threads);
            out.println("  rerun exactly: " + command);
            RandomRun.Config config = new RandomRun.Config(
                    subject,
                    seed,
                    runs,
                    millis,
                    maxSteps,
                    weights,
                    threads,
                    true,
                    run.dir().resolve("counterexamples"),
                    known);
            RandomRun.Progress progress = new RandomRun.Progress();
            return ProgressLine.during(
                            err,
                            subject.id(),
                            progress,
                            millis,
                            () -> ExampleStore.standard().run(config, progress, out::println))
                    .result(); // stored examples first
        });
        out.printf(
                "%,d sequences, %,d operations in %.1f s: %,.0f ops/s (%,.0f per thread)%n",
                r.sequences(),
                r.operations(),
                r.millis() / 1000.0,
                r.operationsPerSecond(),
                r.operationsPerSecond() / threads);
        for (RandomRun.Found f : r.found()) {
            Counterexample cx = f.counterexample();
            String tag = f.isKnownFinding()
                    ? "known finding " + f.known().name()
                    : cx.failure().kind().againstModel() ? "NEW FINDING against the model" : "FAILURE";
            out.printf(
                    "%s: %s, shrunk from %d to %d operations (sequence seed %s)%n  %s%n  replay: bin/cursorcheck replay %s%n",
                    tag,
                    cx.failure().title(),
                    cx.original(),
                    cx.script().length(),
                    cx.seed() == null ? "none: a stored example" : Long.toUnsignedString(cx.seed()),
                    Reports.relative(f.page()),
                    Reports.relative(f.json()));
        }
        List<String> low = r.coverage().belowFloor();
        low.forEach(l -> out.println("coverage below floor: " + l));
        List<String> tooShort = r.coverage().tooShort();
        tooShort.forEach(l -> out.println("coverage " + l));
        boolean failed = !r.subjectFailures().isEmpty() || !r.newFindings().isEmpty();
        if (!failed) {
            out.println(
                    !low.isEmpty()
                            ? "ok: no failure, but coverage is below a floor on a sample large enough to judge it"
                            : !tooShort.isEmpty()
                                    ? "ok: no failure; coverage too short to judge every floor (run longer)"
                                    : "ok: no failure" + (r.found().isEmpty() ? "" : " beyond the known findings"));
        }
        return failed ? 1 : 0;
    }
}
