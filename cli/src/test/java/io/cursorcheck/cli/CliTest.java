package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.campaign.StressCommand;
import io.cursorcheck.conformance.History;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CliTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new Main(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(List.of(args));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void usageErrorsExitTwoNamingTheArgument() {
        assertThat(run("check")).isEqualTo(2);
        assertThat(err()).contains("--variant");
        assertThat(run("check", "--variant", "nope")).isEqualTo(2);
        assertThat(err()).contains("nope").contains("cached-count");
        assertThat(run("check", "--variant", "model", "--seconds", "x")).isEqualTo(2);
        assertThat(err()).contains("--seconds");
        assertThat(run("check", "--variant", "model", "--frobnicate")).isEqualTo(2);
        assertThat(err()).contains("--frobnicate");
        assertThat(run("teleport")).isEqualTo(2);
        assertThat(err()).contains("teleport");
        assertThat(run("replay", "no/such/file.json")).isEqualTo(2);
        assertThat(err()).contains("no/such/file.json");
        assertThat(run("fray", "--replay", "no/such/saved-failure")).isEqualTo(2);
        assertThat(err()).contains("--replay").contains("no/such/saved-failure");
        assertThat(run("stress", "--mode", "gentle")).isEqualTo(2);
        assertThat(err()).contains("gentle").contains("tough");
        assertThat(run("campaign", "--skip", "lunch")).isEqualTo(2);
        assertThat(err()).contains("--skip");
        assertThat(run("node")).isEqualTo(2);
        assertThat(err()).contains("--version");
        assertThat(run("bun", "--version", "latest")).isEqualTo(2);
        assertThat(err()).contains("latest");
        assertThat(run("node", "--version", "26.12.1", "--frobnicate")).isEqualTo(2);
        assertThat(err()).contains("--frobnicate");
        assertThat(run("bench", "--fast")).isEqualTo(2);
        assertThat(err()).contains("--fast");
    }

    @Test
    void exploreRejectsBadBoundsNamingTheArgument() {
        assertThat(run("explore", "--variant", "cached-count", "--depth", "0")).isEqualTo(2);
        assertThat(err()).contains("--depth");
        assertThat(run("explore", "--variant", "cached-count", "--policy", "lossy"))
                .isEqualTo(2);
        assertThat(err()).contains("lossy").contains("drop-oldest");
        assertThat(run("explore", "--variant", "cached-count", "--sizes", "1,x"))
                .isEqualTo(2);
        assertThat(err()).contains("--sizes").contains("'x'");
        assertThat(run("explore", "--variant", "cached-count", "--sizes", "1,-1"))
                .isEqualTo(2);
        assertThat(err()).contains("sizes");
    }

    @Test
    void exploreProvesASmallBoundAndCatchesDirtyFlagWithItsShortestScript() {
        assertThat(run(
                        "explore",
                        "--variant",
                        "cached-count",
                        "--consumers",
                        "2",
                        "--depth",
                        "5",
                        "--policy",
                        "drop-oldest"))
                .isZero();
        assertThat(out()).contains("holds").contains("depth  5").contains("per CPU second");
        assertThat(run("explore", "--variant", "dirty-flag", "--consumers", "2", "--depth", "7"))
                .isEqualTo(1);
        assertThat(out()).contains("FAILURE").contains("(shortest)").contains("replay: bin/cursorcheck replay");
    }

    @Test
    void exploreTakesAThreadCountAndAKeying() {
        assertThat(run(
                        "explore",
                        "--variant",
                        "dirty-flag",
                        "--consumers",
                        "2",
                        "--depth",
                        "5",
                        "--policy",
                        "strict",
                        "--keying",
                        "binary",
                        "--threads",
                        "2"))
                .isEqualTo(1); // dirty-flag fails the bound
        assertThat(out()).contains("2 thread(s), binary key").contains("FAILURE");
    }

    @Test
    void helpIsTheUsageGeneratedFromTheDeclarationsAndExitsZero() {
        assertThat(run("help")).isZero();
        assertThat(out())
                .contains("usage: bin/cursorcheck COMMAND")
                .contains(
                        "campaign",
                        "stress",
                        "check",
                        "replay",
                        "mutants",
                        "variants",
                        "bench",
                        "explore",
                        "node",
                        "bun",
                        "history")
                .contains("Exit codes");
        assertThat(run("help", "check")).isZero();
        assertThat(out())
                .contains("usage: bin/cursorcheck check --variant=NAME")
                .contains("--threads=N")
                .contains("1 to 1024");
        assertThat(run("explore", "--help")).isZero();
        assertThat(out()).contains("--depth=D").contains("default: 10; 1 to 1000");
        // defaults and ranges come from the declarations, each written once (mixins for the shared options)
        assertThat(run("help", "check")).isZero();
        assertThat(out())
                .contains(
                        "run for N seconds (default: 10; 1 to 31536000)",
                        "operations per random sequence at most (default: 60; 1 to 100000)",
                        "worker threads (default: one per" + " core; 1 to 1024)");
        assertThat(run("help", "campaign")).isZero();
        assertThat(out().replaceAll("\\s+", " "))
                .contains("lockstep minutes (default: the profile's own, 1, or 3 with --full")
                .contains("docs/times.md");
        // the last release checked may run over the history's budget by a margin the help takes from the code
        assertThat(run("help", "history")).isZero();
        assertThat(out().replaceAll("\\s+", " "))
                .contains("--releases=ID")
                .contains("the last release checked may run over it by up to about "
                        + History.MARGIN_MILLIS / 60_000 + " minutes (default: " + HistoryCli.DEFAULT_MINUTES
                        + "; 1 to 525600)");
        // each command's exit codes, from its declaration
        assertThat(run("help", "stress")).isZero();
        assertThat(out().replaceAll("\\s+", " "))
                .contains("Exit codes: 0 nothing failed 1 a real variant saw a forbidden outcome");
        assertThat(err()).isEmpty();
    }

    // --- exit codes: every code a command documents is one a real command line ends with ---

    /** One command line and the command whose exit codes it witnesses ({@code bin/cursorcheck} for none). */
    record Case(String command, List<String> args) {
        static Case of(String line) {
            List<String> args = line.isEmpty() ? List.of() : Arrays.asList(line.split(" "));
            return new Case(args.isEmpty() ? TOP : args.get(0), args);
        }
    }

    /** A case and the exit code it ended with. */
    record Observed(Case line, int exit) {}

    private static final String TOP = "bin/cursorcheck";

    /**
     * Commands whose exit codes 0 and 1 no case here produces, and why: each of their runs takes minutes or installs
     * a runtime. Their exit 2 is still witnessed, and the codes they document must be the launcher's.
     */
    static final Map<String, String> NOT_RUN_HERE = Map.of(
            "campaign", "every part in turn: a short lockstep-only campaign still takes half a minute",
            "stress", "runs jcstress",
            "bench", "runs JMH",
            "fray", "needs a JDK 25 and runs every race",
            "twins", "needs a JDK 25 and runs three tools",
            "node", "installs a Node.js release from npm",
            "bun", "installs a Bun release from npm",
            "history", "installs releases from npm",
            "upstream", "installs a Node.js release from npm",
            "source-diff", "installs two Node.js releases from npm");

    /** The real command lines, each with the command it witnesses; every one runs in this test. */
    private static List<Case> cases() {
        String finding = io.cursorcheck.properties.source.SourceTree.root()
                .resolve("reports/findings/reentrant-flush-strands-read/counterexample.json")
                .toString();
        Path examples = io.cursorcheck.properties.source.SourceTree.root().resolve("examples/python");
        List<Case> cases = new ArrayList<>();
        for (String line : List.of(
                "",
                "variants",
                "variants extra",
                "check --variant cached-count --runs 50 --seed 7",
                "check --variant dirty-flag --runs 300 --seed 7",
                "check",
                "replay --variant cached-count --seed 12345 --max-steps 20",
                "replay",
                "mutants --only detach-forgets-count --sequences 1 --seed 7 --algorithm as-released",
                // a mutant that takes hundreds of sequences to catch, given one
                "mutants --only end-data-skips-advance --sequences 1 --seed 7 --algorithm as-released",
                "mutants --sequences 0",
                "explore --variant cached-count --consumers 2 --depth 5 --policy drop-oldest",
                "explore --variant dirty-flag --consumers 2 --depth 5 --policy strict",
                "explore --variant cached-count --depth 0",
                "subject --sequences 200 --seed 1 -- python3 " + examples.resolve("broadcast_subject.py"),
                "subject --sequences 200 --seed 1 -- python3 " + examples.resolve("buggy_broadcast_subject.py"),
                "subject",
                "campaign --skip lunch",
                "stress --repeat 0",
                "bench --fast",
                "fray --replay no/such/saved-failure",
                "twins now",
                "node",
                "bun --version latest",
                "history --minutes 0",
                "upstream --seconds 0",
                "source-diff --from 26.x --to 26.12.1")) {
            cases.add(Case.of(line));
        }
        cases.add(new Case("replay", List.of("replay", finding))); // a known finding still fails
        return cases;
    }

    /** The exit codes each command declares (its exitCodeList), the top's under {@link #TOP}. */
    static Map<String, Set<Integer>> documented(CommandLine cli) {
        Map<String, Set<Integer>> codes = new LinkedHashMap<>();
        codes.put(TOP, codes(cli));
        for (CommandLine sub : CliReference.commands(cli)) {
            codes.put(sub.getCommandName(), codes(sub));
        }
        return codes;
    }

    private static Set<Integer> codes(CommandLine command) {
        Set<Integer> codes = new TreeSet<>();
        command.getCommandSpec()
                .usageMessage()
                .exitCodeList()
                .keySet()
                .forEach(k -> codes.add(Integer.valueOf(k.strip())));
        return codes;
    }

    /**
     * The checker: everything wrong between the documented exit codes and the observed ones, in words (empty when
     * they agree). A case must end with a code its command documents; every code the launcher documents must be
     * one some case ends with, and so must every code a command documents, but 0 and 1 of {@code notRunHere}; no
     * command may document a code the launcher does not.
     */
    static List<String> exitProblems(
            Map<String, Set<Integer>> documented, List<Observed> observed, Map<String, String> notRunHere) {
        List<String> problems = new ArrayList<>();
        Set<Integer> general = documented.get(TOP);
        for (Observed o : observed) {
            Set<Integer> codes = documented.get(o.line().command());
            if (codes == null || !codes.contains(o.exit())) {
                problems.add("'" + String.join(" ", o.line().args()) + "' ended with exit " + o.exit() + ", which "
                        + o.line().command() + " does not document");
            }
        }
        for (int code : general) {
            if (observed.stream().noneMatch(o -> o.exit() == code)) {
                problems.add(TOP + " documents exit " + code + " but no case ends with it");
            }
        }
        documented.forEach((command, codes) -> {
            if (command.equals(TOP)) {
                return; // its codes are the launcher's: any case may witness them (above)
            }
            for (int code : codes) {
                if (!general.contains(code)) {
                    problems.add(command + " documents exit " + code + ", which " + TOP + " does not");
                }
                boolean excused = code != ErrorHandler.EXIT && notRunHere.containsKey(command);
                boolean seen =
                        observed.stream().anyMatch(o -> o.line().command().equals(command) && o.exit() == code);
                if (!seen && !excused) {
                    problems.add(command + " documents exit " + code + " but no case ends with it");
                }
            }
            if (codes.isEmpty()) {
                problems.add(command + " documents no exit code");
            }
        });
        notRunHere.keySet().stream()
                .filter(c -> !documented.containsKey(c))
                .forEach(c -> problems.add("not run here: " + c + " is no command"));
        return problems;
    }

    @TempDir
    Path reports;

    @Test
    void everyDocumentedExitCodeIsOneARealCommandLineEndsWith() {
        Map<String, Set<Integer>> documented = documented(new Main(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))
                .commandLine());
        assertThat(documented.get(TOP)).containsExactly(0, 1, 2);
        List<Observed> observed = new ArrayList<>();
        String previous = System.getProperty(io.cursorcheck.properties.report.Reports.DIR_PROPERTY);
        List<Case> cases = cases(); // the finding is read from the project's reports
        System.setProperty(io.cursorcheck.properties.report.Reports.DIR_PROPERTY, reports.toString());
        try {
            for (Case c : cases) {
                observed.add(new Observed(c, run(c.args().toArray(String[]::new))));
            }
        } finally {
            if (previous == null) {
                System.clearProperty(io.cursorcheck.properties.report.Reports.DIR_PROPERTY);
            } else {
                System.setProperty(io.cursorcheck.properties.report.Reports.DIR_PROPERTY, previous);
            }
        }
        assertThat(exitProblems(documented, observed, NOT_RUN_HERE))
                .as("observed: %s", observed)
                .isEmpty();
    }

    /** The control: an undocumented exit, a documented code no case ends with, and a stale exemption are caught. */
    @Test
    void theExitCheckerCatchesAnUndocumentedCodeAndAMissingWitness() {
        Map<String, Set<Integer>> documented = new LinkedHashMap<>();
        documented.put(TOP, Set.of(0, 1, 2));
        documented.put("check", Set.of(0, 1, 2));
        documented.put("stress", Set.of(0, 1, 2, 3));
        Observed ok = new Observed(Case.of("check --runs 1"), 0);
        Observed fails = new Observed(Case.of("check --variant dirty-flag"), 1);
        Observed bad = new Observed(Case.of("check"), 2);
        Observed stressBad = new Observed(Case.of("stress --repeat 0"), 2);
        Map<String, String> notRun = Map.of("stress", "long");
        assertThat(exitProblems(documented, List.of(ok, fails, bad, stressBad), notRun))
                .containsExactly("stress documents exit 3, which bin/cursorcheck does not");
        documented.put("stress", Set.of(0, 1, 2));
        assertThat(exitProblems(documented, List.of(ok, fails, bad, stressBad), notRun))
                .isEmpty(); // the right answer passes
        assertThat(exitProblems(documented, List.of(ok, bad, stressBad, new Observed(Case.of("check -x"), 3)), notRun))
                .containsExactlyInAnyOrder(
                        "'check -x' ended with exit 3, which check does not document",
                        "bin/cursorcheck documents exit 1 but no case ends with it",
                        "check documents exit 1 but no case ends with it");
        assertThat(exitProblems(documented, List.of(ok, fails, bad), Map.of("stress", "long", "gone", "long")))
                .containsExactlyInAnyOrder(
                        "stress documents exit 2 but no case ends with it", "not run here: gone is no command");
    }

    @Test
    void noCommandPrintsTheUsageAndExitsTwo() {
        assertThat(run()).isEqualTo(2);
        assertThat(err()).contains("usage: bin/cursorcheck COMMAND");
        assertThat(out()).isEmpty();
    }

    @Test
    void optionsTakeTheirValueEitherWayWithUnderscoresNegativeAndHexSeeds() {
        assertThat(run("replay", "--variant=cached-count", "--seed", "-5", "--max-steps=1_0"))
                .isZero();
        assertThat(out()).contains("sequence seed " + Long.toUnsignedString(-5)).contains("up to 10 operations");
        assertThat(run("replay", "--variant", "cached-count", "--seed", "0xff", "--max-steps", "3"))
                .isZero();
        assertThat(out()).contains("sequence seed 255");
        assertThat(run("replay", "--variant", "cached-count", "--seed", "20_261_201", "--max-steps", "3"))
                .isZero();
        assertThat(out()).contains("sequence seed 20261201");
        assertThat(run("replay", "--variant", "cached-count", "--seed", "0xdead_beef", "--max-steps", "3"))
                .isZero();
        assertThat(out()).contains("sequence seed " + 0xdeadbeefL);
        assertThat(err()).isEmpty();
    }

    @Test
    void anUnexpectedExceptionIsAnInternalErrorInOneLineWithItsTraceInAFile() throws Exception {
        Main main = new Main(
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        picocli.CommandLine cli = main.commandLine();
        ErrorHandler handler = new ErrorHandler(new PrintStream(err, true, StandardCharsets.UTF_8), List.of("check"));
        int exit = handler.handleExecutionException(
                new NullPointerException("a bug"), cli.getSubcommands().get("check"), null);
        assertThat(exit).isEqualTo(2);
        assertThat(err().lines().toList())
                .singleElement()
                .asString()
                .startsWith("cursorcheck: internal error in check")
                .contains("a bug")
                .contains("the full trace is in target/cursorcheck-error.log")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        java.nio.file.Path log =
                io.cursorcheck.properties.source.SourceTree.root().resolve("target/cursorcheck-error.log");
        assertThat(java.nio.file.Files.readString(log))
                .contains("java.lang.NullPointerException: a bug")
                .contains("at io.cursorcheck.cli.CliTest");
    }

    /** A stress part of no run would have nothing to judge (it failed on runs.get(0)): refused up front. */
    @Test
    void aStressPartOfNoRunIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new StressCommand(
                        io.cursorcheck.stress.StressRun.Mode.GATE, null, 0, "bin/cursorcheck stress", false))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("stress: repeat must be >= 1, was 0");
        assertThat(new StressCommand(
                                io.cursorcheck.stress.StressRun.Mode.GATE, null, 1, "bin/cursorcheck stress", false)
                        .name())
                .isEqualTo("stress (jcstress)"); // the control: one run is accepted
    }

    @Test
    void listsVariantsAndMutants() {
        assertThat(run("variants", "--mutants")).isZero();
        assertThat(out())
                .contains(
                        "model",
                        "cached-count",
                        "dirty-flag",
                        "wheel",
                        "detach-forgets-count",
                        "wheel-advance-keeps-old-slot");
    }

    @Test
    void checkPassesForCachedCountAndFailsForDirtyFlagPrintingItsSeedAndReport() {
        assertThat(run("check", "--variant", "cached-count", "--runs", "300", "--seed", "7"))
                .isZero();
        assertThat(out()).contains("seed 7").contains("ok: no failure");
        assertThat(run("check", "--variant", "dirty-flag", "--runs", "300", "--seed", "7"))
                .isEqualTo(1);
        assertThat(out())
                .contains("FAILURE")
                .containsPattern("replay: bin/cursorcheck replay "
                        + java.util.regex.Pattern.quote(io.cursorcheck.properties.report.Reports.relative(
                                io.cursorcheck.properties.report.Reports.dir()))
                        + "/[0-9T-]+-check/counterexamples/dirty-flag/");
    }

    @Test
    void replaysASeedAndAKnownFinding() {
        assertThat(run("replay", "--variant", "cached-count", "--seed", "12345", "--max-steps", "20"))
                .isZero();
        assertThat(out()).contains("#0").contains("no failure");
        String finding = io.cursorcheck.properties.source.SourceTree.root()
                .resolve("reports/findings/reentrant-flush-strands-read/counterexample.json")
                .toString();
        assertThat(run("replay", finding)).isEqualTo(1);
        assertThat(out()).contains("MODEL_INVARIANT").contains("I11");
    }
}
