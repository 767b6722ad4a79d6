package io.cursorcheck.conformance.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.conformance.protocol.Hello;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The witnesses of the earlier-semantics kinds: each can show its kind (a subject with that semantics answers its
 * defining behaviour), none shows on the spec's own algorithm, and a shape whose witness does not show on the
 * release is refused the kind (the control that a wrong kind is refused).
 */
class WitnessesTest {

    private static final Set<Differences.Kind> EARLIER = EnumSet.of(
            Differences.Kind.END_AT_ONCE,
            Differences.Kind.NO_RETAIN_GUARD,
            Differences.Kind.STRICT_QUEUE_DEPTH,
            Differences.Kind.ERROR_REPORTING);

    @Test
    void everyEarlierSemanticsKindHasOneWitnessAndNoOtherKindHasOne() {
        for (Differences.Kind k : Differences.Kind.values()) {
            if (k == Differences.Kind.LOCATED_CHANGE) {
                // its witness is the replay on later releases and the change located in the source (ChangeLocator)
                assertThatThrownBy(() -> Witnesses.of(k)).isInstanceOf(IllegalArgumentException.class);
            } else if (k.verdict() == Differences.Verdict.EARLIER_SEMANTICS) {
                assertThat(Witnesses.of(k).kind()).isEqualTo(k);
                assertThat(EARLIER).contains(k);
            } else {
                assertThatThrownBy(() -> Witnesses.of(k))
                        .as(k.id())
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining(k.id());
            }
        }
        assertThat(Witnesses.ALL).hasSize(EARLIER.size());
    }

    @Test
    void noWitnessShowsOnTheSpecsOwnAlgorithm() {
        Witnesses onModel = Witnesses.on(Variant.MODEL);
        for (Differences.Kind k : EARLIER) {
            assertThat(onModel.shows(k))
                    .as("%s on the model answered %s", k.id(), onModel.answer(k))
                    .isFalse();
        }
    }

    /** The dirty-flag port has no retain guard: that witness shows on it, and only that one. */
    @Test
    void theRetainGuardsWitnessShowsOnAPortWithoutIt() {
        Witnesses onPort = Witnesses.on(Variant.DIRTY_FLAG);
        assertThat(onPort.shows(Differences.Kind.NO_RETAIN_GUARD))
                .as("answered %s", onPort.answer(Differences.Kind.NO_RETAIN_GUARD))
                .isTrue();
        assertThat(onPort.shows(Differences.Kind.END_AT_ONCE)).isFalse();
        assertThat(onPort.shows(Differences.Kind.STRICT_QUEUE_DEPTH)).isFalse();
        assertThat(onPort.shows(Differences.Kind.ERROR_REPORTING)).isFalse();
    }

    /** Each kind's documented shape, on a release whose witness does not show the kind, is not that kind. */
    @Test
    void aShapeIsRefusedAKindWhoseWitnessDoesNotShowOnTheRelease() {
        OutsideGuaranteesTest.Trace atOnce =
                new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED).attach().op(new Op.End(), Outcome.completed(0));
        Hello entryCount =
                new Hello("node", "26.1.0", "highWaterMark", Map.of("UNBOUNDED", "unbounded"), 1, true, List.of());
        assertThat(classify(entryCount, atOnce, Outcome.PENDING, Witnesses.showing(EARLIER)))
                .isEqualTo(Differences.Kind.END_AT_ONCE);
        assertThat(classify(
                        entryCount,
                        atOnce,
                        Outcome.PENDING,
                        Witnesses.showing(EnumSet.complementOf(EnumSet.of(Differences.Kind.END_AT_ONCE)))))
                .as("the release does not end at once where the witness asks: not end-at-once")
                .isEqualTo(Differences.Kind.UNCLASSIFIED);
        OutsideGuaranteesTest.Trace strict = new OutsideGuaranteesTest.Trace(1, Policy.STRICT)
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Write(1), Outcome.QUEUED)
                .op(new Op.Write(1), Outcome.QUEUED);
        assertThat(classify(
                        entryCount,
                        strict,
                        Outcome.failed(io.cursorcheck.spi.SpecError.BACKPRESSURE),
                        Witnesses.showing(EARLIER)))
                .isEqualTo(Differences.Kind.STRICT_QUEUE_DEPTH);
        assertThat(classify(
                        entryCount,
                        strict,
                        Outcome.failed(io.cursorcheck.spi.SpecError.BACKPRESSURE),
                        Witnesses.showing(Set.of())))
                .isEqualTo(Differences.Kind.UNCLASSIFIED);
    }

    private static Differences.Kind classify(
            Hello hello, OutsideGuaranteesTest.Trace t, Outcome model, Witnesses witnesses) {
        int step = t.ops.size() - 1;
        List<Observation> models = new java.util.ArrayList<>(t.seen.subList(0, step));
        Observation m = new Observation(t.ops.get(step), new Reply(step, model, List.of()), -1, null, null, List.of());
        models.add(m);
        Failure f = new Failure(Failure.Kind.DIVERGENCE, step, "DIVERGENCE:answer:test", "test", m, t.seen.get(step));
        Script script = new Script(t.options, t.ops);
        Counterexample cx = new Counterexample("test", script, 1L, 60, "", step + 1, 0, f, null);
        return Differences.classify(hello, cx, new Lockstep.Run(script, models, t.seen, f), witnesses);
    }
}
