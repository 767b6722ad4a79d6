package io.cursorcheck.properties.engine.shrink;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.BlackBox;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.properties.source.SourceTree;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The shortest search on the explorer's level expander ({@link ShortestSearch#levels}) against its own former loop
 * ({@link ShortestSearch#breadthFirst}) as the oracle: on the shrinker's 1-minimal script of every control, run
 * directly and black-box (the kill matrix's outer stage), each attempt's options and alphabet, at the default state
 * limit and at small ones that stop in the middle of a level, both give the same script, the same
 * {@code checkedUpTo} and the same states (what a counterexample's {@code Minimality} prints).
 */
class ShortestSearchOracleTest {

    private static final KnownFindings KNOWN = KnownFindings.load(SourceTree.root());

    /** The seed of the shortest-counterexample properties and the explore page's "shortest vs shrunk" table. */
    private static final long SEED = 20261129L;

    private static final long[] LIMITS = {ShortestSearch.DEFAULT_STATES, 1, 2, 7, 50, 400};

    @Test
    void theLevelExpanderFindsWhatTheFormerLoopFound() {
        List<BroadcastFactory> subjects = new ArrayList<>();
        subjects.add(Variant.DIRTY_FLAG);
        for (Mutant m : Mutants.CATALOGUE) {
            if (m.impact() != Mutant.Impact.EQUIVALENT) {
                subjects.add(Mutants.factory(m));
                subjects.add(new BlackBox(Mutants.factory(m)));
            }
        }
        int compared = 0;
        int hits = 0;
        int stoppedMidLevel = 0;
        for (BroadcastFactory subject : subjects) {
            RandomRun.Result r = RandomRun.run(
                    new RandomRun.Config(subject, SEED, 20_000, 60_000, 60, Weights.DEFAULT, 1, true, null, KNOWN)
                            .withShortestStates(0),
                    new RandomRun.Progress());
            if (r.subjectFailures().isEmpty()) {
                continue; // a black-box stage that does not see the mutant: nothing to search
            }
            Tolerance tolerance = Tolerance.of(KNOWN, subject.algorithm());
            Script shrunk = r.subjectFailures().get(0).counterexample().script();
            Lockstep.Run run = Lockstep.run(subject, shrunk, tolerance);
            assertThat(run.failed())
                    .as("%s replays its shrunk script", subject.id())
                    .isTrue();
            Failure target = run.failure();
            Predicate<Failure> same = f -> Shrinker.sameFailure(subject, target, f);
            for (ShortestSearch.Attempt attempt : ShortestSearch.attempts(shrunk)) {
                for (long limit : LIMITS) {
                    ShortestSearch.Level oracle = ShortestSearch.breadthFirst(
                            new LockstepPair(subject, attempt.options(), tolerance),
                            attempt.alphabet(),
                            same,
                            shrunk.length() - 1,
                            limit);
                    ShortestSearch.Level level = ShortestSearch.levels(
                            new LockstepPair(subject, attempt.options(), tolerance),
                            attempt.alphabet(),
                            same,
                            shrunk.length() - 1,
                            limit);
                    assertThat(level)
                            .as(
                                    "%s, budget %d, limit %d",
                                    subject.id(), attempt.options().budget(), limit)
                            .isEqualTo(oracle);
                    compared++;
                    hits += oracle.hit() != null ? 1 : 0;
                    stoppedMidLevel += oracle.hit() == null && oracle.checkedUpTo() < shrunk.length() - 1 ? 1 : 0;
                }
            }
        }
        System.out.printf(
                "oracle: %d searches compared, %d hits, %d stopped at the limit%n", compared, hits, stoppedMidLevel);
        // The comparison covers both ways of stopping in the middle of a level, and whole searches.
        assertThat(hits).as("searches that found a shorter script").isPositive();
        assertThat(stoppedMidLevel).as("searches stopped at their state limit").isPositive();
        assertThat(compared).isGreaterThan(100);
    }
}
