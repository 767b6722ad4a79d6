package io.cursorcheck.cli;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck variants}: the variants, and the mutants. */
@Command(
        name = "variants",
        description =
                "lists the variants (and the mutants: the catalogue, negative controls first," + " and the racy twins)",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {Usage.EXIT_OK, Usage.EXIT_ERROR})
final class VariantsCli extends CliCommand {

    @Option(names = "--mutants", description = "list the mutants too")
    boolean mutants;

    @Override
    int run() {
        for (Variant v : Variant.values()) {
            out.printf("%-34s %s%n", v.id(), v.description());
        }
        if (mutants) {
            out.println();
            for (Mutant m : Mutants.all()) {
                out.printf("%-34s %s %s%n", m.id(), "[" + m.impact() + "]", m.description());
            }
        }
        return 0;
    }
}
