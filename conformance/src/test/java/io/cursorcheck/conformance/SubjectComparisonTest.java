package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.run.RandomRun;
import org.junit.jupiter.api.Test;

/**
 * The comparison of two subjects on in-process variants, fast and without Node: two conforming
 * ports answer alike; the as-released model and the corrected one differ only on sequences that
 * reached the re-entrant path (spec §8: a script along which no trim signals inside a flush takes
 * the same steps under both); the dirty-flag port, a bug outside that path, is caught there.
 */
class SubjectComparisonTest {

    private static final long SEED = 20261201L;
    private static final int SEQUENCES = 2_000;

    private static SubjectComparison.Result compare(Variant a, Variant b) {
        SubjectComparison.Result r =
                SubjectComparison.compare(a, b, SubjectComparison.Config.sequences(SEED, SEQUENCES, 60));
        System.out.print(r.render());
        return r;
    }

    @Test
    void twoConformingPortsAnswerAlike() {
        SubjectComparison.Result r = compare(Variant.MODEL, Variant.CACHED_COUNT);
        assertThat(r.sequences()).isEqualTo(SEQUENCES);
        assertThat(r.identical()).isTrue();
        assertThat(r.reachingReentrant())
                .as("the scripts reach the re-entrant path")
                .isGreaterThan(0);
    }

    /** The control of the exact comparison: two that differ on the re-entrant path are told apart there only. */
    @Test
    void theCorrectionDiffersOnlyWhereTheReentrantPathIsReached() {
        SubjectComparison.Result r = compare(Variant.MODEL, Variant.MODEL_CORRECTED);
        assertThat(r.differing()).as("sequences that differ").isGreaterThan(0);
        assertThat(r.identical()).isFalse();
        assertThat(r.differingOutsideReentrant()).isZero();
        assertThat(r.identicalOutsideReentrant()).isTrue();
        assertThat(r.reachingReentrant()).isGreaterThanOrEqualTo(r.differing());
        assertThat(r.differences())
                .isNotEmpty()
                .allMatch(SubjectComparison.StepDifference::reachesReentrantPath)
                .allMatch(d -> !d.first().equals(d.second()) && d.script().length() == d.step() + 1);
    }

    /** The control of the re-entrant split: a bug elsewhere is counted as differing outside the path. */
    @Test
    void aBugOutsideTheReentrantPathIsCaughtThere() {
        SubjectComparison.Result r = compare(Variant.CACHED_COUNT, Variant.DIRTY_FLAG);
        assertThat(r.differingOutsideReentrant()).isGreaterThan(0);
        assertThat(r.identicalOutsideReentrant()).isFalse();
        assertThat(r.broken()).isZero();
    }

    /**
     * A timed comparison's sequences are the seed's first N, whatever N the time allowed: the count-bounded
     * run of N (the rerun the self-check prints) finds the same differences at the same indices, with the
     * same seeds and scripts, and the same counts. Two that differ often (a bug off the re-entrant path),
     * so that there are differences to compare.
     */
    @Test
    void aCountBoundedRunRepeatsTheSequencesOfATimedOne() {
        SubjectComparison.Result timed = SubjectComparison.compare(
                Variant.CACHED_COUNT, Variant.DIRTY_FLAG, SubjectComparison.Config.millis(SEED, 1_000, 60));
        assertThat(timed.sequences()).as("sequences in the time").isPositive();
        SubjectComparison.Result counted = SubjectComparison.compare(
                Variant.CACHED_COUNT,
                Variant.DIRTY_FLAG,
                SubjectComparison.Config.sequences(SEED, timed.sequences(), 60));
        System.out.print(timed.render() + counted.render());
        assertThat(counted.sequences()).isEqualTo(timed.sequences());
        assertThat(counted.operations()).isEqualTo(timed.operations());
        assertThat(counted.reachingReentrant()).isEqualTo(timed.reachingReentrant());
        assertThat(counted.differing()).isEqualTo(timed.differing()).isPositive();
        assertThat(counted.differences())
                .extracting(SubjectComparison.StepDifference::describe)
                .containsExactlyElementsOf(timed.differences().stream()
                        .map(SubjectComparison.StepDifference::describe)
                        .toList());
        // Each kept difference names its index and its own seed, unsigned, derived from the run's seed.
        assertThat(timed.differences()).allSatisfy(d -> {
            assertThat(d.seed()).isEqualTo(RandomRun.sequenceSeed(SEED, d.index()));
            assertThat(d.describe())
                    .startsWith("sequence " + d.index() + " (seed " + Long.toUnsignedString(d.seed()) + "), step ");
        });
        assertThat(timed.differences())
                .as("some seed is negative as a long, so that unsigned is shown to matter")
                .anyMatch(d -> d.seed() < 0);
        assertThat(timed.render()).doesNotContain("(seed -");
    }

    @Test
    void badConfigIsRefusedNamingTheField() {
        assertThatThrownBy(() -> SubjectComparison.Config.sequences(1, 0, 60))
                .hasMessageContaining("sequences must be >= 1, was 0");
        assertThatThrownBy(() -> SubjectComparison.Config.millis(1, 0, 60))
                .hasMessageContaining("millis must be >= 1, was 0");
        assertThatThrownBy(() -> SubjectComparison.Config.sequences(1, 5, 0))
                .hasMessageContaining("maxSteps must be >= 1, was 0");
    }
}
