package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.OutsideGuarantees;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The writer's further paths (issue 15: writevSync, writev, endSync, drain, abort, spoil) driven through the
 * adapter on real releases by hand-written scripts, each answer compared with what docs/spec.md §2 gives for it
 * (written out here from the spec, step by step) and the release's trace held to {@link OutsideGuarantees}.
 * The releases are those installed under {@code target/runtimes}: 26.12.1 (byte budget, spoiled entries
 * checked), 26.5.1 (entry count, end at once, spoiled entries not checked) and Bun 1.4.5.
 */
class FurtherPathsOnReleasesTest {

    /** Runs a script on a release's adapter and returns its answers, in outside terms, one line per operation. */
    private static List<String> answers(Release release, Script script, List<Observation> trace) throws Exception {
        List<String> out = new ArrayList<>();
        try (ExternalSubject subject = ExternalSubject.of(release, release.install(System.out))) {
            Session session = new Session(subject, script.options());
            for (var op : script.ops()) {
                Observation o = session.apply(op);
                trace.add(o);
                out.add(op.script() + " -> " + OutsideView.answer(OutsideView.ordered(o)) + " [" + o.probe() + "]");
            }
        }
        return out;
    }

    /** Every new operation once, on the newest Node, answered as the spec says. */
    @Test
    void everyNewOperationOnTheNewestNodeAnswersAsTheSpecSays() throws Exception {
        Script script = Script.parse(
                Options.of(1, Policy.STRICT),
                List.of(
                        "c0 = attach()", // #0
                        "writevSync(1, 0)", // #1 ACCEPTED: one entry of 1, the buffer full
                        "drain()", // #2 PENDING: the buffer is at its budget
                        "writev(1, 1)", // #3 QUEUED
                        "write(1)", // #4 FAILED(BACKPRESSURE): a second queued write under STRICT
                        "next(c0)", // #5 DATA(#1, 1): the trim flushes #3 (ACCEPTED) and settles the drain true
                        "drain()", // #6 PENDING: #3 filled the buffer again
                        "abort(#3)", // #7 OK: #3 settled already, nothing happens
                        "end()", // #8 PENDING: the drain settles false; the broadcast ends, c0 still has #3 to read
                        "endSync()", // #9 INCOMPLETE: CLOSING
                        "spoil(#3)", // #10 OK
                        "next(c0)", // #11 FAILED(INVALID_ENTRY): the end fails with it too
                        "drain()")); // #12 UNWRITABLE
        List<Observation> trace = new ArrayList<>();
        List<String> got = answers(Release.NEWEST_NODE, script, trace);
        assertThat(got)
                .containsExactly(
                        "attach() -> c0 [consumers=1 canWrite=true]",
                        "writevSync(1, 0) -> ACCEPTED [consumers=1 canWrite=false]",
                        "drain() -> PENDING [consumers=1 canWrite=false]",
                        "writev(1, 1) -> QUEUED [consumers=1 canWrite=false]",
                        "write(1) -> FAILED(BACKPRESSURE) [consumers=1 canWrite=false]",
                        "next(c0) -> DATA(#1, 1B), settles #2 -> DRAINED(true), settles #3 -> ACCEPTED [consumers=1 canWrite=false]",
                        "drain() -> PENDING [consumers=1 canWrite=false]",
                        "abort(#3) -> OK [consumers=1 canWrite=false]",
                        "end() -> PENDING, settles #6 -> DRAINED(false) [consumers=1 canWrite=null]",
                        "endSync() -> INCOMPLETE [consumers=1 canWrite=null]",
                        "spoil(#3) -> OK [consumers=1 canWrite=null]",
                        "next(c0) -> FAILED(INVALID_ENTRY), settles #8 -> FAILED(INVALID_ENTRY) [consumers=0 canWrite=null]",
                        "drain() -> UNWRITABLE [consumers=0 canWrite=null]");
        assertThat(OutsideGuarantees.check(script, trace)).isEmpty();
    }

    /** An abort of a closing writer's last queued write ends the broadcast (spec §2 abort step 1), on 26.12.1. */
    @Test
    void anAbortEndsAClosingWritersBroadcastOnTheNewestNode() throws Exception {
        Script script = Script.parse(
                Options.of(1, Policy.UNBOUNDED),
                List.of("c0 = attach()", "writeSync(1)", "write(1)", "end()", "abort(#2)", "next(c0)", "next(c0)"));
        List<Observation> trace = new ArrayList<>();
        assertThat(answers(Release.NEWEST_NODE, script, trace))
                .containsExactly(
                        "attach() -> c0 [consumers=1 canWrite=true]",
                        "writeSync(1) -> ACCEPTED [consumers=1 canWrite=false]",
                        "write(1) -> QUEUED [consumers=1 canWrite=false]",
                        "end() -> PENDING [consumers=1 canWrite=null]",
                        "abort(#2) -> OK, settles #2 -> FAILED(ABORTED) [consumers=1 canWrite=null]",
                        "next(c0) -> DATA(#1, 1B) [consumers=1 canWrite=null]",
                        "next(c0) -> DONE, settles #3 -> COMPLETED(1B) [consumers=0 canWrite=null]");
        assertThat(OutsideGuarantees.check(script, trace)).isEmpty();
    }

    /** An abort of a pending end fails that end alone; the writer stays CLOSING (spec §2 abort step 2). */
    @Test
    void anAbortOfAPendingEndFailsThatEndAloneOnTheNewestNode() throws Exception {
        Script script = Script.parse(
                Options.of(1, Policy.UNBOUNDED),
                List.of(
                        "c0 = attach()",
                        "writeSync(1)",
                        "write(1)",
                        "end()",
                        "end()",
                        "abort(#3)",
                        "next(c0)",
                        "next(c0)",
                        "next(c0)"));
        List<Observation> trace = new ArrayList<>();
        assertThat(answers(Release.NEWEST_NODE, script, trace))
                .containsExactly(
                        "attach() -> c0 [consumers=1 canWrite=true]",
                        "writeSync(1) -> ACCEPTED [consumers=1 canWrite=false]",
                        "write(1) -> QUEUED [consumers=1 canWrite=false]",
                        "end() -> PENDING [consumers=1 canWrite=null]",
                        "end() -> PENDING [consumers=1 canWrite=null]",
                        "abort(#3) -> OK, settles #3 -> FAILED(ABORTED) [consumers=1 canWrite=null]",
                        "next(c0) -> DATA(#1, 1B), settles #2 -> ACCEPTED [consumers=1 canWrite=null]",
                        "next(c0) -> DATA(#2, 1B) [consumers=1 canWrite=null]",
                        "next(c0) -> DONE, settles #4 -> COMPLETED(2B) [consumers=0 canWrite=null]");
        assertThat(OutsideGuarantees.check(script, trace)).isEmpty();
    }

    /**
     * The scripts above, and one of each new operation's other branches, run in lockstep with the model on the
     * newest Node: every answer, settlement and probe agrees. The control is {@link #aSpoiledEntryIsCheckedOnTheNewestNodeAndDeliveredOnTheEntryCountReleases}'s
     * entry-count half: the same lockstep on 26.5.1 fails at the spoiled read.
     */
    @Test
    void theNewestNodeAnswersAsTheModelOnEveryNewOperation() throws Exception {
        List<Script> scripts = List.of(
                Script.parse(
                        Options.of(1, Policy.STRICT),
                        List.of(
                                "c0 = attach()",
                                "writevSync(1, 0)",
                                "drain()",
                                "writev(1, 1)",
                                "write(1)",
                                "next(c0)",
                                "drain()",
                                "abort(#3)",
                                "end()",
                                "endSync()",
                                "spoil(#3)",
                                "next(c0)",
                                "drain()")),
                Script.parse(
                        Options.of(1, Policy.UNBOUNDED),
                        List.of(
                                "c0 = attach()",
                                "writeSync(1)",
                                "write(1)",
                                "end()",
                                "abort(#2)",
                                "next(c0)",
                                "next(c0)")),
                Script.parse(
                        Options.of(1, Policy.UNBOUNDED),
                        List.of(
                                "c0 = attach()",
                                "writeSync(1)",
                                "write(1)",
                                "end()",
                                "end()",
                                "abort(#3)",
                                "next(c0)",
                                "next(c0)",
                                "next(c0)")),
                Script.parse(
                        Options.of(1, Policy.UNBOUNDED),
                        List.of(
                                "c0 = attach()",
                                "writeSync(1)",
                                "write(1)",
                                "drain()",
                                "spoil(#2)",
                                "next(c0)",
                                "next(c0)",
                                "write(1)")),
                Script.parse(
                        Options.of(2, Policy.STRICT),
                        List.of(
                                "c0 = attach()",
                                "writevSync(1, 1)",
                                "writevSync(1, 0)",
                                "writevSync(0, 0)",
                                "next(c0)",
                                "next(c0)",
                                "endSync()",
                                "next(c0)",
                                "endSync()")),
                Script.parse(
                        Options.of(1, Policy.STRICT),
                        List.of("c0 = attach()", "writeSync(1)", "drain()", "fail(\"x\")", "drain()")),
                Script.parse(
                        Options.of(1, Policy.STRICT),
                        List.of("c0 = attach()", "writeSync(1)", "drain()", "cancel()", "drain()")),
                Script.parse(
                        Options.of(1, Policy.DROP_OLDEST),
                        List.of("c0 = attach()", "writeSync(1)", "drain()", "writeSync(1)", "next(c0)")),
                SPOILED_READ);
        try (ExternalSubject node = ExternalSubject.of(Release.NEWEST_NODE, Release.NEWEST_NODE.install(System.out))) {
            for (Script script : scripts) {
                Lockstep.Run run = Lockstep.run(node, script);
                assertThat(run.failed())
                        .as("%s%n%s", script.lines(), run.failed() ? run.failure() : "")
                        .isFalse();
            }
        }
        Release entryCount = Release.parse("node-26.5.1");
        try (ExternalSubject old = ExternalSubject.of(entryCount, entryCount.install(System.out))) {
            Lockstep.Run run = Lockstep.run(old, SPOILED_READ);
            assertThat(run.failed()).isTrue();
            assertThat(run.failure().step()).isEqualTo(3);
        }
    }

    private static final Script SPOILED_READ = Script.parse(
            Options.of(1, Policy.UNBOUNDED), List.of("c0 = attach()", "writeSync(1)", "spoil(#1)", "next(c0)"));

    /**
     * A spoiled entry read: 26.12.1 fails the read (I14 kept); 26.5.1 and Bun 1.4.5 deliver it as a chunk of no
     * bytes, which the outside checker reports as spoiled-entry-delivered (I14 broken) at the read. The release
     * that keeps I14 is the negative control of the rule: the same script, no breach.
     */
    @Test
    void aSpoiledEntryIsCheckedOnTheNewestNodeAndDeliveredOnTheEntryCountReleases() throws Exception {
        List<Observation> newest = new ArrayList<>();
        assertThat(answers(Release.NEWEST_NODE, SPOILED_READ, newest))
                .last()
                .asString()
                .isEqualTo("next(c0) -> FAILED(INVALID_ENTRY) [consumers=0 canWrite=null]");
        assertThat(OutsideGuarantees.check(SPOILED_READ, newest)).isEmpty();
        for (String id : List.of("node-26.5.1", "bun-1.4.5")) {
            List<Observation> trace = new ArrayList<>();
            assertThat(answers(Release.parse(id), SPOILED_READ, trace))
                    .as(id)
                    .last()
                    .asString()
                    .isEqualTo("next(c0) -> DATA(#-1, 0B) [consumers=1 canWrite=true]");
            assertThat(OutsideGuarantees.check(SPOILED_READ, trace))
                    .as(id)
                    .extracting(OutsideGuarantees.Breach::rule)
                    .containsExactly(OutsideGuarantees.Rule.SPOILED_ENTRY_DELIVERED);
        }
    }
}
