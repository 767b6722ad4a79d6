package io.cursorcheck.conformance.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.OutsideGuarantees.Rule;
import io.cursorcheck.conformance.protocol.JsError;
import io.cursorcheck.conformance.protocol.JsException;
import io.cursorcheck.conformance.protocol.SubjectCrash;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.SpecError;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each rule of {@link OutsideGuarantees} on hand-made release traces: a trace that breaks the
 * guarantee is reported (the rule can fail), and the closest trace that keeps it is not (the rule
 * is not a false alarm), including the cases the rules exempt on purpose (DROP_OLDEST eviction,
 * DROP_NEWEST's discarded writes, a fail reason, a falsy reason).
 */
public class OutsideGuaranteesTest {

    /** A release's trace, written operation by operation as the adapter reports it. */
    public static final class Trace {
        /** The options. */
        public final Options options;
        /** The operations so far. */
        public final List<Op> ops = new ArrayList<>();
        /** The release's observations so far. */
        public final List<Observation> seen = new ArrayList<>();

        int consumers;
        int attached;
        Boolean canWrite = true;

        /** A trace of a broadcast with these options. */
        public Trace(long budget, Policy policy) {
            options = Options.of(budget, policy);
        }

        /** An attach, the probe counting one more consumer. */
        public Trace attach() {
            ops.add(new Op.Attach());
            consumers++;
            seen.add(new Observation(
                    ops.get(ops.size() - 1), null, attached++, null, null, List.of(), new Probe(consumers, canWrite)));
            return this;
        }

        /** An operation and its answer. */
        public Trace op(Op op, Outcome own, Settlement... settled) {
            int n = ops.size();
            ops.add(op);
            if (op instanceof Op.Detach) {
                consumers--;
            }
            // A truthful probe by default: the writer leaves OPEN for good at end, endSync, fail and cancel, and
            // fail and cancel remove every consumer (a test makes the probe lie with canWrite(...) on purpose).
            if (op instanceof Op.End || op instanceof Op.EndSync || op instanceof Op.Fail || op instanceof Op.Cancel) {
                canWrite = null;
            }
            if (op instanceof Op.Fail || op instanceof Op.Cancel) {
                consumers = 0;
            }
            seen.add(new Observation(
                    op,
                    new Reply(n, own, List.of(settled)),
                    -1,
                    null,
                    null,
                    List.of(),
                    new Probe(consumers, canWrite)));
            return this;
        }

        /** An operation that threw: synchronously in the release ({@code js}), or its process died. */
        Trace threw(Op op, boolean js) {
            ops.add(op);
            RuntimeException cause = js
                    ? new JsException("TypeError", "resolve is not a function")
                    : new SubjectCrash("the process died (exit code 1)");
            seen.add(new Observation(
                    op,
                    null,
                    -1,
                    new Observation.Thrown(cause.getClass().getSimpleName(), cause.getMessage(), cause),
                    null,
                    List.of(),
                    null));
            return this;
        }

        /** The probe's canWrite after the last operation, and from then on. */
        public Trace canWrite(Boolean value) {
            canWrite = value;
            Observation last = seen.remove(seen.size() - 1);
            seen.add(new Observation(
                    last.op(), last.reply(), last.attachedId(), null, null, List.of(), new Probe(consumers, value)));
            return this;
        }

        List<OutsideGuarantees.Breach> check() {
            return OutsideGuarantees.check(new Script(options, ops), seen);
        }

        Set<Rule> rules() {
            return OutsideGuarantees.rules(check());
        }
    }

    private static Settlement s(long op, Outcome o) {
        return new Settlement(op, o);
    }

    private static Outcome data(long write) {
        return Outcome.data(write, 1);
    }

    private static Op next(int c) {
        return new Op.Next(c);
    }

    private static Op write(int size) {
        return new Op.Write(size);
    }

    private static Op writeSync(int size) {
        return new Op.WriteSync(size);
    }

    /** The known finding reentrant-flush-strands-read as Node 26.12.1 answers it, up to its step. */
    private static Trace strandsRead(boolean servedAfterAll) {
        Trace t = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(write(1), Outcome.QUEUED)
                .attach()
                .op(next(0), data(1))
                .op(next(0), Outcome.WAIT)
                .op(next(0), Outcome.PENDING)
                .op(write(1), Outcome.QUEUED);
        return servedAfterAll
                ? t.op(
                                new Op.Detach(1),
                                Outcome.DONE,
                                s(2, Outcome.ACCEPTED),
                                s(5, data(2)),
                                s(6, data(7)),
                                s(7, Outcome.ACCEPTED))
                        .canWrite(true) // c0 got everything: nothing is held
                : t.op(new Op.Detach(1), Outcome.DONE, s(2, Outcome.ACCEPTED), s(5, data(2)), s(7, Outcome.ACCEPTED));
    }

    @Test
    void aReadLeftOpenWithItsEntryStoredIsStranded() {
        List<OutsideGuarantees.Breach> b = strandsRead(false).check();
        assertThat(b).extracting(OutsideGuarantees.Breach::rule).containsExactly(Rule.STRANDED_READ);
        assertThat(b.get(0).step()).isEqualTo(8);
        assertThat(b.get(0).detail()).contains("read #6", "write #7");
        assertThat(strandsRead(true).check()).as("the read served: no breach").isEmpty();
    }

    @Test
    void aReadWaitingForAnEntryNotYetWrittenIsNotStranded() {
        Trace t = new Trace(4, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(1))
                .op(next(0), Outcome.WAIT);
        assertThat(t.check()).isEmpty();
        // DROP_NEWEST answers ACCEPTED for a discarded write: on a full buffer (c1 holds the first entry) that is no
        // proof the entry is stored
        Trace dropped = new Trace(1, Policy.DROP_NEWEST)
                .attach()
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(next(0), data(2))
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), Outcome.WAIT);
        assertThat(dropped.check()).isEmpty();
        // with room it must store (DROP_NEWEST discards only at or over budget, I9): a read left waiting is stranded
        Trace stored = new Trace(1, Policy.DROP_NEWEST)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(next(0), data(1))
                .canWrite(true)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(next(0), Outcome.WAIT);
        assertThat(stored.rules()).containsExactly(Rule.STRANDED_READ);
        Trace strict = new Trace(1, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(next(0), data(1))
                .canWrite(true)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(next(0), Outcome.WAIT);
        assertThat(strict.rules()).containsExactly(Rule.STRANDED_READ);
    }

    @Test
    void anEntryDeliveredTwiceOrOutOfOrderIsReported() {
        Trace twice = new Trace(8, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(1))
                .op(next(0), data(1));
        assertThat(twice.rules()).containsExactly(Rule.ENTRY_DELIVERED_TWICE);
        Trace order = new Trace(8, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(2))
                .op(next(0), data(1));
        assertThat(order.rules()).contains(Rule.ENTRY_OUT_OF_ORDER);
        Trace fine = new Trace(8, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(1))
                .op(next(0), data(2));
        assertThat(fine.check()).isEmpty();
    }

    @Test
    void aSkippedEntryIsReportedExceptUnderDropOldest() {
        Trace skip = new Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(1))
                .op(next(0), data(3));
        assertThat(skip.check())
                .extracting(OutsideGuarantees.Breach::detail)
                .anyMatch(d -> d.contains("skipping the entry of write #2"));
        Trace evicted = new Trace(1, Policy.DROP_OLDEST)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(3));
        assertThat(evicted.check()).as("eviction may skip").isEmpty();
        // an entry written before the consumer attached may be gone (trimmed for the others): no gap
        Trace late = new Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(1))
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(1), data(4));
        assertThat(late.check()).isEmpty();
        // a DATA of more units than its write may be a batch: the gap after it is not known
        Trace batch = new Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), Outcome.data(1, 2))
                .op(next(0), data(3));
        assertThat(batch.check()).isEmpty();
    }

    @Test
    void readsSettlingOutOfOrderAreReported() {
        Trace t = new Trace(8, Policy.STRICT)
                .attach()
                .op(next(0), Outcome.WAIT)
                .op(next(0), Outcome.PENDING)
                .op(writeSync(1), Outcome.ACCEPTED, s(2, data(3)));
        assertThat(t.rules()).contains(Rule.READS_SETTLED_OUT_OF_ORDER);
        Trace fine = new Trace(8, Policy.STRICT)
                .attach()
                .op(next(0), Outcome.WAIT)
                .op(next(0), Outcome.PENDING)
                .op(writeSync(1), Outcome.ACCEPTED, s(1, data(3)));
        assertThat(fine.check()).isEmpty();
    }

    @Test
    void aReadLeftOpenByDetachIsReported() {
        Trace t = new Trace(8, Policy.STRICT).attach().op(next(0), Outcome.WAIT).op(new Op.Detach(0), Outcome.DONE);
        assertThat(t.rules()).containsExactly(Rule.READ_OPEN_AFTER_DETACH);
        Trace fine = new Trace(8, Policy.STRICT)
                .attach()
                .op(next(0), Outcome.WAIT)
                .op(new Op.Detach(0), Outcome.DONE, s(1, Outcome.DONE));
        assertThat(fine.check()).isEmpty();
    }

    @Test
    void anEndCompletedWithAWritePendingIsReported() {
        Trace t = new Trace(1, Policy.UNBOUNDED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(write(1), Outcome.QUEUED)
                .op(new Op.End(), Outcome.completed(1));
        assertThat(t.rules()).containsExactly(Rule.END_WITH_WRITE_PENDING);
        Trace fine = new Trace(1, Policy.UNBOUNDED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(write(1), Outcome.QUEUED)
                .op(new Op.End(), Outcome.PENDING);
        assertThat(fine.check()).isEmpty();
        Trace cancelled = new Trace(1, Policy.UNBOUNDED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(write(1), Outcome.QUEUED)
                .op(new Op.End(), Outcome.PENDING)
                .op(
                        new Op.Cancel(false, null),
                        Outcome.OK,
                        s(1, Outcome.failed(SpecError.CANCELLED)),
                        s(2, Outcome.completed(1)));
        assertThat(cancelled.check()).isEmpty();
    }

    @Test
    void anErrorOfNoSpecAndNoReasonIsReported() {
        Trace t = new Trace(1, Policy.UNBOUNDED)
                .op(write(1), Outcome.failed(new JsError("TypeError: resolve is not a function")));
        assertThat(t.rules()).containsExactly(Rule.NON_SPEC_ERROR);
        Trace reason =
                new Trace(1, Policy.UNBOUNDED).op(new Op.Fail("e1"), Outcome.OK).op(write(1), Outcome.failed("e1"));
        assertThat(reason.check()).isEmpty();
        Trace spec = new Trace(1, Policy.UNBOUNDED)
                .op(new Op.End(), Outcome.completed(0))
                .op(write(1), Outcome.failed(SpecError.WRITER_CLOSED));
        assertThat(spec.check()).isEmpty();
        Trace falsy = new Trace(1, Policy.UNBOUNDED)
                .op(new Op.Fail(null), Outcome.OK)
                .op(write(1), Outcome.failed(new JsError("Error: Failed")));
        assertThat(falsy.check()).as("a falsy reason may be replaced (§6)").isEmpty();
    }

    @Test
    void aWriteThatFailedAndWasDeliveredIsReported() {
        Trace t = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(next(0), Outcome.WAIT)
                .op(new Op.Fail("e1"), Outcome.OK, s(1, Outcome.failed("e1")))
                .op(write(1), Outcome.failed("e1"));
        assertThat(t.check()).isEmpty();
        Trace both = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(next(0), Outcome.WAIT)
                .op(write(1), Outcome.failed(SpecError.BACKPRESSURE), s(1, data(2)));
        assertThat(both.rules()).containsExactly(Rule.FAILED_WRITE_DELIVERED);
    }

    @Test
    void aRefusalWithRoomIsReportedWhateverTheProbeSays() {
        Trace t = new Trace(2, Policy.STRICT)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(true)
                .op(writeSync(1), Outcome.REFUSED);
        assertThat(t.rules()).containsExactly(Rule.REFUSED_WITH_ROOM);
        Trace queued = new Trace(2, Policy.STRICT)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(true)
                .op(write(1), Outcome.QUEUED);
        assertThat(queued.rules()).containsExactly(Rule.REFUSED_WITH_ROOM);
        // The lying-probe control: the probe says full in the same direction as the refusal; the room is counted
        // from what was written, so both the refusal and the probe are reported.
        Trace lying = new Trace(2, Policy.STRICT)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(writeSync(1), Outcome.REFUSED);
        assertThat(lying.rules()).containsExactly(Rule.REFUSED_WITH_ROOM, Rule.PROBE_MISREPORTS_ROOM);
        // The dirty-flag algorithm: every consumer read the entry, the buffer keeps it and refuses (I5 untrimmed).
        Trace untrimmed = new Trace(1, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(next(0), data(1))
                .op(writeSync(1), Outcome.REFUSED);
        assertThat(untrimmed.rules()).containsExactly(Rule.REFUSED_WITH_ROOM, Rule.PROBE_MISREPORTS_ROOM);
        Trace full = new Trace(1, Policy.STRICT)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(writeSync(1), Outcome.REFUSED);
        assertThat(full.check()).isEmpty();
        Trace heldForAReader = new Trace(1, Policy.STRICT)
                .attach()
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(next(0), data(2))
                .op(writeSync(1), Outcome.REFUSED);
        assertThat(heldForAReader.check())
                .as("c1 has not read the entry: the buffer is full")
                .isEmpty();
    }

    /**
     * The probe is an answer judged against the outside account, never a premise: canWrite null while the writer is
     * OPEN, or not null once an end made it leave OPEN; canWrite true on a buffer held full, false on one with room;
     * consumerCount below those known attached or above those that may be. Each truthful probe is no breach.
     */
    @Test
    void theProbeIsJudgedAgainstTheOutsideAccount() {
        assertThat(new Trace(2, Policy.STRICT).attach().canWrite(null).rules())
                .containsExactly(Rule.PROBE_MISREPORTS_WRITER);
        Trace ended = new Trace(2, Policy.STRICT).attach().op(new Op.End(), Outcome.PENDING);
        assertThat(ended.check()).as("canWrite null after end: truthful").isEmpty();
        assertThat(ended.canWrite(false).rules()).containsExactly(Rule.PROBE_MISREPORTS_WRITER);
        Trace full = new Trace(1, Policy.STRICT).attach().op(writeSync(1), Outcome.ACCEPTED);
        assertThat(full.rules())
                .as("c0 holds the entry: the buffer is full")
                .containsExactly(Rule.PROBE_MISREPORTS_ROOM);
        assertThat(full.canWrite(false).check()).isEmpty();
        Trace room = new Trace(2, Policy.STRICT).attach().canWrite(false);
        assertThat(room.rules()).containsExactly(Rule.PROBE_MISREPORTS_ROOM);
        Trace dropOldest = new Trace(1, Policy.DROP_OLDEST).attach().op(writeSync(1), Outcome.ACCEPTED);
        assertThat(dropOldest.check())
                .as("DROP_OLDEST may evict: no lower bound, true is no breach")
                .isEmpty();
        Trace more = new Trace(2, Policy.STRICT).attach();
        more.consumers = 2;
        assertThat(more.op(writeSync(1), Outcome.ACCEPTED).rules()).containsExactly(Rule.PROBE_MISREPORTS_CONSUMERS);
        Trace fewer = new Trace(2, Policy.STRICT).attach().attach();
        fewer.consumers = 1;
        assertThat(fewer.op(writeSync(1), Outcome.ACCEPTED).rules()).containsExactly(Rule.PROBE_MISREPORTS_CONSUMERS);
        Trace endedReader = new Trace(2, Policy.STRICT)
                .attach()
                .op(next(0), Outcome.WAIT)
                .op(new Op.End(), Outcome.completed(0), s(1, Outcome.DONE));
        assertThat(endedReader.check())
                .as("a consumer whose read ended may be gone or not: any count between is no breach")
                .isEmpty();
    }

    /** A late joiner handed an entry that every consumer had read before it attached breaks I5 as a user sees it. */
    @Test
    void anEntryEveryConsumerHadReadDeliveredToALateJoinerIsStale() {
        Trace stale = new Trace(4, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(1))
                .attach()
                .op(next(1), data(1));
        assertThat(stale.rules()).containsExactly(Rule.STALE_ENTRY_DELIVERED);
        Trace retained = new Trace(4, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(new Op.Detach(0), Outcome.DONE)
                .attach()
                .op(next(1), data(1));
        assertThat(retained.check())
                .as("nobody attached: the retain guard keeps it (I7)")
                .isEmpty();
        Trace unread = new Trace(4, Policy.STRICT)
                .attach()
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(2))
                .attach()
                .op(next(2), data(2));
        assertThat(unread.check()).as("c1 still holds it").isEmpty();
    }

    @Test
    void aLargerWriteRefusedWithRoomIsNotJudged() {
        // One unit left under a budget of 2: a release that refuses what would not fit keeps every invariant.
        Trace mustFit = new Trace(2, Policy.STRICT)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(true)
                .op(writeSync(2), Outcome.REFUSED);
        assertThat(mustFit.check()).isEmpty();
        // A queued write of any size exists only while the buffer is full (I12): one left queued with room is judged.
        Trace queued = new Trace(2, Policy.STRICT)
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(true)
                .op(write(2), Outcome.QUEUED);
        assertThat(queued.rules()).containsExactly(Rule.REFUSED_WITH_ROOM);
        assertThat(queued.check().get(0).detail()).contains("still queued", "(I12)");
    }

    @Test
    void anEntryOfNoBytesIsReported() {
        Trace t = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(next(0), Outcome.WAIT)
                .op(write(0), Outcome.ACCEPTED, s(1, Outcome.data(-1, 0)));
        assertThat(t.rules()).containsExactly(Rule.ZERO_SIZE_ENTRY);
        Trace fine = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(next(0), Outcome.WAIT)
                .op(write(0), Outcome.ACCEPTED);
        assertThat(fine.check()).isEmpty();
    }

    /**
     * A consumer attaches at its attach, whatever the probe counts (I10): a release that registers it only at its
     * first read skips what landed in between, and its probe, which under-counts in the same direction, is judged too
     * (the lying-probe control of the gap rules, which once trusted that count).
     */
    @Test
    void aConsumerAttachesAtItsAttachWhateverTheProbeCounts() {
        Trace t = new Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(2));
        assertThat(t.rules()).containsExactly(Rule.ENTRY_SKIPPED);
        Trace lazy = new Trace(8, Policy.UNBOUNDED);
        lazy.consumers = -1; // the probe after the attach shows no consumer
        lazy.attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), data(2));
        assertThat(lazy.rules()).containsExactly(Rule.ENTRY_SKIPPED, Rule.PROBE_MISREPORTS_CONSUMERS);
    }

    /**
     * An operation that threw synchronously breaks §5 whatever it threw (Node 26.8.x throws where later releases
     * reject a write); a process that died gives no answer to judge. The control: the same trace answered normally.
     */
    @Test
    void anOperationThatThrewIsANonSpecErrorAndADeadProcessIsNot() {
        Trace threw = new Trace(1, Policy.UNBOUNDED).attach().threw(new Op.Detach(0), true);
        assertThat(threw.rules()).containsExactly(Rule.NON_SPEC_ERROR);
        assertThat(threw.check().get(0).detail()).contains("threw TypeError: resolve is not a function");
        assertThat(new Trace(1, Policy.UNBOUNDED)
                        .attach()
                        .threw(new Op.Detach(0), false)
                        .rules())
                .isEmpty();
        assertThat(new Trace(1, Policy.UNBOUNDED)
                        .attach()
                        .op(new Op.Detach(0), Outcome.DONE)
                        .rules())
                .isEmpty();
    }

    /**
     * A spoiled entry delivered (Node before 26.9.0, Bun 1.4.x: a chunk of no bytes) breaks I14; the same read
     * failing with INVALID_ENTRY (26.9.0 and later) is no breach; a chunk of no bytes with no spoil before it is
     * the zero-size rule's, not this one's. The gap rules stay silent after a spoil: the unnamed chunk was the
     * spoiled write's entry, not a skip.
     */
    @Test
    void aSpoiledEntryDeliveredBreaksI14AndAFailedReadOfItDoesNot() {
        Trace delivered = new Trace(4, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(new Op.Spoil(1), Outcome.OK)
                .op(next(0), Outcome.data(-1, 0))
                .op(next(0), data(2));
        assertThat(delivered.check())
                .extracting(OutsideGuarantees.Breach::rule)
                .containsExactly(Rule.SPOILED_ENTRY_DELIVERED);
        assertThat(delivered.check().get(0).step()).isEqualTo(4);
        Trace checked = new Trace(4, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(new Op.Spoil(1), Outcome.OK)
                .op(next(0), Outcome.failed(SpecError.INVALID_ENTRY))
                .canWrite(null); // the spoiled read failed the writer
        assertThat(checked.check()).isEmpty();
        Trace noSpoil = new Trace(4, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(next(0), Outcome.data(-1, 0));
        assertThat(noSpoil.rules()).containsExactly(Rule.ZERO_SIZE_ENTRY);
    }

    /** A drain's own answer must agree with the probe right before it (I13); each agreeing answer is no breach. */
    @Test
    void aDrainThatDisagreesWithTheProbeBreaksI13() {
        Trace fullButTrue = new Trace(1, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Drain(), Outcome.DRAINED_TRUE);
        assertThat(fullButTrue.rules()).containsExactly(Rule.DRAIN_ANSWERED_WRONG);
        // The lying-probe control: the probe says room as the drain does; the room is counted from outside.
        Trace lying = new Trace(1, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(true)
                .op(new Op.Drain(), Outcome.DRAINED_TRUE);
        assertThat(lying.rules()).containsExactlyInAnyOrder(Rule.DRAIN_ANSWERED_WRONG, Rule.PROBE_MISREPORTS_ROOM);
        Trace roomButPending = new Trace(1, Policy.STRICT).attach().op(new Op.Drain(), Outcome.PENDING);
        assertThat(roomButPending.rules()).containsExactly(Rule.DRAIN_ANSWERED_WRONG);
        Trace openButUnwritable = new Trace(1, Policy.STRICT).attach().op(new Op.Drain(), Outcome.UNWRITABLE);
        assertThat(openButUnwritable.rules()).containsExactly(Rule.DRAIN_ANSWERED_WRONG);
        Trace closedButPending = new Trace(1, Policy.STRICT)
                .attach()
                .op(new Op.EndSync(), Outcome.INCOMPLETE)
                .canWrite(null)
                .op(new Op.Drain(), Outcome.PENDING);
        assertThat(closedButPending.rules()).containsExactly(Rule.DRAIN_ANSWERED_WRONG);

        assertThat(new Trace(1, Policy.STRICT)
                        .attach()
                        .op(new Op.Drain(), Outcome.DRAINED_TRUE)
                        .check())
                .isEmpty();
        assertThat(new Trace(1, Policy.STRICT)
                        .attach()
                        .op(writeSync(1), Outcome.ACCEPTED)
                        .canWrite(false)
                        .op(new Op.Drain(), Outcome.PENDING)
                        .check())
                .isEmpty();
        assertThat(new Trace(1, Policy.STRICT)
                        .attach()
                        .op(new Op.EndSync(), Outcome.INCOMPLETE)
                        .canWrite(null)
                        .op(new Op.Drain(), Outcome.UNWRITABLE)
                        .check())
                .isEmpty();
    }

    /**
     * A drain settled true by an operation after which the buffer is still full, with no queued write stored in
     * it, breaks I13; settled true with room after it, or with a queued write stored by the same operation (the
     * flush the trim started filled the buffer again), it keeps I13.
     */
    @Test
    void aDrainSettledTrueWhileTheBufferStaysFullBreaksI13() {
        // c1 has not read the entry: the buffer stays full when c0 reads it
        Trace full = new Trace(1, Policy.STRICT)
                .attach()
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Drain(), Outcome.PENDING)
                .op(next(0), data(2), s(3, Outcome.DRAINED_TRUE));
        assertThat(full.rules()).containsExactly(Rule.DRAINED_WHILE_FULL);
        // The lying-probe control: the probe says room in the same direction as the drain; both are reported.
        Trace lying = new Trace(1, Policy.STRICT)
                .attach()
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Drain(), Outcome.PENDING)
                .op(next(0), data(2), s(3, Outcome.DRAINED_TRUE))
                .canWrite(true);
        assertThat(lying.rules()).containsExactlyInAnyOrder(Rule.DRAINED_WHILE_FULL, Rule.PROBE_MISREPORTS_ROOM);
        Trace room = new Trace(1, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Drain(), Outcome.PENDING)
                .op(next(0), data(1), s(2, Outcome.DRAINED_TRUE))
                .canWrite(true);
        assertThat(room.check()).isEmpty();
        Trace refilled = new Trace(1, Policy.STRICT)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Drain(), Outcome.PENDING)
                .op(write(1), Outcome.QUEUED)
                .op(next(0), data(1), s(2, Outcome.DRAINED_TRUE), s(3, Outcome.ACCEPTED));
        assertThat(refilled.check()).isEmpty();
    }

    /**
     * writev and writevSync are writes, endSync an end: a failed writev whose entry is delivered, and an endSync
     * that completed while a writev is pending, break the guarantees a write and an end() would.
     */
    @Test
    void writevIsAWriteAndEndSyncAnEnd() {
        Trace failedDelivered = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Writev(List.of(1, 0)), Outcome.QUEUED)
                .op(new Op.Abort(2), Outcome.OK, s(2, Outcome.failed(SpecError.ABORTED)))
                .op(next(0), data(1))
                .canWrite(true)
                .op(next(0), data(2));
        assertThat(failedDelivered.rules()).containsExactly(Rule.FAILED_WRITE_DELIVERED);
        Trace endedWithWritePending = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Writev(List.of(1)), Outcome.QUEUED)
                .op(new Op.EndSync(), Outcome.completed(1));
        assertThat(endedWithWritePending.rules()).containsExactly(Rule.END_WITH_WRITE_PENDING);
        Trace incomplete = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Writev(List.of(1)), Outcome.QUEUED)
                .op(new Op.EndSync(), Outcome.INCOMPLETE);
        assertThat(incomplete.check()).isEmpty();
        Trace refusedWithRoom =
                new Trace(1, Policy.STRICT).attach().op(new Op.WritevSync(List.of(1, 0)), Outcome.REFUSED);
        assertThat(refusedWithRoom.rules()).containsExactly(Rule.REFUSED_WITH_ROOM);
    }

    /**
     * A queued write spoiled while queued and then settled ACCEPTED (Node 26.7.0 to 26.8.2 store nothing and accept
     * it) breaks I14; failed with INVALID_ENTRY (26.9.0 and later) it does not; spoiled after it settled, its
     * acceptance is no breach.
     */
    @Test
    void aSpoiledQueuedWriteAcceptedBreaksI14() {
        Trace accepted = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(write(1), Outcome.QUEUED)
                .op(new Op.Spoil(2), Outcome.OK)
                .op(next(0), data(1), s(2, Outcome.ACCEPTED))
                .canWrite(true);
        assertThat(accepted.rules()).containsExactly(Rule.SPOILED_WRITE_ACCEPTED);
        Trace failed = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(write(1), Outcome.QUEUED)
                .op(new Op.Spoil(2), Outcome.OK)
                .op(next(0), data(1), s(2, Outcome.failed(SpecError.INVALID_ENTRY)))
                .canWrite(true);
        assertThat(failed.check()).isEmpty();
        Trace spoiledAfter = new Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(writeSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(write(1), Outcome.QUEUED)
                .op(next(0), data(1), s(2, Outcome.ACCEPTED))
                .op(new Op.Spoil(2), Outcome.OK)
                .op(next(0), Outcome.failed(SpecError.INVALID_ENTRY))
                .canWrite(null);
        assertThat(spoiledAfter.check()).isEmpty();
    }

    /**
     * The finding spoiled-read-leaves-cursor-past-end as Node 26.12.1 answers it: after fail(), c1 read write #0's
     * entry, #0 was spoiled, c0's read failed, and both stay attached: I1 broken. The corrected answer (both
     * removed: consumerCount 0) is no breach, and neither is the same trace without the spoil.
     */
    @Test
    void aSpoiledReadAfterFailThatLeavesAConsumerAttachedBreaksI1() {
        assertThat(spoiledAfterFail(true, 2).check())
                .extracting(OutsideGuarantees.Breach::rule)
                .containsExactly(Rule.CONSUMER_PAST_CLEARED_BUFFER);
        assertThat(spoiledAfterFail(true, 2).check().get(0).step()).isEqualTo(6);
        assertThat(spoiledAfterFail(true, 0).check())
                .as("the corrected algorithm: both removed")
                .isEmpty();
        assertThat(spoiledAfterFail(false, 2).check())
                .as("no spoil: the read failing is not the spoiled read")
                .isEmpty();
        // The lying-probe control: the count before the read (the rule's premise once) says nobody is attached;
        // who is attached is the account's (both late joiners), so the breach is judged, and the count with it.
        Trace lying = new Trace(4, Policy.STRICT)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(new Op.Fail("e"), Outcome.OK)
                .canWrite(null)
                .attach()
                .attach()
                .op(next(1), data(0));
        lying.consumers = 0;
        lying.op(new Op.Spoil(0), Outcome.OK);
        lying.consumers = 2;
        lying.op(next(0), Outcome.failed("e"));
        assertThat(lying.rules())
                .containsExactlyInAnyOrder(Rule.CONSUMER_PAST_CLEARED_BUFFER, Rule.PROBE_MISREPORTS_CONSUMERS);
    }

    private static Trace spoiledAfterFail(boolean spoil, int consumersAfter) {
        Trace t = new Trace(4, Policy.STRICT)
                .op(writeSync(1), Outcome.ACCEPTED)
                .op(new Op.Fail("e"), Outcome.OK)
                .canWrite(null)
                .attach()
                .attach()
                .op(next(1), data(0))
                .op(spoil ? new Op.Spoil(0) : new Op.Fail("e"), Outcome.OK);
        t.consumers = consumersAfter;
        return t.op(next(0), Outcome.failed("e"));
    }
}
