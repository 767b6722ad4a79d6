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
 * Turns JMH's JSON results into {@code reports/bench/index.md} and one SVG chart per pattern:
 * tables of ns per operation (and bytes allocated per operation, from JMH's GC profiler), the
 * PR's workload in MiB/s, and the targets, each met, not met or undecided as computed from
 * the run's own numbers (ratios within the same run, with their spread over the measurement
 * iterations: {@link RatioInterval}; the absolute numbers depend on the machine and its load).
 * Results that are not steady ({@link SteadyState}) are marked and judge no target.
 */
public final class BenchReport {

    /** The variants of the registry, in report order (the targets minus the floors). */
    private static final List<String> VARIANTS =
            BenchRun.TARGETS.stream().filter(t -> !t.startsWith("floor")).toList();

    private static final Map<String, String> WHY_SLOW = Map.of(
            "model", "rescans every consumer wherever a minimum is needed (by design)",
            "dirty-flag", "rescans every consumer on each read at or below the cached minimum",
            "cached-count", "rescans every consumer each time the last consumer at the minimum leaves it",
            "locked-count", "takes and releases a lock around every operation",
            "published-cursor", "lock-free reads pay volatile accesses and an atomic count; exclusive sections a lock",
            "wheel", "updates two slots per advance and walks the minimum over empty slots");

    private final List<JmhJson.Result> results;
    private final Map<String, JmhJson.Result> advance = new LinkedHashMap<>(); // pattern/target/n
    private final Map<String, JmhJson.Result> stream = new LinkedHashMap<>(); // target/n/bytes

    /**
     * What the page says about how it was made.
     *
     * @param profile    quick or full
     * @param command    the command that made it
     * @param machine    cores, OS, JVM of the launching machine
     * @param started    when the run started
     * @param minutes    how long it took
     * @param jmhCommand one JMH command line, as run
     * @param note       a sentence on the conditions (e.g. the machine was shared), or empty
     */
    public record Context(
            String profile,
            String command,
            String machine,
            String started,
            double minutes,
            String jmhCommand,
            String note) {}

    /** How a row kept for the record, not a target, begins: a definition replaced because it cannot test its claim. */
    public static final String FOR_THE_RECORD = "for the record, the old definition: ";

    /** One target of the issue, evaluated. */
    public record Verdict(String target, String measured, Outcome outcome, String why) {

        /** Whether this row is kept for the record only ({@link #FOR_THE_RECORD}): it counts as no target. */
        public boolean forTheRecord() {
            return target.startsWith(FOR_THE_RECORD);
        }
    }

    /** Results JMH reported a failure for (their partial iterations are no measurement), with the failure. */
    private final Map<JmhJson.Result, String> failed = new java.util.IdentityHashMap<>();

    private BenchReport(List<JmhJson.Result> results, List<BenchRun.Failure> failures) {
        this.results = results;
        for (BenchRun.Failure f : failures) {
            results.stream()
                    .filter(r ->
                            r.benchmark().equals(f.benchmark()) && r.params().equals(f.params()))
                    .forEach(r -> failed.put(r, f.what()));
        }
        for (JmhJson.Result r : results) {
            if (r.benchmark().equals("AdvanceBenchmark.advance")) {
                advance.put(r.param("pattern") + "/" + r.param("target") + "/" + r.param("consumers"), r);
            } else if (r.benchmark().equals("CatchupBenchmark.catchup")) {
                advance.put("CATCHUP/" + r.param("target") + "/" + r.param("consumers"), r);
            } else if (r.benchmark().equals("StreamBenchmark.run")) {
                stream.put(r.param("target") + "/" + r.param("consumers") + "/" + r.param("runBytes"), r);
            }
        }
    }

    /**
     * Reads JMH JSON files.
     *
     * @throws IllegalArgumentException naming the file, if one is not JMH's JSON
     */
    public static BenchReport read(List<Path> jsonFiles) throws IOException {
        return read(jsonFiles, List.of());
    }

    /**
     * Reads JMH JSON files; a result named in {@code failures} (JMH's log reported it failed) is marked FAILED on
     * the page and judges no target, however many iterations it kept.
     *
     * @throws IllegalArgumentException naming the file, if one is not JMH's JSON
     */
    public static BenchReport read(List<Path> jsonFiles, List<BenchRun.Failure> failures) throws IOException {
        List<JmhJson.Result> all = new ArrayList<>();
        for (Path f : jsonFiles) {
            try {
                all.addAll(JmhJson.results(Files.readString(f, StandardCharsets.UTF_8)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(f + ": " + e.getMessage(), e);
            }
        }
        return new BenchReport(all, failures);
    }

    /** Benchmarks read. */
    public int size() {
        return results.size();
    }

    /** Benchmarks read that are NOT STEADY ({@link SteadyState}), the FAILED ones not counted. */
    public int unsteady() {
        return (int) results.stream()
                .filter(r -> !failed.containsKey(r) && !steadiness(r).steady())
                .count();
    }

    /** Benchmarks read that JMH reported as failed. */
    public int failed() {
        return failed.size();
    }

    /** " (FAILED)" when one of a point's results failed: a list of points not judged must not call it NOT STEADY. */
    private String failedMark(JmhJson.Result a, JmhJson.Result b) {
        return failed.containsKey(a) || failed.containsKey(b) ? " (FAILED)" : "";
    }

    /** How a table cell marks a result that judges no target: FAILED, NOT STEADY, or nothing. */
    private String mark(JmhJson.Result r) {
        return failed.containsKey(r) ? " FAILED" : steadiness(r).steady() ? "" : " NOT STEADY";
    }

    /**
     * Writes {@code index.md} and the charts into {@code dir}.
     *
     * @return the page
     */
    public Path write(Path dir, Context context) throws IOException {
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

    /** ns per operation, NaN if not measured. */
    double ns(Pattern p, String target, int consumers) {
        JmhJson.Result r = advance.get(p + "/" + target + "/" + consumers);
        return r == null ? Double.NaN : r.score();
    }

    private TreeSet<Integer> consumers(Pattern p) {
        TreeSet<Integer> set = new TreeSet<>();
        advance.values().stream()
                .filter(r -> key(r).equals(p.name()))
                .forEach(r -> set.add(Integer.parseInt(r.param("consumers"))));
        return set;
    }

    private static String key(JmhJson.Result r) {
        return r.benchmark().startsWith("Catchup") ? "CATCHUP" : r.param("pattern");
    }

    private Map<String, List<double[]>> series(Pattern p) {
        Map<String, List<double[]>> s = new LinkedHashMap<>();
        for (String t : BenchRun.TARGETS) {
            List<double[]> points = new ArrayList<>();
            for (int n : consumers(p)) {
                double v = ns(p, t, n);
                if (!Double.isNaN(v) && v > 0) {
                    points.add(new double[] {n, v});
                }
            }
            s.put(t, points);
        }
        return s;
    }

    // ---------------------------------------------------------------- targets

    /** A target's verdict: met and not met only when the whole spread agrees ({@link RatioInterval}). */
    public enum Outcome {
        /** The whole interval of every ratio judged clears the target. */
        MET("met"),
        /** The whole interval of a ratio judged misses the target. */
        NOT_MET("**not met**"),
        /** An interval straddles the target: this run cannot tell. */
        UNDECIDED("undecided"),
        /** Measured, but a result it needs is NOT STEADY ({@link SteadyState}): kept out of the verdict. */
        NOT_JUDGED("not judged"),
        /** The profile did not run what the target needs. */
        NOT_MEASURED("not measured");

        private final String shown;

        Outcome(String shown) {
            this.shown = shown;
        }

        /** How the page shows it. */
        public String shown() {
            return shown;
        }
    }

    /** The steady-state rule's answer for one result (memoised: every table and target asks). */
    SteadyState.Check steadiness(JmhJson.Result r) {
        if (failed.containsKey(r)) { // a crash is no measurement: never steady, whatever iterations it kept
            return new SteadyState.Check(false, "FAILED: JMH reported " + failed.get(r));
        }
        return steadiness.computeIfAbsent(r, x -> SteadyState.checkForks(x.forks()));
    }

    private final Map<JmhJson.Result, SteadyState.Check> steadiness = new java.util.IdentityHashMap<>();

    /** The result of {@code target} at {@code consumers} in {@code p}, or null. */
    private JmhJson.Result result(Pattern p, String target, int consumers) {
        return advance.get(p + "/" + target + "/" + consumers);
    }

    /**
     * One ratio a target is judged on, {@code numerator / denominator}: its interval, or why there is
     * none (not measured: both null; not steady: {@code notJudged} names the results).
     */
    private record Ratio(RatioInterval interval, String notJudged, boolean measured) {}

    private Ratio ratio(JmhJson.Result numerator, JmhJson.Result denominator) {
        if (numerator == null || denominator == null) {
            return new Ratio(null, null, false);
        }
        List<String> unsteady = new ArrayList<>();
        for (JmhJson.Result r : List.of(numerator, denominator)) {
            SteadyState.Check c = steadiness(r);
            if (!c.steady()) {
                unsteady.add(name(r) + (failed.containsKey(r) ? " FAILED (" : " is NOT STEADY (") + c.why() + ")");
            }
        }
        if (!unsteady.isEmpty()) {
            return new Ratio(null, String.join("; ", unsteady), true);
        }
        return new Ratio(RatioInterval.ofForks(numerator.forks(), denominator.forks()), null, true);
    }

    private static String name(JmhJson.Result r) {
        return r.param("target") + " " + key(r) + " n=" + r.param("consumers");
    }

    /** The targets, evaluated on this run's numbers. */
    public List<Verdict> verdicts() {
        List<Verdict> v = new ArrayList<>();
        JmhJson.Result cc = result(Pattern.LOCKSTEP, "cached-count", 4096);
        for (String slow : List.of("model", "dirty-flag")) {
            JmhJson.Result s = result(Pattern.LOCKSTEP, slow, 4096);
            v.add(single(
                    "cached-count at 4096 consumers, LOCKSTEP: >= 100x faster per advance than " + slow,
                    ratio(s, cc),
                    true,
                    100,
                    numbers(slow, s, "cached-count", cc),
                    slow + " " + WHY_SLOW.get(slow) + "; cached-count rescans once per round of 4096 advances."));
        }
        JmhJson.Result api4096 = result(Pattern.LOCKSTEP, Target.API, 4096);
        v.add(single(
                "cached-count at 4096 consumers, LOCKSTEP: within 2x of the API floor",
                ratio(cc, api4096),
                false,
                2,
                numbers("cached-count", cc, "API floor", api4096),
                "its one scan per round of 4096 advances is amortised, but each advance still compares and"
                        + " decrements the count."));
        v.add(everyPoint(
                "wheel: within 2x of the API floor for every pattern and consumer count", List.of("wheel"), null, 2.0));
        // Where the slowest consumer's moves change the minimum: in CATCHUP every timed read does (WorkloadTest).
        JmhJson.Result c = result(Pattern.CATCHUP, "cached-count", 1024);
        JmhJson.Result w = result(Pattern.CATCHUP, "wheel", 1024);
        v.add(single(
                "wheel at 1024 consumers, where every timed advance moves the minimum (CATCHUP): >= 10x faster"
                        + " than cached-count",
                ratio(c, w),
                true,
                10,
                numbers("cached-count", c, "wheel", w),
                "the straggler alone at the minimum makes cached-count rescan 1024 consumers on every read."));
        // JUMP as the target was first defined, kept for the record: a claim that pattern cannot test.
        JmhJson.Result cj = result(Pattern.JUMP, "cached-count", 1024);
        JmhJson.Result wj = result(Pattern.JUMP, "wheel", 1024);
        v.add(single(
                FOR_THE_RECORD + "wheel at 1024 consumers, JUMP: >= 10x faster than" + " cached-count",
                ratio(cj, wj),
                true,
                10,
                numbers("cached-count", cj, "wheel", wj),
                "not a claim JUMP can test: every consumer reads every entry, so the minimum moves at most once per"
                        + " 1024 advances and cached-count's rescan is O(1) amortised (WorkloadTest); the target above"
                        + " times only advances that move the minimum."));
        v.add(everyPoint(
                "at 1 to 4 consumers, no variant more than 1.5x the API floor", VARIANTS, List.of(1, 2, 4), 1.5));
        v.add(apiVersusPhysical());
        return v;
    }

    private static String numbers(String a, JmhJson.Result ra, String b, JmhJson.Result rb) {
        return String.format(
                Locale.ROOT,
                "%s %s ns, %s %s ns",
                a,
                ra == null ? "?" : f(ra.score()),
                b,
                rb == null ? "?" : f(rb.score()));
    }

    /** A target judged on one ratio: at least {@code factor} ({@code atLeast}) or at most. */
    private Verdict single(String target, Ratio r, boolean atLeast, double factor, String numbers, String why) {
        if (!r.measured()) {
            return new Verdict(target, "not measured in this profile", Outcome.NOT_MEASURED, "");
        }
        if (r.interval() == null) {
            return new Verdict(target, numbers, Outcome.NOT_JUDGED, "not judged: " + r.notJudged() + ".");
        }
        Outcome o = atLeast ? r.interval().atLeast(factor) : r.interval().atMost(factor);
        String bound = String.format(
                Locale.ROOT,
                "%s %sx",
                atLeast ? ">=" : "<=",
                factor == (int) factor ? String.valueOf((int) factor) : String.valueOf(factor));
        String lead = switch (o) {
            case MET -> "";
            case NOT_MET -> "the whole interval misses " + bound + ": ";
            default -> "the interval straddles " + bound + ": ";
        };
        return new Verdict(target, r.interval() + " (" + numbers + ")", o, lead + why);
    }

    /** Every measured point of {@code variants} (at {@code only} consumer counts, or all) against the API floor. */
    private Verdict everyPoint(String target, List<String> variants, List<Integer> only, double factor) {
        int points = 0;
        RatioInterval worst = null;
        String worstAt = "";
        List<String> over = new ArrayList<>();
        List<String> straddling = new ArrayList<>();
        List<String> unsteady = new ArrayList<>();
        Map<String, Integer> overBy = new LinkedHashMap<>();
        for (Pattern p : Pattern.values()) {
            for (int n : consumers(p)) {
                if (only != null && !only.contains(n)) {
                    continue;
                }
                for (String t : variants) {
                    Ratio r = ratio(result(p, t, n), result(p, Target.API, n));
                    if (!r.measured()) {
                        continue;
                    }
                    if (r.interval() == null) {
                        unsteady.add(t + " " + p + " n=" + n + failedMark(result(p, t, n), result(p, Target.API, n)));
                        continue;
                    }
                    points++;
                    RatioInterval i = r.interval();
                    if (worst == null || i.point() > worst.point()) {
                        worst = i;
                        worstAt = t + " " + p + " n=" + n;
                    }
                    String at = String.format(Locale.ROOT, "%s %s n=%d %.1fx", t, p, n, i.point());
                    switch (i.atMost(factor)) {
                        case NOT_MET -> {
                            over.add(at);
                            overBy.merge(t, 1, Integer::sum);
                        }
                        case UNDECIDED ->
                            straddling.add(at + String.format(Locale.ROOT, " [%.2fx, %.2fx]", i.low(), i.high()));
                        default -> {}
                    }
                }
            }
        }
        String notJudged = unsteady.isEmpty()
                ? ""
                : "not judged (NOT STEADY" + (failed.isEmpty() ? "" : " or FAILED") + "): " + list(unsteady) + ". ";
        if (points == 0) {
            return unsteady.isEmpty()
                    ? new Verdict(target, "not measured in this profile", Outcome.NOT_MEASURED, "")
                    : new Verdict(target, "no steady point", Outcome.NOT_JUDGED, notJudged.trim());
        }
        String measured = String.format(
                Locale.ROOT,
                "%d points judged; worst %s (%s); %d wholly over %.1fx, %d" + " straddling",
                points,
                worst,
                worstAt,
                over.size(),
                factor,
                straddling.size());
        StringBuilder why = new StringBuilder();
        if (!over.isEmpty()) {
            why.append("over: ").append(list(over)).append(". ");
        }
        if (!straddling.isEmpty()) {
            why.append("undecided: ").append(list(straddling)).append(". ");
        }
        why.append(notJudged);
        overBy.keySet()
                .forEach(t -> why.append(t).append(": ").append(WHY_SLOW.get(t)).append(". "));
        Outcome o = everyPointOutcome(over, straddling, unsteady);
        return new Verdict(target, measured, o, why.toString().trim());
    }

    /**
     * A target over many points: not met if a steady point wholly misses it (more points cannot undo that), else
     * not judged if one is NOT STEADY (the target claims every point, and a point left out could miss it: a "met"
     * over the steady subset would flip with the subset from run to run), else undecided if one straddles it, else
     * met. Not judged comes before undecided: both give no verdict, and a point the run could not measure steadily
     * leaves the claim open whatever the steady points show (the other order flipped a verdict between two runs:
     * bench/SETTINGS.md).
     */
    private static Outcome everyPointOutcome(List<String> over, List<String> straddling, List<String> unsteady) {
        return !over.isEmpty()
                ? Outcome.NOT_MET
                : !unsteady.isEmpty() ? Outcome.NOT_JUDGED : !straddling.isEmpty() ? Outcome.UNDECIDED : Outcome.MET;
    }

    private static String list(List<String> items) {
        return String.join(", ", items.size() > 12 ? items.subList(0, 12) : items)
                + (items.size() > 12 ? ", ... (" + (items.size() - 12) + " more)" : "");
    }

    private Verdict apiVersusPhysical() {
        int points = 0;
        RatioInterval worst = null;
        String worstAt = "";
        List<String> over = new ArrayList<>();
        List<String> straddling = new ArrayList<>();
        List<String> unsteady = new ArrayList<>();
        for (Pattern p : Pattern.values()) {
            for (int n : consumers(p)) {
                Ratio r = ratio(result(p, Target.API, n), result(p, Target.PHYSICAL, n));
                if (!r.measured()) {
                    continue;
                }
                if (r.interval() == null) {
                    unsteady.add(p + " n=" + n + failedMark(result(p, Target.API, n), result(p, Target.PHYSICAL, n)));
                    continue;
                }
                points++;
                RatioInterval i = r.interval();
                if (worst == null || i.point() > worst.point()) {
                    worst = i;
                    worstAt = p + " n=" + n;
                }
                switch (i.atMost(10)) {
                    case NOT_MET -> over.add(p + " n=" + n);
                    case UNDECIDED -> straddling.add(p + " n=" + n);
                    default -> {}
                }
            }
        }
        String target = "the API floor within 10x of the physical floor";
        String notJudged = unsteady.isEmpty()
                ? ""
                : "Not judged (NOT STEADY" + (failed.isEmpty() ? "" : " or FAILED") + "): " + list(unsteady) + ". ";
        if (points == 0) {
            return unsteady.isEmpty()
                    ? new Verdict(target, "not measured in this profile", Outcome.NOT_MEASURED, "")
                    : new Verdict(target, "no steady point", Outcome.NOT_JUDGED, notJudged.trim());
        }
        JmhJson.Result lock = advance.get("LOCKSTEP/" + Target.API + "/1");
        String alloc = lock == null || Double.isNaN(lock.allocated())
                ? ""
                : String.format(
                        Locale.ROOT,
                        " At LOCKSTEP n=1 the API floor allocates %.0f B per operation, the physical floor none.",
                        lock.allocated());
        Outcome o = everyPointOutcome(over, straddling, unsteady);
        String lead = (over.isEmpty() ? "" : "wholly over 10x: " + list(over) + ". ")
                + (straddling.isEmpty() ? "" : "straddling 10x: " + list(straddling) + ". ")
                + notJudged;
        return new Verdict(
                target,
                String.format(Locale.ROOT, "%d points judged; worst %s (%s)", points, worst, worstAt),
                o,
                lead + "The rest goes to the API itself, the same for every variant: an interface call,"
                        + " the handle check, the operation counter, the reply and outcome records (allocated unless escape"
                        + " analysis removes them), and the shared bookkeeping of BroadcastCore (detached and errored checks,"
                        + " the waiter and settlement lists)." + alloc);
    }

    // ---------------------------------------------------------------- the page

    private String markdown(Context c) {
        StringBuilder b = new StringBuilder("# Benchmarks: the cost of tracking the minimum cursor\n\n");
        b.append("Made by `")
                .append(c.command())
                .append("` (profile **")
                .append(c.profile())
                .append("**, ")
                .append(results.size())
                .append(" benchmarks, ")
                .append(String.format(Locale.ROOT, "%.1f", c.minutes()))
                .append(" minutes), started ")
                .append(c.started())
                .append(". Every number on this page comes from that run; ratios compare"
                        + " results of the same run.\n\n");
        if (!c.note().isEmpty()) {
            b.append("**Conditions**: ").append(c.note()).append("\n\n");
        }
        JmhJson.Result any = results.isEmpty() ? null : results.get(0);
        MarkdownTable facts = MarkdownTable.of("", "").row("Machine", MarkdownTable.text(c.machine()));
        if (any != null) {
            Map<String, String> h = any.header();
            facts.row(
                    "JDK",
                    MarkdownTable.text(h.getOrDefault("vmName", "?") + ' ' + h.getOrDefault("vmVersion", "?") + " ("
                            + h.getOrDefault("jdkVersion", "?") + ")"));
            // the settings of each benchmark class (CATCHUP warms up longer: BenchRun.CATCHUP_SETTINGS)
            Map<String, java.util.Set<String>> settings = new java.util.TreeMap<>();
            for (JmhJson.Result r : results) {
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
                + " target that needs one is **not judged**. A row that begins \"" + FOR_THE_RECORD.trim() + "\" is no"
                + " target: a definition replaced because its pattern cannot test its claim, judged as before so"
                + " that its result stays on the record.\n\n");
        MarkdownTable targets = MarkdownTable.of("target", "measured", "verdict", "why");
        for (Verdict v : verdicts()) {
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
            TreeSet<Integer> ns = consumers(p);
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
                    JmhJson.Result r = advance.get(p + "/" + t + "/" + n);
                    cells.add(r == null ? "-" : cell(r) + mark(r));
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
        List<JmhJson.Result> unsteady =
                results.stream().filter(r -> !steadiness(r).steady()).toList();
        if (unsteady.isEmpty()) {
            b.append("Every one of the ").append(results.size()).append(" results is steady.\n");
            return;
        }
        b.append(unsteady.size())
                .append(" of ")
                .append(results.size())
                .append(" results are NOT STEADY")
                .append(
                        failed.isEmpty()
                                ? ""
                                : " or FAILED (" + failed.size() + " FAILED: JMH reported an error in"
                                        + " the run, so their iterations are no measurement)")
                .append(", marked so in the tables and kept out of every target:\n\n");
        MarkdownTable t =
                MarkdownTable.of("result", "measurement iterations, in the order run (forks apart: /)", "why");
        for (JmhJson.Result r : unsteady) {
            String who = r.benchmark().startsWith("Stream")
                    ? r.param("target") + " stream n=" + r.param("consumers") + " " + r.param("runBytes") + " B"
                    : name(r);
            t.row(
                    who,
                    r.forks().stream()
                                    .map(fork -> fork.stream()
                                            .map(BenchReport::f)
                                            .collect(java.util.stream.Collectors.joining(", ")))
                                    .collect(java.util.stream.Collectors.joining(" / "))
                            + " " + r.unit(),
                    steadiness(r).why());
        }
        b.append(t);
    }

    private void streamSection(StringBuilder b) {
        if (stream.isEmpty()) {
            return;
        }
        b.append("## The PR's workload, done right\n\n");
        b.append("A writer pushes 1 MiB or 16 MiB per run in 64 KiB entries under STRICT with a 256 KiB budget; a"
                + " refused `writeSync` is not counted: the consumers drain and the same entry is written again."
                + " Each run checks that every consumer read every entry. MiB/s is MiB written per second, each"
                + " delivered to every consumer. Entries are sizes only (the payload is opaque to the cursor"
                + " logic), so this measures the bookkeeping per 64 KiB chunk, not memory bandwidth.\n\n");
        List<String> targets = BenchRun.TARGETS.stream()
                .filter(t -> stream.keySet().stream().anyMatch(k -> k.startsWith(t + "/")))
                .toList();
        TreeSet<String> rows = new TreeSet<>((x, y) -> {
            String[] a = x.split("/");
            String[] c = y.split("/");
            int cmp = Long.compare(Long.parseLong(a[1]), Long.parseLong(c[1]));
            return cmp != 0 ? cmp : Integer.compare(Integer.parseInt(a[0]), Integer.parseInt(c[0]));
        });
        stream.values().forEach(r -> rows.add(r.param("consumers") + "/" + r.param("runBytes")));
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
                JmhJson.Result r = stream.get(t + "/" + row);
                cells.add(
                        r == null
                                ? "-"
                                : String.format(
                                                Locale.ROOT,
                                                "%,.0f",
                                                (bytes / 1048576.0) / (r.score() * unitSeconds(r.unit())))
                                        + mark(r));
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
        String s = f(r.score());
        if (!Double.isNaN(r.allocated())) {
            s += String.format(Locale.ROOT, " (%.0f B)", r.allocated());
        }
        return s;
    }

    private static String f(double ns) {
        if (Double.isNaN(ns)) {
            return "?";
        }
        return ns >= 100 ? String.format(Locale.ROOT, "%,.0f", ns) : String.format(Locale.ROOT, "%.1f", ns);
    }
}
