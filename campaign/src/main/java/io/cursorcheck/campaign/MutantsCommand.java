package io.cursorcheck.campaign;

import io.cursorcheck.properties.campaign.KillMatrix;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.pages.MutantsPage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Algorithm;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/cursorcheck mutants}: the kill matrix over the mutant catalogue, as the gate runs it;
 * prints one line per mutant as it is done, then the table, and writes {@code reports/mutants.md}
 * and {@code mutants.json}. It runs the matrix under each algorithm it is given (spec §2 as released,
 * and its correction, §8), one after the other; the verdict fails if any mutant was not caught as its
 * impact under that algorithm says.
 */
public final class MutantsCommand implements Part {

    private final long seed;
    private final long sequences;
    private final long equivalentSequences;
    private final int maxSteps;
    private final int threads;
    private final List<Mutant> mutants;
    private final List<Algorithm> algorithms;
    private final String command;

    /** The matrix under both algorithms, as released first (the campaign's part). */
    public MutantsCommand(
            long seed,
            long sequences,
            long equivalentSequences,
            int maxSteps,
            int threads,
            List<Mutant> mutants,
            String command) {
        this(seed, sequences, equivalentSequences, maxSteps, threads, mutants, List.of(Algorithm.values()), command);
    }

    public MutantsCommand(
            long seed,
            long sequences,
            long equivalentSequences,
            int maxSteps,
            int threads,
            List<Mutant> mutants,
            List<Algorithm> algorithms,
            String command) {
        if (algorithms.isEmpty()) {
            throw new IllegalArgumentException("mutants: no algorithm to run the matrix under");
        }
        this.seed = seed;
        this.sequences = sequences;
        this.equivalentSequences = equivalentSequences;
        this.maxSteps = maxSteps;
        this.threads = threads;
        this.mutants = mutants;
        this.algorithms = List.copyOf(algorithms);
        this.command = command;
    }

    @Override
    public String name() {
        return "mutants (kill matrix)";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws IOException {
        KillMatrix.Config asGiven = new KillMatrix.Config(
                seed,
                sequences,
                equivalentSequences,
                maxSteps,
                Weights.DEFAULT,
                threads,
                KillMatrix.counterexamples(reports, mutants, algorithms),
                KnownFindings.load(SourceTree.root()));
        List<KillMatrix.Result> results = new ArrayList<>();
        for (Algorithm algorithm : algorithms) {
            KillMatrix.Config config = asGiven.under(algorithm);
            log.printf(
                    "kill matrix (%s algorithm, against %s): %d mutants, seed %d, %,d sequences per stage at most"
                            + " (%,d where an equivalent mutant must survive), %d at a time%n",
                    algorithm,
                    io.cursorcheck.properties.Variant.referenceFor(algorithm).id(),
                    mutants.size(),
                    config.seed(),
                    config.sequences(),
                    config.equivalentSequences(),
                    config.threads());
            KillMatrix.Result r = KillMatrix.run(
                    config,
                    mutants,
                    row -> log.printf(
                            "  %-36s %-10s %s%n",
                            row.mutant().id(),
                            row.mutant().impactUnder(algorithm),
                            row.killed()
                                    ? row.caughtBy() + " (" + row.stage().label() + "), " + row.reportedLength()
                                            + " operations"
                                    : "not caught"));
            log.print(MutantsSection.table(r));
            r.problems().forEach(p -> log.println("  PROBLEM: " + p));
            log.printf(
                    "kill matrix (%s) %s in %.1f s: %s%n",
                    algorithm, r.passed() ? "passed" : "FAILED", r.millis() / 1000.0, MutantsPage.summary(r));
            results.add(r);
        }
        Path page = MutantsPage.write(results, reports.dir(), command);
        reports.whenPublished(log, "kill matrix: report " + Reports.relative(page));
        boolean passed = results.stream().allMatch(KillMatrix.Result::passed);
        List<String> problems =
                results.stream().flatMap(r -> r.problems().stream()).toList();
        long millis = results.stream().mapToLong(KillMatrix.Result::millis).sum();
        String summary = MutantsPage.summary(results);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("report", Reports.relative(page));
        json.put("summary", summary);
        json.put("passed", passed);
        json.put("algorithms", algorithms.stream().map(Algorithm::id).toList());
        return new Verdict(passed, summary, MutantsSection.markdown(passed, summary, results), json, problems, millis);
    }
}
