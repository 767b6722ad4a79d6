package io.cursorcheck.fray;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.MarkdownTable;
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
        MarkdownTable races = MarkdownTable.of("race", "subject", "schedules", "verdict",
                "time to the first catch (or of every schedule)", "reason", "replay").right(2, 4);
        for (LedgerEntry e : entries) {
            races.row(e.race(), e.subject(), e.iterations(), e.verdict(), e.wallMillis() + " ms",
                    MarkdownTable.text(e.reason()),
                    e.saved().isEmpty() ? "" : MarkdownTable.code("bin/cursorcheck fray --replay " + e.saved()));
        }
        md.append("## Races\n\n").append(races);
        MarkdownTable twins = MarkdownTable.of("twin", "Fray", "by");
        for (Mutant twin : Mutants.RACY_TWINS) {
            List<LedgerEntry> runs = entries.stream().filter(e -> e.subject().equals(twin.id())).toList();
            List<LedgerEntry> caught = runs.stream().filter(e -> e.verdict().equals("CAUGHT")).toList();
            if (!caught.isEmpty()) {
                twins.row(twin.id(), "CAUGHT", String.join("; ", caught.stream()
                        .map(e -> e.race() + " after " + e.iterations() + " schedules, " + e.wallMillis() + " ms")
                        .toList()));
            } else if (runs.isEmpty()) {
                twins.row(twin.id(), "NOT CAUGHT", "not run");
            } else {
                String blind = FrayGrade.BLIND.containsKey(twin.id())
                        ? "Fray cannot see this race: " + FrayGrade.BLIND.get(twin.id()) + ". " : "";
                twins.row(twin.id(), "NOT CAUGHT", MarkdownTable.text(blind + String.join("; ", runs.stream()
                        .map(e -> e.race() + ": " + e.verdict() + " after " + e.iterations() + " schedules"
                                + (e.reason().isEmpty() ? "" : " " + e.reason()))
                        .toList())));
            }
        }
        md.append("\n## Racy twins\n\n").append(twins);
        MarkdownTable controls = MarkdownTable.of("control", "Fray");
        for (Mutant control : FrayControls.ALL) {
            List<String> seen = entries.stream().filter(e -> e.subject().equals(control.id()))
                    .map(e -> e.verdict() + " by " + e.race() + " after " + e.iterations() + " schedules").toList();
            controls.row(control.id(), seen.isEmpty() ? "not run" : String.join("; ", seen));
        }
        md.append("\n## The module's own controls\n\nFor a twin Fray cannot see, the same bug with one switching point inside")
                .append(" its window: a catch shows the race's Fray test can fail for the right reason.\n\n").append(controls);
        md.append("\nTimes are this run's wall times, for orientation only (Fray's search is random: the schedules to a"
                + " first catch vary from run to run). A replay prints the")
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
