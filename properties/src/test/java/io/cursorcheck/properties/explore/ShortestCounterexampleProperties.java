package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.engine.shrink.ShortestSearch;
import io.cursorcheck.properties.run.RandomRun;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Shortest counterexamples everywhere (issue 16): the random engine's reported script of every control
 * ({@code dirty-flag} and every non-equivalent mutant of the catalogue, run directly against the model) is as
 * short as the explorer's minimum pinned in {@link ExploreProperties#SHORTEST}, thanks to the breadth-first
 * search after the shrinker ({@link ShortestSearch}). The same runs with the search switched off are the
 * negative control: the shrinker's 1-minimal scripts are longer than the pins for some controls, and the same
 * judgement must reject them.
 *
 * <p>A pin is the shortest failure of any kind; the search keeps the kind of the failure the random run found.
 * Where the two kinds differ (a random run of {@code end-data-skips-advance} finds I6 broken, whose shortest is
 * one step past the explorer's shortest divergence), the reported length is judged against the explorer's own
 * minimum for that failure: the pin's bound explored under every policy one operation shorter than the
 * reported script must show no failure of its kind and signature.
 */
class ShortestCounterexampleProperties {

    private static final KnownFindings KNOWN = KnownFindings.load(io.cursorcheck.properties.source.SourceTree.root());

    /** The random runs' seed and bounds, those of the explore page's "shortest vs shrunk" table (ExploreRun). */
    private static final long SEED = 20261129L;

    @Test
    void everyControlIsReportedAtTheExplorersMinimum() {
        List<String> rejected = judgeAll(ShortestSearch.DEFAULT_STATES);
        assertThat(rejected)
                .as("controls reported longer (or shorter) than the explorer's minimum")
                .isEmpty();
    }

    /** The negative control: without the search, the shrinker's 1-minimal scripts fail the same judgement. */
    @Test
    void withTheSearchSwitchedOffTheShrunkLengthsAreRejected() {
        List<String> rejected = judgeAll(0);
        assertThat(rejected)
                .as("controls whose 1-minimal script the pins reject")
                .isNotEmpty();
        assertThat(rejected).anyMatch(r -> r.startsWith("end-completes-with-consumers:"));
    }

    /** What is wrong with every control's reported length, run with that search state limit (0: none). */
    private static List<String> judgeAll(long shortestStates) {
        List<String> rejected = new ArrayList<>();
        ExploreProperties.controls().forEach(control -> {
            RandomRun.Result r = RandomRun.run(
                    new RandomRun.Config(control, SEED, 20_000, 60_000, 60, Weights.DEFAULT, 1, true, null, KNOWN)
                            .withShortestStates(shortestStates),
                    new RandomRun.Progress());
            // A control the random engine misses is an error of the control, not a catch.
            assertThat(r.subjectFailures())
                    .as("%s caught by the random engine (seed %d)", control.id(), SEED)
                    .isNotEmpty();
            Counterexample cx = r.subjectFailures().get(0).counterexample();
            String mismatch = mismatch(control, cx);
            System.out.printf(
                    "shortest %s: %s %d operations (%s)%s: %s%n",
                    control.id(),
                    cx.failure().signature(),
                    cx.script().length(),
                    cx.minimality() == null ? "no search" : cx.minimality().sentence(),
                    mismatch == null ? "" : " REJECTED",
                    String.join("; ", cx.script().lines()));
            if (mismatch != null) {
                rejected.add(mismatch);
            }
        });
        return rejected;
    }

    /** Null if the reported length is the explorer's minimum for the control's failure, else what is wrong. */
    private static String mismatch(BroadcastFactory control, Counterexample cx) {
        return ExplorerMinimum.mismatch(control.id(), control.algorithm(), control, cx, KNOWN);
    }
}
