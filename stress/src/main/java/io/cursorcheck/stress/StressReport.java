package io.cursorcheck.stress;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.report.MarkdownTable;
import io.cursorcheck.properties.source.SourceTree;
import java.io.File;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Mode;

/**
 * {@code reports/stress/<date>-<mode>.md}: the command, JVM and machine, the gate's findings (missing
 * pairs, under-sampled pairs, uncaught twins, errors, each by name), a verdict per declared test and
 * subject, each test's outcome table (counts and frequencies, summed over forks and JVM
 * configurations), and how reliably each racy twin was caught when the run was repeated.
 */
public final class StressReport {

    private StressReport() {}

    /**
     * A path or a command line as a page shows it: relative to the project root, whose absolute path
     * (this checkout's, on this machine) a committed page must not name; the root itself, the value
     * of {@code -Dcursorcheck.root}, shows as {@code <project root>}.
     */
    static String underRoot(String text) {
        String root = SourceTree.root().toString();
        return text.replaceAll("=" + Pattern.quote(root) + "(?=\\s|$)", "=<project root>")
                .replace(root + File.separator, "");
    }

    /** The page for one or more runs with the same settings (more than one: a reliability measurement). */
    public static String markdown(List<StressRun.Result> runs, String command, String machine) {
        StressRun.Result first = runs.get(0);
        StringBuilder b = new StringBuilder();
        List<StressGate.Grade> grades =
                runs.stream().map(StressRun.Result::grade).toList();
        boolean passed = grades.stream().allMatch(StressGate.Grade::passed);
        b.append("# Stress run: ").append(first.mode().name().toLowerCase()).append("\n\n");
        b.append(
                passed
                        ? "**Passed**: every declared (test, subject) pair ran with at least its floor of samples, every"
                                + " test of a real variant saw only acceptable outcomes, and every racy twin was caught by a test of its"
                                + " own" + (runs.size() > 1 ? ", in every run" : "") + ".\n\n"
                        : "**FAILED**: see the gate's findings below.\n\n");
        b.append(MarkdownTable.of("", "")
                        .row("Started", first.started().toString().replaceAll("\\.\\d+Z$", "Z"))
                        .row("Command", MarkdownTable.code(command))
                        .row(
                                "jcstress",
                                MarkdownTable.code(underRoot(String.join(
                                        " ",
                                        first.command()
                                                .subList(3, first.command().size())))))
                        .row(
                                "JVM",
                                MarkdownTable.text(
                                        System.getProperty("java.vm.name") + ' ' + System.getProperty("java.version")))
                        .row("Machine", MarkdownTable.text(machine))
                        .row(
                                "Runs",
                                runs.size() + ", "
                                        + String.format(
                                                "%.0f s",
                                                runs.stream()
                                                                .mapToLong(r -> r.duration()
                                                                        .toSeconds())
                                                                .sum()
                                                        * 1.0)
                                        + " in all")
                        .row(
                                "jcstress report",
                                MarkdownTable.code(underRoot(first.html().toString())) + " (and its console log "
                                        + MarkdownTable.code(
                                                underRoot(first.log().toString())) + ")"))
                .append('\n');

        gate(b, runs, grades);

        b.append("## Verdicts\n\n");
        MarkdownTable verdicts = MarkdownTable.of(
                        "test", "subject", "verdict", "runs with a forbidden outcome", "samples", "floor")
                .right(3, 4, 5);
        Map<String, StressRun.TestVerdict> ran = new LinkedHashMap<>();
        first.tests().forEach(t -> ran.put(t.name(), t));
        for (DeclaredTests.Pair p : first.expected()) {
            StressRun.TestVerdict t = ran.get(p.name());
            String floor = (t != null && StressGate.exemptFromFloor(p, t)
                            ? "none: a stale sample ended each run"
                            : String.format("%,d", StressGate.floor(p.mode())))
                    + (p.twin() ? String.format(" (%,d unless caught)", StressGate.twinFloor(p.twinId())) : "");
            if (t == null) {
                verdicts.row(p.test(), p.subject(), "**MISSING** (did not run)", "", "", floor);
            } else {
                String verdict = !t.errors().isEmpty()
                        ? "**ERROR**"
                        : t.twin()
                                ? (t.caught() ? "caught (as it must be)" : "not caught here")
                                : t.forbiddenSeen() ? "**FAILED**" : "passed";
                boolean thin = first.grade().underSampled().stream()
                        .anyMatch(u -> u.pair().equals(p));
                verdicts.row(
                        p.test(),
                        p.subject(),
                        verdict + (thin ? ", **too short** (under-sampled)" : ""),
                        t.failedRuns() + " of " + t.runs(),
                        String.format("%,d", t.samples()),
                        floor);
            }
        }
        b.append(verdicts).append('\n');

        b.append(
                "## Racy twins\n\nEach twin is the real class with one patch (the mutant catalogue's `racy-twins.json`"
                        + " in `mutants/src/main/resources/`); single-threaded it behaves like the real one, so only these tests can see it.\n\n");
        MarkdownTable twins = MarkdownTable.of("twin", "bug", "caught in");
        Map<String, Integer> caught = new TreeMap<>();
        for (StressGate.Grade g : grades) {
            g.twinsCaught().forEach((twin, yes) -> caught.merge(twin, yes ? 1 : 0, Integer::sum));
        }
        for (Mutant m : StressRun.twins()) {
            if (!caught.containsKey(m.id())) {
                continue;
            }
            twins.row(
                    MarkdownTable.code(m.id()),
                    MarkdownTable.text(m.description()),
                    caught.get(m.id()) + " of " + runs.size() + " run(s)");
        }
        b.append(twins).append('\n');
        b.append("Per test: in how many runs each twin's test caught it (a forbidden outcome, every run of the test"
                + " complete; a twin counts as caught in a run when any test that declares it as a subject did).\n\n");
        // Keyed by (test, twin) in that order, so the table reads sorted by test, then twin, as before.
        Map<List<String>, Integer> perTest =
                new TreeMap<>(java.util.Comparator.<List<String>, String>comparing(k -> k.get(0))
                        .thenComparing(k -> k.get(1)));
        for (StressRun.Result r : runs) {
            for (StressRun.TestVerdict t : r.tests()) {
                if (t.twin()) {
                    perTest.merge(List.of(t.test(), t.twinId()), t.caught() ? 1 : 0, Integer::sum);
                }
            }
        }
        MarkdownTable twinTests = MarkdownTable.of("test", "twin", "caught in");
        perTest.forEach((key, n) ->
                twinTests.row(key.get(0), MarkdownTable.code(key.get(1)), n + " of " + runs.size() + " run(s)"));
        b.append(twinTests).append('\n');

        b.append("## Outcomes\n\nCounts over all forks and JVM configurations")
                .append(runs.size() > 1 ? " of the first run" : "")
                .append(". Every outcome names the invariant it guards; any outcome not listed is forbidden.\n\n");
        Map<String, List<StressRun.TestVerdict>> byTest = new LinkedHashMap<>();
        for (StressRun.TestVerdict t : first.tests()) {
            byTest.computeIfAbsent(t.test(), k -> new java.util.ArrayList<>()).add(t);
        }
        byTest.forEach((test, subjects) -> {
            b.append("### ").append(test).append("\n\n");
            for (StressRun.TestVerdict t : subjects) {
                b.append("**")
                        .append(t.subject())
                        .append("**")
                        .append(t.twin() ? " (racy twin `" + t.twinId() + "`)" : "")
                        .append("\n\n");
                MarkdownTable outcomes = MarkdownTable.of("outcome", "expect", "count", "frequency", "meaning")
                        .right(2, 3);
                long total = Math.max(1, t.samples());
                for (StressRun.Observed o : t.outcomes()) {
                    boolean bad = o.expect() == Expect.FORBIDDEN && o.count() > 0;
                    outcomes.row(
                            MarkdownTable.code(o.id()),
                            o.expect(),
                            MarkdownTable.bold(String.format("%,d", o.count()), bad),
                            String.format("%.4f%%", 100.0 * o.count() / total),
                            MarkdownTable.text(o.description()));
                }
                b.append(outcomes);
                for (String e : t.errors()) {
                    b.append("\nError: ").append(e).append('\n');
                }
                b.append('\n');
            }
        });
        return b.toString();
    }

    /**
     * The gate's findings: what it expects, its floors, and by name every missing pair, under-sampled
     * pair, uncaught twin, error and real failure of each run.
     */
    private static void gate(StringBuilder b, List<StressRun.Result> runs, List<StressGate.Grade> grades) {
        StressRun.Result first = runs.get(0);
        long twins = first.expected().stream()
                .filter(DeclaredTests.Pair::twin)
                .map(DeclaredTests.Pair::twinId)
                .distinct()
                .count();
        b.append("## The gate\n\nIt expects every (test, subject) pair the `@JCStressTest` classes declare")
                .append(first.filter() == null ? "" : " that the filter `" + first.filter() + "` selects")
                .append(": ")
                .append(first.expected().size())
                .append(" pairs, ")
                .append(twins)
                .append(" racy twins. Each pair must run" + " with at least ")
                .append(String.format("%,d", StressGate.MIN_SAMPLES_CONTINUOUS))
                .append(" samples (continuous tests) or ")
                .append(String.format("%,d", StressGate.MIN_SAMPLES_TERMINATION))
                .append(" (termination tests, unless a forbidden outcome ended the run); every run must complete"
                        + " normally; no real variant may see a forbidden outcome; every twin must see one in a test that"
                        + " declares it as a subject. A twin not caught is a verdict only once every pair of its own ran its"
                        + " twin floor (the samples at which its measured rate gives ")
                .append(StressGate.EXPECTED_CATCHES)
                .append(
                        " expected catches: missed with probability below one in a million); a pair below its floor, or a"
                                + " twin below its twin floor, is *too short*, and the run reruns exactly those pairs, at most ")
                .append(StressRun.MAX_EXTRA_ROUNDS)
                .append(" more rounds, summing the rounds; what is still too short then fails the gate as too short, no"
                        + " verdict on the subject. ");
        b.append("Samples per pair (all rounds) in the first run: continuous tests ")
                .append(spread(first, Mode.Continuous))
                .append("; termination tests ")
                .append(spread(first, Mode.Termination))
                .append(".\n\n");
        for (int i = 0; i < runs.size(); i++) {
            StressGate.Grade g = grades.get(i);
            String run = runs.size() > 1 ? "Run " + (i + 1) + ": " : "";
            String rounds = rounds(runs.get(i));
            if (g.passed()) {
                b.append("- ")
                        .append(run)
                        .append("every expectation met")
                        .append(rounds)
                        .append(".\n");
                continue;
            }
            if (!rounds.isEmpty()) {
                b.append("- ").append(run).append(rounds.substring(2)).append(".\n");
            }
            list(
                    b,
                    run + "missing pairs (declared, did not run)",
                    g.missing().stream().map(DeclaredTests.Pair::shortName).toList());
            list(
                    b,
                    run + "too short: under-sampled pairs (no verdict on the subject)",
                    g.underSampled().stream()
                            .map(u -> String.format(
                                    "%s (%,d samples, floor %,d)", u.pair().shortName(), u.samples(), u.floor()))
                            .toList());
            list(
                    b,
                    run + "too short: twins not caught below their twin floor (no verdict on the twin)",
                    g.tooShortTwins().stream()
                            .map(t -> String.format(
                                    "%s (fewest %,d samples, twin floor %,d)", t.twin(), t.fewest(), t.floor()))
                            .toList());
            list(b, run + "uncaught twins", g.uncaughtTwins());
            list(
                    b,
                    run + "errors (a run did not complete normally)",
                    g.errors().stream()
                            .map(t -> t.test() + "." + t.subject() + ": " + String.join("; ", t.errors()))
                            .toList());
            list(
                    b,
                    run + "real variants with a forbidden outcome",
                    g.realFailures().stream()
                            .map(t -> t.test() + "." + t.subject())
                            .toList());
            list(b, run + "tests that ran but are not expected", g.unexpected());
            if (g.expected().isEmpty()) {
                b.append("- **").append(run).append("no declared test was selected**\n");
            }
        }
        b.append('\n');
    }

    /** {@code ", after N more round(s) over: pairs"} when the run needed more than its first round, else empty. */
    static String rounds(StressRun.Result r) {
        if (r.rounds().size() <= 1) {
            return "";
        }
        StringBuilder b = new StringBuilder(", after ")
                .append(r.rounds().size() - 1)
                .append(" more round(s) over the pairs left too short:");
        for (StressRun.Round round : r.rounds().subList(1, r.rounds().size())) {
            b.append(" round ")
                    .append(round.number())
                    .append(" ")
                    .append(String.join(", ", round.pairs()))
                    .append(String.format(" (%d s);", round.duration().toSeconds()));
        }
        return b.substring(0, b.length() - 1);
    }

    /** Min, median and max samples of the expected pairs of one mode that ran, or {@code none}. */
    static String spread(StressRun.Result r, Mode mode) {
        Map<String, StressRun.TestVerdict> ran = new LinkedHashMap<>();
        r.tests().forEach(t -> ran.put(t.name(), t));
        long[] samples = r.expected().stream()
                .filter(p -> p.mode() == mode && ran.containsKey(p.name()))
                .mapToLong(p -> ran.get(p.name()).samples())
                .sorted()
                .toArray();
        return samples.length == 0
                ? "none"
                : String.format(
                        "min %,d, median %,d, max %,d (%d pairs)",
                        samples[0], samples[samples.length / 2], samples[samples.length - 1], samples.length);
    }

    private static void list(StringBuilder b, String heading, List<String> items) {
        if (!items.isEmpty()) {
            b.append("- **")
                    .append(heading)
                    .append("**: ")
                    .append(String.join(", ", items).replace("|", "\\|"))
                    .append('\n');
        }
    }
}
