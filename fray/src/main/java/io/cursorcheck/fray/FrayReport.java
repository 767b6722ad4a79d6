package io.cursorcheck.fray;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Writes {@code stress/fray.md} (into the directory the run was given, published as reports/stress/fray.md) from a
 * run's ledger: per race and subject, schedules run,
 * the verdict, the time to the first catch and the replay command; per twin, CAUGHT or NOT CAUGHT
 * with the reason. Written aside and moved over the old report only once complete. Stateless.
 */
public final class FrayReport {

    private FrayReport() {
    }

    /** The page, as Markdown. */
    public static String render(List<LedgerEntry> entries, List<String> problems, String when) {
        StringBuilder md = new StringBuilder();
        md.append("# Fray: controlled scheduling of the stress races\n\n")
                .append("Run ").append(when).append(", Fray 0.9.2 (POS scheduler) on its instrumented JDK 25. ")
                .append("Each race is the jcstress test's scene (same set-up, actors, outcome tokens and allowed")
                .append(" outcomes); a real variant must pass every schedule, a racy twin must end in a forbidden")
                .append(" outcome. Verdict: **").append(problems.isEmpty() ? "PASSED" : "FAILED").append("**.\n\n");
        if (!problems.isEmpty()) {
            md.append("Problems:\n\n");
            problems.forEach(p -> md.append("- ").append(p).append('\n'));
            md.append('\n');
        }
        md.append("## Races\n\n")
                .append("| race | subject | schedules | verdict | time to the first catch (or of every schedule) | reason | replay |\n")
                .append("|---|---|---:|---|---:|---|---|\n");
        for (LedgerEntry e : entries) {
            md.append("| ").append(e.race()).append(" | ").append(e.subject()).append(" | ").append(e.iterations())
                    .append(" | ").append(e.verdict()).append(" | ").append(e.wallMillis()).append(" ms | ")
                    .append(e.reason().replace("|", "\\|")).append(" | ")
                    .append(e.saved().isEmpty() ? "" : "`bin/cursorcheck fray --replay " + e.saved() + "`").append(" |\n");
        }
        md.append("\n## Racy twins\n\n| twin | Fray | by |\n|---|---|---|\n");
        for (Mutant twin : Mutants.RACY_TWINS) {
            List<LedgerEntry> runs = entries.stream().filter(e -> e.subject().equals(twin.id())).toList();
            List<LedgerEntry> caught = runs.stream().filter(e -> e.verdict().equals("CAUGHT")).toList();
            md.append("| ").append(twin.id()).append(" | ");
            if (!caught.isEmpty()) {
                md.append("CAUGHT | ");
                caught.forEach(e -> md.append(e.race()).append(" after ").append(e.iterations()).append(" schedules, ")
                        .append(e.wallMillis()).append(" ms; "));
            } else if (runs.isEmpty()) {
                md.append("NOT CAUGHT | not run");
            } else {
                md.append("NOT CAUGHT | ");
                if (FrayGrade.BLIND.containsKey(twin.id())) {
                    md.append("Fray cannot see this race: ").append(FrayGrade.BLIND.get(twin.id())).append(". ");
                }
                runs.forEach(e -> md.append(e.race()).append(": ").append(e.verdict()).append(" after ")
                        .append(e.iterations()).append(" schedules ").append(e.reason().replace("|", "\\|")).append("; "));
            }
            md.append(" |\n");
        }
        md.append("\n## The module's own controls\n\nFor a twin Fray cannot see, the same bug with one switching point inside")
                .append(" its window: a catch shows the race's Fray test can fail for the right reason.\n\n| control | Fray |\n|---|---|\n");
        for (Mutant control : FrayControls.ALL) {
            md.append("| ").append(control.id()).append(" | ");
            entries.stream().filter(e -> e.subject().equals(control.id())).forEach(e -> md.append(e.verdict()).append(" by ")
                    .append(e.race()).append(" after ").append(e.iterations()).append(" schedules; "));
            md.append(" |\n");
        }
        md.append("\nTimes are wall times on a loaded shared machine, for orientation only. A replay prints the")
                .append(" interleaving as our harness logged it (thread: operation -> answer | state after it).\n");
        return md.toString();
    }

    /** Writes the page to {@code file}: aside first, then moved over the old one. */
    public static Path write(Path file, String markdown) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, markdown, StandardCharsets.UTF_8);
        return Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
