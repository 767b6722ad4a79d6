package io.cursorcheck.bench;

import io.cursorcheck.properties.report.MarkdownTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * Renders one run: {@code index.md} (the targets as judged, the steady-state section, ns per operation by
 * pattern with bytes allocated, the PR's workload in MiB/s) and one SVG chart per pattern. It judges nothing.
 */
final class BenchPage {

    private final BenchResults results;
    private final List<BenchVerdict> verdicts;

    BenchPage(BenchResults results, List<BenchVerdict> verdicts) {
        this.results = results;
        this.verdicts = verdicts;
    }

    /**
     * Writes {@code index.md} and the charts into {@code dir}.
     *
     * @return the page
     */
    Path write(Path dir, BenchReport.Context context) throws IOException {
        Files.createDirectories(dir);
        for (Pattern p : Pattern.values()) {
            Files.writeString(
                    dir.resolve(chartName(p)),
                    Chart.svg(p + ": cost per operation", series(p)),
                    StandardCharsets.UTF_8);
        }
        Path page = dir.resolve("index.md");
        Files.writeString(page, markdown(context), StandardCharsets.UTF_8);
        return page;
    }

    private static String chartName(Pattern p) {
        return p.name().toLowerCase(Locale.ROOT).replace('_', '-') + ".svg";
    }

    private Map<String, List<double[]>> series(Pattern p) {
        Map<String, List<double[]>> s = new LinkedHashMap<>();
        for (String t : BenchRun.TARGETS) {
            List<double[]> points = new ArrayList<>();
            for (int n : results.consumers(p)) {
                JmhJson.Result r = results.result(p, t, n);
                if (r != null && r.score() > 0) {
                    points.add(new double[] {n, r.score()});
                }
            }
            s.put(t, points);
        }
        return s;
    }

    String markdown(BenchReport.Context c) {
        StringBuilder b = new StringBuilder("# Benchmarks: the cost of tracking the minimum cursor\n\n");
        b.append("Made by `")
                .append(c.command())
                .append("` (profile **")
                .append(c.profile())
                .append("**, ")
                .append(results.all().size())
                .append(" benchmarks, ")
                .append(String.format(Locale.ROOT, "%.1f", c.minutes()))
                .append(" minutes), started ")
                .append(c.started())
                .append(". Every number on this page comes from that run; ratios compare"
                        + " results of the same run.\n\n");
        if (!c.note().isEmpty()) {
            b.append("**Conditions**: ").append(c.note()).append("\n\n");
        }
        JmhJson.Result any = results.all().isEmpty() ? null : results.all().get(0);
        MarkdownTable facts = MarkdownTable.of("", "").row("Machine", MarkdownTable.text(c.machine()));
        if (any != null) {
            Map<String, String> h = any.header();
            facts.row(
                    "JDK",
                    MarkdownTable.text(h.getOrDefault("vmName", "?") + ' ' + h.getOrDefault("vmVersion", "?") + " ("
                            + h.getOrDefault("jdkVersion", "?") + ")"));
            // the settings of each benchmark class (CATCHUP warms up longer: BenchRun.CATCHUP_SETTINGS)
            Map<String, java.util.Set<String>> settings = new java.util.TreeMap<>();
            for (JmhJson.Result r : results.all()) {
                Map<String, String> rh = r.header();
                settings.computeIfAbsent(
                                rh.getOrDefault("forks", "?") + " fork(s), "
                                        + rh.getOrDefault("warmupIterations", "?") + " x "
                                        + rh.getOrDefault("warmupTime", "?")
                                        + " warmup, " + rh.getOrDefault("measurementIterations", "?") + " x "
                                        + rh.getOrDefault("measurementTime", "?") + " measurement",
                                k -> new java.util.TreeSet<>())
                        .add(r.benchmark().substring(0, r.benchmark().indexOf('.')));
            }
            List<String> each = new ArrayList<>();
            settings.forEach((k, classes) -> each.add(k + " (" + String.join(", ", classes) + ")"));
            facts.row(
                    "JMH",
                    MarkdownTable.text(h.getOrDefault("jmhVersion", "?") + "; " + String.join("; ", each))
                            + "; average time, `-prof gc`, JVM args "
                            + MarkdownTable.code(h.getOrDefault("jvmArgs", "?")));
        }
        facts.row("A JMH command as run", MarkdownTable.code(c.jmhCommand()));
        b.append(facts).append('\n');

        b.append("## Targets\n\nComputed from this run's numbers (ratios of two results of the run). Each ratio is"
                + " shown as the ratio of the two results' medians over their measurement iterations, then in brackets"
                + " the smallest and the largest ratio over every pair of fork medians (each result runs in "
                + BenchRun.FORKS + " JVMs; a fork's median is the median of its iterations): the spread between the"
                + " run's JVMs, which one JVM's iterations do not show, but no confidence interval, since two forks"
                + " run one after the other can share a level the next run does not. A target is **met** only when"
                + " the whole interval clears it, **not met** only when the whole interval misses it, and"
                + " **undecided** otherwise. A result that is NOT STEADY (below) is kept out of every verdict: a"
                + " target that needs one is **not judged**. A row that begins \"" + BenchVerdict.FOR_THE_RECORD.trim()
                + "\" is no"
                + " target: a definition replaced because its pattern cannot test its claim, judged as before so"
                + " that its result stays on the record.\n\n");
        MarkdownTable targets = MarkdownTable.of("target", "measured", "verdict", "why");
        for (BenchVerdict v : verdicts) {
            targets.row(v.target(), v.measured(), v.outcome().shown(), v.why());
        }
        b.append(targets);
        steadySection(b);
        b.append("\n## Cost per operation, by access pattern\n\n");
        b.append("Single-threaded; ns per operation (one consumer advance, with its share of the writes the"
                + " pattern needs), then bytes allocated per operation in parentheses. `floor-physical`: a cursor"
                + " increment and a slot read on bare arrays. `floor-api`: the same calls through our API on"
                + " the shared core with an empty tracker (`ApiFloor`), which tracks nothing (the workload, which"
                + " knows every cursor, tells it where"
                + " to trim wherever a tracker would trim, so the drop itself is timed for both); the gap between a variant and `floor-api` is exactly its tracking. A dash: not"
                + " run in this profile (the model is O(consumers) per advance by design, and its JUMP, CHURN and"
                + " CATCHUP setups are O(n^3), so the full profile runs it beyond 256 consumers only in LOCKSTEP,"
                + " RANDOM and DROP_OLDEST_STALLED, and the quick profile beyond 4 only in LOCKSTEP).\n\n");
        for (Pattern p : Pattern.values()) {
            TreeSet<Integer> ns = results.consumers(p);
            if (ns.isEmpty()) {
                continue;
            }
            b.append("### ").append(p).append("\n\n").append(p.description()).append(".\n\n");
            if (p == Pattern.CATCHUP) {
                b.append("Bytes per operation here include the untimed setup's: JMH's GC profiler counts the whole"
                        + " iteration, and each catch-up of 256 reads follows 256 reads by each other consumer, so"
                        + " subtract about (consumers - 1) times a LOCKSTEP read's bytes.\n\n");
            }
            b.append("![").append(p).append("](").append(chartName(p)).append(")\n\n");
            List<String> heads = new ArrayList<>(List.of("consumers"));
            heads.addAll(BenchRun.TARGETS);
            MarkdownTable table = MarkdownTable.of(heads.toArray(String[]::new))
                    .align(
                            MarkdownTable.Align.RIGHT,
                            IntStream.range(0, heads.size()).toArray());
            for (int n : ns) {
                List<Object> cells = new ArrayList<>(List.of(n));
                for (String t : BenchRun.TARGETS) {
                    JmhJson.Result r = results.result(p, t, n);
                    cells.add(r == null ? "-" : cell(r) + results.mark(r));
                }
                table.row(cells.toArray());
            }
            b.append(table).append('\n');
        }
        streamSection(b);
        b.append("## How to rerun\n\n");
        b.append(
                "```\nbin/cursorcheck bench --quick   # the quick profile, 112 benchmarks, about 18 minutes on 2 cores\n"
                        + "bin/cursorcheck bench           # the full matrix, 462 benchmarks, about 75 minutes\n```\n\n");
        b.append("JMH's JSON and logs stay under `target/bench/`. A benchmark runs on its own too:"
                + " `java -cp <classpath> org.openjdk.jmh.Main AdvanceBenchmark -p target=wheel -p pattern=JUMP`.\n");
        return b.toString();
    }

    private void steadySection(StringBuilder b) {
        b.append("\n## Steady state\n\n");
        b.append(String.format(
                Locale.ROOT,
                "A result is steady when each of its forks has at least %d measurement"
                        + " iterations, and the median of the first halves of its forks' iterations and the median of their"
                        + " second halves differ by at most %.0f%% of the smaller (a JIT still compiling slows the first half"
                        + " of every fork; the machine's phases fall anywhere in one, and pooling the forks' halves keeps them"
                        + " from passing for a trend; JMH's JSON keeps no warm-up iterations, so the rule looks at the"
                        + " measurement ones, after the warm-up above). ",
                SteadyState.MIN_ITERATIONS,
                100 * SteadyState.TOLERANCE));
        List<JmhJson.Result> unsteady = results.all().stream()
                .filter(r -> !results.steadiness(r).steady())
                .toList();
        if (unsteady.isEmpty()) {
            b.append("Every one of the ").append(results.all().size()).append(" results is steady.\n");
            return;
        }
        b.append(unsteady.size())
                .append(" of ")
                .append(results.all().size())
                .append(" results are NOT STEADY")
                .append(
                        results.failedCount() == 0
                                ? ""
                                : " or FAILED (" + results.failedCount() + " FAILED: JMH reported an error in"
                                        + " the run, so their iterations are no measurement)")
                .append(", marked so in the tables and kept out of every target:\n\n");
        MarkdownTable t =
                MarkdownTable.of("result", "measurement iterations, in the order run (forks apart: /)", "why");
        for (JmhJson.Result r : unsteady) {
            String who = r.benchmark().startsWith("Stream")
                    ? r.param("target") + " stream n=" + r.param("consumers") + " " + r.param("runBytes") + " B"
                    : BenchResults.name(r);
            t.row(
                    who,
                    r.forks().stream()
                                    .map(fork -> fork.stream()
                                            .map(BenchResults::ns)
                                            .collect(java.util.stream.Collectors.joining(", ")))
                                    .collect(java.util.stream.Collectors.joining(" / "))
                            + " " + r.unit(),
                    results.steadiness(r).why());
        }
        b.append(t);
    }

    private void streamSection(StringBuilder b) {
        if (results.stream().isEmpty()) {
            return;
        }
        b.append("## The PR's workload, done right\n\n");
        b.append("A writer pushes 1 MiB or 16 MiB per run in 64 KiB entries under STRICT with a 256 KiB budget; a"
                + " refused `writeSync` is not counted: the consumers drain and the same entry is written again."
                + " Each run checks that every consumer read every entry. MiB/s is MiB written per second, each"
                + " delivered to every consumer. Entries are sizes only (the payload is opaque to the cursor"
                + " logic), so this measures the bookkeeping per 64 KiB chunk, not memory bandwidth.\n\n");
        List<String> targets = BenchRun.TARGETS.stream()
                .filter(t -> results.stream().keySet().stream().anyMatch(k -> k.startsWith(t + "/")))
                .toList();
        TreeSet<String> rows = new TreeSet<>((x, y) -> {
            String[] a = x.split("/");
            String[] c = y.split("/");
            int cmp = Long.compare(Long.parseLong(a[1]), Long.parseLong(c[1]));
            return cmp != 0 ? cmp : Integer.compare(Integer.parseInt(a[0]), Integer.parseInt(c[0]));
        });
        results.stream().values().forEach(r -> rows.add(r.param("consumers") + "/" + r.param("runBytes")));
        List<String> heads = new ArrayList<>(List.of("consumers", "run"));
        targets.forEach(t -> heads.add(t + " MiB/s"));
        MarkdownTable table = MarkdownTable.of(heads.toArray(String[]::new))
                .align(
                        MarkdownTable.Align.RIGHT,
                        IntStream.range(0, heads.size()).toArray());
        for (String row : rows) {
            String[] a = row.split("/");
            long bytes = Long.parseLong(a[1]);
            List<Object> cells = new ArrayList<>(List.of(a[0], (bytes >> 20) + " MiB"));
            for (String t : targets) {
                JmhJson.Result r = results.stream().get(t + "/" + row);
                cells.add(
                        r == null
                                ? "-"
                                : String.format(
                                                Locale.ROOT,
                                                "%,.0f",
                                                (bytes / 1048576.0) / (r.score() * unitSeconds(r.unit())))
                                        + results.mark(r));
            }
            table.row(cells.toArray());
        }
        b.append(table).append('\n');
    }

    private static double unitSeconds(String unit) {
        return switch (unit) {
            case "ns/op" -> 1e-9;
            case "us/op" -> 1e-6;
            case "ms/op" -> 1e-3;
            case "s/op" -> 1;
            default -> throw new IllegalArgumentException("unexpected unit " + unit);
        };
    }

    private static String cell(JmhJson.Result r) {
        String s = BenchResults.ns(r.score());
        if (!Double.isNaN(r.allocated())) {
            s += String.format(Locale.ROOT, " (%.0f B)", r.allocated());
        }
        return s;
    }
}
