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
 * run's ledger: per race, subject and mode, schedules run, the verdict, the time to the first catch and the
 * replay command; per twin, CAUGHT (by which race, in which mode) or NOT CAUGHT with the reason. Written aside and moved over the old report only once complete. Stateless.
 */
public final class FrayReport {

    private FrayReport() {}

    /** The page, as Markdown. */
    public static String render(List<LedgerEntry> entries, List<String> problems, String when) {
        StringBuilder md = new StringBuilder();
        md.append("# Fray: controlled scheduling of the stress races\n\n")
                .append("Run ")
                .append(when)
                .append(", Fray 0.9.2 (POS scheduler) on its instrumented JDK 25. ")
                .append("Each race is the jcstress test's scene (same set-up, actors, outcome tokens and allowed")
                .append(" outcomes); a real variant must pass every schedule, a racy twin must end in a forbidden")
                .append(" outcome. Verdict: **")
                .append(problems.isEmpty() ? "PASSED" : "FAILED")
                .append("**.\n\n")
                .append("Mode: *sync only* is Fray's JUnit extension, which switches threads at synchronisation only")
                .append(" (locks, conditions, thread start and join, volatile fields, atomics, volatile-mode and")
                .append(" compare-and-set VarHandle accesses); *memory ops* is our launcher with Fray's")
                .append(" interleaveMemoryOps on, which also switches at every array element load and store (Fray's")
                .append(" agent does not instrument plain fields, so they stay no switching point). A twin whose")
                .append(" window holds no synchronisation (end-published-before-entry: a release store of the new end,")
                .append(" then a plain store of the entry) is invisible to the first mode; it runs in the second,")
                .append(" where the real variants run its race too, so that its catch is no false alarm of the")
                .append(" mode.\n\n");
        if (!problems.isEmpty()) {
            md.append("Problems:\n\n");
            problems.forEach(p -> md.append("- ").append(p).append('\n'));
            md.append('\n');
        }
        MarkdownTable races = MarkdownTable.of(
                        "race",
                        "subject",
                        "mode",
                        "schedules",
                        "verdict",
                        "time to the first catch (or of every schedule)",
                        "reason",
                        "replay")
                .right(3, 5);
        for (LedgerEntry e : entries) {
            races.row(
                    e.race(),
                    e.subject(),
                    e.mode(),
                    e.iterations(),
                    e.shownVerdict(),
                    e.wallMillis() + " ms",
                    MarkdownTable.text(e.reason()),
                    e.saved().isEmpty() ? "" : MarkdownTable.code("bin/cursorcheck fray --replay " + e.saved()));
        }
        md.append("## Races\n\n").append(races);
        MarkdownTable twins = MarkdownTable.of("twin", "Fray", "by");
        for (Mutant twin : Mutants.RACY_TWINS) {
            List<LedgerEntry> runs =
                    entries.stream().filter(e -> e.subject().equals(twin.id())).toList();
            List<LedgerEntry> caught =
                    runs.stream().filter(e -> e.verdict().equals("CAUGHT")).toList();
            if (!caught.isEmpty()) {
                twins.row(
                        twin.id(),
                        "CAUGHT",
                        String.join(
                                "; ",
                                caught.stream()
                                        .map(e -> e.race() + " (" + e.mode() + ") after " + schedules(e.iterations())
                                                + ", " + e.wallMillis() + " ms")
                                        .toList()));
            } else if (runs.isEmpty()) {
                twins.row(twin.id(), "NOT CAUGHT", "not run");
            } else {
                twins.row(
                        twin.id(),
                        "NOT CAUGHT",
                        MarkdownTable.text(String.join(
                                "; ",
                                runs.stream()
                                        .map(e -> e.race() + " (" + e.mode() + "): " + e.shownVerdict() + " after "
                                                + schedules(e.iterations())
                                                + (e.reason().isEmpty() ? "" : " " + e.reason()))
                                        .toList())));
            }
        }
        md.append("\n## Racy twins\n\n").append(twins);
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

    /** {@code 1 schedule}, {@code 15 schedules}. */
    private static String schedules(long n) {
        return n + (n == 1 ? " schedule" : " schedules");
    }
}
