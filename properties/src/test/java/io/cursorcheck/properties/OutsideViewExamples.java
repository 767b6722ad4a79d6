package io.cursorcheck.properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How the conformance check sees the model from outside (the comparator of observable-only
 * subjects): entries named by the write that stored them, DISCARDED as ACCEPTED, settlements in
 * operation order.
 */
class OutsideViewExamples {

    private static Observation outside(Session s, Op op) {
        return OutsideView.of((ScanningModel) s.broadcast(), s.apply(op));
    }

    @Test
    void anEntryIsNamedByTheWriteThatStoredItAlsoWhenAFlushStoredItLater() {
        Session s = new Session(Variant.MODEL, Options.of(1, Policy.STRICT));
        s.apply(new Op.Attach()); // #0 c0
        s.apply(new Op.WriteSync(1)); // #1 stored at position 0
        assertThat(s.apply(new Op.Write(1)).reply().outcome()).isEqualTo(Outcome.QUEUED); // #2, queued
        assertThat(outside(s, new Op.Next(0)).reply().outcome()).isEqualTo(Outcome.data(1, 1));
        // #4 reads position 0 away: the trim flushes #2, stored at position 1, then #5 reads it
        assertThat(outside(s, new Op.Next(0)).reply().outcome()).isEqualTo(Outcome.data(2, 1));
        ScanningModel model = (ScanningModel) s.broadcast();
        assertThat(model.writeOf(0)).isEqualTo(1);
        assertThat(model.writeOf(1)).isEqualTo(2);
        assertThatThrownBy(() -> model.writeOf(2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aDiscardedWriteLooksAccepted() {
        Session s = new Session(Variant.MODEL, Options.of(1, Policy.DROP_NEWEST));
        s.apply(new Op.Attach());
        s.apply(new Op.Write(1));
        Observation m = s.apply(new Op.Write(1));
        assertThat(m.reply().outcome()).isEqualTo(Outcome.DISCARDED);
        assertThat(OutsideView.of((ScanningModel) s.broadcast(), m).reply().outcome())
                .isEqualTo(Outcome.ACCEPTED);
    }

    @Test
    void settlementsAreComparedInOperationOrder() {
        Observation js = new Observation(
                new Op.Detach(0),
                new Reply(
                        9, Outcome.DONE, List.of(new Settlement(6, Outcome.DONE), new Settlement(3, Outcome.ACCEPTED))),
                -1,
                null,
                null,
                List.of(),
                null);
        assertThat(OutsideView.ordered(js).reply().settlements())
                .extracting(Settlement::op)
                .containsExactly(3L, 6L);
        assertThat(OutsideView.answer(OutsideView.ordered(js)))
                .isEqualTo("DONE, settles #3 -> ACCEPTED, settles #6 -> DONE");
    }
}
