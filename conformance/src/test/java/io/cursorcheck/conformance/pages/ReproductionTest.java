package io.cursorcheck.conformance.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.protocol.JsException;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.source.SourceTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone reproductions, run on the newest Node: the kept nested-end-in-notify shape shows
 * its difference (answers, settlements and probes next to the model's, and a final line that says
 * so); and the controls: a reproduction whose failing step the release answers as the model, one
 * that crashes and one that prints no final line are each caught, and a difference whose
 * reproduction does not show it is an error of the run, said on its page; a release whose process dies
 * is shown by a reproduction that dies at the same step (and only there).
 */
class ReproductionTest {

    private static final Path KEPT =
            SourceTree.root().resolve("reports/conformance-findings/nested-end-in-notify/counterexample.json");

    private static Path binary;
    private static ExternalSubject node;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        binary = Release.NEWEST_NODE.install(System.out);
        node = ExternalSubject.of(Release.NEWEST_NODE, binary);
    }

    @AfterAll
    static void stop() {
        node.close();
    }

    private static Lockstep.Run kept() throws Exception {
        Counterexample.Stored stored = Counterexample.read(KEPT);
        Lockstep.Run run = Lockstep.run(node, stored.script());
        assertThat(run.failed())
                .as("the kept shape still differs on %s", Release.NEWEST_NODE)
                .isTrue();
        assertThat(run.failure().signature()).isEqualTo(stored.signature());
        return run;
    }

    private Reproduction.Check check(Lockstep.Run run, int step) throws Exception {
        Path mjs = dir.resolve("repro-" + step + ".mjs");
        Reproduction.write(mjs, Reproduction.of("test", run, node.hello(), step));
        return Reproduction.check(binary, mjs, run, step);
    }

    @Test
    void theKeptNestedEndInNotifyShapeReproducesAndShowsEveryValue() throws Exception {
        Lockstep.Run run = kept();
        int step = run.failure().step();
        Reproduction.Check check = check(run, step);
        System.out.println(check.output());
        assertThat(check.shows()).as(check.why()).isTrue();
        assertThat(check.why()).contains("step #" + step, "answer");
        assertThat(check.output())
                .contains("#" + step + " detach(c0)   <- differs: answer")
                .contains("release: DONE, settles #3 -> FAILED(TypeError: resolve is not a function)")
                .contains("model:   DONE, settles #3 -> ACCEPTED, settles #6 -> DATA(#3, 1B)")
                .contains("consumerCount=", "canWrite=")
                .contains(Reproduction.FINAL_LINE + " {\"step\":" + step);
        // every step prints the release's line and the model's, with the probe
        for (int i = 0; i <= step; i++) {
            assertThat(check.output())
                    .contains("#" + i + " " + run.script().lines().get(i));
        }
    }

    /** The control: at a step where the release answers as the model, the same program shows nothing, and says so. */
    @Test
    void aReproductionOfAStepWhereTheReleaseAgreesDoesNotShowADifference() throws Exception {
        Lockstep.Run run = kept();
        Script before = run.script().prefix(run.failure().step());
        Lockstep.Run agreeing = Lockstep.run(node, before);
        assertThat(agreeing.failed())
                .as("the steps before the failing one agree")
                .isFalse();
        int last = before.length() - 1;
        Reproduction.Check check = check(agreeing, last);
        assertThat(check.shows()).isFalse();
        assertThat(check.why())
                .contains("at step #" + last + " the release answered as the model", "it does not show the difference");
        assertThat(check.output()).contains(Reproduction.FINAL_LINE + " {\"step\":" + last + ",\"differs\":[]");
    }

    /** The controls of the runner: a program that crashes, or stops before its final line, shows nothing. */
    @Test
    void aReproductionThatCrashesOrPrintsNoFinalLineShowsNothing() throws Exception {
        Lockstep.Run run = kept();
        Path crash = dir.resolve("crash.mjs");
        Files.writeString(crash, "console.log('#0 attach()');\nthrow new Error('on purpose');\n");
        Reproduction.Check crashed =
                Reproduction.check(binary, crash, run, run.failure().step());
        assertThat(crashed.shows()).isFalse();
        assertThat(crashed.why()).startsWith("it crashed (exit code ");
        assertThat(crashed.output()).contains("on purpose");

        Path silent = dir.resolve("silent.mjs");
        Files.writeString(silent, "console.log('#0 attach()');\n");
        Reproduction.Check stopped =
                Reproduction.check(binary, silent, run, run.failure().step());
        assertThat(stopped.shows()).isFalse();
        assertThat(stopped.why()).contains("printed no final line");

        // a final line about the failing step that claims what the release did not do there
        String forged = Reproduction.FINAL_LINE + " {\"step\":" + run.failure().step() + ",\"release\":{\"answer\":"
                + "\"DONE\",\"consumerCount\":7,\"canWrite\":true}}";
        Reproduction.Check other = Reproduction.judge(forged, run, run.failure().step());
        assertThat(other.shows()).isFalse();
        assertThat(other.why()).contains("not as the run saw it through the adapter");
    }

    /**
     * An operation that threw synchronously (Node 26.8.x's `TypeError: resolve is not a function`): the run
     * keeps no probe for it, so the reproduction shows the difference when its answer is the same throw,
     * whatever probe it printed. The control: a reproduction that printed another throw shows nothing.
     */
    @Test
    void aReproductionOfAnOperationThatThrewIsJudgedByItsAnswer() throws Exception {
        Lockstep.Run kept = kept();
        int step = kept.failure().step();
        java.util.List<io.cursorcheck.properties.Observation> subject = new java.util.ArrayList<>(kept.subject());
        io.cursorcheck.properties.Observation s = subject.get(step);
        JsException thrown = new JsException("TypeError", "resolve is not a function");
        subject.set(
                step,
                new io.cursorcheck.properties.Observation(
                        s.op(),
                        null,
                        s.attachedId(),
                        new io.cursorcheck.properties.Observation.Thrown("JsException", thrown.getMessage(), thrown),
                        null,
                        java.util.List.of(),
                        null));
        Lockstep.Run threw = new Lockstep.Run(kept.script(), kept.model(), subject, kept.failure());
        String line = Reproduction.FINAL_LINE + " {\"step\":" + step + ",\"release\":{\"answer\":"
                + "\"throws TypeError: resolve is not a function\",\"consumerCount\":0,\"canWrite\":null}}";
        assertThat(Reproduction.judge(line, threw, step).shows())
                .as("the same throw, a probe the run has not")
                .isTrue();
        String other = line.replace("resolve is not a function", "something else");
        Reproduction.Check wrong = Reproduction.judge(other, threw, step);
        assertThat(wrong.shows()).isFalse();
        assertThat(wrong.why()).contains("not as the run saw it through the adapter");
    }

    /**
     * A release whose process dies at the failing step (here Node with a broadcast whose end() kills the
     * process): the reproduction shows it when it dies there too. The controls: the same program on a
     * release that does not die runs to its end, and one that dies a step early, each show nothing.
     */
    @Test
    void aReproductionOfAProcessThatDiesShowsItByDyingAtTheFailingStep() throws Exception {
        Path js = SourceTree.root().resolve("conformance/src/test/js");
        Path crashingNode = dir.resolve("crashing-node");
        // The reproduction runs as `<binary> --experimental-stream-iter <program>`: a runtime with the hooks preloaded.
        Files.writeString(
                crashingNode,
                "#!/bin/sh\nexec '" + binary + "' --import '" + js.resolve("crash-hooks.mjs") + "' \"$@\"\n");
        assertThat(crashingNode.toFile().setExecutable(true)).isTrue();
        Script script =
                Script.parse(io.cursorcheck.spi.Options.defaults(), List.of("attach()", "writeSync(1)", "end()"));
        Lockstep.Run run;
        try (ExternalSubject crashing = new ExternalSubject(
                "crashing-node",
                List.of(
                        binary.toString(),
                        "--experimental-stream-iter",
                        "--import",
                        js.resolve("crash-hooks.mjs").toString(),
                        ExternalSubject.adapter().toString()))) {
            run = Lockstep.run(crashing, script);
        }
        assertThat(run.failed()).isTrue();
        int step = run.failure().step();
        assertThat(step).as("end() kills the process").isEqualTo(2);
        assertThat(Reproduction.died(run, step)).isTrue();
        Path mjs = dir.resolve("dies.mjs");
        Reproduction.write(mjs, Reproduction.of("test", run, node.hello(), step));
        assertThat(Files.readString(mjs)).contains("the release's process died at step #2");

        Reproduction.Check dies = Reproduction.check(crashingNode, mjs, run, step);
        System.out.println(dies.output());
        assertThat(dies.shows()).as(dies.why()).isTrue();
        assertThat(dies.why()).contains("dies at step #2", "after printing step #1");

        // the controls: plain Node does not die at end(), and a program that dies a step early is not this death
        Reproduction.Check lives = Reproduction.check(binary, mjs, run, step);
        assertThat(lives.shows()).isFalse();
        assertThat(lives.why()).contains("ran to its end");
        Path early = dir.resolve("early.mjs");
        Files.writeString(early, "console.log('#0 attach()');\nprocess.exit(70);\n");
        Reproduction.Check tooEarly = Reproduction.check(binary, early, run, step);
        assertThat(tooEarly.shows()).isFalse();
        assertThat(tooEarly.why()).contains("after printing step #0, not at the failing step #2");
        // and a difference that is no death still needs the final line: a dying program never shows it
        assertThat(Reproduction.died(kept(), kept().failure().step())).isFalse();
    }

    /**
     * A difference whose reproduction does not show it is an error of the run (a problem, so the
     * command exits 1), and its page says so; the same difference with a reproduction that shows it
     * is no problem (the control).
     */
    @Test
    void aReproductionThatDoesNotShowItsDifferenceIsAnErrorOfTheRun() throws Exception {
        Lockstep.Run run = kept();
        Counterexample cx = new Counterexample(
                node.id(),
                run.script(),
                1L,
                60,
                Conformance.WEIGHTS.toString(),
                run.script().length(),
                0,
                run.failure(),
                null);
        Path page = dir.resolve("nested.md");
        Reproduction.Check shows = check(run, run.failure().step());
        Reproduction.Check doesNot =
                new Reproduction.Check("(what it printed)", false, "at step #7 the release answered as the model");
        for (Reproduction.Check c : List.of(shows, doesNot)) {
            Conformance.Difference d = new Conformance.Difference(
                    run.failure().signature(), Differences.Kind.NESTED_END_IN_NOTIFY, cx, run, true, 1, page, c);
            Conformance.Result r = new Conformance.Result(
                    Release.NEWEST_NODE,
                    node.hello(),
                    10,
                    100,
                    1,
                    List.of(d),
                    List.of(),
                    Map.of(),
                    0,
                    Map.of(d.signature(), 1L),
                    ExternalSubject.ProtocolErrors.NONE,
                    List.of(),
                    Map.of());
            List<String> problems = ConformanceCampaign.problems(r);
            String text = ConformancePage.difference(d, node, dir.resolve("nested.json"), dir.resolve("nested.mjs"));
            if (c.shows()) {
                assertThat(problems)
                        .as("the control: a reproduction that shows it")
                        .isEmpty();
                assertThat(text).contains("**it reproduces**");
                assertThat(ConformancePage.version(r)).contains("| shows it |");
            } else {
                assertThat(problems)
                        .singleElement()
                        .asString()
                        .contains(
                                "node-26.12.1: the standalone reproduction of " + d.signature(),
                                "does not show the difference: at step #7 the release answered as the model");
                assertThat(text).contains("**it does NOT reproduce** (an error of the run)", "(what it printed)");
                assertThat(ConformancePage.version(r)).contains("**does NOT show it**");
            }
        }
    }

    /**
     * A reproduction of the writer's further paths (writevSync, writev, drain, abort of a queued write and of a
     * pending end, endSync, spoil) prints, at every step, the answer the adapter got from the newest Node, which is
     * the model's there: no step differs. Each new operation's JavaScript is exercised; one that answered otherwise
     * than the adapter's (a missing signal, an end reported from the raced promise, a spoil that detaches nothing)
     * would show a difference at its step.
     */
    @Test
    void aReproductionOfTheFurtherPathsAnswersAsTheAdapterAtEveryStep() throws Exception {
        for (Script script : List.of(
                Script.parse(
                        io.cursorcheck.spi.Options.of(1, io.cursorcheck.spi.Policy.STRICT),
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
                        io.cursorcheck.spi.Options.of(1, io.cursorcheck.spi.Policy.UNBOUNDED),
                        List.of(
                                "c0 = attach()",
                                "writeSync(1)",
                                "write(1)",
                                "end()",
                                "end()",
                                "abort(#3)",
                                "abort(#2)",
                                "next(c0)",
                                "next(c0)")))) {
            Lockstep.Run run = Lockstep.run(node, script);
            assertThat(run.failed()).as("the newest Node answers as the model").isFalse();
            int last = script.length() - 1;
            Reproduction.Check check = check(run, last);
            System.out.println(check.output());
            assertThat(check.output())
                    .doesNotContain("<- differs")
                    .contains(Reproduction.FINAL_LINE + " {\"step\":" + last + ",\"differs\":[]");
            for (int i = 0; i <= last; i++) {
                assertThat(check.output())
                        .contains("#" + i + " " + script.lines().get(i));
            }
            assertThat(check.shows()).isFalse();
        }
    }
}
