package io.cursorcheck.conformance.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.protocol.Hello;
import io.cursorcheck.conformance.protocol.JsError;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.pages.ReportLinks;
import io.cursorcheck.properties.report.SpecLinks;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.SpecError;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every kind of difference that names what is at stake links to a section of {@code docs/spec.md} that
 * exists; and the classification goes by behaviour, in its order, on hand-made release traces: a
 * broken guarantee first (whatever the API), earlier semantics only with the entry-count API's evidence,
 * anything else undecided.
 */
class DifferencesTest {

    @Test
    void everyKindAtStakeLinksToAnAnchorOfTheSpec() throws IOException {
        Set<String> anchors =
                ReportLinks.anchors(Files.readString(SourceTree.root().resolve(SpecLinks.PATH)));
        for (Differences.Kind k : Differences.Kind.values()) {
            if (k.invariant() == null) {
                continue;
            }
            String anchor = SpecLinks.anchorOf(k.invariant());
            assertThat(anchor)
                    .as("the anchor of %s's \"%s\"", k.id(), k.invariant())
                    .isNotNull();
            assertThat(anchors).as("the anchor of %s", k.id()).contains(anchor);
        }
    }

    private static Hello hello(String api) {
        return hello(api, "26.12.1");
    }

    private static Hello hello(String api, String version) {
        return new Hello(
                "node", version, api, Map.of("UNBOUNDED", "unbounded"), 1, api.equals("highWaterMark"), List.of());
    }

    /** Classifies the last step of a release's trace, where the model answered {@code model}. */
    private static Differences.Kind classify(String api, OutsideGuaranteesTest.Trace t, Outcome model) {
        return classify(hello(api), t, model);
    }

    private static Differences.Kind classify(Hello hello, OutsideGuaranteesTest.Trace t, Outcome model) {
        int step = t.ops.size() - 1;
        return classify(
                hello,
                t,
                new Observation(t.ops.get(step), new Reply(step, model, List.of()), -1, null, null, List.of()));
    }

    /** The model's answer at the last step in full: its outcome, settlements and probe. */
    private static Observation model(OutsideGuaranteesTest.Trace t, Outcome own, Probe probe, Settlement... settled) {
        int step = t.ops.size() - 1;
        return new Observation(
                t.ops.get(step), new Reply(step, own, List.of(settled)), -1, null, null, List.of(), probe);
    }

    private static Differences.Kind classify(Hello hello, OutsideGuaranteesTest.Trace t, Observation m) {
        int step = t.ops.size() - 1;
        List<Observation> models = new ArrayList<>();
        for (int i = 0; i < step; i++) {
            models.add(t.seen.get(i));
        }
        models.add(m);
        Failure f = new Failure(Failure.Kind.DIVERGENCE, step, "DIVERGENCE:answer:test", "test", m, t.seen.get(step));
        Script script = new Script(t.options, t.ops);
        Counterexample cx = new Counterexample("test", script, 1L, 60, "", step + 1, 0, f, null);
        return Differences.classify(hello, cx, new Lockstep.Run(script, models, t.seen, f), WITNESSED);
    }

    /** Witnesses that show every earlier-semantics kind: the release has each earlier semantics it is matched with. */
    static final Witnesses WITNESSED = Witnesses.showing(java.util.EnumSet.of(
            Differences.Kind.END_AT_ONCE,
            Differences.Kind.NO_RETAIN_GUARD,
            Differences.Kind.STRICT_QUEUE_DEPTH,
            Differences.Kind.ERROR_REPORTING));

    /**
     * The dirty-flag port explains a shape (never decides it) only where it answers at the step as the release did:
     * notify's delivery leaves the entry untrimmed, so canWrite stays false. A release that answered with the model's
     * probe is not explained by it.
     */
    @Test
    void theDirtyFlagPortExplainsOnlyAnAnswerItGivesItself() {
        Script script = new Script(
                Options.of(1, Policy.UNBOUNDED), List.of(new Op.Attach(), new Op.Next(0), new Op.WriteSync(1)));
        Reply answered = new Reply(2, Outcome.ACCEPTED, List.of(new Settlement(1, Outcome.data(2, 1))));
        Observation model =
                new Observation(script.ops().get(2), answered, -1, null, null, List.of(), new Probe(1, true));
        Observation dirty =
                new Observation(script.ops().get(2), answered, -1, null, null, List.of(), new Probe(1, false));
        Failure f = new Failure(Failure.Kind.DIVERGENCE, 2, "DIVERGENCE:probe:test", "test", model, dirty);
        assertThat(Differences.answersAsDirtyFlagPort(
                        new Counterexample("node-26.1.0", script, 1L, 60, "", 3, 0, f, null)))
                .isTrue();
        Failure asModel = new Failure(Failure.Kind.DIVERGENCE, 2, "DIVERGENCE:probe:test", "test", model, model);
        assertThat(Differences.answersAsDirtyFlagPort(
                        new Counterexample("node-26.1.0", script, 1L, 60, "", 3, 0, asModel, null)))
                .as("the release answered with the model's probe: the port's answer is not its")
                .isFalse();
    }

    @Test
    void anEndCompletedWithAWritePendingIsABugEvenOnTheEntryCountApi() {
        OutsideGuaranteesTest.Trace pending = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Write(1), Outcome.QUEUED)
                .op(new Op.End(), Outcome.completed(1));
        assertThat(classify("highWaterMark", pending, Outcome.PENDING))
                .isEqualTo(Differences.Kind.END_WITH_WRITE_PENDING);
        assertThat(classify("budget", pending, Outcome.PENDING)).isEqualTo(Differences.Kind.END_WITH_WRITE_PENDING);
    }

    @Test
    void earlierSemanticsNeedADocumentedChange() {
        OutsideGuaranteesTest.Trace atOnce =
                new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED).attach().op(new Op.End(), Outcome.completed(0));
        assertThat(classify("highWaterMark", atOnce, Outcome.PENDING)).isEqualTo(Differences.Kind.END_AT_ONCE);
        assertThat(classify(hello("budget", "26.7.0"), atOnce, Outcome.PENDING))
                .as("a byte-budget Node release before the documented change of semantics")
                .isEqualTo(Differences.Kind.END_AT_ONCE);
        assertThat(classify(hello("budget", "26.8.0-alpha.0.0.0"), atOnce, Outcome.PENDING))
                .as("the version a release reports, read by its leading N.N.N: 26.8.0 has PR #65334")
                .isEqualTo(Differences.Kind.UNCLASSIFIED);
        assertThat(classify(hello("budget", "26.9.0"), atOnce, Outcome.PENDING))
                .as("no evidence on a byte-budget" + " release from " + EarlierSemantics.END_WAITS_SINCE + " on")
                .isEqualTo(Differences.Kind.UNCLASSIFIED);
        assertThat(classify("budget", atOnce, Outcome.PENDING)).isEqualTo(Differences.Kind.UNCLASSIFIED);
        assertThat(classify(hello("budget", "27.0.0"), atOnce, Outcome.PENDING))
                .as("a later release: a regression" + " is no earlier semantics")
                .isEqualTo(Differences.Kind.UNCLASSIFIED);
    }

    @Test
    void aNonSpecErrorIsNamedAfterItsShape() {
        OutsideGuaranteesTest.Trace typeError = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .op(new Op.Write(1), Outcome.failed(new JsError("TypeError: resolve is not a function")));
        assertThat(classify("budget", typeError, Outcome.ACCEPTED)).isEqualTo(Differences.Kind.NESTED_END_IN_NOTIFY);
        OutsideGuaranteesTest.Trace other = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .op(new Op.Write(1), Outcome.failed(new JsError("Error: lost")));
        assertThat(classify("highWaterMark", other, Outcome.ACCEPTED)).isEqualTo(Differences.Kind.NON_SPEC_ERROR);
    }

    @Test
    void aReadLeftOpenByDetachIsKeptByItsName() {
        OutsideGuaranteesTest.Trace open = new OutsideGuaranteesTest.Trace(8, Policy.STRICT)
                .attach()
                .op(new Op.Next(0), Outcome.WAIT)
                .op(new Op.Detach(0), Outcome.DONE);
        assertThat(classify("highWaterMark", open, Outcome.DONE)).isEqualTo(Differences.Kind.DETACH_LEAVES_READ_OPEN);
    }

    private static final Differences.Kind UNCLASSIFIED = Differences.Kind.UNCLASSIFIED;

    @Test
    void endAtOnceIsMatchedOnItsDocumentedShapeOnly() {
        OutsideGuaranteesTest.Trace wrongBytes = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.End(), Outcome.completed(5));
        assertThat(classify("highWaterMark", wrongBytes, Outcome.PENDING))
                .as("an end completing with bytes never" + " written")
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace written = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.End(), Outcome.completed(1));
        assertThat(classify("highWaterMark", written, Outcome.PENDING)).isEqualTo(Differences.Kind.END_AT_ONCE);
        assertThat(classify("highWaterMark", written, Outcome.completed(1)))
                .as("nothing differs")
                .isEqualTo(UNCLASSIFIED);

        OutsideGuaranteesTest.Trace twice = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.End(), Outcome.completed(1))
                .op(new Op.End(), Outcome.completed(3));
        assertThat(classify("highWaterMark", twice, Outcome.completed(1)))
                .as("a wrong COMPLETED byte count after" + " end")
                .isEqualTo(UNCLASSIFIED);
        assertThat(classify("highWaterMark", twice, Outcome.PENDING))
                .as("bytes other than the first end's")
                .isEqualTo(UNCLASSIFIED);

        OutsideGuaranteesTest.Trace attached = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.End(), Outcome.completed(0))
                .canWrite(null)
                .op(new Op.Next(0), Outcome.DONE);
        assertThat(classify(hello("highWaterMark"), attached, model(attached, Outcome.DONE, new Probe(0, null))))
                .as("the consumer stays attached after end")
                .isEqualTo(Differences.Kind.END_AT_ONCE);
        assertThat(classify(hello("highWaterMark"), attached, model(attached, Outcome.DONE, new Probe(2, null))))
                .as("a consumerCount lower than the model's after end")
                .isEqualTo(UNCLASSIFIED);
        assertThat(classify(hello("highWaterMark"), attached, model(attached, Outcome.DONE, new Probe(0, true))))
                .as("canWrite differing after end")
                .isEqualTo(UNCLASSIFIED);
    }

    @Test
    void errorReportingIsMatchedOnTheDocumentedSubstitutionsOnly() {
        OutsideGuaranteesTest.Trace falsy = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.Fail(null), Outcome.OK)
                .op(new Op.Next(0), Outcome.DONE);
        assertThat(classify("highWaterMark", falsy, Outcome.failed(null))).isEqualTo(Differences.Kind.ERROR_REPORTING);
        assertThat(classify(hello("budget", "26.9.0"), falsy, Outcome.failed(null)))
                .as("before PR #65864")
                .isEqualTo(Differences.Kind.ERROR_REPORTING);
        assertThat(classify(hello("budget", "26.10.0"), falsy, Outcome.failed(null)))
                .isEqualTo(UNCLASSIFIED);
        assertThat(classify("highWaterMark", falsy, Outcome.failed(SpecError.CANCELLED)))
                .as("DONE for a reason" + " nobody gave")
                .isEqualTo(UNCLASSIFIED);

        OutsideGuaranteesTest.Trace madeUp = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.Fail(null), Outcome.OK)
                .op(new Op.Next(0), Outcome.failed(new JsError("TypeError: Invalid state: Failed")));
        assertThat(classify("highWaterMark", madeUp, Outcome.failed(null)))
                .as("Node 26.1.0's error for fail(null)")
                .isEqualTo(Differences.Kind.ERROR_REPORTING);
        assertThat(classify("highWaterMark", madeUp, Outcome.failed("x")))
                .as("for a reason that is not null")
                .isEqualTo(UNCLASSIFIED);
        // Two substitutions at once (seen on 26.1.0): a consumer detached before fail(null) reads the broadcast's
        // error, made up for null; and after fail(null) then cancel("e1"), fail's consumer reads "e1", not its null.
        OutsideGuaranteesTest.Trace detachedMadeUp = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(new Op.Detach(0), Outcome.DONE)
                .op(new Op.Fail(null), Outcome.OK)
                .op(new Op.Next(0), Outcome.failed(new JsError("TypeError: Invalid state: Failed")));
        assertThat(classify("highWaterMark", detachedMadeUp, Outcome.DONE)).isEqualTo(Differences.Kind.ERROR_REPORTING);
        assertThat(classify(hello("budget", "26.12.1"), detachedMadeUp, Outcome.DONE))
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace latest = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(new Op.Fail(null), Outcome.OK)
                .op(new Op.Cancel(true, "e1"), Outcome.OK)
                .op(new Op.Next(0), Outcome.failed("e1"));
        assertThat(classify("highWaterMark", latest, Outcome.failed(null))).isEqualTo(Differences.Kind.ERROR_REPORTING);
        assertThat(classify("highWaterMark", latest, Outcome.failed("e2")))
                .as("the model's own error must be a reason given too")
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace closed = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.Fail("x"), Outcome.OK)
                .op(new Op.Write(1), Outcome.failed(SpecError.WRITER_CLOSED));
        assertThat(classify("highWaterMark", closed, Outcome.failed("x"))).isEqualTo(Differences.Kind.ERROR_REPORTING);
        assertThat(classify(hello("budget", "26.7.0"), closed, Outcome.failed("x")))
                .as("no documented change on the" + " byte budget")
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace backpressure = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.Fail("x"), Outcome.OK)
                .op(new Op.Write(1), Outcome.failed(SpecError.BACKPRESSURE));
        assertThat(classify("highWaterMark", backpressure, Outcome.failed("x"))).isEqualTo(UNCLASSIFIED);

        OutsideGuaranteesTest.Trace broadcastError = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.Detach(0), Outcome.DONE)
                .op(new Op.Fail("x"), Outcome.OK)
                .op(new Op.Next(0), Outcome.failed("x"));
        assertThat(classify("highWaterMark", broadcastError, Outcome.DONE)).isEqualTo(Differences.Kind.ERROR_REPORTING);
        OutsideGuaranteesTest.Trace consumerCount = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.Fail("x"), Outcome.OK)
                .op(new Op.Next(0), Outcome.failed("x"));
        assertThat(classify(
                        hello("highWaterMark"),
                        consumerCount,
                        model(consumerCount, Outcome.failed("x"), new Probe(3, null))))
                .as("only a consumerCount differs after fail")
                .isEqualTo(UNCLASSIFIED);
    }

    @Test
    void noRetainGuardIsMatchedOnALateJoinersReadAndTheTrimsEffects() {
        OutsideGuaranteesTest.Trace late = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.Detach(0), Outcome.DONE)
                .attach()
                .op(new Op.Next(1), Outcome.WAIT);
        assertThat(classify("highWaterMark", late, Outcome.data(1, 1))).isEqualTo(Differences.Kind.NO_RETAIN_GUARD);
        assertThat(classify(hello("budget", "26.9.0"), late, Outcome.data(1, 1)))
                .as("before PR #66028")
                .isEqualTo(Differences.Kind.NO_RETAIN_GUARD);
        assertThat(classify(hello("budget", "26.10.0"), late, Outcome.data(1, 1)))
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace done = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.Detach(0), Outcome.DONE)
                .attach()
                .op(new Op.Next(1), Outcome.DONE);
        assertThat(classify("highWaterMark", done, Outcome.data(1, 1)))
                .as("a late joiner's read answering DONE")
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace noConsumerYet =
                new OutsideGuaranteesTest.Trace(1, Policy.DROP_NEWEST).op(new Op.WriteSync(1), Outcome.ACCEPTED);
        assertThat(classify(
                        hello("budget", "26.7.0"),
                        noConsumerYet,
                        model(noConsumerYet, Outcome.ACCEPTED, new Probe(0, false))))
                .as("a write with zero consumers not retained (26.7.0's canWrite)")
                .isEqualTo(Differences.Kind.NO_RETAIN_GUARD);
        assertThat(classify(
                        hello("budget", "26.7.0"),
                        noConsumerYet,
                        model(noConsumerYet, Outcome.ACCEPTED, new Probe(1, false))))
                .as("a consumerCount differing too")
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace lateAfterCancel = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Cancel(false, null), Outcome.OK);
        lateAfterCancel.consumers = 0; // cancel detached c0
        lateAfterCancel.canWrite(null).attach();
        lateAfterCancel.consumers = 0; // the release detaches the late joiner with its DONE; the model reads on
        lateAfterCancel.op(new Op.Next(1), Outcome.DONE);
        assertThat(classify(
                        hello("highWaterMark"),
                        lateAfterCancel,
                        model(lateAfterCancel, Outcome.data(1, 1), new Probe(1, null))))
                .as("26.1.0: a late joiner of a cancelled broadcast gets DONE")
                .isEqualTo(Differences.Kind.NO_RETAIN_GUARD);
        assertThat(classify(
                        hello("highWaterMark"),
                        lateAfterCancel,
                        model(lateAfterCancel, Outcome.data(1, 1), new Probe(2, null))))
                .as("two consumers fewer")
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace closing = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Write(1), Outcome.QUEUED)
                .op(new Op.End(), Outcome.PENDING)
                .canWrite(null)
                .op(
                        new Op.Detach(0),
                        Outcome.DONE,
                        new Settlement(2, Outcome.ACCEPTED),
                        new Settlement(3, Outcome.completed(2)));
        assertThat(classify(hello("budget", "26.9.0"), closing, model(closing, Outcome.DONE, new Probe(0, null))))
                .as("26.9.0: the last detach flushes" + " the queue and the end completes")
                .isEqualTo(Differences.Kind.NO_RETAIN_GUARD);
        OutsideGuaranteesTest.Trace closingWrongBytes = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Write(1), Outcome.QUEUED)
                .op(new Op.End(), Outcome.PENDING)
                .canWrite(null)
                .op(
                        new Op.Detach(0),
                        Outcome.DONE,
                        new Settlement(2, Outcome.ACCEPTED),
                        new Settlement(3, Outcome.completed(7)));
        assertThat(classify(
                        hello("budget", "26.9.0"),
                        closingWrongBytes,
                        model(closingWrongBytes, Outcome.DONE, new Probe(0, null))))
                .as("an end completing with" + " bytes never written")
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace endAlone = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.End(), Outcome.PENDING)
                .canWrite(null)
                .op(new Op.Detach(0), Outcome.DONE, new Settlement(2, Outcome.completed(1)));
        assertThat(classify(hello("budget", "26.9.0"), endAlone, model(endAlone, Outcome.DONE, new Probe(0, null))))
                .as("an end completing with nothing" + " the trim changed")
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace noDetach = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .attach()
                .op(new Op.Next(1), Outcome.WAIT);
        assertThat(classify("highWaterMark", noDetach, Outcome.data(1, 1)))
                .as("no consumer left")
                .isEqualTo(UNCLASSIFIED);
    }

    @Test
    void strictQueueDepthIsASecondQueuedWriteOnTheEntryCountApi() {
        OutsideGuaranteesTest.Trace deep = new OutsideGuaranteesTest.Trace(1, Policy.STRICT)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Write(1), Outcome.QUEUED)
                .op(new Op.Write(1), Outcome.QUEUED);
        Outcome backpressure = Outcome.failed(SpecError.BACKPRESSURE);
        assertThat(classify("highWaterMark", deep, backpressure)).isEqualTo(Differences.Kind.STRICT_QUEUE_DEPTH);
        assertThat(classify(hello("budget", "26.7.0"), deep, backpressure)).isEqualTo(UNCLASSIFIED);
        assertThat(classify(hello("highWaterMark"), deep, model(deep, backpressure, new Probe(1, true))))
                .as("canWrite differing too")
                .isNotEqualTo(Differences.Kind.STRICT_QUEUE_DEPTH);
    }

    /**
     * The writer's further paths on an end-at-once release: endSync answering the bytes written where the model
     * answers INCOMPLETE is end-at-once on the entry-count API and on Node before 26.8.0, and unclassified from
     * 26.8.0 on (a regression there is no earlier semantics); with bytes never written it is no such shape. The
     * model failing an end (its abort) that the release completed at once is end-at-once too, only if the release
     * did answer that end COMPLETED.
     */
    @Test
    void endSyncAndAnAbortedEndOnAnEndAtOnceRelease() {
        OutsideGuaranteesTest.Trace endSync = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WritevSync(List.of(1, 1)), Outcome.ACCEPTED)
                .op(new Op.EndSync(), Outcome.completed(2));
        assertThat(classify("highWaterMark", endSync, Outcome.INCOMPLETE)).isEqualTo(Differences.Kind.END_AT_ONCE);
        assertThat(classify(hello("budget", "26.7.0"), endSync, Outcome.INCOMPLETE))
                .isEqualTo(Differences.Kind.END_AT_ONCE);
        assertThat(classify(hello("budget", "26.8.0"), endSync, Outcome.INCOMPLETE))
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace wrongBytes = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WritevSync(List.of(1, 1)), Outcome.ACCEPTED)
                .op(new Op.EndSync(), Outcome.completed(1));
        assertThat(classify("highWaterMark", wrongBytes, Outcome.INCOMPLETE)).isEqualTo(UNCLASSIFIED);

        OutsideGuaranteesTest.Trace abortedEnd = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.End(), Outcome.completed(1))
                .canWrite(null)
                .op(new Op.Abort(2), Outcome.OK);
        Probe probe = new Probe(1, null);
        assertThat(classify(
                        hello("highWaterMark"),
                        abortedEnd,
                        model(abortedEnd, Outcome.OK, probe, new Settlement(2, Outcome.failed(SpecError.ABORTED)))))
                .isEqualTo(Differences.Kind.END_AT_ONCE);
        OutsideGuaranteesTest.Trace pendingEnd = new OutsideGuaranteesTest.Trace(8, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.End(), Outcome.PENDING)
                .canWrite(null)
                .op(new Op.Abort(2), Outcome.OK);
        assertThat(classify(
                        hello("highWaterMark"),
                        pendingEnd,
                        model(pendingEnd, Outcome.OK, probe, new Settlement(2, Outcome.failed(SpecError.ABORTED)))))
                .as("the release's end never completed")
                .isEqualTo(UNCLASSIFIED);
    }

    /** A spoiled entry delivered is a bug of the release on every API (I14), never earlier semantics. */
    @Test
    void aSpoiledEntryDeliveredIsABugOnEveryApi() {
        OutsideGuaranteesTest.Trace t = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Spoil(1), Outcome.OK)
                .op(new Op.Next(0), Outcome.data(-1, 0));
        assertThat(classify("highWaterMark", t, Outcome.failed(SpecError.INVALID_ENTRY)))
                .isEqualTo(Differences.Kind.SPOILED_ENTRY_DELIVERED);
        assertThat(classify(hello("budget", "26.8.2"), t, Outcome.failed(SpecError.INVALID_ENTRY)))
                .isEqualTo(Differences.Kind.SPOILED_ENTRY_DELIVERED);
        assertThat(Differences.Kind.SPOILED_ENTRY_DELIVERED.verdict())
                .isEqualTo(Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE);
    }

    /**
     * No retain guard on the writer's further paths (seen on 26.5.1): the last consumer's detach trims to the end,
     * which settles a pending drain true (and flushes the queued write) where the model keeps both; on the
     * byte budget from 26.10.0 on the same answer is no earlier semantics. The control: a drain settled true by a
     * detach that left a consumer attached is not this shape (with the buffer still full it would break I13).
     */
    @Test
    void aDrainSettledByTheTrimToTheEndIsNoRetainGuard() {
        OutsideGuaranteesTest.Trace t = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .attach()
                .op(new Op.Drain(), Outcome.PENDING)
                .op(new Op.Write(1), Outcome.QUEUED)
                .op(
                        new Op.Detach(0),
                        Outcome.DONE,
                        new Settlement(2, Outcome.DRAINED_TRUE),
                        new Settlement(3, Outcome.ACCEPTED));
        Probe probe = new Probe(0, false);
        assertThat(classify(hello("highWaterMark", "26.5.1"), t, model(t, Outcome.DONE, probe)))
                .isEqualTo(Differences.Kind.NO_RETAIN_GUARD);
        assertThat(classify(hello("budget", "26.12.1"), t, model(t, Outcome.DONE, probe)))
                .isEqualTo(UNCLASSIFIED);
        OutsideGuaranteesTest.Trace stillAttached = new OutsideGuaranteesTest.Trace(1, Policy.UNBOUNDED)
                .attach()
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .canWrite(false)
                .op(new Op.Drain(), Outcome.PENDING)
                .op(new Op.Detach(0), Outcome.DONE, new Settlement(3, Outcome.DRAINED_TRUE))
                .canWrite(true);
        assertThat(classify(
                        hello("highWaterMark", "26.5.1"),
                        stillAttached,
                        model(stillAttached, Outcome.DONE, new Probe(1, false))))
                .as("c1 still holds the entry: the drain settled true on a full buffer, whatever canWrite says")
                .isEqualTo(Differences.Kind.DRAINED_WHILE_FULL);
    }

    /**
     * No retain guard meets a spoiled entry (seen on 26.5.1 and Bun 1.4.5): the last consumer left, the release
     * trimmed everything, so a late joiner's read waits (with room to write) where the model, which retained the
     * spoiled entry, fails it and the writer. The control: the same answers while the model never lacked a consumer.
     */
    @Test
    void aLateJoinersReadThatTheModelFailsAtARetainedSpoiledEntryIsNoRetainGuard() {
        OutsideGuaranteesTest.Trace t = new OutsideGuaranteesTest.Trace(2, Policy.DROP_OLDEST)
                .attach()
                .op(new Op.Next(0), Outcome.WAIT)
                .op(new Op.Write(1), Outcome.ACCEPTED, new Settlement(1, Outcome.data(2, 1)))
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.Spoil(3), Outcome.OK)
                .op(new Op.Detach(0), Outcome.DONE)
                .attach();
        t.consumers = 1;
        t.op(new Op.Next(1), Outcome.WAIT);
        assertThat(classify(
                        hello("highWaterMark", "26.5.1"),
                        t,
                        model(t, Outcome.failed(SpecError.INVALID_ENTRY), new Probe(0, null))))
                .isEqualTo(Differences.Kind.NO_RETAIN_GUARD);
        OutsideGuaranteesTest.Trace attached = new OutsideGuaranteesTest.Trace(2, Policy.DROP_OLDEST)
                .attach()
                .attach()
                .op(new Op.WriteSync(1), Outcome.ACCEPTED)
                .op(new Op.Spoil(2), Outcome.OK)
                .op(new Op.Next(1), Outcome.WAIT);
        assertThat(classify(
                        hello("highWaterMark", "26.5.1"),
                        attached,
                        model(attached, Outcome.failed(SpecError.INVALID_ENTRY), new Probe(1, null))))
                .isEqualTo(UNCLASSIFIED);
    }
}
