package io.cursorcheck.campaign;

import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.pages.PitEquivalents;
import io.cursorcheck.properties.pages.PitMutations;
import io.cursorcheck.properties.pages.PitPage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PIT on {@code impl}: runs {@link #MAVEN} (the {@code pit} profile of {@code properties/}) from the
 * project root, reads the {@code mutations.xml} it leaves in {@code properties/target/pit-reports/},
 * and writes {@code reports/pit.md} and {@code pit.json}. Maven's output goes to
 * {@code target/pit.log}. Passes when PIT ran and every survivor on
 * {@link PitPage#FOCUS} is argued equivalent.
 */
public final class PitCommand implements Part {

    /** The Maven command line, run from the project root. */
    static final List<String> MAVEN = List.of("mvn", "-B", "-Ppit", "verify", "-pl", "properties", "-am");

    @Override
    public String name() {
        return "mutants (PIT)";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws IOException, InterruptedException {
        Path root = SourceTree.root();
        Path mavenLog = root.resolve("target/pit.log");
        Files.createDirectories(mavenLog.getParent());
        Path xml = root.resolve("properties/target/pit-reports/mutations.xml");
        Files.deleteIfExists(xml); // a stale file must not pass for this run's
        String command = String.join(" ", MAVEN);
        log.printf("pit: %s (several minutes; log %s)%n", command, Reports.relative(mavenLog));
        long start = System.currentTimeMillis();
        Process p = ChildProcesses.start(new ProcessBuilder(MAVEN)
                .directory(root.toFile())
                .redirectErrorStream(true)
                .redirectOutput(mavenLog.toFile()));
        int exit = p.waitFor();
        long millis = System.currentTimeMillis() - start;
        if (exit != 0 || !Files.exists(xml)) {
            String problem = "PIT failed (exit " + exit + "); see " + Reports.relative(mavenLog);
            return new Verdict(
                    false,
                    problem,
                    "## Mutants: PIT\n\n**FAILED**: " + problem + "\n",
                    Map.of(),
                    List.of(problem),
                    millis);
        }
        List<PitMutations.Mutation> mutations = PitMutations.read(xml);
        PitEquivalents equivalents = PitEquivalents.load();
        List<String> sources = new ArrayList<>();
        List<String> arguments = new ArrayList<>();
        Map<String, List<String>> files = new HashMap<>();
        for (PitMutations.Mutation m : mutations) {
            List<String> lines = files.computeIfAbsent(m.topClass(), c -> source(root, c));
            String line = m.line() >= 1 && m.line() <= lines.size()
                    ? lines.get(m.line() - 1).strip()
                    : "";
            sources.add(line);
            arguments.add(m.detected() ? null : equivalents.argument(m, line));
        }
        PitPage.Run run = new PitPage.Run(mutations, sources, arguments, command, millis);
        Path page = reports.dir().resolve("pit.md");
        Files.createDirectories(page.getParent());
        Files.writeString(page, PitPage.markdown(run), StandardCharsets.UTF_8);
        Files.writeString(reports.dir().resolve("pit.json"), Json.write(PitPage.json(run)), StandardCharsets.UTF_8);
        List<String> problems = new ArrayList<>();
        for (int i : run.unexplained()) {
            PitMutations.Mutation m = mutations.get(i);
            problems.add("PIT mutant of " + PitPage.FOCUS + " survives with no argument: line " + m.line() + " ("
                    + m.method() + "), " + m.description() + ": " + sources.get(i));
        }
        String summary = PitPage.summary(run);
        log.println(summary);
        problems.forEach(x -> log.println("  PROBLEM: " + x));
        reports.whenPublished(log, "pit: report " + Reports.relative(page));
        Map<String, Object> json = new LinkedHashMap<>(PitPage.json(run));
        json.remove("survivors");
        json.put("report", Reports.relative(page));
        String md = "## Mutants: PIT\n\n" + summary + ". Per class, and every survivor with its argument: [pit.md]"
                + "(pit.md).\n";
        return new Verdict(problems.isEmpty(), summary, md, json, problems, millis);
    }

    private static List<String> source(Path root, String topClass) {
        Path file = root.resolve("impl/src/main/java/io/cursorcheck/impl/" + topClass + ".java");
        try {
            return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }
}
