package io.cursorcheck.campaign;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.campaign.ExploreRun;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.explore.ExploreSettings;
import io.cursorcheck.properties.explore.Explorer;
import io.cursorcheck.properties.explore.Keying;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.properties.pages.ExplorePage;
import io.cursorcheck.properties.report.CounterexampleWriter;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Policy;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/cursorcheck explore --variant NAME ...}: one subject explored at a bound of the user's
 * choosing, under each policy asked, with a line of progress per depth; every failure written as a
 * shortest counterexample, and {@code reports/explore-NAME.md}.
 */
public final class ExploreBoundCommand implements Part {

    private final BroadcastFactory subject;
    private final List<Policy> policies;
    private final long budget;
    private final List<Integer> sizes;
    private final int consumers;
    private final int depth;
    private final boolean writerPaths; // the scope includes the writer's further paths
    private final long stateLimit;
    private final int threads;
    private final Keying keying;
    private final String command;

    /** The explorer with one thread per core and the default keying. */
    public ExploreBoundCommand(
            BroadcastFactory subject,
            List<Policy> policies,
            long budget,
            List<Integer> sizes,
            int consumers,
            int depth,
            boolean writerPaths,
            long stateLimit,
            String command) {
        this(
                subject,
                policies,
                budget,
                sizes,
                consumers,
                depth,
                writerPaths,
                stateLimit,
                ExploreSettings.cores(),
                Keying.DEFAULT,
                command);
    }

    public ExploreBoundCommand(
            BroadcastFactory subject,
            List<Policy> policies,
            long budget,
            List<Integer> sizes,
            int consumers,
            int depth,
            boolean writerPaths,
            long stateLimit,
            int threads,
            Keying keying,
            String command) {
        this.threads = threads;
        this.keying = keying;
        this.writerPaths = writerPaths;
        this.subject = subject;
        this.policies = policies;
        this.budget = budget;
        this.sizes = sizes;
        this.consumers = consumers;
        this.depth = depth;
        this.stateLimit = stateLimit;
        this.command = command;
    }

    @Override
    public String name() {
        return "explore " + subject.id();
    }

    /** The explorer on one scope, a line per level and one at the end. */
    private Explorer.Result explore(Scope scope, KnownFindings known, PrintStream out) {
        ExploreSettings settings = ExploreSettings.of(stateLimit)
                .withThreads(threads)
                .withKeying(keying)
                .withProgress(level -> progress(out, level));
        out.printf("  %d thread(s), %s key%n", threads, settings.keyName());
        Explorer.Result r = Explorer.explore(subject, scope, settings, known);
        summary(out, r);
        return r;
    }

    private static void progress(PrintStream out, Explorer.Level level) {
        out.printf(
                "  depth %2d: %,10d states %,12d transitions %,9d new at this depth  %6.1f s %,9.0f states/s"
                        + " (%,.0f per CPU second, %.1f CPU s)%n",
                level.depth(),
                level.states(),
                level.transitions(),
                level.frontier(),
                level.millis() / 1000.0,
                level.statesPerSecond(),
                level.statesPerCpuSecond(),
                level.cpuMillis() / 1000.0);
    }

    private static void summary(PrintStream out, Explorer.Result r) {
        out.printf(
                "  %s: %,d states, %,d transitions, depth %d%s in %.1f s, %.1f CPU s, %d thread(s) (%,.0f states/s;"
                        + " %,.0f per CPU second; per thread: %s); state set: %s%n",
                r.holds() ? "holds" : "DOES NOT HOLD",
                r.states(),
                r.transitions(),
                r.depth(),
                r.complete() ? "" : " (incomplete)",
                r.millis() / 1000.0,
                r.cpuMillis() / 1000.0,
                r.threads(),
                r.statesPerSecond(),
                r.statesPerCpuSecond(),
                ExplorePage.perThread(r),
                r.stateSet());
    }

    @Override
    public Verdict run(PrintStream out, ReportRun reports) throws IOException {
        long start = System.currentTimeMillis();
        KnownFindings known = KnownFindings.load(SourceTree.root());
        List<Explorer.Result> bounds = new ArrayList<>();
        Map<String, Path> pages = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Policy p : policies) {
            Scope scope = new Scope(p, budget, sizes, consumers, depth, writerPaths);
            out.printf(
                    "explore %s (%s algorithm, against %s): %s%n",
                    subject.id(),
                    subject.algorithm(),
                    io.cursorcheck.properties.Variant.referenceFor(subject.algorithm())
                            .id(),
                    scope);
            Explorer.Result r = explore(scope, known, out);
            for (Explorer.Found f : r.found()) {
                Counterexample cx = new Counterexample(
                        subject.id(),
                        f.run().script(),
                        null,
                        0,
                        null,
                        f.run().script().length(),
                        0,
                        f.failure(),
                        "exhaustive breadth-first exploration of " + scope + ": shortest by construction",
                        f.run().continuedPast());
                Path[] files = CounterexampleWriter.write(
                        cx,
                        f.run(),
                        subject.description(),
                        f.known(),
                        reports.dir().resolve("counterexamples"));
                pages.put(subject.id() + " " + f.failure().signature(), files[1]);
                out.printf(
                        "  %s: %s in %d operations (shortest)%n",
                        f.known() != null
                                ? "known finding " + f.known().name()
                                : f.againstSubject() ? "FAILURE" : "NEW FINDING against the model",
                        f.failure().title(),
                        f.run().script().length());
                // Its page and replay command name files that are there once the run is published.
                reports.whenPublished(out, "counterexample (" + p + "): " + Reports.relative(files[1]));
                reports.whenPublished(out, "  replay: bin/cursorcheck replay " + Reports.relative(files[0]));
            }
            if (!r.holds()) {
                problems.add(
                        "explore: " + subject.id() + " does not hold " + scope + (r.complete() ? "" : " (incomplete)"));
            }
            bounds.add(r);
        }
        Path page = reports.dir().resolve("explore-" + subject.id() + ".md");
        Files.writeString(
                page,
                ExplorePage.markdown(
                        new ExploreRun.Result(bounds, List.of(), pages, Map.of(subject.id(), subject.algorithm())),
                        command),
                StandardCharsets.UTF_8);
        reports.whenPublished(out, "report: " + Reports.relative(page));
        String summary = String.format(
                "%d bound(s), %d hold",
                bounds.size(), bounds.stream().filter(Explorer.Result::holds).count());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("report", Reports.relative(page));
        return new Verdict(problems.isEmpty(), summary, "", json, problems, System.currentTimeMillis() - start);
    }
}
