package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Gate;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.explore.Explorer;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Policy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec §3, "After a finding": the lockstep engine records a known finding in which the model breaks
 * an invariant without throwing (the stranded read, {@code MODEL_INVARIANT:I11}) and goes on comparing
 * the subject with the model. The mutants on the paths only the re-entrant sequences reach
 * ({@code end-data-skips-advance}, {@code flush-offers-write-still-queued}) show why: the first
 * escapes every check when the comparison stops at the finding, and is caught when it goes on.
 */
class ContinuedComparisonProperties {

    private static final Mutant END_DATA = Mutants.named("end-data-skips-advance");
    private static final Mutant FLUSH_QUEUED = Mutants.named("flush-offers-write-still-queued");

    /** The known finding's script (reentrant-flush-strands-read), then the writer's end and a late joiner. */
    private static Script pastTheStrandedRead() {
        List<String> lines = new ArrayList<>(strandsRead().script().lines());
        lines.addAll(List.of("end()", "c2 = attach()", "next(c2)", "next(c0)", "next(c2)"));
        return Script.parse(strandsRead().script().options(), lines);
    }

    private static Counterexample.Stored strandsRead() {
        return Gate.known().all().stream()
                .filter(f -> f.name().equals("reentrant-flush-strands-read"))
                .findFirst()
                .orElseThrow()
                .counterexample();
    }

    private static Tolerance tolerance() {
        return Tolerance.of(Gate.known(), Algorithm.AS_RELEASED);
    }

    @Test
    void toleratesOnlyTheFindingsThatDoNotThrowAndNothingUnderTheCorrectedAlgorithm() {
        assertThat(tolerance().signatures()).containsExactly("MODEL_INVARIANT:I1", "MODEL_INVARIANT:I11");
        assertThat(Tolerance.of(Gate.known(), Algorithm.CORRECTED).isEmpty()).isTrue();
        assertThat(Tolerance.of((KnownFindings) null, Algorithm.AS_RELEASED).isEmpty())
                .isTrue();
    }

    @Test
    void theFaithfulPortIsComparedToTheEndPastTheStrandedRead() {
        Script script = pastTheStrandedRead();
        Lockstep.Run stopped = Lockstep.run(Variant.CACHED_COUNT, script);
        assertThat(stopped.failure().signature()).isEqualTo("MODEL_INVARIANT:I11");
        assertThat(stopped.script().length()).isEqualTo(strandsRead().script().length());

        Lockstep.Run continued = Lockstep.run(Variant.CACHED_COUNT, script, tolerance());
        assertThat(continued.failure()).as("%s", continued.failure()).isNull();
        assertThat(continued.subject()).hasSize(script.length()); // every step compared
        assertThat(continued.tolerated().signature()).isEqualTo("MODEL_INVARIANT:I11");
        assertThat(continued.tolerated().step())
                .isEqualTo(strandsRead().script().length() - 1);
        // The subject breaks I11 with the model at the finding's step: excused there, and only there.
        assertThat(continued.subject().get(continued.tolerated().step()).violations())
                .extracting(v -> v.invariant().name())
                .contains("I11");
        assertThat(continued.stoppedAtTolerated().failure().signature()).isEqualTo("MODEL_INVARIANT:I11");
        assertThat(continued.stoppedAtTolerated().script()).isEqualTo(stopped.script());
    }

    @Test
    void aModelThatThrowsStillEndsTheSequence() {
        Counterexample.Stored settlesTwice = Gate.known().all().stream()
                .filter(f -> f.name().equals("reentrant-end-settles-read-twice"))
                .findFirst()
                .orElseThrow()
                .counterexample();
        Lockstep.Run run = Lockstep.run(Variant.CACHED_COUNT, settlesTwice.script(), tolerance());
        assertThat(run.failure().kind()).isEqualTo(Failure.Kind.MODEL_THREW);
        assertThat(run.failure().signature()).isEqualTo(settlesTwice.signature());
    }

    @Test
    void endDataSkipsAdvanceHidesBehindTheFindingAndIsCaughtPastIt() {
        BroadcastFactory mutant = Mutants.factory(END_DATA);
        Script script = pastTheStrandedRead();
        // Stopping at the finding: the mutant's slip is never compared.
        Lockstep.Run stopped = Lockstep.run(mutant, script);
        assertThat(stopped.failure().kind()).isEqualTo(Failure.Kind.MODEL_INVARIANT);
        // Going on: end() serves the stranded read from its data branch, and the mutant keeps the consumed entry.
        Lockstep.Run continued = Lockstep.run(mutant, script, tolerance());
        assertThat(continued.failure()).isNotNull();
        assertThat(continued.failure().kind().againstModel()).isFalse();
        assertThat(continued.failure().step()).isEqualTo(strandsRead().script().length()); // the end()
        assertThat(continued.tolerated()).isNotNull();
    }

    @Test
    void flushOffersWriteStillQueuedIsCaughtAtTheFindingsStep() {
        Lockstep.Run continued =
                Lockstep.run(Mutants.factory(FLUSH_QUEUED), strandsRead().script(), tolerance());
        assertThat(continued.failure()).isNotNull();
        assertThat(continued.failure().kind().againstModel()).isFalse();
        assertThat(continued.failure().step()).isEqualTo(strandsRead().script().length() - 1);
    }

    @Test
    void aFailureFoundPastTheFindingShrinksAndReplaysFromItsFile(@TempDir Path dir) throws Exception {
        BroadcastFactory mutant = Mutants.factory(END_DATA);
        RandomRun.Config config =
                new RandomRun.Config(mutant, 1, 1, Long.MAX_VALUE, 60, Weights.DEFAULT, 1, true, dir, Gate.known());
        Lockstep.Run failing = Lockstep.run(mutant, pastTheStrandedRead(), tolerance());
        RandomRun.Found found = RandomRun.report(config, failing, null, "a fixed script", 0);
        Counterexample cx = found.counterexample();
        assertThat(cx.failure().kind().againstModel()).isFalse();
        assertThat(cx.continuedPast()).containsExactly("MODEL_INVARIANT:I11");
        assertThat(cx.script().length()).isLessThanOrEqualTo(KillMatrix.MAX_LENGTH);

        Counterexample.Stored stored = Counterexample.read(found.json());
        assertThat(stored.continuedPast()).containsExactly("MODEL_INVARIANT:I11");
        Lockstep.Run replayed = Lockstep.run(mutant, stored.script(), stored.tolerance());
        assertThat(replayed.failure().signature()).isEqualTo(cx.failure().signature());
        // Without the file's rule the replay stops at the finding: the field is what makes it replay.
        assertThat(Lockstep.run(mutant, stored.script()).failure().kind().againstModel())
                .isTrue();
        assertThat(Files.readString(found.page())).contains("Continued past");
    }

    @Test
    void aCounterexampleFileMayOnlyContinuePastAModelsBreach(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, """
                {"format": "cursorcheck-counterexample/1", "subject": "cached-count",
                 "options": {"budget": 1, "policy": "UNBOUNDED"}, "operations": ["c0 = attach()"],
                 "continuedPast": ["DIVERGENCE:answer"]}
                """);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Counterexample.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("continuedPast")
                .hasMessageContaining("DIVERGENCE:answer");
    }

    @Test
    void theKillMatrixCatchesEndDataSkipsAdvanceOnlyByContinuing() {
        long seed = 20261201L;
        KillMatrix.Config on = new KillMatrix.Config(
                seed,
                Gate.matrixSequences(),
                Gate.equivalentSequences(),
                Gate.MAX_STEPS,
                Weights.DEFAULT,
                1,
                null,
                Gate.known());
        KillMatrix.Config off = new KillMatrix.Config(
                seed,
                Gate.matrixSequences(),
                Gate.equivalentSequences(),
                Gate.MAX_STEPS,
                Weights.DEFAULT,
                1,
                null,
                null); // no known finding: every sequence stops at it
        KillMatrix.Row caught =
                KillMatrix.run(on, List.of(END_DATA), row -> {}).rows().get(0);
        assertThat(caught.problems()).isEmpty();
        assertThat(caught.stage()).isEqualTo(KillMatrix.Stage.BLACK_BOX);
        assertThat(caught.caught().counterexample().continuedPast()).containsExactly("MODEL_INVARIANT:I11");
        KillMatrix.Row escaped =
                KillMatrix.run(off, List.of(END_DATA), row -> {}).rows().get(0);
        assertThat(escaped.killed())
                .as("end-data-skips-advance without continuing past the finding")
                .isFalse();
    }

    @Test
    void theExplorerReportsTheFindingAndExploresPastIt() {
        // Two queued writes behind a full buffer, as the findings need; one step past the stranded read.
        Scope scope = new Scope(Policy.UNBOUNDED, 1, List.of(1), 2, 10);
        Explorer.Result r = Explorer.explore(Mutants.factory(END_DATA), scope, 5_000_000, false, Gate.known(), null);
        assertThat(r.found())
                .filteredOn(f -> f.known() != null)
                .extracting(f -> f.known().name())
                .contains("reentrant-flush-strands-read");
        assertThat(r.found())
                .filteredOn(f -> f.known() != null && f.known().name().equals("reentrant-flush-strands-read"))
                .allSatisfy(f -> assertThat(f.run().script().length()).isEqualTo(9));
        assertThat(r.subjectFailures())
                .as("end-data-skips-advance, one step past the finding")
                .isNotEmpty();
        assertThat(r.subjectFailures()).allSatisfy(f -> {
            assertThat(f.run().continuedPast()).containsExactly("MODEL_INVARIANT:I11");
            assertThat(f.run().script().length()).isEqualTo(10);
        });
    }
}
