package io.cursorcheck.cli;

import io.cursorcheck.campaign.MutantsCommand;
import io.cursorcheck.campaign.Part;
import io.cursorcheck.campaign.PitCommand;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.spi.Algorithm;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck mutants}: the kill matrix over the mutant catalogue (and PIT). */
@Command(
        name = "mutants",
        sortOptions = false,
        sortSynopsis = false,
        description = "the kill matrix: every mutant of"
                + " the catalogue through the lockstep engine, held to its impact, under the algorithm as released and under"
                + " its correction (spec §8); writes reports/<run>/mutants.md (with --pit, also"
                + " PIT on impl: reports/<run>/pit.md)",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {
            Usage.EXIT_OK,
            "1:a mutant was not caught as its impact under either algorithm says (or PIT failed)",
            Usage.EXIT_ERROR
        })
final class MutantsCli extends CliCommand {

    @Mixin
    SeedOption seedOption;

    @Option(
            names = "--sequences",
            paramLabel = "N",
            description = "sequences per mutant and stage at most, where a"
                    + " check must catch it (a stage stops at its first catch)")
    @Range(min = 1, max = Long.MAX_VALUE)
    long sequences = Main.MATRIX_SEQUENCES;

    @Option(
            names = "--equivalent-sequences",
            paramLabel = "N",
            description = "sequences per stage where an equivalent" + " mutant must survive (each runs them all)")
    @Range(min = 1, max = Long.MAX_VALUE)
    long equivalentSequences = Main.EQUIVALENT_SEQUENCES;

    @Mixin
    ThreadsOption threadsOption;

    @Mixin
    MaxStepsOption maxStepsOption;

    @Option(names = "--only", paramLabel = "ID,...", description = "only these mutants of the catalogue")
    String only;

    @Option(
            names = "--algorithm",
            paramLabel = "A",
            description =
                    "as-released (spec §2, against model) or corrected"
                            + " (spec §8, against model-corrected; a mutant on a path only a nested flush reaches, or only a cursor"
                            + " left past end by a spoiled read, is held equivalent there) (default: both, one matrix after the other)")
    String algorithm;

    @Option(names = "--pit", description = "run PIT on impl too (a Maven run of its own)")
    boolean pit;

    @Override
    int run() throws Exception {
        long seed = seedOption.orFresh();
        int threads = threadsOption.orOnePerCore();
        int maxSteps = maxStepsOption.maxSteps;
        List<Mutant> selected = select(only); // an unknown id is refused before anything runs
        List<Algorithm> algorithms = algorithms(algorithm); // likewise
        String command = "bin/cursorcheck mutants --seed " + seed + " --sequences " + sequences
                + (equivalentSequences != Main.EQUIVALENT_SEQUENCES
                        ? " --equivalent-sequences " + equivalentSequences
                        : "")
                + (maxSteps != MaxStepsOption.DEFAULT ? " --max-steps " + maxSteps : "")
                + (only == null ? "" : " --only " + only) + (algorithm == null ? "" : " --algorithm " + algorithm);
        List<Part> parts = new ArrayList<>();
        parts.add(new MutantsCommand(
                seed, sequences, equivalentSequences, maxSteps, threads, selected, algorithms, command));
        if (pit) {
            parts.add(new PitCommand());
        }
        boolean passed = ReportRun.write(Reports.dir(), command, out, run -> {
            out.println(command); // once the reports' lock is taken: a refused run prints nothing but that
            boolean all = true;
            for (Part part : parts) {
                all &= part.run(out, run).passed();
            }
            return all;
        });
        return passed ? 0 : 1;
    }

    /**
     * The algorithms of {@code --algorithm}: both when it is not given.
     *
     * @throws UsageError naming {@code --algorithm} and its value if it is neither name
     */
    static List<Algorithm> algorithms(String name) {
        if (name == null) {
            return List.of(Algorithm.values());
        }
        try {
            return List.of(Algorithm.named(name));
        } catch (IllegalArgumentException e) {
            throw new UsageError("--algorithm must be as-released or corrected, was '" + name + "'");
        }
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
                throw new UsageError("--only: '" + ids + "' "
                        + (ids.replace(",", "").isBlank() ? "names no mutant" : "has an empty id")
                        + "; give catalogue ids separated by commas (see 'bin/cursorcheck"
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
}
