package io.cursorcheck.conformance;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.FindingJudge;
import io.cursorcheck.conformance.judge.FindingOnRelease;
import io.cursorcheck.conformance.judge.Patterns;
import io.cursorcheck.conformance.pages.ConformanceIndex;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.MissingToolException;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.spi.Algorithm;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks several releases in turn and writes {@code reports/conformance/index.md} ({@link ConformanceIndex}):
 * per release the sequences and operations run, the differences found by kind (with links) and the verdict.
 *
 * <p>The run fails (a problem is listed) when the subject broke the protocol even once (a broken
 * adapter or subject: {@link SubjectProtocolError}), when a shrunk difference does not fail the
 * same way on replay, when a standalone reproduction does not show its difference on the release (it
 * crashed, timed out, or answered as the model), when a run of at least {@value Patterns#MIN_SEQUENCES}
 * sequences never made one of the {@link Patterns} (a blind spot), when a known finding has no recorded
 * broken behaviour ({@code reports/findings/<name>/on-release.json}), or when a known finding no longer
 * judges "has it" on the release it was recorded on. A difference no rule explains (UNDECIDED) does not
 * fail the run: the pages list it first, for a person to look at.
 */
public final class ConformanceCampaign {

    /** The history page's file name in {@code reports/conformance/} ({@link History}). */
    public static final String HISTORY_PAGE = "history.md";

    /**
     * A release that was not checked: it could not be installed, it did not answer the protocol's
     * handshake, its run broke off, or the budget ran out before its turn. Listed as a problem, never dropped.
     *
     * @param release the release
     * @param reason  why, in one line
     */
    public record Unchecked(Release release, String reason) {}

    /**
     * What the releases did.
     *
     * @param results   one per release checked
     * @param unchecked the releases that could not be checked (only when the run was asked to go on past them)
     * @param problems  every expectation not met, the releases not checked among them
     * @param index     the index page written, or null
     */
    public record Outcome(
            List<Conformance.Result> results, List<Unchecked> unchecked, List<String> problems, Path index) {
        /** Whether every expectation was met. */
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    /**
     * The time one release gets.
     *
     * @param millis       time for random sequences
     * @param shrinkMillis time all its shrinks may spend together, or {@link Conformance.Config#DEFAULT_SHRINKING}
     */
    public record Slot(long millis, long shrinkMillis) {}

    /** Decides each release's time when its turn comes (from the time left, say). */
    @FunctionalInterface
    public interface Budget {
        /**
         * The slot of the next release.
         *
         * @param release the release about to run
         * @param left    releases left, this one included
         */
        Slot next(Release release, int left);

        /**
         * Whether the budget has run out before the next release: then it is not installed or run but listed
         * as not checked (a problem), so that the run keeps to its budget however many releases are left.
         * Asked before the release is installed and again after (an install may take a while).
         *
         * @param left releases left, the next one included
         */
        default boolean ranOut(int left) {
            return false;
        }
    }

    /** Why a release the budget had no time for was not checked. */
    public static final String RAN_OUT = "the budget ran out before its turn";

    private ConformanceCampaign() {}

    /**
     * Runs every release for {@code millisEach}, seeds derived from {@code seed}, writing into a
     * {@link ReportRun}: each release's folder {@code conformance/<release>/} is replaced whole, and
     * {@code conformance/index.md} keeps the rows of the releases this run did not check. A release
     * that cannot be installed or does not answer the handshake stops the run (an {@link IOException}).
     *
     * @param reports the run to write into, or null to write nothing
     */
    public static Outcome run(
            List<Release> releases,
            long seed,
            long millisEach,
            int maxSteps,
            ReportRun reports,
            PrintStream log,
            String command)
            throws IOException, InterruptedException {
        return run(
                releases,
                seed,
                (release, left) -> new Slot(millisEach, Conformance.Config.DEFAULT_SHRINKING),
                maxSteps,
                reports,
                log,
                command,
                false);
    }

    /**
     * Runs every release in the slot {@code budget} gives it when its turn comes, seeds derived from
     * {@code seed}, writing as {@link #run(List, long, long, int, ReportRun, PrintStream, String)} does.
     *
     * @param history whether this is the {@link History}'s run: then a release that cannot be installed, does
     *                not answer the protocol's handshake, whose run breaks off with an {@link IOException}, or for
     *                which the budget {@linkplain Budget#ranOut ran out} is listed ({@link Outcome#unchecked()}, a
     *                problem) and the run goes on with the next (else its {@link IOException} stops the run; npm
     *                missing always does, a setup error), and the index links the history page, which its caller
     *                writes
     */
    public static Outcome run(
            List<Release> releases,
            long seed,
            Budget budget,
            int maxSteps,
            ReportRun reports,
            PrintStream log,
            String command,
            boolean history)
            throws IOException, InterruptedException {
        return run(releases, seed, budget, maxSteps, reports, log, command, history, Conformance::run);
    }

    /** One release's check: {@link Conformance#run(Conformance.Config, ExternalSubject, Path)}, or a test's stand-in. */
    @FunctionalInterface
    interface Check {
        /** Checks the release behind {@code subject}. */
        Conformance.Result run(Conformance.Config config, ExternalSubject subject, Path binary)
                throws IOException, InterruptedException;
    }

    /** {@link #run(List, long, Budget, int, ReportRun, PrintStream, String, boolean)} with each release checked by {@code check}. */
    static Outcome run(
            List<Release> releases,
            long seed,
            Budget budget,
            int maxSteps,
            ReportRun reports,
            PrintStream log,
            String command,
            boolean history,
            Check check)
            throws IOException, InterruptedException {
        Instant started = Instant.now();
        // Read first: an index this version cannot read stops the run before it spends its time.
        Map<String, ConformanceIndex.Row> rows = reports == null ? Map.of() : rows(reports);
        List<Conformance.Result> results = new ArrayList<>();
        List<Unchecked> unchecked = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < releases.size(); i++) {
            Release release = releases.get(i);
            int left = releases.size() - i;
            if (history && budget.ranOut(left)) {
                notChecked(release, RAN_OUT, unchecked, problems, log);
                continue;
            }
            Path binary;
            ExternalSubject subject;
            try {
                binary = release.install(log);
                subject = ExternalSubject.of(release, binary);
            } catch (MissingToolException e) {
                throw e;
            } catch (IOException e) {
                if (!history) {
                    throw e;
                }
                // Its folder and index row stay as its last run left them: nothing of it is replaced.
                notChecked(release, e.getMessage(), unchecked, problems, log);
                continue;
            }
            Conformance.Result r;
            try (subject) { // closed whatever happens from here on: no subject process outlives its release
                if (history && budget.ranOut(left)) { // the install took what was left
                    notChecked(release, RAN_OUT, unchecked, problems, log);
                    continue;
                }
                Slot slot = budget.next(release, left); // after the install, which may take a while
                String folder = "conformance/" + release.id();
                if (reports != null) {
                    reports.wholeDirectory(folder); // fresh: pages of shapes no longer seen go
                }
                long releaseSeed = Conformance.releaseSeed(seed, release);
                try {
                    r = check.run(
                            new Conformance.Config(
                                    release,
                                    releaseSeed,
                                    slot.millis(),
                                    Long.MAX_VALUE,
                                    maxSteps,
                                    reports == null ? null : reports.dir(),
                                    log,
                                    slot.shrinkMillis()),
                            subject,
                            binary);
                } catch (IOException e) {
                    if (!history) {
                        throw e;
                    }
                    // One release's broken run must not lose the releases checked before it: its half-written
                    // folder is dropped, and its folder and index row stay as its last complete run left them.
                    if (reports != null) {
                        reports.keepPublished(folder);
                    }
                    notChecked(release, "its run broke off: " + e.getMessage(), unchecked, problems, log);
                    continue;
                }
            }
            results.add(r);
            List<String> mine = problems(r);
            problems.addAll(mine);
            if (reports != null) {
                rows = new LinkedHashMap<>(rows);
                rows.put(release.id(), ConformanceIndex.row(r, mine, started, command, seed));
            }
            log.printf(
                    "%s: %,d sequences, %,d operations, %d difference(s), verdict: %s%n",
                    release.id(), r.sequences(), r.operations(), r.differences().size(), verdict(r));
        }
        if (reports != null) {
            carryOver(reports, rows.keySet());
        }
        Path index = reports == null
                ? null
                : ConformanceIndex.write(
                        reports.dir().resolve("conformance"), rows, history || historyPublished(reports));
        return new Outcome(results, unchecked, problems, index);
    }

    /** Lists a release as not checked: a problem, and a line of the log. */
    private static void notChecked(
            Release release, String reason, List<Unchecked> unchecked, List<String> problems, PrintStream log) {
        unchecked.add(new Unchecked(release, reason));
        problems.add(release.id() + ": not checked: " + reason);
        log.printf("%s: NOT CHECKED: %s%n", release.id(), reason);
    }

    /**
     * The index rows to start from: those of the newest run that wrote a conformance index (its folder
     * holds every release page its rows link, see {@link #carryOver}), and over them those a part of the same
     * run wrote into its staging directory already (a campaign's conformance part, before its history part),
     * so that a second writer of the index in one run keeps the first one's rows.
     */
    private static Map<String, ConformanceIndex.Row> rows(ReportRun reports) throws IOException {
        Map<String, ConformanceIndex.Row> rows = new LinkedHashMap<>();
        Optional<Path> previous = reports.previous("conformance/index.json");
        if (previous.isPresent()) {
            rows.putAll(ConformanceIndex.read(previous.get().getParent()));
        }
        rows.putAll(ConformanceIndex.read(reports.dir().resolve("conformance")));
        return rows;
    }

    /**
     * Copies into this run, unchanged, the folders of the releases whose rows it keeps but did not check
     * (and the history page, unless this run wrote one) from the run that wrote the index it started from:
     * every page the new index links is then in the new run's folder, and no earlier run's page is rewritten.
     */
    private static void carryOver(ReportRun reports, Collection<String> releases) throws IOException {
        Optional<Path> previous = reports.previous("conformance/index.json");
        if (previous.isEmpty()) {
            return;
        }
        Path dir = previous.get().getParent();
        for (String release : releases) {
            reports.carryOver(dir.resolve(release), "conformance/" + release);
        }
        reports.carryOver(dir.resolve(HISTORY_PAGE), "conformance/" + HISTORY_PAGE);
    }

    /** Whether a history page is there to link: written by this run or carried over from an earlier one. */
    private static boolean historyPublished(ReportRun reports) {
        return Files.exists(reports.dir().resolve("conformance").resolve(HISTORY_PAGE));
    }

    /** The expectations a release's result did not meet. */
    public static List<String> problems(Conformance.Result r) {
        List<String> p = new ArrayList<>();
        if (r.protocolErrors().count() > 0) {
            p.add(r.subject() + ": " + r.protocolErrors().count() + " protocol error(s): the adapter or the"
                    + " subject broke the cursorcheck-subject protocol (not a difference of semantics); the first: "
                    + r.protocolErrors().first().get(0));
        }
        for (Conformance.Difference d : r.differences()) {
            if (!d.replayed()) {
                p.add(r.subject() + ": the shrunk difference " + d.signature()
                        + " did not fail the same way on replay");
            }
            if (d.reproduction() != null && !d.reproduction().shows()) {
                p.add(r.subject() + ": the standalone reproduction of " + d.signature() + " ("
                        + Reports.relative(d.page()) + ") does not show the difference: "
                        + d.reproduction().why());
            }
        }
        if (r.algorithm() == Algorithm.CORRECTED) {
            // A corrected run must be clean: every difference from the corrected model that breaks a guarantee, or
            // that no rule explains, is a problem (earlier semantics of an older release are not).
            for (Conformance.Difference d : r.differences()) {
                Differences.Verdict v = d.kind().verdict();
                if (v == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE || v == Differences.Verdict.UNDECIDED) {
                    p.add(r.subject() + ": against the corrected model (spec §8) a difference " + v + ": "
                            + d.signature() + (d.page() == null ? "" : " (" + Reports.relative(d.page()) + ")"));
                }
            }
        }
        for (Patterns.Pattern missing : r.missingPatterns()) {
            p.add(r.subject() + ": a blind spot of the run: in " + r.sequences() + " random sequences not one made "
                    + missing.title() + " (" + missing.meaning() + "), which the spec covers on every release");
        }
        for (FindingOnRelease f : r.findings()) {
            if (f.recordedOn().isEmpty()) {
                p.add(r.subject() + ": known finding " + f.finding() + " has no recorded broken behaviour ("
                        + FindingJudge.FILE + "); record it: bin/cursorcheck node --version "
                        + Release.NEWEST_NODE.version() + " --record-findings");
            } else if (r.algorithm() == Algorithm.AS_RELEASED
                    && r.releaseCode()
                    && r.release() != null
                    && f.recordedOn().equals(r.release().id())
                    && f.judgement() != FindingOnRelease.Judgement.HAS_IT
                    && r.protocolErrors().count() == 0) {
                // A protocol error is listed above. Only the release's own code must still show its finding: a
                // user's broadcast.js may well not, and against the corrected model none is expected.
                p.add(r.subject() + ": known finding " + f.finding() + " was recorded on this release, but it now"
                        + " judges \"" + f.judgement().words() + "\" here: " + f.evidence());
            }
        }
        return p;
    }

    /** One line: what the release is, measured against the model. */
    public static String verdict(Conformance.Result r) {
        if (r.protocolErrors().count() == 0) {
            return semantics(r);
        }
        return "BROKEN PROTOCOL: " + r.protocolErrors().count() + " protocol error(s) of the adapter or subject; "
                + (r.differences().isEmpty()
                        ? "no difference in the sequences that kept to the protocol"
                        : semantics(r));
    }

    private static String semantics(Conformance.Result r) {
        return differences(r) + findings(r);
    }

    /** What the release does at the known findings' steps, e.g. {@code ; known findings: a has it, b not reached}. */
    private static String findings(Conformance.Result r) {
        if (r.findings().isEmpty()) {
            return "";
        }
        return "; known findings: "
                + String.join(
                        ", ",
                        r.findings().stream()
                                .map(f -> f.finding() + " " + f.judgement().words())
                                .toList());
    }

    private static String differences(Conformance.Result r) {
        if (r.differences().isEmpty()) {
            return "conforms: no difference in " + r.sequences() + " sequences";
        }
        List<Differences.Kind> kinds = r.differences().stream()
                .map(Conformance.Difference::kind)
                .distinct()
                .toList();
        long broken = kinds.stream()
                .filter(k -> k.verdict() == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE)
                .count();
        long earlier = kinds.stream()
                .filter(k -> k.verdict() == Differences.Verdict.EARLIER_SEMANTICS)
                .count();
        return "differs: " + r.differences().size() + " shape(s) in " + kinds.size() + " kind(s), " + broken
                + " breaking a guarantee, " + earlier + " earlier semantics"
                + (r.unclassified().isEmpty() ? "" : ", " + r.unclassified().size() + " shape(s) UNDECIDED");
    }
}
