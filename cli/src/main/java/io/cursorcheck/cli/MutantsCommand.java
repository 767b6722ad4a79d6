package io.cursorcheck.cli;

import io.cursorcheck.properties.engine.KillMatrix;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.ReportRun;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.mutants.SourceTree;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.MutantsPage;
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
 * and {@code mutants.json}.
 */
final class MutantsCommand implements Part {

    private final long seed;
    private final long sequences;
    private final int maxSteps;
    private final int threads;
    private final List<Mutant> mutants;
    private final String command;

    MutantsCommand(long seed, long sequences, int maxSteps, int threads, List<Mutant> mutants, String command) {
        this.seed = seed;
        this.sequences = sequences;
        this.maxSteps = maxSteps;
        this.threads = threads;
        this.mutants = mutants;
        this.command = command;
    }

    /**
     * The catalogue, or the mutants named in a comma-separated list.
     *
     * @throws UsageError naming {@code --only} and its value if the list names no mutant (a matrix over
     *                    none would pass having checked nothing), has an empty id, names a mutant twice
     *                    or names one that is not in the catalogue
     */
    static List<Mutant> select(String ids) {
        if (ids == null) {
            return Mutants.CATALOGUE;
        }
        List<Mutant> chosen = new ArrayList<>();
        for (String id : ids.split(",", -1)) {
            if (id.isBlank()) {
                throw new UsageError("--only: '" + ids + "' " + (ids.replace(",", "").isBlank() ? "names no mutant"
                        : "has an empty id") + "; give catalogue ids separated by commas (see 'bin/cursorcheck"
                        + " variants --mutants')");
            }
            Mutant m = Mutants.named(id.strip());
            if (m == null || !Mutants.CATALOGUE.contains(m)) {
                throw new UsageError("--only: '" + id.strip() + "' is not in the catalogue; see"
                        + " 'bin/cursorcheck variants --mutants'");
            }
            if (chosen.contains(m)) {
                throw new UsageError("--only: '" + ids + "' names " + m.id() + " twice");
            }
            chosen.add(m);
        }
        return chosen;
    }

    @Override
    public String name() {
        return "mutants (kill matrix)";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws IOException {
        KillMatrix.Config config = new KillMatrix.Config(seed, sequences, sequences, maxSteps, Weights.DEFAULT, threads,
                KillMatrix.counterexamples(reports, mutants), KnownFindings.load(SourceTree.root()));
        log.printf("kill matrix: %d mutants, seed %d, %,d sequences per stage, %d at a time%n", mutants.size(),
                config.seed(), config.sequences(), config.threads());
        KillMatrix.Result r = KillMatrix.run(config, mutants, row -> log.printf("  %-36s %-10s %s%n",
                row.mutant().id(), row.mutant().impact(), row.killed() ? row.caughtBy() + " (" + row.stage().label()
                        + "), " + row.shrunkLength() + " operations" : "not caught"));
        Path page = MutantsPage.write(r, reports.dir(), command);
        log.print(table(r));
        r.problems().forEach(p -> log.println("  PROBLEM: " + p));
        log.printf("kill matrix %s in %.1f s: %s%n", r.passed() ? "passed" : "FAILED", r.millis() / 1000.0,
                MutantsPage.summary(r));
        reports.whenPublished(log, "kill matrix: report " + Reports.relative(page));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("report", Reports.relative(page));
        json.put("summary", MutantsPage.summary(r));
        json.put("passed", r.passed());
        String md = "## Mutants: the kill matrix\n\n" + (r.passed() ? "Every mutant was caught as its impact says. "
                : "**FAILED**. ") + MutantsPage.summary(r) + ". Full table, scripts and patches: [mutants.md]"
                + "(mutants.md).\n\n" + table(r).replaceAll("(?m)^", "    ") + "\n";
        return new Verdict(r.passed(), MutantsPage.summary(r), md, json, r.problems(), r.millis());
    }

    /** A plain-text table, one mutant a line, in catalogue order. */
    static String table(KillMatrix.Result r) {
        StringBuilder b = new StringBuilder(String.format("%-36s %-10s %-10s %-32s %6s %9s %8s%n", "mutant", "impact",
                "stage", "caught by", "shrunk", "sequences", "time"));
        for (KillMatrix.Row row : r.rows()) {
            b.append(String.format("%-36s %-10s %-10s %-32s %6s %,9d %8s%n", row.mutant().id(), row.mutant().impact(),
                    row.killed() ? row.stage().label() : "-", row.caughtBy(),
                    row.killed() ? String.valueOf(row.shrunkLength()) : "-", row.sequences(),
                    row.killed() ? String.format("%.2f s", row.detectMillis() / 1000.0) : "-"));
        }
        return b.toString();
    }
}
