package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Policy;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A comparison agrees when the legacy and the current explorer give the same verdict, lengths and (with the
 * same key) states; the control: a current run stopped at the subject's first failure explores fewer states and
 * is not complete, and must not agree.
 */
class ComparisonTest {

    private static final Scope SMALL = new Scope(Policy.STRICT, 2, List.of(0, 1, 2), 2, 5);

    @Test
    void theSameBoundExploredByBothAgreesAndAStoppedRunDoesNot() {
        Explorer.Result legacy = LegacyExplorer.explore(Variant.DIRTY_FLAG, SMALL, 1_000_000, false, null, null);
        Explorer.Result current = Explorer.explore(
                Variant.DIRTY_FLAG,
                SMALL,
                ExploreSettings.of(1_000_000).withKeying(Keying.STRING).withThreads(2),
                null);
        Comparison same = new Comparison(legacy, current, "legacy first");
        assertThat(same.agrees()).isTrue();
        assertThat(same.reduction()).isEqualTo(1.0);
        assertThat(same.cpuSpeedUp()).isPositive();

        Explorer.Result stopped = Explorer.explore(
                Variant.DIRTY_FLAG,
                SMALL,
                ExploreSettings.of(1_000_000).withKeying(Keying.STRING).stoppingOnSubjectFailure(true),
                null);
        assertThat(stopped.states()).as("the control stops early").isLessThan(legacy.states());
        assertThat(new Comparison(legacy, stopped, "legacy first").agrees()).isFalse();
    }

    @Test
    void resultsOfDifferentBoundsAreRefusedNamingBoth() {
        Explorer.Result a = LegacyExplorer.explore(Variant.MODEL, SMALL, 1_000_000, false, null, null);
        Explorer.Result b = Explorer.explore(
                Variant.MODEL, SMALL.withDepth(4), ExploreSettings.of(1_000_000).withKeying(Keying.STRING), null);
        assertThatThrownBy(() -> new Comparison(a, b, "legacy first"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("depth 5")
                .hasMessageContaining("depth 4");
    }
}
