package io.cursorcheck.conformance.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.SubjectComparison;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The upstream check's judgement of the comparison and of the regression test, on made-up results:
 * what passes, and a control for each way it must fail.
 */
class UpstreamCheckProblemsTest {

    private static SubjectComparison.Result comparison(
            long reaching, long differing, long differingReentrant, long broken) {
        return new SubjectComparison.Result(
                "node-26.12.1",
                "node-26.12.1+broadcast-patched",
                1,
                100,
                1000,
                reaching,
                differing,
                differingReentrant,
                List.of(),
                broken,
                broken > 0 ? List.of("sequence 3: crash") : List.of(),
                10);
    }

    @Test
    void differencesOnlyWhereTheReentrantPathIsReachedPass() {
        assertThat(UpstreamCheck.comparisonProblems(comparison(7, 4, 4, 0))).isEmpty();
        assertThat(UpstreamCheck.comparisonProblems(comparison(7, 0, 0, 0))).isEmpty();
    }

    @Test
    void controlADifferenceWithoutTheReentrantPathFails() {
        assertThat(UpstreamCheck.comparisonProblems(comparison(7, 4, 3, 0)))
                .singleElement()
                .asString()
                .contains("1 sequence(s) answer differently without reaching the re-entrant path");
    }

    @Test
    void controlAComparisonThatNeverReachesThePathFails() {
        assertThat(UpstreamCheck.comparisonProblems(comparison(0, 0, 0, 0)))
                .singleElement()
                .asString()
                .contains("no sequence in 100 reached the re-entrant path");
    }

    @Test
    void controlABrokenSequenceFails() {
        assertThat(UpstreamCheck.comparisonProblems(comparison(7, 0, 0, 1)))
                .singleElement()
                .asString()
                .contains("stopped by a crash or protocol error, the first: sequence 3: crash");
    }

    private static RegressionTest.Outcome outcome(int exit, RegressionTest.Status... statuses) {
        Map<String, RegressionTest.Status> tests = new LinkedHashMap<>();
        for (int i = 0; i < statuses.length; i++) {
            tests.put(RegressionTest.TESTS.get(i), statuses[i]);
        }
        return new RegressionTest.Outcome("node --test", exit, tests, Map.of(), List.of(), "", "");
    }

    @Test
    void theRegressionTestMustFailByAssertionsOnTheBuiltinAndPassPatched() {
        RegressionTest.Status f = RegressionTest.Status.FAILED_ASSERTION;
        RegressionTest.Status ok = RegressionTest.Status.PASSED;
        assertThat(UpstreamCheck.regressionProblems(outcome(1, f, f, f), outcome(0, ok, ok, ok)))
                .isEmpty();
        // controls: one builtin test passes; one fails by a crash; the patched run fails one test
        assertThat(UpstreamCheck.regressionProblems(outcome(1, f, ok, f), outcome(0, ok, ok, ok)))
                .singleElement()
                .asString()
                .contains("should fail on the builtin")
                .contains("1 passed, 2 failed by an assertion");
        assertThat(UpstreamCheck.regressionProblems(
                        outcome(1, f, RegressionTest.Status.ERROR, f), outcome(0, ok, ok, ok)))
                .singleElement()
                .asString()
                .contains("1 failed otherwise");
        assertThat(UpstreamCheck.regressionProblems(outcome(1, f, f, f), outcome(1, ok, f, ok)))
                .singleElement()
                .asString()
                .contains("should pass with the patched source");
    }

    private static List<Reproductions.Output> reproductions(int exit, String last) {
        return Reproductions.SCRIPTS.stream()
                .map(s -> new Reproductions.Output(s, "node " + s.script(), exit, "c0 read A: entry 1\n" + last + "\n"))
                .toList();
    }

    private static List<Reproductions.Output> replaceFirst(List<Reproductions.Output> outputs, int exit, String text) {
        List<Reproductions.Output> changed = new java.util.ArrayList<>(outputs);
        Reproductions.Output first = outputs.get(0);
        changed.set(0, new Reproductions.Output(first.script(), first.command(), exit, text));
        return changed;
    }

    @Test
    void theVerdictNeedsTheLastLineAndAMatchingStatus() {
        Reproductions.Script s = Reproductions.SCRIPTS.get(0);
        assertThat(new Reproductions.Output(s, "c", 1, "x\ncursorcheck-reproduction: shows\n").verdict())
                .isEqualTo(Reproductions.Verdict.SHOWS);
        assertThat(new Reproductions.Output(s, "c", 0, "x\ncursorcheck-reproduction: does-not-show\n\n").verdict())
                .isEqualTo(Reproductions.Verdict.DOES_NOT_SHOW);
        // controls: a status that does not match the line; a crash after the line; no line at all
        assertThat(new Reproductions.Output(s, "c", 0, "cursorcheck-reproduction: shows").shows())
                .isFalse();
        assertThat(new Reproductions.Output(s, "c", 1, "cursorcheck-reproduction: does-not-show").verdict())
                .isEqualTo(Reproductions.Verdict.NO_VERDICT);
        assertThat(new Reproductions.Output(s, "c", 1, "cursorcheck-reproduction: shows\nTypeError: boom").verdict())
                .isEqualTo(Reproductions.Verdict.NO_VERDICT);
        assertThat(new Reproductions.Output(s, "c", 13, "").verdict()).isEqualTo(Reproductions.Verdict.NO_VERDICT);
    }

    @Test
    void everyReproductionMustShowOnTheBuiltinAndNoneWithTheFix() {
        List<Reproductions.Output> shows = reproductions(1, "cursorcheck-reproduction: shows");
        List<Reproductions.Output> doesNot = reproductions(0, "cursorcheck-reproduction: does-not-show");
        assertThat(UpstreamCheck.reproductionProblems(shows, doesNot)).isEmpty();
        // control: the fix leaves one symptom in place (a green page for a fix that does not fix)
        assertThat(UpstreamCheck.reproductionProblems(
                        shows, replaceFirst(doesNot, 1, "cursorcheck-reproduction: shows")))
                .singleElement()
                .asString()
                .contains("reentrant-flush-strands-read/reproduce.mjs should not show its"
                        + " symptom with the patched source; it shows the symptom");
        // control: a script that no longer shows the symptom on the builtin proves nothing about the fix
        assertThat(UpstreamCheck.reproductionProblems(
                        replaceFirst(shows, 0, "cursorcheck-reproduction: does-not-show"), doesNot))
                .singleElement()
                .asString()
                .contains("should show its symptom on the builtin; it does not show");
        // control: a crash is neither answer, on either side
        assertThat(UpstreamCheck.reproductionProblems(
                        replaceFirst(shows, 1, "TypeError: boom"), replaceFirst(doesNot, 1, "TypeError: boom")))
                .hasSize(2)
                .allSatisfy(p -> assertThat(p).contains("gave no verdict (exit status 1"));
        // control: a missing reproduction
        assertThat(UpstreamCheck.reproductionProblems(shows.subList(0, 2), doesNot))
                .singleElement()
                .asString()
                .contains("ran 2 on the builtin and 4 patched");
    }

    @Test
    void theNegativeControlIsCaughtOnlyByDifferencesOffThePathWithNothingBroken() throws Exception {
        SourceEdit wrong = SourceEdit.load(SourceEdit.flushOnce()).without(3, "flush-once-control");
        assertThat(wrong.insertions()).hasSize(3);
        assertThat(new UpstreamCheck.Control(wrong, List.of("x"), comparison(7, 5, 1, 0)).caught())
                .isTrue();
        assertThat(new UpstreamCheck.Control(wrong, List.of("x"), comparison(7, 5, 5, 0)).caught())
                .isFalse();
        assertThat(new UpstreamCheck.Control(wrong, List.of("x"), comparison(7, 5, 1, 1)).caught())
                .isFalse();
    }
}
