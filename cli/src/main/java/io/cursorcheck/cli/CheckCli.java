package io.cursorcheck.cli;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.ExampleStore;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.ProgressLine;
import io.cursorcheck.properties.engine.RandomRun;
import io.cursorcheck.properties.engine.ReportRun;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.SourceTree;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck check}: random lockstep runs of one variant or mutant against the model. */
@Command(name = "check", sortOptions = false, sortSynopsis = false, description = "random lockstep runs of NAME against"
        + " the model; prints its seed and the exact command to rerun; exit 1 with the report path on a failure")
final class CheckCli extends CliCommand {

    @Option(names = "--variant", required = true, paramLabel = "NAME", converter = Converters.Subject.class,
            description = "the variant or mutant to check (bin/cursorcheck variants --mutants lists them)")
    BroadcastFactory subject;

    @ArgGroup(exclusive = true)
    Length length;

    /** How long the check runs: a time or a number of sequences. */
    static final class Length {
        @Option(names = "--seconds", paramLabel = "N", description = "run for N seconds (default: 10)")
        @Range(min = 1, max = Range.YEAR_SECONDS)
        Long seconds;

        @Option(names = "--runs", paramLabel = "N", description = "run N sequences, however long they take")
        @Range(min = 1, max = Long.MAX_VALUE)
        Long runs;
    }

    @Option(names = "--seed", paramLabel = "S", converter = Converters.Seed.class,
            description = "the run's seed (default: a fresh one, printed)")
    Long seed;

    @Option(names = "--max-steps", paramLabel = "N", description = "operations per sequence at most")
    @Range(min = 1, max = Range.MAX_STEPS)
    int maxSteps = 60;

    @Option(names = "--threads", paramLabel = "N", description = "worker threads (default: one per core)")
    @Range(min = 1, max = Range.MAX_THREADS)
    Integer threads;

    @Option(names = "--weights", paramLabel = "W", converter = Converters.WeightsSpec.class,
            description = "generator weights as name=value pairs over the defaults, e.g. next=40,fail=0,badInput=5")
    Weights weights = Weights.DEFAULT;

    @Override
    int run() throws Exception {
        boolean byRuns = length != null && length.runs != null;
        long seed = Converters.Seed.orFresh(this.seed);
        long runs = byRuns ? length.runs : Long.MAX_VALUE;
        long millis = byRuns ? Long.MAX_VALUE
                : Math.multiplyExact(length != null && length.seconds != null ? length.seconds : 10, 1000);
        int threads = this.threads != null ? this.threads : Runtime.getRuntime().availableProcessors();
        out.printf("check %s: seed %d, %s, up to %d operations per sequence, %d thread(s)%n", subject.id(), seed,
                byRuns ? runs + " sequences" : millis / 1000 + " s", maxSteps, threads);
        out.printf("  rerun exactly: bin/cursorcheck check --variant %s --seed %d %s --max-steps %d --weights %s%n",
                subject.id(), seed, byRuns ? "--runs " + runs : "--seconds " + millis / 1000, maxSteps, weights);
        KnownFindings known = KnownFindings.load(SourceTree.root());
        RandomRun.Result r = ReportRun.write(Reports.dir(), "bin/cursorcheck check --variant " + subject.id(), err, run -> {
            RandomRun.Config config = new RandomRun.Config(subject, seed, runs, millis, maxSteps, weights, threads, true,
                    run.dir().resolve("counterexamples"), known);
            RandomRun.Progress progress = new RandomRun.Progress();
            return ProgressLine.during(err, subject.id(), progress, millis,
                    () -> ExampleStore.standard().run(config, progress, out::println)).result(); // stored examples first
        });
        out.printf("%,d sequences, %,d operations in %.1f s: %,.0f ops/s (%,.0f per thread)%n", r.sequences(),
                r.operations(), r.millis() / 1000.0, r.operationsPerSecond(), r.operationsPerSecond() / threads);
        for (RandomRun.Found f : r.found()) {
            Counterexample cx = f.counterexample();
            String tag = f.isKnownFinding() ? "known finding " + f.known().name()
                    : cx.failure().kind().againstModel() ? "NEW FINDING against the model" : "FAILURE";
            out.printf("%s: %s, shrunk from %d to %d operations (sequence seed %s)%n  %s%n  replay: bin/cursorcheck replay %s%n",
                    tag, cx.failure().title(), cx.original(), cx.script().length(),
                    cx.seed() == null ? "none: a stored example" : Long.toUnsignedString(cx.seed()),
                    Reports.relative(f.page()), Reports.relative(f.json()));
        }
        List<String> low = r.coverage().belowFloor();
        low.forEach(l -> out.println("coverage below floor: " + l));
        boolean failed = !r.subjectFailures().isEmpty() || !r.newFindings().isEmpty();
        if (!failed) {
            out.println(low.isEmpty() ? "ok: no failure" + (r.found().isEmpty() ? "" : " beyond the known findings")
                    : "ok: no failure, but coverage is below a floor (run longer)");
        }
        return failed ? 1 : 0;
    }
}
