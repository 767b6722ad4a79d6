package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.Variant;
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
        SubjectComparison.Result r = SubjectComparison.compare(a, b,
                SubjectComparison.Config.sequences(SEED, SEQUENCES, 60));
        System.out.print(r.render());
        return r;
    }

    @Test
    void twoConformingPortsAnswerAlike() {
        SubjectComparison.Result r = compare(Variant.MODEL, Variant.CACHED_COUNT);
        assertThat(r.sequences()).isEqualTo(SEQUENCES);
        assertThat(r.identical()).isTrue();
        assertThat(r.reachingReentrant()).as("the scripts reach the re-entrant path").isGreaterThan(0);
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
        assertThat(r.differences()).isNotEmpty().allMatch(SubjectComparison.StepDifference::reachesReentrantPath)
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
