package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Gate;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The known findings under both algorithms (issue 14, §2): each finding's committed counterexample
 * still fails with its signature on spec §2's model and on {@code cached-count} (so the finding tests
 * keep their meaning), and runs to its end without any failure under the correction of spec §8, on
 * {@code model-corrected} alone and on {@code cached-count-corrected} against it, with the
 * guarantees the finding broke holding at its step: no read stranded (I11), no read settled twice
 * (I4), each read getting the entry the spec says, written out below as the corrected algorithm
 * derives it by hand.
 *
 * <p>The negative control of "no finding under the corrected algorithm": a subject that claims the
 * corrected algorithm but is really spec §2's class must be caught, as a failure of its own and never
 * as a known finding, on every finding's script and in a random run.
 */
class CorrectedAlgorithmExamples {

    /**
     * What the finding's step answers under the corrected algorithm, derived by hand from spec §8:
     * the running flush offers the queued writes in queue order, each stored entry served by the
     * notify of its own append, each settlement once.
     *
     * <p>reentrant-flush-strands-read: detach(c1) (#8) drops entry 0 and flushes: write #2 stores
     * entry 1, whose notify gives it to c0's read #5 (the advance trims entry 1 but, a flush running,
     * does not flush) and makes #6 outstanding with c0 back on the waiting list; then #2 settles; the
     * loop offers write #7, which stores entry 2 and serves #6; #7 settles. Nothing is left stranded.
     *
     * <p>reentrant-end-settles-read-twice: detach(c0) (#8) drops entry 0 and flushes: write #1 stores
     * entry 1, served to c1's read #7; #1 settles; write #2 stores entry 2, with nobody waiting; #2
     * settles; the queue is empty, so the outermost flush ends the broadcast, where c1 has no open
     * read (it stays attached to drain entry 2). #7 settles once.
     */
    static final Map<String, String> ANSWER_AT_STEP = Map.of(
            "reentrant-flush-strands-read",
                    "#8 DONE [#5 -> DATA@1(1B), #2 -> ACCEPTED, #6 -> DATA@2(1B), #7 -> ACCEPTED]",
            "reentrant-end-settles-read-twice", "#8 DONE [#7 -> DATA@1(1B), #1 -> ACCEPTED, #2 -> ACCEPTED]",
            "spoiled-read-leaves-cursor-past-end", "#6 FAILED(\"e\")");

    static Stream<KnownFindings.Finding> findings() {
        return Gate.known().all().stream();
    }

    @Test
    void everyKnownFindingHasItsAnswerUnderTheCorrectedAlgorithm() {
        assertThat(ANSWER_AT_STEP.keySet())
                .containsExactlyInAnyOrderElementsOf(Gate.known().all().stream()
                        .map(KnownFindings.Finding::name)
                        .toList());
    }

    @ParameterizedTest
    @MethodSource("findings")
    void stillFailsAsReleasedWithItsSignature(KnownFindings.Finding f) {
        for (Variant v : new Variant[] {Variant.MODEL, Variant.CACHED_COUNT}) {
            Lockstep.Run run = Lockstep.run(v, f.counterexample().script());
            assertThat(run.failed()).as("%s on %s", f.name(), v).isTrue();
            assertThat(run.failure().signature()).as("%s on %s", f.name(), v).isEqualTo(f.signature());
            assertThat(Gate.known().matching(run.failure(), Algorithm.AS_RELEASED))
                    .as("known as released")
                    .isEqualTo(f);
            // The same failure, were it seen under the corrected algorithm, is no known finding: a new failure.
            assertThat(Gate.known().matching(run.failure(), Algorithm.CORRECTED))
                    .as("known under §8")
                    .isNull();
        }
    }

    @ParameterizedTest
    @MethodSource("findings")
    void runsToItsEndUnderTheCorrectedAlgorithm(KnownFindings.Finding f) {
        Script script = f.counterexample().script();
        int step = script.length() - 1; // a finding's counterexample fails at its last step
        for (Variant v : new Variant[] {Variant.MODEL_CORRECTED, Variant.CACHED_COUNT_CORRECTED}) {
            Lockstep.Run run = Lockstep.run(v, script);
            assertThat(run.failure()).as("%s on %s", f.name(), v).isNull();
            assertThat(run.model()).hasSize(script.length());
            for (Observation o : run.model()) {
                assertThat(o.thrown()).as("%s: %s on %s", f.name(), o.op(), v).isNull();
                assertThat(o.violations())
                        .as("%s: %s on %s", f.name(), o.op(), v)
                        .isEmpty();
            }
            Observation at = run.model().get(step);
            assertThat(at.reply().toString())
                    .as("%s at step %d on %s", f.name(), step, v)
                    .isEqualTo(ANSWER_AT_STEP.get(f.name()));
            assertThat(run.subject().get(step).reply()).isEqualTo(at.reply());
            // I11 at the finding's step: no attached consumer has an open read with an entry at its cursor.
            Snapshot s = at.snapshot();
            for (Snapshot.ConsumerState c : s.consumers()) {
                assertThat(c.openReads() == 0
                                || c.cursor() >= s.bufferStart() + s.sizes().size())
                        .as("%s: c%d stranded on %s (%s)", f.name(), c.id(), v, s)
                        .isTrue();
            }
            // I4: every read settles at most once over the whole script.
            List<Long> settled = new ArrayList<>();
            for (Observation o : run.model()) {
                if (o.reply() != null) { // attach answers a handle, no reply
                    o.reply().settlements().forEach(x -> settled.add(x.op()));
                }
            }
            assertThat(settled).as("%s: operations settled on %s", f.name(), v).doesNotHaveDuplicates();
        }
    }

    @Test
    void theEndOfReentrantEndSettlesReadTwiceDrainsEverythingUnderTheCorrectedAlgorithm() {
        // Past the finding's step: c1 drains the entry the flush stored, then the ended broadcast lets it
        // go and the writer's end completes with all three writes' bytes (spec §8, why it is right, 5).
        KnownFindings.Finding f = Gate.known().all().stream()
                .filter(x -> x.name().equals("reentrant-end-settles-read-twice"))
                .findFirst()
                .orElseThrow();
        List<String> lines = new ArrayList<>(f.counterexample().script().lines());
        lines.add("next(c1)");
        lines.add("next(c1)");
        Script longer = Script.parse(f.counterexample().script().options(), lines);
        for (Variant v : new Variant[] {Variant.MODEL_CORRECTED, Variant.CACHED_COUNT_CORRECTED}) {
            Lockstep.Run run = Lockstep.run(v, longer);
            assertThat(run.failure()).as("on %s", v).isNull();
            assertThat(run.model().get(9).reply().toString()).isEqualTo("#9 DATA@2(1B)");
            assertThat(run.model().get(10).reply().toString()).isEqualTo("#10 DONE [#3 -> COMPLETED(3B)]");
        }
    }

    @ParameterizedTest
    @MethodSource("findings")
    void anAsReleasedSubjectClaimingTheCorrectedAlgorithmFailsOnEveryFindingsScript(KnownFindings.Finding f) {
        Lockstep.Run run = Lockstep.run(
                new AsReleasedClaimingCorrected(), f.counterexample().script());
        assertThat(run.failed()).as("%s caught", f.name()).isTrue();
        assertThat(run.failure().kind().againstModel())
                .as("a failure of the subject, not of the model")
                .isFalse();
        assertThat(run.failure().step())
                .as("at the finding's step")
                .isEqualTo(f.counterexample().script().length() - 1);
        System.out.printf(
                "%s, as released claiming corrected: %s%n",
                f.name(), run.failure().signature());
        // Caught for the right reason: the answer at the finding's step differs from model-corrected's, or the
        // port itself detects the read it is about to settle twice (its own I4 check), never another crash.
        assertThat(run.failure().signature()).as("%s", f.name()).isEqualTo(CLAIMING_CAUGHT_BY.get(f.name()));
    }

    /** How spec §2's port claiming §8 is caught on each finding's script. */
    static final Map<String, String> CLAIMING_CAUGHT_BY = Map.of(
            "reentrant-flush-strands-read",
            "DIVERGENCE:answer",
            "reentrant-end-settles-read-twice",
            "SUBJECT_THREW:ImpossibleStateException: cN has no outstanding read to settle with DATA@N(NB) (settled twice?)",
            // The same answer (the earlier error), but §8 removes both late joiners and §2 keeps them.
            "spoiled-read-leaves-cursor-past-end",
            "DIVERGENCE:state");

    @Test
    void aRandomRunCatchesAnAsReleasedSubjectClaimingTheCorrectedAlgorithmAndNeverCallsItKnown() {
        long seed = Gate.seed("CorrectedAlgorithmExamples", "claiming corrected", null);
        RandomRun.Result fake = run(new AsReleasedClaimingCorrected(), seed);
        // Not vacuous: the same sequences reach the known findings as released ...
        RandomRun.Result released = run(Variant.CACHED_COUNT, seed);
        assertThat(released.found())
                .as("known findings met as released, seed %d", seed)
                .anyMatch(RandomRun.Found::isKnownFinding);
        assertThat(released.subjectFailures()).isEmpty();
        // ... and the real corrected port meets nothing there.
        RandomRun.Result corrected = run(Variant.CACHED_COUNT_CORRECTED, seed);
        assertThat(corrected.found())
                .as("failures of cached-count-corrected, seed %d", seed)
                .extracting(x -> x.counterexample().failure().signature())
                .isEmpty();
        // The fake is caught, as a failure of its own: under the corrected algorithm nothing is a known finding.
        assertThat(fake.subjectFailures()).as("the fake caught, seed %d", seed).isNotEmpty();
        assertThat(fake.found()).noneMatch(RandomRun.Found::isKnownFinding);
    }

    private static RandomRun.Result run(BroadcastFactory subject, long seed) {
        return RandomRun.run(
                new RandomRun.Config(
                        subject, seed, SEQUENCES, Long.MAX_VALUE, 60, Weights.DEFAULT, 1, false, null, Gate.known()),
                new RandomRun.Progress());
    }

    private static final long SEQUENCES = 20_000;
}
