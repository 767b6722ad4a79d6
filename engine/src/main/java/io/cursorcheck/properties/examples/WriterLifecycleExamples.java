package io.cursorcheck.properties.examples;

import static io.cursorcheck.properties.Scenario.settled;
import static io.cursorcheck.properties.examples.WriterLifecycleExamples.Call.CANCEL;
import static io.cursorcheck.properties.examples.WriterLifecycleExamples.Call.END;
import static io.cursorcheck.properties.examples.WriterLifecycleExamples.Call.FAIL;
import static io.cursorcheck.properties.examples.WriterLifecycleExamples.Call.WRITE;
import static io.cursorcheck.properties.examples.WriterLifecycleExamples.Call.WRITE_SYNC;
import static io.cursorcheck.spi.Outcome.ACCEPTED;
import static io.cursorcheck.spi.Outcome.DONE;
import static io.cursorcheck.spi.Outcome.OK;
import static io.cursorcheck.spi.Outcome.PENDING;
import static io.cursorcheck.spi.Outcome.REFUSED;
import static io.cursorcheck.spi.Outcome.WAIT;
import static io.cursorcheck.spi.Outcome.completed;
import static io.cursorcheck.spi.Outcome.data;
import static io.cursorcheck.spi.Outcome.failed;
import static io.cursorcheck.spi.WriterState.CLOSED;
import static io.cursorcheck.spi.WriterState.CLOSING;
import static io.cursorcheck.spi.WriterState.ERRORED;
import static io.cursorcheck.spi.WriterState.OPEN;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Scenario;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.SpecError;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.List;

/**
 * The writer's lifecycle edges: write, writeSync, end, fail and cancel after one another in every
 * ordered pair, each answer read off spec §2 ({@code docs/spec.md}) by hand, then what a consumer reads afterwards.
 */
public final class WriterLifecycleExamples {

    private static final Options ROOMY = Options.of(1000, Policy.STRICT);
    private static final Outcome CLOSED_ERROR = failed(SpecError.WRITER_CLOSED);

    private WriterLifecycleExamples() {}

    /** One writer call. As the first of a pair it writes 2 bytes or fails with "e"; as the second, 3 bytes or "f". */
    enum Call {
        WRITE,
        WRITE_SYNC,
        END,
        FAIL,
        CANCEL;

        Scenario.StepAssert apply(Scenario s, boolean first) {
            return switch (this) {
                case WRITE -> s.write(first ? 2 : 3);
                case WRITE_SYNC -> s.writeSync(first ? 2 : 3);
                case END -> s.end();
                case FAIL -> s.fail(first ? "e" : "f");
                case CANCEL -> s.cancel();
            };
        }
    }

    /**
     * No consumer attached: calls are operations #0 and #1; then a late joiner attaches and reads
     * everything retained (nothing was trimmed) before it waits, or gets DONE or the error.
     */
    private static final List<Row> NO_CONSUMER = List.of(
            row(WRITE, WRITE).answers(ACCEPTED, ACCEPTED).writer(OPEN, 5).thenReads(data(0, 2), data(1, 3), WAIT),
            row(WRITE, WRITE_SYNC).answers(ACCEPTED, ACCEPTED).writer(OPEN, 5).thenReads(data(0, 2), data(1, 3), WAIT),
            row(WRITE, END).answers(ACCEPTED, completed(2)).writer(CLOSED, 2).thenReads(data(0, 2), DONE),
            row(WRITE, FAIL).answers(ACCEPTED, OK).writer(ERRORED, 2).thenReads(data(0, 2), failed("f")),
            row(WRITE, CANCEL).answers(ACCEPTED, OK).writer(CLOSED, 2).thenReads(data(0, 2), DONE),
            row(WRITE_SYNC, WRITE).answers(ACCEPTED, ACCEPTED).writer(OPEN, 5).thenReads(data(0, 2), data(1, 3), WAIT),
            row(WRITE_SYNC, WRITE_SYNC)
                    .answers(ACCEPTED, ACCEPTED)
                    .writer(OPEN, 5)
                    .thenReads(data(0, 2), data(1, 3), WAIT),
            row(WRITE_SYNC, END)
                    .answers(ACCEPTED, completed(2))
                    .writer(CLOSED, 2)
                    .thenReads(data(0, 2), DONE),
            row(WRITE_SYNC, FAIL).answers(ACCEPTED, OK).writer(ERRORED, 2).thenReads(data(0, 2), failed("f")),
            row(WRITE_SYNC, CANCEL).answers(ACCEPTED, OK).writer(CLOSED, 2).thenReads(data(0, 2), DONE),
            row(END, WRITE)
                    .answers(completed(0), CLOSED_ERROR)
                    .writer(CLOSED, 0)
                    .thenReads(DONE),
            row(END, WRITE_SYNC)
                    .answers(completed(0), REFUSED)
                    .writer(CLOSED, 0)
                    .thenReads(DONE),
            row(END, END).answers(completed(0), completed(0)).writer(CLOSED, 0).thenReads(DONE),
            row(END, FAIL).answers(completed(0), OK).writer(CLOSED, 0).thenReads(DONE), // fail after CLOSED: no-op
            row(END, CANCEL).answers(completed(0), OK).writer(CLOSED, 0).thenReads(DONE),
            row(FAIL, WRITE).answers(OK, failed("e")).writer(ERRORED, 0).thenReads(failed("e")),
            row(FAIL, WRITE_SYNC).answers(OK, REFUSED).writer(ERRORED, 0).thenReads(failed("e")),
            row(FAIL, END).answers(OK, failed("e")).writer(ERRORED, 0).thenReads(failed("e")),
            row(FAIL, FAIL).answers(OK, OK).writer(ERRORED, 0).thenReads(failed("e")), // the first error is kept
            row(FAIL, CANCEL).answers(OK, OK).writer(ERRORED, 0).thenReads(failed("e")), // no reason: error kept
            row(CANCEL, WRITE).answers(OK, CLOSED_ERROR).writer(CLOSED, 0).thenReads(DONE),
            row(CANCEL, WRITE_SYNC).answers(OK, REFUSED).writer(CLOSED, 0).thenReads(DONE),
            row(CANCEL, END).answers(OK, completed(0)).writer(CLOSED, 0).thenReads(DONE),
            row(CANCEL, FAIL).answers(OK, OK).writer(CLOSED, 0).thenReads(DONE), // fail after CLOSED: no-op
            row(CANCEL, CANCEL).answers(OK, OK).writer(CLOSED, 0).thenReads(DONE));

    /** With one consumer attached (operation #0), not waiting: the calls are #1 and #2. */
    private static final long FIRST = 1;

    private static final long SECOND = 2;

    /**
     * One consumer attached and not waiting: end stays PENDING until the consumer is gone; then the
     * consumer reads what it can, and its last read settles what was still pending.
     */
    private static final List<Row> ONE_CONSUMER = List.of(
            row(WRITE, WRITE).answers(ACCEPTED, ACCEPTED).writer(OPEN, 5).thenReads(data(0, 2), data(1, 3), WAIT),
            row(WRITE, WRITE_SYNC).answers(ACCEPTED, ACCEPTED).writer(OPEN, 5).thenReads(data(0, 2), data(1, 3), WAIT),
            row(WRITE, END)
                    .answers(ACCEPTED, PENDING)
                    .writer(CLOSING, 2)
                    .thenReads(data(0, 2), DONE)
                    .settling(settled(SECOND, completed(2))),
            row(WRITE, FAIL).answers(ACCEPTED, OK).writer(ERRORED, 2).thenReads(failed("f")), // detached with "f"
            row(WRITE, CANCEL).answers(ACCEPTED, OK).writer(CLOSED, 2).thenReads(DONE), // detached, no reason
            row(WRITE_SYNC, WRITE).answers(ACCEPTED, ACCEPTED).writer(OPEN, 5).thenReads(data(0, 2), data(1, 3), WAIT),
            row(WRITE_SYNC, WRITE_SYNC)
                    .answers(ACCEPTED, ACCEPTED)
                    .writer(OPEN, 5)
                    .thenReads(data(0, 2), data(1, 3), WAIT),
            row(WRITE_SYNC, END)
                    .answers(ACCEPTED, PENDING)
                    .writer(CLOSING, 2)
                    .thenReads(data(0, 2), DONE)
                    .settling(settled(SECOND, completed(2))),
            row(WRITE_SYNC, FAIL).answers(ACCEPTED, OK).writer(ERRORED, 2).thenReads(failed("f")),
            row(WRITE_SYNC, CANCEL).answers(ACCEPTED, OK).writer(CLOSED, 2).thenReads(DONE),
            row(END, WRITE)
                    .answers(PENDING, CLOSED_ERROR)
                    .writer(CLOSING, 0)
                    .thenReads(DONE)
                    .settling(settled(FIRST, completed(0))),
            row(END, WRITE_SYNC)
                    .answers(PENDING, REFUSED)
                    .writer(CLOSING, 0)
                    .thenReads(DONE)
                    .settling(settled(FIRST, completed(0))),
            row(END, END)
                    .answers(PENDING, PENDING)
                    .writer(CLOSING, 0)
                    .thenReads(DONE)
                    .settling(settled(FIRST, completed(0)), settled(SECOND, completed(0))),
            row(END, FAIL)
                    .answers(PENDING, OK, settled(FIRST, failed("f")))
                    .writer(ERRORED, 0)
                    .thenReads(failed("f")),
            row(END, CANCEL)
                    .answers(PENDING, OK, settled(FIRST, completed(0)))
                    .writer(CLOSED, 0)
                    .thenReads(DONE),
            row(FAIL, WRITE).answers(OK, failed("e")).writer(ERRORED, 0).thenReads(failed("e")),
            row(FAIL, WRITE_SYNC).answers(OK, REFUSED).writer(ERRORED, 0).thenReads(failed("e")),
            row(FAIL, END).answers(OK, failed("e")).writer(ERRORED, 0).thenReads(failed("e")),
            row(FAIL, FAIL).answers(OK, OK).writer(ERRORED, 0).thenReads(failed("e")),
            row(FAIL, CANCEL).answers(OK, OK).writer(ERRORED, 0).thenReads(failed("e")), // c0 already gone
            row(CANCEL, WRITE).answers(OK, CLOSED_ERROR).writer(CLOSED, 0).thenReads(DONE),
            row(CANCEL, WRITE_SYNC).answers(OK, REFUSED).writer(CLOSED, 0).thenReads(DONE),
            row(CANCEL, END).answers(OK, completed(0)).writer(CLOSED, 0).thenReads(DONE),
            row(CANCEL, FAIL).answers(OK, OK).writer(CLOSED, 0).thenReads(DONE),
            row(CANCEL, CANCEL).answers(OK, OK).writer(CLOSED, 0).thenReads(DONE));

    /** Every ordered pair with no consumer attached, then a late joiner's reads. */
    public static void everyOrderedPairWithNoConsumerAttached(BroadcastFactory variant) {
        assertCoversEveryOrderedPair(NO_CONSUMER);
        for (Row row : NO_CONSUMER) {
            Scenario s = new Scenario(variant, ROOMY);
            row.playPair(s);
            row.playReads(s, s.attach());
        }
    }

    /** Every ordered pair with one non-waiting consumer attached, then that consumer's reads. */
    public static void everyOrderedPairWithOneNonWaitingConsumerAttached(BroadcastFactory variant) {
        assertCoversEveryOrderedPair(ONE_CONSUMER);
        for (Row row : ONE_CONSUMER) {
            Scenario s = new Scenario(variant, ROOMY);
            int c0 = s.attach();
            row.playPair(s);
            row.playReads(s, c0);
        }
    }

    private static void assertCoversEveryOrderedPair(List<Row> table) {
        List<String> pairs = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (Row row : table) {
            pairs.add(row.first + " then " + row.second);
        }
        for (Call first : Call.values()) {
            for (Call second : Call.values()) {
                expected.add(first + " then " + second);
            }
        }
        if (!pairs.equals(expected)) { // the table itself is incomplete or out of order: the example is wrong
            throw new AssertionError("the table's pairs: expected " + expected + ", was " + pairs);
        }
    }

    private static Row row(Call first, Call second) {
        return new Row(first, second);
    }

    /** One line of a table: two calls, what they answer, the writer after them, and a consumer's reads. */
    private static final class Row {
        private static final Settlement[] NONE = new Settlement[0];

        final Call first;
        final Call second;
        private Outcome firstAnswer;
        private Outcome secondAnswer;
        private Settlement[] secondSettles = NONE;
        private WriterState writer;
        private long bytes;
        private Outcome[] reads;
        private Settlement[] lastReadSettles = NONE;

        Row(Call first, Call second) {
            this.first = first;
            this.second = second;
        }

        Row answers(Outcome first, Outcome second, Settlement... secondSettles) {
            this.firstAnswer = first;
            this.secondAnswer = second;
            this.secondSettles = secondSettles;
            return this;
        }

        Row writer(WriterState state, long bytesAccepted) {
            this.writer = state;
            this.bytes = bytesAccepted;
            return this;
        }

        Row thenReads(Outcome... reads) {
            this.reads = reads;
            return this;
        }

        /** What the last read settles (pending ends completing as the consumer leaves). */
        Row settling(Settlement... settlements) {
            this.lastReadSettles = settlements;
            return this;
        }

        void playPair(Scenario s) {
            first.apply(s, true).is(firstAnswer);
            second.apply(s, false).is(secondAnswer, secondSettles);
            s.state().writer(writer, bytes);
        }

        void playReads(Scenario s, int consumer) {
            for (int i = 0; i < reads.length; i++) {
                s.next(consumer).is(reads[i], i == reads.length - 1 ? lastReadSettles : NONE);
            }
        }
    }
}
