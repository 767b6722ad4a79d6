package io.cursorcheck.campaign;

import io.cursorcheck.bench.BenchRun;
import io.cursorcheck.conformance.protocol.ProgramSubject;
import io.cursorcheck.conformance.release.MissingToolException;
import io.cursorcheck.conformance.release.RegistryReleases;
import io.cursorcheck.conformance.release.RegistryUnreachableException;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.stress.StressRun;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The campaign's parts in the order they run: each with its name (what {@code --skip} takes), one line
 * on what it does, what it needs of the machine (checked before the first part runs, so that a missing
 * tool is refused up front, not after the parts before it ran) and how it is built from the campaign's
 * settings. The command line takes {@code --skip}'s names from here and hands the settings over.
 */
public final class Parts {

    private Parts() {}

    /**
     * The campaign's settings, as plain values: the command line parses them, the parts are built from them.
     *
     * @param profile             how much of each part runs: every part's budget comes from it
     * @param millis              how long the lockstep part runs
     * @param threads             the lockstep part's and the kill matrix's threads
     * @param defaultMaxSteps     {@code --max-steps}' default: a rerun command names {@code maxSteps} only when it
     *                            differs
     * @param pit                 whether PIT runs on impl too (opt-in: a Maven run of its own)
     * @param command             the campaign's command line, shown on its pages
     * @param matrixSequences     sequences per mutant and stage where a check must catch it
     * @param equivalentSequences sequences per stage where an equivalent mutant must survive
     * @param historyMillis       the history part's budget
     * @param twinsCommand        the twins command's line, shown on its page
     * @param upstreamCommand     the upstream command's line for a run of the given seconds each
     */
    public record Settings(
            Profile profile,
            long millis,
            long seed,
            int threads,
            int maxSteps,
            int defaultMaxSteps,
            Weights weights,
            boolean pit,
            String command,
            long matrixSequences,
            long equivalentSequences,
            long historyMillis,
            String twinsCommand,
            LongFunction<String> upstreamCommand) {}

    /** What a preflight check finds that a later part shares (a checked Fray runner, the history's releases). */
    private static final class Shared {
        Settings settings;
        FrayPart fray;
        ConformancePart conformance;
        List<Release> history = List.of();
    }

    /** What a part needs of the machine; throws, naming what is missing and how to leave the part out. */
    @FunctionalInterface
    private interface Preflight {
        void require(Shared shared) throws Exception;
    }

    /** How a part is built. */
    @FunctionalInterface
    private interface Builder {
        Part build(Shared shared);
    }

    /**
     * One part of the campaign.
     *
     * @param name        its name, as {@code --skip} takes it
     * @param description what it does, in one line
     * @param skippable   whether {@code --skip} may leave it out (lockstep always runs)
     * @param wanted      whether the settings ask for it (PIT only with {@code --pit})
     * @param budget      how much of it the settings run, in words (the campaign's page and its estimate)
     * @param preflight   what it needs of the machine
     * @param builder     how it is built
     */
    private record Entry(
            String name,
            String description,
            boolean skippable,
            Predicate<Settings> wanted,
            Function<Settings, String> budget,
            Preflight preflight,
            Builder builder) {}

    /**
     * A part as the campaign runs it.
     *
     * @param name   its name in the registry, as {@code --skip} takes it
     * @param budget how much of it runs, in words
     * @param part   the part
     */
    public record Planned(String name, String budget, Part part) {}

    /** The parts that run Fray, so need a JDK 25: checked once, named together when it is missing. */
    static final List<String> NEED_JDK_25 = List.of("fray", "twins");

    private static final Preflight NOTHING = shared -> {};

    /** Every part, in the order the campaign runs them. */
    private static final List<Entry> ALL = List.of(
            new Entry(
                    "lockstep",
                    "every variant and negative control against the model",
                    false,
                    s -> true,
                    s -> seconds(s.millis()) + " of random runs",
                    NOTHING,
                    p -> new LockstepPart(
                            p.settings.millis(),
                            p.settings.seed(),
                            p.settings.threads(),
                            p.settings.maxSteps(),
                            p.settings.weights())),
            new Entry(
                    "mutants",
                    "the kill matrix of the mutant catalogue, under both algorithms",
                    true,
                    s -> true,
                    s -> String.format(
                            "%,d sequences per mutant and stage, %,d per equivalent one",
                            s.matrixSequences(), s.equivalentSequences()),
                    NOTHING,
                    p -> new MutantsCommand(
                            p.settings.seed(),
                            p.settings.matrixSequences(),
                            p.settings.equivalentSequences(),
                            p.settings.maxSteps(),
                            p.settings.threads(),
                            Mutants.CATALOGUE,
                            p.settings.command())),
            new Entry("pit", "PIT on impl", false, Settings::pit, s -> "impl's tests", NOTHING, p -> new PitCommand()),
            new Entry(
                    "explore",
                    "exhaustive exploration of every variant and control within a bound",
                    true,
                    s -> true,
                    s -> s.profile().exploreBudget(),
                    NOTHING,
                    p -> new ExplorePart(
                            p.settings.profile().exploreBounds(),
                            p.settings.profile().reachBounds(),
                            p.settings.command())),
            new Entry(
                    "stress",
                    "the jcstress gate and Lincheck",
                    true,
                    s -> true,
                    s -> "jcstress " + StressRun.Mode.GATE.args() + ", every test once; Lincheck",
                    NOTHING,
                    p -> new StressCommand(StressRun.Mode.GATE, null, 1, p.settings.command(), true)),
            new Entry(
                    "fray",
                    "the same races under Fray's controlled scheduler (needs a JDK 25)",
                    true,
                    s -> true,
                    s -> "every race on both thread-safe variants and every racy twin",
                    NOTHING, // the JDK 25 is checked once for every part that needs it: NEED_JDK_25
                    p -> p.fray),
            new Entry(
                    "twins",
                    "jcstress, Lincheck and Fray per racy twin (needs a JDK 25)",
                    true,
                    s -> s.profile().longParts(),
                    s -> "jcstress, Lincheck and Fray once more per racy twin",
                    NOTHING, // the JDK 25 is checked once for every part that needs it: NEED_JDK_25
                    p -> new TwinsPart(p.settings.twinsCommand(), p.fray)),
            new Entry(
                    "conformance",
                    "Node.js and Bun releases against the model (needs npm)",
                    true,
                    s -> true,
                    s -> s.profile().releases().stream().map(Release::id).collect(Collectors.joining(", ")) + ", "
                            + seconds(Profile.conformanceMillis(s.millis())) + " each",
                    shared -> {
                        for (Release release : shared.settings.profile().releases()) {
                            requireInstallable(release, "conformance");
                        }
                    },
                    p -> {
                        p.conformance = new ConformancePart(
                                p.settings.profile().releases(),
                                p.settings.seed(),
                                Profile.conformanceMillis(p.settings.millis()),
                                p.settings.maxSteps(),
                                p.settings.command());
                        return p.conformance;
                    }),
            new Entry(
                    "subjects",
                    "the example subjects of examples/python through the subject protocol (needs python3)",
                    true,
                    s -> true,
                    s -> ProgramSubject.EXAMPLES.size() + " subjects, "
                            + seconds(SubjectsPart.campaignMillis(s.millis())) + " each",
                    shared -> {
                        try {
                            ProgramSubject.requireExamplesRunnable();
                        } catch (MissingToolException e) {
                            throw new MissingToolException(
                                    e.getMessage() + "; or leave the part out with --skip subjects");
                        }
                    },
                    p -> new SubjectsPart(
                            ProgramSubject.EXAMPLES,
                            p.settings.seed(),
                            SubjectsPart.campaignMillis(p.settings.millis()),
                            p.settings.maxSteps(),
                            p.settings.defaultMaxSteps())),
            new Entry(
                    "history",
                    "every Node 26.x release on the npm registry and the newest Bun (needs npm and the registry)",
                    true,
                    s -> s.profile().longParts(),
                    s -> seconds(s.historyMillis()) + " in all",
                    shared -> shared.history = historyReleases(),
                    p -> {
                        ConformancePart checked = p.conformance;
                        return new HistoryPart(
                                p.history,
                                checked == null ? List::of : checked::results,
                                p.settings.seed(),
                                p.settings.historyMillis(),
                                p.settings.maxSteps(),
                                p.settings.command());
                    }),
            new Entry(
                    "upstream",
                    "the fix of Node's broadcast.js shown on the newest Node release (needs npm)",
                    true,
                    s -> true,
                    s -> Release.NEWEST_NODE.id() + ", twice "
                            + seconds(UpstreamPart.campaignSeconds(s.millis()) * 1000),
                    shared -> requireInstallable(Release.NEWEST_NODE, "upstream"),
                    p -> {
                        long seconds = UpstreamPart.campaignSeconds(p.settings.millis());
                        return new UpstreamPart(
                                Release.NEWEST_NODE,
                                p.settings.seed(),
                                seconds * 1000,
                                p.settings.maxSteps(),
                                p.settings.upstreamCommand().apply(seconds));
                    }),
            new Entry(
                    "bench",
                    "the quick benchmarks",
                    true,
                    s -> s.profile().longParts(),
                    s -> "the quick profile",
                    NOTHING,
                    p -> new BenchCommand(BenchRun.quick(), p.settings.command(), "Run as a part of the campaign.")));

    /**
     * The order of the preflight checks, which decides the tool a refusal names when several are missing;
     * the history's comes last: it asks the registry over the network.
     */
    private static final List<String> CHECK_ORDER = List.of("conformance", "subjects", "upstream", "history");

    /** The parts {@code --skip} may leave out, in the order they run. */
    public static final List<String> SKIPPABLE =
            ALL.stream().filter(Entry::skippable).map(Entry::name).toList();

    /** Each part's one line, by name, in the order they run: what the campaign does, part by part. */
    public static List<String> descriptions() {
        return ALL.stream().map(e -> e.name() + ": " + e.description()).toList();
    }

    /**
     * Each part the settings' profile runs (whether left out or not), by name, with its budget in words, in the
     * order they run: what the profile is, without checking the machine.
     */
    public static Map<String, String> budgets(Settings settings) {
        Map<String, String> budgets = new LinkedHashMap<>();
        for (Entry entry : ALL) {
            if (entry.wanted().test(settings)) {
                budgets.put(entry.name(), entry.budget().apply(settings));
            }
        }
        return budgets;
    }

    /**
     * Checks what the parts not left out need of the machine, then builds them in the order they run.
     *
     * @param skipped the names of the parts left out, each one of {@link #SKIPPABLE}
     * @throws MissingToolException         naming a missing tool and how to leave its parts out
     * @throws RegistryUnreachableException if the history cannot list the registry's releases
     * @throws IllegalArgumentException     if {@code skipped} names a part that cannot be left out
     */
    public static List<Planned> build(Settings settings, Collection<String> skipped) throws Exception {
        return build(settings, skipped, FrayPart::new);
    }

    /** The same with another Fray part (tests: a machine without a JDK 25). */
    static List<Planned> build(Settings settings, Collection<String> skipped, Supplier<FrayPart> fray)
            throws Exception {
        for (String name : skipped) {
            if (!SKIPPABLE.contains(name)) {
                throw new IllegalArgumentException("not a part that can be skipped: " + name);
            }
        }
        Shared shared = new Shared();
        shared.settings = settings;
        List<String> needJdk = NEED_JDK_25.stream()
                .filter(name -> !skipped.contains(name) && entry(name).wanted().test(settings))
                .toList();
        if (!needJdk.isEmpty()) { // one check and one message for every part that runs Fray
            shared.fray = fray.get();
            String missing = shared.fray.missingJdk();
            if (missing != null) {
                throw new MissingToolException(String.join(" and ", needJdk)
                        + (needJdk.size() == 1 ? " needs" : " need") + " a JDK 25: " + missing
                        + "; or leave " + (needJdk.size() == 1 ? "it" : "them") + " out with --skip "
                        + String.join(",", needJdk));
            }
        }
        for (String name : CHECK_ORDER) { // refused now, not after the parts before it ran
            Entry entry = entry(name);
            if (!skipped.contains(name) && entry.wanted().test(settings)) {
                entry.preflight().require(shared);
            }
        }
        List<Planned> parts = new ArrayList<>();
        for (Entry entry : ALL) {
            if (!skipped.contains(entry.name()) && entry.wanted().test(settings)) {
                parts.add(new Planned(
                        entry.name(),
                        entry.budget().apply(settings),
                        entry.builder().build(shared)));
            }
        }
        return parts;
    }

    private static String seconds(long millis) {
        return millis % 60_000 == 0 && millis >= 60_000 ? millis / 60_000 + " min" : millis / 1000 + " s";
    }

    private static Entry entry(String name) {
        return ALL.stream()
                .filter(e -> e.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no part named " + name));
    }

    private static void requireInstallable(Release release, String part) throws Exception {
        try {
            release.requireInstallable();
        } catch (MissingToolException e) {
            throw new MissingToolException(e.getMessage() + "; or leave the part out with --skip " + part);
        }
    }

    /**
     * The history's releases, listed now: a campaign without npm or a registry is refused before its
     * first part runs, not after.
     */
    private static List<Release> historyReleases() throws Exception {
        try {
            List<Release> releases = RegistryReleases.list(System.getenv("PATH"));
            for (Release release : releases) {
                release.requireInstallable();
            }
            return releases;
        } catch (MissingToolException e) {
            throw new MissingToolException(e.getMessage() + "; or leave the part out with --skip history");
        } catch (RegistryUnreachableException e) {
            throw new RegistryUnreachableException(e.getMessage() + "; or leave the part out with --skip history");
        }
    }
}
