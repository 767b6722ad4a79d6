package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.OutsideGuarantees;
import io.cursorcheck.conformance.judge.OutsideGuaranteesTest;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The faults judged after a sequence's first difference (docs/spec.md §6, the whole trace): a breach of a rule not
 * seen by then is a fault of its own; one seen by then, one a known finding recorded, or one the model's own trace
 * breaks too is not.
 */
class LaterFaultsTest {

    /**
     * A release that differs first at a read's probe (step 2: canWrite says full where the model says room) and one
     * step later refuses a write with room: the refusal is judged though the sequence differed before it.
     */
    private static OutsideGuaranteesTest.Trace refusalAfterAProbeDifference() {
        return new OutsideGuaranteesTest.Trace(2, Policy.STRICT)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.Next(0), Outcome.data(1, 1))
                .op(new Op.WriteSync(1), Outcome.REFUSED);
    }

    private static Lockstep.Whole whole(OutsideGuaranteesTest.Trace t, int firstStep, List<Observation> model) {
        Script script = new Script(t.options, t.ops);
        Failure f = new Failure(
                Failure.Kind.DIVERGENCE,
                firstStep,
                "DIVERGENCE:probe:test",
                "test",
                model.get(firstStep),
                t.seen.get(firstStep));
        Lockstep.Run first = new Lockstep.Run(
                script.prefix(firstStep + 1), model.subList(0, firstStep + 1), t.seen.subList(0, firstStep + 1), f);
        return new Lockstep.Whole(first, script, model, t.seen, model);
    }

    /** The model's trace of the same script, as a conforming release answers it: no breach anywhere. */
    private static List<Observation> conforming() {
        return new OutsideGuaranteesTest.Trace(2, Policy.STRICT)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.Next(0), Outcome.data(1, 1))
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .seen;
    }

    @Test
    void aRuleFirstBrokenAfterTheFirstDifferenceIsAFaultOfItsOwn() {
        List<LaterFaults.Fault> faults =
                LaterFaults.of(whole(refusalAfterAProbeDifference(), 2, conforming()), Set.of());
        assertThat(faults)
                .extracting(LaterFaults.Fault::rule)
                .containsExactly(OutsideGuarantees.Rule.REFUSED_WITH_ROOM);
        assertThat(faults.get(0).first()).isEqualTo(2);
        assertThat(faults.get(0).script().length()).as("cut after the breach").isEqualTo(4);
    }

    @Test
    void aRuleSeenByTheFirstDifferenceExcusedOrBrokenByTheModelToo() {
        assertThat(LaterFaults.of(whole(refusalAfterAProbeDifference(), 3, conforming()), Set.of()))
                .as("broken at the first difference itself: that shape's, not a later one")
                .isEmpty();
        assertThat(LaterFaults.of(
                        whole(refusalAfterAProbeDifference(), 2, conforming()),
                        Set.of(OutsideGuarantees.Rule.REFUSED_WITH_ROOM)))
                .as("recorded for the known finding the sequence hit")
                .isEmpty();
        assertThat(LaterFaults.of(
                        whole(refusalAfterAProbeDifference(), 2, refusalAfterAProbeDifference().seen), Set.of()))
                .as("the model's own trace refuses there too: the consequence of a finding against the spec")
                .isEmpty();
    }
}
