package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.campaign.Controls;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.GateSeed;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.properties.source.SourceTree;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The launcher command that the gate prints for a random part ({@link GateSeed#checkCommand}) runs
 * the very sequences of that part: the same count and operations for a conforming variant, the same
 * first failure, found by the same sequence, for a negative control.
 */
class ReplayCommandTest {

    private static final long SEED = 20261202L;
    private static final int MAX_STEPS = 60;
    private static final int THREADS = 2;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** Runs a printed command line ({@code bin/cursorcheck ...}) through the launcher's entry point. */
    private int run(String command) {
        List<String> words = Arrays.asList(command.split(" "));
        assertThat(words.get(0)).isEqualTo("bin/cursorcheck");
        return new Main(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .run(words.subList(1, words.size()));
    }

    @Test
    void theCommandOfAConformingVariantsPartRunsItsSequences() {
        RandomRun.Result gate = RandomRun.run(
                new RandomRun.Config(
                        Variant.CACHED_COUNT,
                        SEED,
                        300,
                        Long.MAX_VALUE,
                        MAX_STEPS,
                        Weights.DEFAULT,
                        THREADS,
                        false,
                        null,
                        known()),
                new RandomRun.Progress());
        assertThat(run(GateSeed.checkCommand("cached-count", SEED, 300, MAX_STEPS, THREADS)))
                .isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains(String.format("%,d sequences, %,d operations in", gate.sequences(), gate.operations()));
    }

    @Test
    void theCommandOfANegativeControlsPartMeetsItsFirstFailure() {
        Controls.Verdict gate = Controls.run(
                Mutants.named("detach-forgets-count"),
                SEED,
                5_000,
                60_000,
                MAX_STEPS,
                Weights.DEFAULT,
                THREADS,
                null,
                known());
        assertThat(gate.killed()).isTrue();
        assertThat(run(GateSeed.checkCommand("detach-forgets-count", SEED, 5_000, MAX_STEPS, THREADS)))
                .isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains(String.format(
                        "shrunk from %d to %d operations" + " (sequence seed %s)",
                        gate.caught().counterexample().original(),
                        gate.reportedLength(),
                        Long.toUnsignedString(gate.caught().counterexample().seed())));
    }

    /**
     * A conformance counterexample replays on its release and shows the release's real answers,
     * settlements and probe at each step, next to the model's (it printed "(undefined: the operation
     * threw)" on every step, since a release has no snapshot). The control is the failing step: the
     * release's answer there is marked as differing from the model's.
     */
    @Test
    void aConformanceCounterexampleShowsTheReleasesRealAnswersAndProbes() {
        String file = "reports/conformance-findings/nested-end-in-notify/counterexample.json";
        assertThat(run("bin/cursorcheck replay " + SourceTree.root().resolve(file)))
                .isEqualTo(1);
        String text = out.toString(StandardCharsets.UTF_8);
        System.out.println(text);
        assertThat(text).doesNotContain("undefined").contains("subject: node-26.12.1", "shows no state");
        assertThat(text).contains("#3   write(1)              \n       model:    QUEUED\n       subject:  (same)\n");
        assertThat(text).containsPattern("#7 {3}detach\\(c0\\) +<-- DIVERGENCE\n");
        assertThat(text)
                .contains(
                        "       model:    DONE, settles #3 -> ACCEPTED, settles #6 -> DATA(#3, 1B)\n",
                        "       subject:  DONE, settles #3 -> FAILED(TypeError: resolve is not a function), settles #5 ->"
                                + " COMPLETED(1B), settles #6 -> DONE   <-- differs\n");
        assertThat(text).contains("       probe:    consumers=2 canWrite=false\n       subject:  (same)\n");
        assertThat(text)
                .containsPattern("probe: {4}consumers=1 canWrite=null\n {7}subject: {2}consumers=0"
                        + " canWrite=null {3}<-- differs");
    }

    private static KnownFindings known() {
        return KnownFindings.load(SourceTree.root());
    }
}
