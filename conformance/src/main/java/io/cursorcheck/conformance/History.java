package io.cursorcheck.conformance;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.pages.ConformanceIndex;
import io.cursorcheck.conformance.pages.ConformancePage;
import io.cursorcheck.conformance.pages.HistoryPage;
import io.cursorcheck.conformance.release.RegistryReleases;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.source.SourceChanges;
import io.cursorcheck.properties.engine.Deadline;
import io.cursorcheck.properties.pages.IndexPage;
import io.cursorcheck.properties.report.ReportRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The history: many releases, each checked for a share of one time budget
 * ({@link ConformanceCampaign#run(List, long, ConformanceCampaign.Budget, int, ReportRun, PrintStream, String,
 * boolean)}, which writes each release's folder and index row), then {@code conformance/history.md}
 * ({@link HistoryPage}). Each release's share is decided when its turn comes, from the time left, so that a
 * release that ran over (a shrink is finished once begun) is paid for by the later ones; once less than the least slot is left, the releases still waiting are listed
 * as not checked (the budget ran out, a problem) instead of run. The whole run keeps to its budget, give or
 * take the last release's overrun ({@link #MARGIN_MILLIS}).
 */
public final class History {

    /**
     * The share of a release's slot for random sequences. Most of it: shrinking against a release mostly
     * takes a second or two (each lockstep run a few milliseconds), and what a release leaves unspent
     * goes to the releases after it.
     */
    public static final int SEQUENCES_PERCENT = 70;
    /** The share for shrinking; the rest is kept for what a run does beyond both (start, replays, reproductions). */
    public static final int SHRINKING_PERCENT = 20;
    /** Random sequences a release gets at least, however late its turn. */
    public static final long MIN_SEQUENCES_MILLIS = 3_000;
    /** Shrinking a release gets at least. */
    public static final long MIN_SHRINKING_MILLIS = 2_000;
    /**
     * What a release's run takes beyond its sequences and shrinking, kept back when deciding whether one
     * more release fits: starting the subject, the replays and the standalone reproductions of a few
     * differences (each a process start), the known findings' replays, its pages.
     */
    static final long RUN_OVERHEAD_MILLIS = 10_000;
    /**
     * The least time a release's turn needs; once less than this is left, the releases still waiting are
     * listed as not checked (the budget ran out) instead of run past the budget.
     */
    public static final long MIN_SLOT_MILLIS = MIN_SEQUENCES_MILLIS + MIN_SHRINKING_MILLIS + RUN_OVERHEAD_MILLIS;
    /**
     * How far past its budget a history may end: the last release started with at least {@link #MIN_SLOT_MILLIS}
     * left may run over by a shrink finished past its slot ({@link Conformance#SHRINK_MILLIS} each), by the
     * reproductions of many differences, and the history page is written after it. Stated, not enforced:
     * a run (and a reproduction, up to its timeout) is never cut off midway.
     */
    public static final long MARGIN_MILLIS = 120_000;

    /**
     * What the history did.
     *
     * @param rows     one per release, in {@link RegistryReleases#ORDER}
     * @param problems every expectation not met by the releases this run checked (a release it could not
     *                 check among them); those of results it was handed are its caller's
     * @param page     the history page written, or null
     * @param millis   the time it took
     */
    public record Outcome(List<HistoryPage.Row> rows, List<String> problems, Path page, long millis) {
        /** Whether every expectation was met. */
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    private History() {}

    /**
     * The share of the time left that the next release gets.
     *
     * @param leftMillis time left of the whole budget (negative when it is over)
     * @param left       releases left, the next one included
     */
    public static ConformanceCampaign.Slot slot(long leftMillis, int left) {
        if (left < 1) {
            throw new IllegalArgumentException("history: releases left must be >= 1, was " + left);
        }
        // An even share: while it is at least MIN_SLOT_MILLIS, what this release leaves covers the rest's least slots;
        // below that every release gets the floor and ranOut stops the run once less than one slot is left.
        long share = Math.max(0, leftMillis) / left;
        return new ConformanceCampaign.Slot(
                Math.max(MIN_SEQUENCES_MILLIS, share * SEQUENCES_PERCENT / 100),
                Math.max(MIN_SHRINKING_MILLIS, share * SHRINKING_PERCENT / 100));
    }

    /**
     * Whether the budget has run out for the next release: less than {@link #MIN_SLOT_MILLIS} left.
     *
     * @param leftMillis time left of the whole budget (negative when it is over)
     */
    public static boolean ranOut(long leftMillis) {
        return leftMillis < MIN_SLOT_MILLIS;
    }

    /**
     * {@link #run(List, List, long, long, long, int, ReportRun, PrintStream, String)} with the budget starting now.
     */
    public static Outcome run(
            List<Release> releases,
            List<Conformance.Result> checked,
            long seed,
            long budgetMillis,
            int maxSteps,
            ReportRun reports,
            PrintStream log,
            String command)
            throws IOException, InterruptedException {
        return run(releases, checked, seed, System.currentTimeMillis(), budgetMillis, maxSteps, reports, log, command);
    }

    /**
     * Checks the releases within {@code budgetMillis} and writes the history page. A release whose turn comes
     * with less than {@link #MIN_SLOT_MILLIS} left is not run but listed as not checked ("the budget ran out",
     * a problem): the run ends within the budget and {@link #MARGIN_MILLIS}.
     *
     * @param releases     the releases, in any order (the page sorts them)
     * @param checked      results of some of them that this run already has (a campaign's conformance part,
     *                     with their longer budget): those are not run again
     * @param reports      the run to write into (each release's folder, the index rows, history.md), or null
     * @param command      the command that reruns it
     * @param start        when the budget started (epoch millis): before the registry was listed, so that the
     *                     listing is paid from the budget too
     */
    public static Outcome run(
            List<Release> releases,
            List<Conformance.Result> checked,
            long seed,
            long start,
            long budgetMillis,
            int maxSteps,
            ReportRun reports,
            PrintStream log,
            String command)
            throws IOException, InterruptedException {
        if (releases.isEmpty()) {
            throw new IllegalArgumentException("history: no release to check"); // a run of nothing would pass
        }
        long deadline = Deadline.after(start, budgetMillis);
        Map<String, Conformance.Result> have = new LinkedHashMap<>();
        checked.forEach(r -> have.put(r.release().id(), r));
        List<Release> toRun = releases.stream()
                .filter(r -> !have.containsKey(r.id()))
                .sorted(RegistryReleases.ORDER)
                .distinct()
                .toList();
        log.printf(
                "history: %d release(s) to check in %.1f min, seed %d%s%n",
                toRun.size(),
                budgetMillis / 60_000.0,
                seed,
                have.isEmpty() ? "" : " (" + have.size() + " checked already by this run)");
        ConformanceCampaign.Budget budget = new ConformanceCampaign.Budget() {
            @Override
            public ConformanceCampaign.Slot next(Release release, int left) {
                ConformanceCampaign.Slot s = slot(deadline - System.currentTimeMillis(), left);
                log.printf(
                        "history: %s gets %.0f s of sequences and %.0f s of shrinking (%d release(s) left, %.1f"
                                + " min)%n",
                        release.id(),
                        s.millis() / 1000.0,
                        s.shrinkMillis() / 1000.0,
                        left,
                        Math.max(0, deadline - System.currentTimeMillis()) / 60_000.0);
                return s;
            }

            @Override
            public boolean ranOut(int left) {
                return History.ranOut(deadline - System.currentTimeMillis());
            }
        };
        ConformanceCampaign.Outcome o =
                ConformanceCampaign.run(toRun, seed, budget, maxSteps, reports, log, command, true);
        // The shapes no rule named are decided by each release's own source: replayed on every later release,
        // the change located where they go (ChangeLocator); their pages and the index say what was decided.
        List<Conformance.Result> all = new ArrayList<>(have.values());
        all.addAll(o.results());
        SourceChanges sources = SourceChanges.embedded(false, log);
        ChangeLocator.Located located = ChangeLocator.locate(all, sources, log);
        log.printf(
                "history: %d shape(s) no rule named: %d located in broadcast.js, %d UNDECIDED%n",
                located.decisions().size(),
                located.decisions().size() - located.undecided().size(),
                located.undecided().size());
        if (reports != null) {
            redecided(reports, all, located);
        }
        Map<String, HistoryPage.Row> rows = new LinkedHashMap<>();
        located.results()
                .forEach(r -> rows.put(r.release().id(), HistoryPage.Row.checked(r, ConformanceCampaign.problems(r))));
        o.unchecked().forEach(u -> rows.put(u.release().id(), HistoryPage.Row.unchecked(u.release(), u.reason())));
        List<HistoryPage.Row> sorted = new ArrayList<>(rows.values());
        sorted.sort((a, b) -> RegistryReleases.ORDER.compare(a.release(), b.release()));
        long millis = System.currentTimeMillis() - start;
        Path page = null;
        if (reports != null) {
            Path dir = reports.dir().resolve("conformance");
            Files.createDirectories(dir);
            page = dir.resolve(ConformanceCampaign.HISTORY_PAGE);
            List<SourceChanges.Attribution> attributed = sources.attribute(HistoryPage.kindsSeen(sorted));
            Files.writeString(
                    page,
                    HistoryPage.markdown(
                            sorted,
                            new HistoryPage.Run(
                                    Instant.ofEpochMilli(start),
                                    command,
                                    seed,
                                    budgetMillis,
                                    millis,
                                    IndexPage.machine()),
                            // sources only of the releases this run checked, installed: nothing more is installed
                            attributed,
                            located.decisions()),
                    StandardCharsets.UTF_8);
        }
        return new Outcome(List.copyOf(sorted), o.problems(), page, millis);
    }

    /**
     * Rewrites, for each release whose shapes the history decided, its page ({@code index.md} of its folder) and
     * its row of the conformance index: the same run, with the decided kinds and verdict. A release this run did
     * not write (one checked by an earlier part of a campaign) is rewritten the same way.
     */
    private static void redecided(ReportRun reports, List<Conformance.Result> before, ChangeLocator.Located located)
            throws IOException {
        Path dir = reports.dir().resolve("conformance");
        Map<String, ConformanceIndex.Row> rows = new LinkedHashMap<>(ConformanceIndex.read(dir));
        boolean changed = false;
        List<Conformance.Result> after = located.results();
        for (int i = 0; i < before.size(); i++) {
            Conformance.Result r = after.get(i);
            if (r == before.get(i)) {
                continue;
            }
            Path folder = dir.resolve(r.subject());
            if (Files.isDirectory(folder)) {
                StringBuilder page = new StringBuilder(ConformancePage.version(r));
                page.append("\n## Decided by the history\n\n");
                for (ChangeLocator.Decision d : located.decisions()) {
                    if (d.release().equals(r.release())) {
                        page.append("- ")
                                .append(
                                        d.shape().page() == null
                                                ? "`" + d.shape().signature() + "`"
                                                : "[" + d.shape().page().getFileName() + "]("
                                                        + d.shape().page().getFileName() + ")")
                                .append(": ")
                                .append(
                                        d.kind() == Differences.Kind.LOCATED_CHANGE
                                                ? "earlier semantics, "
                                                : "UNDECIDED, ")
                                .append(d.reason())
                                .append('\n');
                    }
                }
                Files.writeString(folder.resolve("index.md"), page.toString(), StandardCharsets.UTF_8);
            }
            ConformanceIndex.Row row = rows.get(r.release().id());
            if (row != null) {
                rows.put(r.release().id(), ConformanceIndex.redecided(row, r));
                changed = true;
            }
        }
        if (changed) {
            ConformanceIndex.write(dir, rows, true);
        }
    }
}
