package io.cursorcheck.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reason;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.Snapshot.ConsumerState;
import io.cursorcheck.spi.WriterState;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checker's negative controls: for each invariant, a hand-made step that breaks it, which the
 * checker must report by ID; and a well-behaved step it must accept.
 */
class InvariantCheckerTest {

    private static final Options OPTIONS = Options.of(4, Policy.STRICT);

    /** A snapshot of an open broadcast with these entries and consumers. */
    private static Snapshot snap(long start, List<Integer> sizes, long bytes, ConsumerState... consumers) {
        return new Snapshot(
                start,
                sizes,
                bytes,
                Arrays.asList(consumers),
                List.of(),
                WriterState.OPEN,
                bytes,
                0,
                false,
                false,
                null,
                null);
    }

    private static Snapshot snap(long start, List<Integer> sizes, ConsumerState... consumers) {
        return snap(start, sizes, sizes.stream().mapToLong(Integer::longValue).sum(), consumers);
    }

    private static ConsumerState c(int id, long cursor) {
        return new ConsumerState(id, cursor, 0);
    }

    private static Reply reply(long op, Outcome outcome, Settlement... settlements) {
        return new Reply(op, outcome, List.of(settlements));
    }

    /** A checker that has seen c0 attach to an empty broadcast. */
    private static InvariantChecker withC0() {
        InvariantChecker checker = new InvariantChecker(OPTIONS, snap(0, List.of()));
        assertThat(checker.check(new Op.Attach(), 0, null, snap(0, List.of(), c(0, 0)), null))
                .isEmpty();
        return checker;
    }

    private static List<Invariant> broken(List<Violation> violations) {
        return violations.stream().map(Violation::invariant).toList();
    }

    @Test
    void acceptsAWellBehavedStep() {
        InvariantChecker checker = withC0();
        assertThat(checker.check(
                        new Op.WriteSync(2),
                        -1,
                        reply(1, Outcome.ACCEPTED),
                        snap(0, List.of(2), c(0, 0)),
                        new Diagnostics.MinCache(0, 1)))
                .isEmpty();
        assertThat(checker.check(
                        new Op.Next(0),
                        0,
                        reply(2, Outcome.data(0, 2)),
                        snap(1, List.of(), c(0, 1)),
                        new Diagnostics.MinCache(1, 1)))
                .isEmpty();
    }

    @Test
    void i1CursorOutsideTheBuffer() {
        assertThat(broken(withC0().check(
                                new Op.WriteSync(2),
                                -1,
                                reply(1, Outcome.ACCEPTED),
                                snap(0, List.of(2), c(0, 3)),
                                null)))
                .contains(Invariant.I1);
    }

    @Test
    void i2BytesThatDoNotAddUp() {
        assertThat(broken(withC0().check(
                                new Op.WriteSync(2),
                                -1,
                                reply(1, Outcome.ACCEPTED),
                                snap(0, List.of(2), 3, c(0, 0)),
                                null)))
                .containsExactly(Invariant.I2);
    }

    @Test
    void i3BufferStartGoingBack() {
        InvariantChecker checker = new InvariantChecker(OPTIONS, snap(5, List.of()));
        assertThat(broken(checker.check(new Op.WriteSync(0), -1, reply(0, Outcome.ACCEPTED), snap(4, List.of()), null)))
                .contains(Invariant.I3);
    }

    @Test
    void i4ASkippedPosition() {
        InvariantChecker checker = withC0();
        checker.check(new Op.WriteSync(1), -1, reply(1, Outcome.ACCEPTED), snap(0, List.of(1), c(0, 0)), null);
        checker.check(new Op.WriteSync(1), -1, reply(2, Outcome.ACCEPTED), snap(0, List.of(1, 1), c(0, 0)), null);
        assertThat(broken(checker.check(
                        new Op.Next(0), 0, reply(3, Outcome.data(1, 1)), snap(0, List.of(1, 1), c(0, 2)), null)))
                .contains(Invariant.I4);
    }

    @Test
    void i4ReadsSettledOutOfOrder() {
        InvariantChecker checker = withC0();
        checker.check(new Op.Next(0), 0, reply(1, Outcome.WAIT), snap(0, List.of(), new ConsumerState(0, 0, 1)), null);
        checker.check(
                new Op.Next(0), 0, reply(2, Outcome.PENDING), snap(0, List.of(), new ConsumerState(0, 0, 2)), null);
        assertThat(broken(checker.check(
                        new Op.WriteSync(1),
                        -1,
                        reply(3, Outcome.ACCEPTED, new Settlement(2, Outcome.data(0, 1))),
                        snap(1, List.of(), new ConsumerState(0, 1, 1)),
                        null)))
                .contains(Invariant.I4);
    }

    @Test
    void i5ABufferNotTrimmedToTheSlowestCursor() {
        InvariantChecker checker = withC0();
        checker.check(new Op.WriteSync(1), -1, reply(1, Outcome.ACCEPTED), snap(0, List.of(1), c(0, 0)), null);
        assertThat(broken(checker.check(
                        new Op.Next(0), 0, reply(2, Outcome.data(0, 1)), snap(0, List.of(1), c(0, 1)), null)))
                .containsExactly(Invariant.I5);
    }

    @Test
    void i6ACountThatDisagreesWithAScan() {
        assertThat(broken(withC0().check(
                                new Op.WriteSync(0),
                                -1,
                                reply(1, Outcome.ACCEPTED),
                                snap(0, List.of(), c(0, 0)),
                                new Diagnostics.MinCache(0, 2))))
                .containsExactly(Invariant.I6);
    }

    @Test
    void i7TrimmingWithNobodyAttached() {
        InvariantChecker checker = new InvariantChecker(OPTIONS, snap(0, List.of(1, 1)));
        assertThat(broken(
                        checker.check(new Op.WriteSync(0), -1, reply(0, Outcome.ACCEPTED), snap(1, List.of(1)), null)))
                .containsExactly(Invariant.I7);
    }

    @Test
    void i8AZeroSizeEntry() {
        assertThat(broken(withC0().check(
                                new Op.WriteSync(0),
                                -1,
                                reply(1, Outcome.ACCEPTED),
                                snap(0, List.of(0), c(0, 0)),
                                null)))
                .contains(Invariant.I8);
    }

    @Test
    void i9AcceptingOverBudget() {
        InvariantChecker checker = new InvariantChecker(OPTIONS, snap(0, List.of(4)));
        assertThat(broken(checker.check(
                        new Op.WriteSync(1), -1, reply(0, Outcome.ACCEPTED), snap(0, List.of(4, 1)), null)))
                .contains(Invariant.I9);
    }

    @Test
    void i10AConsumerLeftAttachedByAnEffectiveFail() {
        Snapshot failed = new Snapshot(
                0,
                List.of(),
                0,
                List.of(c(0, 0)),
                List.of(),
                WriterState.ERRORED,
                0,
                0,
                true,
                false,
                Reason.of("e"),
                Reason.of("e"));
        assertThat(broken(withC0().check(new Op.Fail("e"), -1, reply(1, Outcome.OK), failed, null)))
                .contains(Invariant.I10);
    }

    @Test
    void i11AReadLeftWaitingWithDataAtItsCursor() {
        InvariantChecker checker = withC0();
        checker.check(new Op.Next(0), 0, reply(1, Outcome.WAIT), snap(0, List.of(), new ConsumerState(0, 0, 1)), null);
        assertThat(broken(checker.check(
                        new Op.WriteSync(1),
                        -1,
                        reply(2, Outcome.ACCEPTED),
                        snap(0, List.of(1), new ConsumerState(0, 0, 1)),
                        null)))
                .containsExactly(Invariant.I11);
    }

    @Test
    void i12AQueuedWriteUnderBudget() {
        Snapshot queued =
                new Snapshot(0, List.of(), 0, List.of(), List.of(1), WriterState.OPEN, 0, 0, false, false, null, null);
        InvariantChecker checker = new InvariantChecker(OPTIONS, snap(0, List.of()));
        assertThat(broken(checker.check(new Op.Write(1), -1, reply(0, Outcome.QUEUED), queued, null)))
                .contains(Invariant.I12);
    }
}
