package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.History;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        assertThat(out()).contains("lockstep minutes (default: 3; 1 to 525600)");
        // the exit-1 conditions as README states them (the help wraps its lines: compared word by word)
        assertThat(run("help", "stress")).isZero();
        assertThat(out().replaceAll("\\s+", " "))
                .contains(
                        "exit 1 if a real variant saw a forbidden outcome, a racy"
                                + " twin was not caught, a declared test did not run or ran too few samples, or a check ended in an error");
        assertThat(run("help", "node")).isZero();
        // every problem ConformanceCampaign.problems lists: replay, reproduction, blind spot, findings, protocol
        assertThat(out().replaceAll("\\s+", " "))
                .contains("exit 1 if a shrunk difference does not fail the same way on"
                        + " replay, a difference's standalone reproduction does not show it on the release, the run has a blind"
                        + " spot (in enough random sequences not one made a pattern the spec covers), a known finding has no"
                        + " recorded broken behaviour or no longer judges \"has it\" on the release it was recorded on, or the"
                        + " subject broke the protocol");
        assertThat(run("help", "history")).isZero();
        assertThat(out().replaceAll("\\s+", " "))
                .contains("--releases=ID")
                .contains("the whole run's time, shared by"
                        + " the releases, the registry's listing and the installs included; releases whose turn comes with too"
                        + " little left are listed as not checked (the budget ran out); the last release checked may run over"
                        + " it by up to about " + History.MARGIN_MILLIS / 60_000 + " minutes (default: "
                        + HistoryCli.DEFAULT_MINUTES
                        + "; 1 to 525600)");
        assertThat(out().replaceAll("\\s+", " "))
                .contains("exit 1 if a release could not be checked (not installable,"
                        + " no handshake, its run broke off, or the budget ran out before its turn) or did not meet an"
                        + " expectation of the node command");
        assertThat(err()).isEmpty();
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
                .contains("replay: bin/cursorcheck replay reports/counterexamples/dirty-flag/");
    }

    @Test
    void replaysASeedAndAKnownFinding() {
        assertThat(run("replay", "--variant", "cached-count", "--seed", "12345", "--max-steps", "20"))
                .isZero();
        assertThat(out()).contains("#0").contains("no failure");
        String finding = io.cursorcheck.properties.report.Reports.dir()
                .resolve("findings/reentrant-flush-strands-read/counterexample.json")
                .toString();
        assertThat(run("replay", finding)).isEqualTo(1);
        assertThat(out()).contains("MODEL_INVARIANT").contains("I11");
    }
}
