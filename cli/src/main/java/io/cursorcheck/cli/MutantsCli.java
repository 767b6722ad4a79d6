package io.cursorcheck.cli;

import io.cursorcheck.properties.engine.ReportRun;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.mutants.Mutant;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck mutants}: the kill matrix over the mutant catalogue (and PIT). */
@Command(name = "mutants", sortOptions = false, sortSynopsis = false, description = "the kill matrix: every mutant of"
        + " the catalogue through the lockstep engine, held to its impact; writes reports/mutants.md (with --pit, also"
        + " PIT on impl: reports/pit.md); exit 1 if a mutant was not caught as its impact says")
final class MutantsCli extends CliCommand {

    @Option(names = "--seed", paramLabel = "S", converter = Converters.Seed.class,
            description = "the matrix's seed (default: a fresh one, printed)")
    Long seed;

    @Option(names = "--sequences", paramLabel = "N", description = "sequences per mutant and stage")
    @Range(min = 1, max = Long.MAX_VALUE)
    long sequences = Main.MATRIX_SEQUENCES;

    @Option(names = "--threads", paramLabel = "N", description = "mutants at a time (default: one per core)")
    @Range(min = 1, max = Range.MAX_THREADS)
    Integer threads;

    @Option(names = "--max-steps", paramLabel = "N", description = "operations per sequence at most")
    @Range(min = 1, max = Range.MAX_STEPS)
    int maxSteps = 60;

    @Option(names = "--only", paramLabel = "ID,...", description = "only these mutants of the catalogue")
    String only;

    @Option(names = "--pit", description = "run PIT on impl too (about 5 minutes more)")
    boolean pit;

    @Override
    int run() throws Exception {
        long seed = Converters.Seed.orFresh(this.seed);
        int threads = this.threads != null ? this.threads : Runtime.getRuntime().availableProcessors();
        List<Mutant> selected = MutantsCommand.select(only); // an unknown id is refused before anything runs
        String command = "bin/cursorcheck mutants --seed " + seed + " --sequences " + sequences
                + (maxSteps != 60 ? " --max-steps " + maxSteps : "") + (only == null ? "" : " --only " + only);
        out.println(command);
        List<Part> parts = new ArrayList<>();
        parts.add(new MutantsCommand(seed, sequences, maxSteps, threads, selected, command));
        if (pit) {
            parts.add(new PitCommand());
        }
        boolean passed = ReportRun.write(Reports.dir(), command, out, run -> {
            boolean all = true;
            for (Part part : parts) {
                all &= part.run(out, run).passed();
            }
            return all;
        });
        return passed ? 0 : 1;
    }
}
