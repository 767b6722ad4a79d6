package io.cursorcheck.properties.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/**
 * The package graph of {@code properties}, bottom to top: the registry and operation language
 * ({@code io.cursorcheck.properties}), the leaves {@code io}, {@code source} and {@code engine.key} (the exact
 * state keys); the lockstep core {@code engine}, and on it its shrinker and shortest search
 * ({@code engine.shrink}), and the one breadth-first search ({@code engine.search}) that the shortest search and
 * the explorer both run; above it {@code explore}, {@code mutants} and {@code report}, and on report {@code run} (the
 * random lockstep run); then {@code campaign},
 * which brings them together; and {@code pages}, the summaries of whole runs, on top. Beside the core,
 * {@code examples}, the catalogue of hand-written examples, stands on the registry alone; {@code race}, the
 * catalogue of the concurrency races, on nothing of the module. The modules (engine, explore, report, mutants,
 * properties) hold the arrows between them at compile time; these rules hold them inside a module, where the
 * compiler cannot. Each rule names
 * the edge it forbids and why, so that a failure says which layer was crossed.
 */
public final class PackageRules {

    private static final String ROOT = "io.cursorcheck.properties";
    private static final String IO = "io.cursorcheck.properties.io..";
    private static final String SOURCE = "io.cursorcheck.properties.source..";
    private static final String ENGINE = "io.cursorcheck.properties.engine..";
    /** The lockstep core's own package, without its subpackages. */
    private static final String ENGINE_CORE = "io.cursorcheck.properties.engine";

    private static final String KEY = "io.cursorcheck.properties.engine.key..";
    private static final String SHRINK = "io.cursorcheck.properties.engine.shrink..";
    private static final String SEARCH = "io.cursorcheck.properties.engine.search..";
    private static final String EXPLORE = "io.cursorcheck.properties.explore..";
    private static final String MUTANTS = "io.cursorcheck.properties.mutants..";
    private static final String REPORT = "io.cursorcheck.properties.report..";
    private static final String CAMPAIGN = "io.cursorcheck.properties.campaign..";
    private static final String PAGES = "io.cursorcheck.properties.pages..";
    private static final String EXAMPLES = "io.cursorcheck.properties.examples..";
    private static final String RACE = "io.cursorcheck.properties.race..";
    private static final String RUN = "io.cursorcheck.properties.run..";

    /** No two packages of the module import each other, directly or around a loop. */
    public static final ArchRule NO_PACKAGE_CYCLES = slices().matching("io.cursorcheck.(**)")
            .should()
            .beFreeOfCycles()
            .as("no cycles between the packages of properties")
            .because("a cycle makes the layers one package in all but name: none can be read, tested or moved"
                    + " without the others");

    /** The lockstep core depends on nothing built on it. */
    public static final ArchRule ENGINE_IS_THE_CORE = noClasses()
            .that()
            .resideInAPackage(ENGINE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(EXPLORE, REPORT, RUN, CAMPAIGN, PAGES, MUTANTS)
            .as("engine (the lockstep core) never imports explore, report, run, campaign, pages or mutants")
            .because("they all build on engine: explore depends on engine, never the reverse, and the reports"
                    + " render the core's results, so engine never imports report's writers back");

    /** The core packages never see the mutants they are checked with. */
    public static final ArchRule CORE_NEVER_IMPORTS_MUTANTS = noClasses()
            .that()
            .resideInAnyPackage(ROOT, IO, SOURCE, ENGINE, EXPLORE, REPORT, RUN)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(MUTANTS)
            .as("the core packages (the registry, io, source, engine, explore, report, run) never import mutants")
            .because("the mutants are the negative controls of the core: a core that knew them could treat them"
                    + " differently; only the campaign and the pages that report on it bring them in");

    /** The explorer is part of the core: it uses the lockstep core and nothing above it. */
    public static final ArchRule EXPLORE_USES_ONLY_THE_CORE = noClasses()
            .that()
            .resideInAPackage(EXPLORE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(REPORT, RUN, CAMPAIGN, PAGES, MUTANTS)
            .as("explore imports only the core (engine, io, the registry), never report, run, campaign, pages or"
                    + " mutants")
            .because("an exploration run that writes pages or compares with random runs belongs to the campaign"
                    + " (ExploreRun), which depends on the explorer, not the reverse");

    /** Reports are written by the campaign, never the reverse. */
    public static final ArchRule REPORT_BELOW_THE_CAMPAIGN = noClasses()
            .that()
            .resideInAPackage(REPORT)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(RUN, CAMPAIGN, PAGES, EXPLORE)
            .as("report (the reports directory and counterexample pages) never imports run, campaign, pages or"
                    + " explore")
            .because("the direction is report -> engine: report renders one counterexample of the core and owns"
                    + " the reports directory; the campaign and the explorer write through it, and the summary"
                    + " pages of whole runs live in pages");

    /** The random run drives the core and writes through report; the campaign drives it. */
    public static final ArchRule RUN_BELOW_THE_CAMPAIGN = noClasses()
            .that()
            .resideInAPackage(RUN)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(CAMPAIGN, PAGES, EXPLORE, MUTANTS)
            .as("run (the random lockstep run and the gate's seed) never imports campaign, pages, explore or mutants")
            .because("a user's build runs it through cursorcheck-junit with its own broadcast: it needs the core"
                    + " and the counterexample writer, never the campaign's controls or the mutants behind them");

    /** The leaves stay leaves. */
    public static final ArchRule LEAVES_IMPORT_NOTHING = noClasses()
            .that()
            .resideInAnyPackage(IO, SOURCE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(ROOT, ENGINE, EXPLORE, MUTANTS, REPORT, RUN, CAMPAIGN, PAGES)
            .as("io and source import no other package of properties")
            .because("every layer uses them (the JSON facade, the setup error, the project root), so any import"
                    + " of theirs would close a cycle");

    /** The state keys are bytes and their encoding: they know nothing of what they name. */
    public static final ArchRule KEYS_IMPORT_NOTHING = noClasses()
            .that()
            .resideInAPackage(KEY)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    ROOT,
                    IO,
                    SOURCE,
                    ENGINE_CORE,
                    SHRINK,
                    SEARCH,
                    EXPLORE,
                    MUTANTS,
                    REPORT,
                    RUN,
                    CAMPAIGN,
                    PAGES,
                    EXAMPLES)
            .as("engine.key (StateKey, StateKeyBuilder, KeyProbe, StateSet) imports no other package of properties")
            .because("the lockstep pair writes its state into a key and the explorer and the shortest search look"
                    + " keys up; a key that knew the pair could not be tested on its own"
                    + " (ProbingKeyTest), and any import would close a cycle with engine");

    /** The shrinker and the shortest search run the core; the core never calls them. */
    public static final ArchRule THE_CORE_NEVER_IMPORTS_ITS_SHRINKER = noClasses()
            .that()
            .resideInAPackage(ENGINE_CORE)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(SHRINK)
            .as("engine (the lockstep core) never imports engine.shrink (Shrinker, ShortestSearch, Alphabet)")
            .because("shrinking replays scripts through the lockstep pair; a pair that called its shrinker would make"
                    + " the two one job again, and a counterexample carries only the search's result (Minimality)");

    /** The breadth-first search knows neither of its users: what differs between them is their expansion. */
    public static final ArchRule THE_SEARCH_KNOWS_NEITHER_USER = noClasses()
            .that()
            .resideInAPackage(SEARCH)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(SHRINK, EXPLORE)
            .as("engine.search (the level expander) never imports engine.shrink or explore")
            .because("the shortest search and the explorer are one breadth-first search with two expansions; a"
                    + " search that knew either would grow a second search inside it again, and engine.shrink runs"
                    + " it, so the import would close a cycle");

    /** The catalogue of examples needs only the registry and its scenarios. */
    public static final ArchRule EXAMPLES_STAND_ON_THE_REGISTRY = noClasses()
            .that()
            .resideInAPackage(EXAMPLES)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(ENGINE, EXPLORE, MUTANTS, REPORT, RUN, CAMPAIGN, PAGES)
            .as("examples (the catalogue of hand-written examples) imports only the registry, never engine,"
                    + " explore, mutants, report, campaign or pages")
            .because("the catalogue runs on any BroadcastFactory, in a user's build through cursorcheck-junit as"
                    + " on the suite's variants: a scenario steps one broadcast and checks each answer and state,"
                    + " and needs nothing of the lockstep core or the reports");

    /** The race catalogue is data that every concurrency tool reads. */
    public static final ArchRule RACE_IS_DATA = noClasses()
            .that()
            .resideInAPackage(RACE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(ROOT, IO, SOURCE, ENGINE, EXPLORE, MUTANTS, REPORT, RUN, CAMPAIGN, PAGES, EXAMPLES)
            .as("race (the race catalogue) imports no other package of properties")
            .because("jcstress, Fray and Lincheck all read it: a catalogue that reached into the engine, the"
                    + " mutants or the campaign would bring them into every reader; it names the racy twins by id,"
                    + " and its tests hold the ids to Mutants.RACY_TWINS");

    /** Every rule, in the order above. */
    public static final List<ArchRule> ALL = List.of(
            NO_PACKAGE_CYCLES,
            ENGINE_IS_THE_CORE,
            CORE_NEVER_IMPORTS_MUTANTS,
            EXPLORE_USES_ONLY_THE_CORE,
            REPORT_BELOW_THE_CAMPAIGN,
            RUN_BELOW_THE_CAMPAIGN,
            LEAVES_IMPORT_NOTHING,
            KEYS_IMPORT_NOTHING,
            THE_CORE_NEVER_IMPORTS_ITS_SHRINKER,
            THE_SEARCH_KNOWS_NEITHER_USER,
            EXAMPLES_STAND_ON_THE_REGISTRY,
            RACE_IS_DATA);

    private PackageRules() {}
}
