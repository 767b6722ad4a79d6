package io.cursorcheck.campaign;

import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.pages.IndexPage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code bin/cursorcheck campaign}: runs every part in turn and writes {@code reports/<run>/index.md}
 * (and {@code index.json}): a summary table of the parts, then each part's section.
 *
 * <p>The console gets the estimate first (from {@link PartTimes}), then one line per part (what ran, its verdict,
 * its time, its section, the time left) and the verdict last; everything the parts and their child processes say
 * goes to {@value #LOG} in the run's report folder, published with the pages, and with {@code verbose} to the
 * console's error stream as well.
 */
public final class CampaignCommand {

    /** The full stream of every part, in the run's report folder. */
    public static final String LOG = "campaign.log";

    private final Profile profile;
    private final List<Parts.Planned> parts;
    private final String command;
    private final long seed;
    private final long lockstepMillis;
    private final PartTimes times;
    private final boolean verbose;

    /**
     * @param profile        the profile the parts were built for
     * @param parts          the parts, in the order they run
     * @param command        the command that reruns the campaign
     * @param lockstepMillis the lockstep part's time (moves its estimate)
     * @param times          the measured times the estimate comes from
     * @param verbose        whether the log goes to the console too
     */
    public CampaignCommand(
            Profile profile,
            List<Parts.Planned> parts,
            String command,
            long seed,
            long lockstepMillis,
            PartTimes times,
            boolean verbose) {
        this.profile = profile;
        this.parts = parts;
        this.command = command;
        this.seed = seed;
        this.lockstepMillis = lockstepMillis;
        this.times = times;
        this.verbose = verbose;
    }

    /**
     * Runs the parts in one {@link ReportRun}: every page and counterexample goes to its staging
     * directory, and the campaign's report (index.md last) is published only once every part has run. An
     * interrupted or failed campaign leaves the previous report whole (its log stays in the staging directory,
     * which the refusal names). Exit code 0 if every part passed, 1 otherwise.
     *
     * @param header the line after the estimate (seed, threads), printed once the reports' lock is taken: a
     *               campaign refused because another run holds it prints nothing but that
     * @param err    where the report run says what it kept or removed, and where the log goes with verbose
     */
    public int run(String header, PrintStream out, PrintStream err) throws Exception {
        return ReportRun.write(Reports.dir(), command, err, run -> {
            Path logFile = run.dir().resolve(LOG);
            try (PrintStream file = new PrintStream(Files.newOutputStream(logFile), true, StandardCharsets.UTF_8)) {
                PrintStream log = verbose ? new PrintStream(new Both(file, err), true, StandardCharsets.UTF_8) : file;
                return run(header, out, log, run);
            }
        });
    }

    private int run(String header, PrintStream out, PrintStream log, ReportRun run) throws Exception {
        Instant started = Instant.now();
        List<String> names = parts.stream().map(Parts.Planned::name).toList();
        Map<String, Long> estimate = times.estimate(profile, names, lockstepMillis);
        out.println(estimateLine(estimate));
        out.println(header);
        out.println("campaign: each part's full output goes to "
                + unpublished(run.dir().resolve(LOG))
                + " while it runs, to " + Reports.relative(run.folder().resolve(LOG)) + " with the report"
                + (verbose ? " (and below, with --verbose)" : " (--verbose shows it here)"));
        log.println(estimateLine(estimate));
        log.println(header);
        // counterexamples/ is merged, not replaced: the pages of other runs (explore --variant, mutants) link to
        // their counterexamples there, and a file's name is a hash of its subject and script, so a file never
        // changes meaning. The index links exactly this campaign's.
        List<Part.Verdict> verdicts = new ArrayList<>();
        String index = Reports.relative(run.folder().resolve("index.md"));
        for (int i = 0; i < parts.size(); i++) {
            Parts.Planned planned = parts.get(i);
            log.println("campaign: " + planned.name() + " (" + planned.budget() + ") ...");
            Part.Verdict v = planned.part().run(log, run);
            verdicts.add(v);
            log.printf(
                    "campaign: %s %s in %.0f s: %s%n",
                    planned.name(), v.passed() ? "passed" : "FAILED", v.millis() / 1000.0, v.summary());
            out.println(partLine(i, planned, v, index, secondsLeft(estimate, names, i + 1)));
        }
        boolean passed = verdicts.stream().allMatch(Part.Verdict::passed);
        Path reports = run.dir();
        Map<String, String> budgets = new LinkedHashMap<>();
        parts.forEach(p -> budgets.put(p.name(), p.budget()));
        Files.writeString(
                reports.resolve("index.md"),
                CampaignPage.markdown(
                        started,
                        command,
                        seed,
                        IndexPage.machine(),
                        profile,
                        parts.stream().map(p -> p.part().name()).toList(),
                        parts.stream().map(Parts.Planned::budget).toList(),
                        verdicts,
                        passed),
                StandardCharsets.UTF_8);
        Files.writeString(
                reports.resolve("index.json"),
                Json.write(json(started, budgets, verdicts, passed)),
                StandardCharsets.UTF_8);
        long seconds = Duration.between(started, Instant.now()).toSeconds();
        log.println("campaign: " + (passed ? "passed" : "FAILED") + " in " + PartTimes.duration(seconds));
        // Said once the campaign is published, after the parts' report lines: problems name counterexample pages.
        for (Part.Verdict v : verdicts) {
            v.problems().forEach(p -> run.whenPublished(out, "  PROBLEM: " + p));
        }
        run.whenPublished(
                out,
                (passed ? "campaign passed" : "campaign FAILED") + " in " + PartTimes.duration(seconds) + "; report: "
                        + index);
        return passed ? 0 : 1;
    }

    /** Where a file of the run is while it runs (not where it will be published), from the source tree if in it. */
    private static String unpublished(Path file) {
        Path root = SourceTree.root();
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
    }

    /** The first line: the estimate per part and in all, and where its figures come from. */
    private String estimateLine(Map<String, Long> estimate) {
        long known = estimate.values().stream()
                .filter(Objects::nonNull)
                .mapToLong(Long::longValue)
                .sum();
        List<String> unknown = estimate.entrySet().stream()
                .filter(e -> e.getValue() == null)
                .map(Map.Entry::getKey)
                .toList();
        StringBuilder b = new StringBuilder("campaign: ")
                .append(profile.id())
                .append(" profile, about ")
                .append(PartTimes.duration(known))
                .append(unknown.isEmpty() ? "" : " plus " + String.join(", ", unknown) + " (never measured)")
                .append(" (")
                .append(TimesPage.FILE)
                .append("): ");
        b.append(String.join(
                ", ",
                estimate.entrySet().stream()
                        .filter(e -> e.getValue() != null)
                        .map(e -> e.getKey() + " " + PartTimes.duration(e.getValue()))
                        .toList()));
        return b.toString();
    }

    /** The estimate of the parts from {@code next} on, or null if one of them was never measured. */
    private static Long secondsLeft(Map<String, Long> estimate, List<String> names, int next) {
        long left = 0;
        for (String name : names.subList(next, names.size())) {
            Long s = estimate.get(name);
            if (s == null) {
                return null;
            }
            left += s;
        }
        return left;
    }

    /** A part's one line: what ran, its verdict and time, its section of the page, the time left. */
    static String partLine(int i, Parts.Planned planned, Part.Verdict v, String index, Long secondsLeft) {
        String anchor = CampaignPage.anchor(v.markdown());
        return String.format(
                "campaign: %s %s in %s (%s); %s%s; %s",
                planned.name(),
                v.passed() ? "passed" : "FAILED",
                PartTimes.duration(Math.round(v.millis() / 1000.0)),
                planned.budget(),
                index,
                anchor.isEmpty() ? "" : "#" + anchor,
                secondsLeft == null
                        ? "time left unknown"
                        : secondsLeft == 0 ? "last part" : "about " + PartTimes.duration(secondsLeft) + " left");
    }

    private Map<String, Object> json(
            Instant started, Map<String, String> budgets, List<Part.Verdict> verdicts, boolean passed) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("passed", passed);
        m.put("started", started.toString());
        m.put("command", command);
        m.put("seed", seed);
        m.put("machine", IndexPage.machine());
        m.put("profile", profile.id());
        m.put("lockstepMillis", lockstepMillis);
        m.put("budgets", budgets);
        Map<String, Object> byPart = new LinkedHashMap<>();
        Map<String, Object> times = new LinkedHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            byPart.put(parts.get(i).part().name(), verdicts.get(i).json());
            times.put(parts.get(i).name(), Math.round(verdicts.get(i).millis() / 1000.0));
        }
        m.put("parts", byPart);
        m.put("times", times); // seconds per part by its registry name: what --record-times reads
        m.put("log", LOG);
        return m;
    }

    /** Writes to two streams: the log file and, with verbose, the console. */
    private static final class Both extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Both(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] bytes, int off, int len) throws IOException {
            a.write(bytes, off, len);
            b.write(bytes, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            b.flush();
        }
    }
}
