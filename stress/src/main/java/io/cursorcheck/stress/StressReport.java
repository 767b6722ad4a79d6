package io.cursorcheck.stress;

import io.cursorcheck.properties.mutants.Mutant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jcstress.annotations.Expect;

/**
 * {@code reports/stress/<date>-<mode>.md}: the command, JVM and machine, a verdict per test and
 * subject, each test's outcome table (counts and frequencies, summed over forks and JVM
 * configurations), and how reliably each racy twin was caught when the run was repeated.
 */
public final class StressReport {

    private StressReport() {
    }

    /** The page for one or more runs with the same settings (more than one: a reliability measurement). */
    public static String markdown(List<StressRun.Result> runs, String command, String machine) {
        StressRun.Result first = runs.get(0);
        StringBuilder b = new StringBuilder();
        boolean passed = runs.stream().allMatch(StressRun.Result::passed);
        b.append("# Stress run: ").append(first.mode().name().toLowerCase()).append("\n\n");
        b.append(passed ? "**Passed**: every test of a real variant saw only acceptable outcomes, and every racy twin"
                + " was caught" + (runs.size() > 1 ? " in every run" : "") + ".\n\n"
                : "**FAILED**: see the verdicts below.\n\n");
        b.append("| | |\n|---|---|\n");
        b.append("| Started | ").append(first.started().toString().replaceAll("\\.\\d+Z$", "Z")).append(" |\n");
        b.append("| Command | `").append(command).append("` |\n");
        b.append("| jcstress | `").append(String.join(" ", first.command().subList(3, first.command().size())))
                .append("` |\n");
        b.append("| JVM | ").append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.version"))
                .append(" |\n");
        b.append("| Machine | ").append(machine).append(" |\n");
        b.append("| Runs | ").append(runs.size()).append(", ")
                .append(String.format("%.0f s", runs.stream().mapToLong(r -> r.duration().toSeconds()).sum() * 1.0))
                .append(" in all |\n");
        b.append("| jcstress report | `").append(first.html()).append("` (and its console log `").append(first.log())
                .append("`) |\n\n");

        b.append("## Verdicts\n\n| test | subject | verdict | runs with a forbidden outcome | samples |\n"
                + "|---|---|---|---:|---:|\n");
        for (StressRun.TestVerdict t : first.tests()) {
            String verdict = t.twin() ? (t.failed() ? "caught (as it must be)" : "not caught here")
                    : t.failed() ? "**FAILED**" : "passed";
            b.append("| ").append(t.test()).append(" | ").append(t.subject()).append(" | ").append(verdict).append(" | ")
                    .append(t.failedRuns()).append(" of ").append(t.runs()).append(" | ")
                    .append(String.format("%,d", t.samples())).append(" |\n");
        }
        b.append('\n');

        b.append("## Racy twins\n\nEach twin is the real class with one patch (`properties/.../mutants/Mutants.java`,"
                + " `RACY_TWINS`); single-threaded it behaves like the real one, so only these tests can see it.\n\n");
        b.append("| twin | bug | caught in |\n|---|---|---|\n");
        Map<String, Integer> caught = new TreeMap<>();
        for (StressRun.Result r : runs) {
            r.twinsCaught().forEach((twin, yes) -> caught.merge(twin, yes ? 1 : 0, Integer::sum));
        }
        for (Mutant m : StressRun.twins()) {
            if (!caught.containsKey(m.id())) {
                continue;
            }
            b.append("| `").append(m.id()).append("` | ").append(m.description()).append(" | ")
                    .append(caught.get(m.id())).append(" of ").append(runs.size()).append(" run(s) |\n");
        }
        b.append('\n');
        b.append("Per test: in how many runs each twin's test saw a forbidden outcome (a twin counts as caught in a"
                + " run when any of its tests did).\n\n| test | twin | caught in |\n|---|---|---|\n");
        Map<String, Integer> perTest = new TreeMap<>();
        for (StressRun.Result r : runs) {
            for (StressRun.TestVerdict t : r.tests()) {
                if (t.twin()) {
                    perTest.merge(t.test() + " | `" + t.twinId() + "`", t.failed() ? 1 : 0, Integer::sum);
                }
            }
        }
        perTest.forEach((key, n) -> b.append("| ").append(key).append(" | ").append(n).append(" of ").append(runs.size())
                .append(" run(s) |\n"));
        b.append('\n');

        b.append("## Outcomes\n\nCounts over all forks and JVM configurations").append(runs.size() > 1 ? " of the first run" : "")
                .append(". Every outcome names the invariant it guards; any outcome not listed is forbidden.\n\n");
        Map<String, List<StressRun.TestVerdict>> byTest = new LinkedHashMap<>();
        for (StressRun.TestVerdict t : first.tests()) {
            byTest.computeIfAbsent(t.test(), k -> new java.util.ArrayList<>()).add(t);
        }
        byTest.forEach((test, subjects) -> {
            b.append("### ").append(test).append("\n\n");
            for (StressRun.TestVerdict t : subjects) {
                b.append("**").append(t.subject()).append("**").append(t.twin() ? " (racy twin `" + t.twinId() + "`)" : "")
                        .append("\n\n| outcome | expect | count | frequency | meaning |\n|---|---|---:|---:|---|\n");
                long total = Math.max(1, t.samples());
                for (StressRun.Observed o : t.outcomes()) {
                    boolean bad = o.expect() == Expect.FORBIDDEN && o.count() > 0;
                    b.append("| `").append(o.id()).append("` | ").append(o.expect()).append(" | ")
                            .append(bad ? "**" : "").append(String.format("%,d", o.count())).append(bad ? "**" : "")
                            .append(" | ").append(String.format("%.4f%%", 100.0 * o.count() / total)).append(" | ")
                            .append(o.description().replace("|", "\\|")).append(" |\n");
                }
                for (String e : t.errors()) {
                    b.append("\nError: ").append(e).append('\n');
                }
                b.append('\n');
            }
        });
        return b.toString();
    }
}
