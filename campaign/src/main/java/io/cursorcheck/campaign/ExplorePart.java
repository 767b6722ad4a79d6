package io.cursorcheck.campaign;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.campaign.ExploreRun;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.explore.ExploreSettings;
import io.cursorcheck.properties.explore.Explorer;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.pages.ExplorePage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Algorithm;
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
import java.util.function.Function;

/**
 * The exploration part of the campaign (and {@code bin/cursorcheck explore} without a variant):
 * every conforming variant must hold the bound under every policy ({@code cached-count-corrected}, the
 * corrected algorithm of spec §8, against {@code model-corrected}, with no known finding allowed there);
 * {@code dirty-flag} and every non-equivalent mutant of the catalogue must be caught, under the
 * algorithm as released and again under the corrected one (each mutant that is not equivalent there,
 * {@link Mutant#impactUnder}). Writes {@code reports/explore.md}.
 */
public final class ExplorePart implements Part {

    /**
     * The bounds in which every control must be caught, with its shortest counterexample over both: the gate's
     * (the mutants of the older paths, and the two caught only past the stranded read, 10 deep) and the
     * writer-paths bound eight deep, as {@link Scope#writerPathsDeep} (the mutants of abort, drain, spoil, writev
     * and endSync, which the gate's bound cannot reach; {@code scan-starts-at-max-sentinel} as released and
     * {@code notify-settles-before-advance} corrected need its eighth operation). Whatever the bound the
     * subjects hold: iterative deepening stops at each control's short failure, so only those two and the
     * gate's controls deeper than 7 pay for the eighth level.
     */
    private static final List<Function<Policy, Scope>> CONTROL_BOUNDS = List.of(Scope::gate, Scope::writerPathsDeep);

    /**
     * The subjects the mission is about, which alone also hold the reach bounds: the cached count as released
     * (against the model) and corrected (against the corrected model).
     */
    public static final List<Variant> REACH_SUBJECTS = List.of(Variant.CACHED_COUNT, Variant.CACHED_COUNT_CORRECTED);

    private final List<Function<Policy, Scope>> scopes;
    private final List<Function<Policy, Scope>> reach;
    private final int threads;
    private final String command;

    /**
     * The bounds every conforming variant must hold (each a scope per policy), e.g. the gate's and the writer
     * paths', and those {@link #REACH_SUBJECTS} must hold as well (none, or {@link Scope#reach}), explored with one
     * thread per core.
     */
    public ExplorePart(List<Function<Policy, Scope>> scopes, List<Function<Policy, Scope>> reach, String command) {
        this(scopes, reach, ExploreSettings.cores(), command);
    }

    /** The same with {@code threads} threads per exploration. */
    public ExplorePart(
            List<Function<Policy, Scope>> scopes, List<Function<Policy, Scope>> reach, int threads, String command) {
        this.scopes = scopes;
        this.reach = reach;
        this.threads = threads;
        this.command = command;
    }

    @Override
    public String name() {
        return "explore (exhaustive)";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws IOException {
        long start = System.currentTimeMillis();
        List<BroadcastFactory> holding = new ArrayList<>();
        List<BroadcastFactory> controls = new ArrayList<>();
        for (Variant v : Variant.values()) {
            if (v.conformance() == Variant.Conformance.CONFORMS) {
                holding.add(v);
            } else if (v.conformance() == Variant.Conformance.DIVERGES) {
                controls.add(v);
            }
        }
        for (Algorithm algorithm : Algorithm.values()) {
            Mutants.CATALOGUE.stream()
                    .filter(m -> m.impactUnder(algorithm) != Mutant.Impact.EQUIVALENT)
                    .forEach(m -> controls.add(Mutants.factory(m, algorithm)));
        }
        // Controls in the gate's bounds whatever the bound the subjects hold (the campaign's has no zero-size
        // writes): iterative deepening stops at their short failures.
        ExploreSettings settings = ExploreSettings.of(20_000_000).withThreads(threads);
        KnownFindings known = KnownFindings.load(SourceTree.root());
        Path counterexamples = reports.dir().resolve("counterexamples");
        ExploreRun.Result every = ExploreRun.run(
                holding, controls, scopes, CONTROL_BOUNDS, settings, known, counterexamples, log::println);
        // The reach: deeper bounds for the subjects the mission is about, after every variant's.
        ExploreRun.Result r = reach.isEmpty()
                ? every
                : every.with(ExploreRun.run(
                        List.copyOf(REACH_SUBJECTS),
                        List.of(),
                        reach,
                        List.of(),
                        settings,
                        known,
                        counterexamples,
                        log::println));
        Path page = reports.dir().resolve("explore.md");
        Files.createDirectories(page.getParent());
        Files.writeString(page, ExplorePage.markdown(r, command), StandardCharsets.UTF_8);
        List<String> problems = new ArrayList<>();
        for (Explorer.Result x : r.bounds()) {
            if (!x.holds()) {
                problems.add("explore: " + x.subject() + " does not hold " + x.scope()
                        + (x.complete() ? "" : " (incomplete)"));
            }
        }
        r.controls().stream()
                .filter(c -> c.caught() == null)
                .forEach(c -> problems.add("explore: control " + c.subject() + " not caught within the bound"));
        long states = r.bounds().stream().mapToLong(Explorer.Result::states).sum();
        long millis = r.bounds().stream().mapToLong(Explorer.Result::cpuMillis).sum();
        long elapsed = r.bounds().stream().mapToLong(Explorer.Result::millis).sum();
        String summary = String.format(
                "%d bounds, %d hold; %d of %d controls caught; %,d states at %,.0f per CPU second,"
                        + " %,.0f per second with %d thread(s)",
                r.bounds().size(),
                r.bounds().stream().filter(Explorer.Result::holds).count(),
                r.controls().stream().filter(c -> c.caught() != null).count(),
                r.controls().size(),
                states,
                states * 1000.0 / Math.max(1, millis),
                states * 1000.0 / Math.max(1, elapsed),
                threads);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("report", Reports.relative(page));
        json.put(
                "bounds",
                r.bounds().stream()
                        .map(x -> Map.of(
                                "subject",
                                x.subject(),
                                "algorithm",
                                r.algorithmOf(x.subject()).id(),
                                "scope",
                                x.scope().toString(),
                                "states",
                                x.states(),
                                "holds",
                                x.holds(),
                                "statesPerSecond",
                                Math.round(x.statesPerSecond()),
                                "statesPerCpuSecond",
                                Math.round(x.statesPerCpuSecond()),
                                "threads",
                                x.threads(),
                                "cpuMillis",
                                x.cpuMillis()))
                        .toList());
        reports.whenPublished(log, "explore: report " + Reports.relative(page));
        return new Verdict(
                problems.isEmpty(),
                summary,
                "## Exhaustive exploration\n\nFull report: [explore.md](explore.md)." + "\n\n"
                        + ExplorePage.markdownSection(r)
                                .replace("\n## ", "\n### ")
                                .replaceFirst("^## ", "### "),
                json,
                problems,
                System.currentTimeMillis() - start);
    }
}
