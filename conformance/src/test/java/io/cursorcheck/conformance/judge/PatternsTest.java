package io.cursorcheck.conformance.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.Patterns.Pattern;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Patterns} counts what the generator made, from either side's answers: a release that never
 * queues (or never flushes, or serves every read at once) was still given the patterns the model
 * shows, so its run has no blind spot; and a sequence that made none has none, whatever the release
 * answers.
 */
class PatternsTest {

    private static Script script(long budget, String... lines) {
        return Script.parse(Options.of(budget, Policy.UNBOUNDED), List.of(lines));
    }

    /** The model's run of the script, with the release's answer to one step replaced. */
    private static Lockstep.Run releaseAnswers(Script script, int step, Outcome own, Settlement... settled) {
        Lockstep.Run model = Lockstep.run(Variant.MODEL, script);
        List<Observation> release = new ArrayList<>(model.model());
        Observation m = release.get(step);
        release.set(step, new Observation(m.op(), new Reply(step, own, List.of(settled)), -1, null, null, List.of()));
        return new Lockstep.Run(model.script(), model.model(), release.subList(0, step + 1), null);
    }

    @Test
    void aWriteTheModelQueuesCountsWhenTheReleaseNeverQueues() {
        Script s = script(1, "writeSync(1)", "write(1)");
        assertThat(Lockstep.run(Variant.MODEL, s).model().get(1).reply().outcome())
                .isEqualTo(Outcome.QUEUED);
        assertThat(Patterns.in(releaseAnswers(s, 1, Outcome.ACCEPTED))).containsExactly(Pattern.QUEUED_WRITES);
        Script roomy = script(8, "writeSync(1)", "write(1)");
        assertThat(Patterns.in(releaseAnswers(roomy, 1, Outcome.ACCEPTED)))
                .as("neither side queues")
                .isEmpty();
        assertThat(Patterns.in(releaseAnswers(roomy, 1, Outcome.QUEUED)))
                .as("the release queues")
                .containsExactly(Pattern.QUEUED_WRITES);
    }

    @Test
    void aReadTheModelLeavesOpenMakesTheNextOneOverlapWhenTheReleaseServedIt() {
        Script s = script(1, "c0 = attach()", "next(c0)", "next(c0)");
        Lockstep.Run model = Lockstep.run(Variant.MODEL, s);
        assertThat(Patterns.in(model)).containsExactly(Pattern.OVERLAPPING_READS);
        // a release that answered the first read DONE at once: on its side the second read overlaps nothing
        List<Observation> release = new ArrayList<>(model.model());
        Observation first = release.get(1);
        release.set(1, new Observation(first.op(), new Reply(1, Outcome.DONE, List.of()), -1, null, null, List.of()));
        assertThat(Patterns.in(new Lockstep.Run(s, model.model(), release, null)))
                .containsExactly(Pattern.OVERLAPPING_READS);
    }

    @Test
    void aFlushTheModelMakesAtADetachCountsWhenTheReleaseSettlesNothing() {
        // c1 alone holds the entry c0 has read; detaching c1 trims it, and the queued write lands
        String[] lines = {"c0 = attach()", "c1 = attach()", "writeSync(1)", "write(1)", "next(c0)", "detach(c1)"};
        Lockstep.Run model = Lockstep.run(Variant.MODEL, script(1, lines));
        assertThat(model.model().get(5).reply().settlements())
                .extracting(Settlement::op)
                .containsExactly(3L);
        assertThat(Patterns.in(model)).containsExactly(Pattern.QUEUED_WRITES, Pattern.REENTRANT);
        assertThat(Patterns.in(releaseAnswers(script(1, lines), 5, Outcome.DONE)))
                .as("the release settled nothing")
                .containsExactly(Pattern.QUEUED_WRITES, Pattern.REENTRANT);
        assertThat(Patterns.in(releaseAnswers(script(8, lines), 5, Outcome.DONE)))
                .as("nothing queued, nothing flushed")
                .isEmpty();
    }

    @Test
    void aLongRunThatNeverMadeAPatternHasABlindSpot() {
        Patterns p = new Patterns();
        Lockstep.Run none = Lockstep.run(Variant.MODEL, script(8, "c0 = attach()", "writeSync(1)", "next(c0)"));
        for (long i = 0; i < Patterns.MIN_SEQUENCES - 1; i++) {
            p.count(none);
        }
        assertThat(p.missing()).as("too short a run to say").isEmpty();
        p.count(Lockstep.run(Variant.MODEL, script(1, "writeSync(1)", "write(1)")));
        assertThat(p.total()).isEqualTo(Patterns.MIN_SEQUENCES);
        assertThat(p.missing()).containsExactly(Pattern.OVERLAPPING_READS, Pattern.REENTRANT);
        assertThat(Patterns.missing(
                        Patterns.MIN_SEQUENCES,
                        Map.of(Pattern.OVERLAPPING_READS, 1L, Pattern.QUEUED_WRITES, 1L, Pattern.REENTRANT, 1L)))
                .isEmpty();
    }
}
