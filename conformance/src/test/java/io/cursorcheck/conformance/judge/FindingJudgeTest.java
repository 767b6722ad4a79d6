package io.cursorcheck.conformance.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.FindingOnRelease.Judgement;
import io.cursorcheck.conformance.protocol.JsError;
import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link FindingJudge} on hand-made release traces, no release run: a release that answers at a
 * finding's step as the model does has it, also where the outside checker cannot see the breach
 * (after an {@code end()}); "does not have it" needs both an answer other than the model's and no
 * broken guarantee; where the model threw there is no model answer, and the recorded breaches decide.
 */
class FindingJudgeTest {

    private static final String STRANDS = "reentrant-flush-strands-read";
    private static final String TWICE = "reentrant-end-settles-read-twice";

    private static KnownFindings.Finding finding(String name) {
        return KnownFindings.load(SourceTree.root()).all().stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no known finding " + name));
    }

    private static FindingJudge.Recorded recorded(String name, OutsideGuarantees.Rule... breaches) {
        return new FindingJudge.Recorded(name, "node-26.12.1", 8, "", "", Set.of(breaches), List.of(), "test");
    }

    /**
     * What a release that does exactly what the model does shows for operations 0..through: the model's
     * answers in outside terms (entries named by their write, settlements in operation order), no state,
     * and the probe the model's state gives.
     */
    private static List<Observation> asTheModel(Script script, int through) {
        Session model = new Session(Variant.MODEL, script.options());
        List<Observation> seen = new ArrayList<>();
        for (int i = 0; i <= through; i++) {
            Observation m = model.apply(script.ops().get(i));
            Observation o = OutsideView.ordered(OutsideView.of((ScanningModel) model.broadcast(), m));
            seen.add(new Observation(
                    o.op(),
                    o.reply(),
                    o.attachedId(),
                    o.thrown(),
                    null,
                    List.of(),
                    Probe.of(m.snapshot(), script.options())));
        }
        return seen;
    }

    /** The model's lockstep run of the script with the release's trace beside it. */
    private static Lockstep.Run run(Script script, List<Observation> release) {
        Lockstep.Run model = Lockstep.run(Variant.MODEL, script);
        assertThat(model.failed()).as("the model fails on %s", script.lines()).isTrue();
        assertThat(release).hasSize(model.model().size());
        return new Lockstep.Run(model.script(), model.model(), release, model.failure());
    }

    /** The release's trace with the observation of the last step replaced. */
    private static List<Observation> lastAnswer(
            List<Observation> trace, Outcome own, Probe probe, Settlement... settled) {
        List<Observation> t = new ArrayList<>(trace.subList(0, trace.size() - 1));
        Observation last = trace.get(trace.size() - 1);
        t.add(new Observation(last.op(), new Reply(t.size(), own, List.of(settled)), -1, null, null, List.of(), probe));
        return t;
    }

    private static Settlement s(long op, Outcome o) {
        return new Settlement(op, o);
    }

    /** The reviewer's case: the model strands a read after end(), where the stranded-read rule is off. */
    @Test
    void aReleaseThatAnswersAsTheModelHasItEvenWhereTheCheckerSeesNoBreach() {
        Script script = Script.parse(
                Options.of(1, Policy.UNBOUNDED),
                List.of(
                        "c0 = attach()",
                        "c1 = attach()",
                        "next(c1)",
                        "next(c1)",
                        "write(3)",
                        "next(c1)",
                        "write(1)",
                        "write(2)",
                        "write(1)",
                        "end()",
                        "detach(c0)"));
        Lockstep.Run run = run(script, asTheModel(script, 10));
        assertThat(run.failure().signature()).isEqualTo(finding(STRANDS).signature());
        assertThat(run.failure().step()).isEqualTo(10);
        assertThat(Differences.breaches(run, 10))
                .as("the outside checker is blind here (after end)")
                .isEmpty();

        FindingJudge.Verdict v =
                FindingJudge.judge(finding(STRANDS), recorded(STRANDS, OutsideGuarantees.Rule.STRANDED_READ), run);
        assertThat(v.judgement()).as(v.evidence()).isEqualTo(Judgement.HAS_IT);
        assertThat(v.evidence()).contains("answers as the model", "I11", "no guarantee is seen broken");
        assertThat(FindingJudge.judge(finding(STRANDS), null, run).judgement())
                .as("no record needed")
                .isEqualTo(Judgement.HAS_IT);
    }

    @Test
    void theFindingsOwnScriptAnsweredAsTheModelHasIt() {
        KnownFindings.Finding f = finding(STRANDS);
        Script script = f.counterexample().script();
        Lockstep.Run run = run(script, asTheModel(script, 8));
        FindingJudge.Verdict v = FindingJudge.judge(f, recorded(STRANDS, OutsideGuarantees.Rule.STRANDED_READ), run);
        assertThat(v.judgement()).as(v.evidence()).isEqualTo(Judgement.HAS_IT);
        assertThat(OutsideGuarantees.rules(v.breaches())).containsExactly(OutsideGuarantees.Rule.STRANDED_READ);
    }

    @Test
    void aReleaseThatServesTheReadAndBreaksNothingDoesNotHaveIt() {
        KnownFindings.Finding f = finding(STRANDS);
        Script script = f.counterexample().script();
        // detach(c1) flushes write #7, and the release delivers its entry to c0's open read #6; the buffer is empty
        List<Observation> served = lastAnswer(
                asTheModel(script, 8),
                Outcome.DONE,
                new Probe(1, true),
                s(2, Outcome.ACCEPTED),
                s(5, Outcome.data(2, 1)),
                s(6, Outcome.data(7, 1)),
                s(7, Outcome.ACCEPTED));
        Lockstep.Run run = run(script, served);
        assertThat(Differences.breaches(run, 8)).isEmpty();
        FindingJudge.Verdict v = FindingJudge.judge(f, recorded(STRANDS, OutsideGuarantees.Rule.STRANDED_READ), run);
        assertThat(v.judgement()).as(v.evidence()).isEqualTo(Judgement.DOES_NOT_HAVE_IT);
        assertThat(v.evidence()).contains("settles #6 -> DATA(#7, 1B)", "where the model", "breaks no guarantee");
    }

    @Test
    void aReleaseThatDiffersAndBreaksAGuaranteeIsJudgedByTheRecord() {
        KnownFindings.Finding f = finding(STRANDS);
        Script script = f.counterexample().script();
        // the model's answer, but a probe that counts a consumer detach(c1) removed: not the model, and the read
        // is still stranded
        List<Observation> wrongProbe = lastAnswer(
                asTheModel(script, 8),
                Outcome.DONE,
                new Probe(2, false),
                s(2, Outcome.ACCEPTED),
                s(5, Outcome.data(2, 1)),
                s(7, Outcome.ACCEPTED));
        Lockstep.Run strands = run(script, wrongProbe);
        assertThat(FindingJudge.judge(f, recorded(STRANDS, OutsideGuarantees.Rule.STRANDED_READ), strands)
                        .judgement())
                .as("not the model, but every recorded breach")
                .isEqualTo(Judgement.HAS_IT);
        assertThat(FindingJudge.judge(f, null, strands).judgement())
                .as("no record")
                .isEqualTo(Judgement.DIFFERS_OTHERWISE);

        // write #7 fails with an error of no spec: its entry is not known to have landed, so nothing is stranded
        List<Observation> lost = lastAnswer(
                asTheModel(script, 8),
                Outcome.DONE,
                new Probe(1, true),
                s(2, Outcome.ACCEPTED),
                s(5, Outcome.data(2, 1)),
                s(7, Outcome.failed(new JsError("Error: lost"))));
        FindingJudge.Verdict v =
                FindingJudge.judge(f, recorded(STRANDS, OutsideGuarantees.Rule.STRANDED_READ), run(script, lost));
        assertThat(v.judgement()).as(v.evidence()).isEqualTo(Judgement.DIFFERS_OTHERWISE);
        assertThat(OutsideGuarantees.rules(v.breaches())).containsExactly(OutsideGuarantees.Rule.NON_SPEC_ERROR);
    }

    /** reentrant-end-settles-read-twice: the model throws at the step, so only the recorded breaches can decide. */
    @Test
    void whereTheModelThrewTheRecordedBreachesDecide() {
        KnownFindings.Finding f = finding(TWICE);
        Script script = f.counterexample().script();
        FindingJudge.Recorded record = recorded(TWICE, OutsideGuarantees.Rule.NON_SPEC_ERROR);
        List<Observation> before = asTheModel(script, 7);
        before.add(before.get(7)); // a placeholder for step 8, replaced below
        Lockstep.Run twice = run(
                script,
                lastAnswer(
                        before,
                        Outcome.DONE,
                        new Probe(0, null),
                        s(1, Outcome.failed(new JsError("TypeError: resolve is not a function"))),
                        s(2, Outcome.ACCEPTED),
                        s(7, Outcome.data(2, 1))));
        assertThat(twice.failure().kind()).isEqualTo(Failure.Kind.MODEL_THREW);
        FindingJudge.Verdict has = FindingJudge.judge(f, record, twice);
        assertThat(has.judgement()).as(has.evidence()).isEqualTo(Judgement.HAS_IT);
        assertThat(FindingJudge.judge(f, null, twice).judgement())
                .as("no record: nothing to match")
                .isEqualTo(Judgement.DIFFERS_OTHERWISE);

        Lockstep.Run fine = run(
                script,
                lastAnswer(
                        before,
                        Outcome.DONE,
                        new Probe(1, null), // c1, served, stays attached
                        s(1, Outcome.ACCEPTED),
                        s(2, Outcome.ACCEPTED),
                        s(7, Outcome.data(2, 1))));
        assertThat(Differences.breaches(fine, 8)).isEmpty();
        FindingJudge.Verdict not = FindingJudge.judge(f, record, fine);
        assertThat(not.judgement()).as(not.evidence()).isEqualTo(Judgement.DOES_NOT_HAVE_IT);
        assertThat(not.evidence()).contains("the model throws there");
    }

    @Test
    void aRecordNeedsABreach() {
        KnownFindings.Finding f = finding(STRANDS);
        Script script = f.counterexample().script();
        FindingJudge.Recorded r = FindingJudge.record(f, "node-test", run(script, asTheModel(script, 8)), "test");
        assertThat(r.breaches()).containsExactly(OutsideGuarantees.Rule.STRANDED_READ);
        Script afterEnd = Script.parse(
                Options.of(1, Policy.UNBOUNDED),
                List.of(
                        "c0 = attach()",
                        "c1 = attach()",
                        "next(c1)",
                        "next(c1)",
                        "write(3)",
                        "next(c1)",
                        "write(1)",
                        "write(2)",
                        "write(1)",
                        "end()",
                        "detach(c0)"));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> FindingJudge.record(f, "node-test", run(afterEnd, asTheModel(afterEnd, 10)), "test"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("nothing broken to record");
    }
}
