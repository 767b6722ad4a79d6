package io.cursorcheck.stress;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.pages.IndexPage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Mode;

/**
 * The jcstress gate of {@code mvn verify}: every test in the gate's settings ({@link StressRun.Mode#GATE}),
 * graded by {@link StressGate}: every (test, subject) pair the {@code @JCStressTest} classes declare ran
 * with at least its floor of samples, every run completed, no real variant saw a forbidden outcome, and
 * every racy twin saw one in a test that declares it. The settings are the fewest iterations that give
 * each twin, at its lowest measured rate, {@link StressGate#EXPECTED_CATCHES} expected catches in one
 * round (missed with probability below one in a million), and every real variant its floor; a slower
 * machine gets at most {@link StressRun#MAX_EXTRA_ROUNDS} more rounds over exactly the pairs left too short,
 * and what is still too short fails as "too short", not as a bug of the subject. The rates, the
 * derivation and the measured times are in the run record docs/concurrency.md points to.
 *
 * <p>The gate's own negative controls grade the same result, changed, without running jcstress
 * again: with any one pair dropped, with any one pair's samples cut below its floor, with any one
 * twin's forbidden outcomes taken out of its own tests (they may remain elsewhere), and with those
 * taken out and its pairs cut below the twin's floor. Each must fail, naming that pair or twin; the
 * last as too short (rerun, never "not caught": a miss in too small a sample is no verdict).
 */
class StressGateTest {

    @Test
    void everyDeclaredPairRanRealVariantsPassEveryTwinIsCaughtAndTheGradingCanFail() throws Exception {
        Path root = SourceTree.root();
        StressRun.Result r = StressRun.run(
                StressRun.Mode.GATE, null, StressRun.workDir(root, StressRun.Mode.GATE), root, Duration.ofMinutes(20));
        Path report = Reports.dir().resolve("stress/" + LocalDate.now() + "-gate.md");
        ReportRun.write(
                Reports.dir(),
                "mvn verify (StressGateTest)",
                System.err,
                run -> Files.writeString(
                        Files.createDirectories(run.staged(report).getParent()).resolve(report.getFileName()),
                        StressReport.markdown(List.of(r), "mvn verify (StressGateTest)", IndexPage.machine()),
                        StandardCharsets.UTF_8));
        System.out.printf(
                "jcstress gate: %d of %d declared pairs ran in %d s; samples per pair: continuous %s;"
                        + " termination %s; report %s%n",
                r.tests().size(),
                r.expected().size(),
                r.duration().toSeconds(),
                StressReport.spread(r, Mode.Continuous),
                StressReport.spread(r, Mode.Termination),
                Reports.relative(Reports.lastRun().resolve(Reports.dir().relativize(report))));
        for (StressRun.Round round : r.rounds()) {
            System.out.printf(
                    "jcstress round %d: %d pair(s) in %d s%s%n",
                    round.number(),
                    round.pairs().size(),
                    round.duration().toSeconds(),
                    round.number() == 1 ? "" : ": " + String.join(", ", round.pairs()));
        }
        for (StressRun.TestVerdict t : r.tests()) {
            System.out.printf(
                    "jcstress %-28s %-32s %,12d samples%s%n",
                    t.test(),
                    t.subject(),
                    t.samples(),
                    t.twin() ? (t.caught() ? ", caught" : ", not caught here") : t.forbiddenSeen() ? ", FAILED" : "");
        }

        StressGate.Grade grade = r.grade();
        assertThat(r.expected())
                .as("the declared pairs")
                .isEqualTo(DeclaredTests.all())
                .isNotEmpty();
        assertThat(grade.problems())
                .as(
                        "the jcstress gate after %d round(s) (see %s and %s)",
                        r.rounds().size(), report, r.log())
                .isEmpty();
        assertThat(grade.passed()).isTrue();
        assertThat(grade.twinsCaught())
                .as("racy twins the tests declare")
                .isNotEmpty()
                .doesNotContainValue(false);

        for (DeclaredTests.Pair dropped : r.expected()) {
            StressGate.Grade g = StressGate.grade(r.expected(), without(r.tests(), dropped));
            assertThat(g.passed())
                    .as("the grade without %s", dropped.shortName())
                    .isFalse();
            assertThat(g.missing()).containsExactly(dropped);
            assertThat(g.problems()).anySatisfy(p -> assertThat(p).contains("missing pair " + dropped.shortName()));
        }
        for (DeclaredTests.Pair thinned : r.expected()) {
            StressRun.TestVerdict t = find(r.tests(), thinned);
            if (StressGate.exemptFromFloor(thinned, t)) {
                continue; // its stale sample ended the run: exempt from the floor by design
            }
            StressGate.Grade g =
                    StressGate.grade(r.expected(), replaced(r.tests(), cut(t, StressGate.floor(thinned.mode()) - 1)));
            assertThat(g.passed())
                    .as("the grade with %s cut below its floor", thinned.shortName())
                    .isFalse();
            assertThat(g.underSampled())
                    .extracting(StressGate.UnderSampled::pair)
                    .containsExactly(thinned);
            assertThat(g.problems())
                    .anySatisfy(p -> assertThat(p).contains("under-sampled pair " + thinned.shortName()));
        }
        for (String twin : grade.twinsCaught().keySet()) {
            List<DeclaredTests.Pair> own =
                    r.expected().stream().filter(p -> twin.equals(p.twinId())).toList();
            List<StressRun.TestVerdict> cleared = r.tests().stream()
                    .map(t -> twin.equals(t.twinId()) ? acceptableOnly(t) : t)
                    .toList();
            StressGate.Grade g = StressGate.grade(r.expected(), cleared);
            assertThat(g.passed())
                    .as("the grade with twin %s uncaught in its own tests", twin)
                    .isFalse();
            boolean judged = own.stream().allMatch(p -> find(cleared, p).samples() >= StressGate.twinFloor(twin));
            if (judged) { // its pairs reached the twin's floor: a miss is a verdict
                assertThat(g.uncaughtTwins()).containsExactly(twin);
                assertThat(g.problems())
                        .anySatisfy(p -> assertThat(p).startsWith("racy twin " + twin + " was not caught"));
            } else {
                assertThat(g.uncaughtTwins()).isEmpty();
                assertThat(g.tooShortTwins())
                        .extracting(StressGate.TooShortTwin::twin)
                        .containsExactly(twin);
            }

            // The same twin, its pairs also cut below the twin's floor: too short, rerun, never "not caught".
            List<StressRun.TestVerdict> thin = r.tests().stream()
                    .map(t -> twin.equals(t.twinId())
                            ? cut(acceptableOnly(t), Math.min(t.samples(), StressGate.twinFloor(twin) - 1))
                            : t)
                    .toList();
            StressGate.Grade s = StressGate.grade(r.expected(), thin);
            assertThat(s.passed())
                    .as("the grade with twin %s uncaught in too small a sample", twin)
                    .isFalse();
            assertThat(s.uncaughtTwins())
                    .as("a miss below the twin floor is no verdict")
                    .isEmpty();
            assertThat(s.tooShortTwins())
                    .extracting(StressGate.TooShortTwin::twin)
                    .containsExactly(twin);
            assertThat(s.toRerun()).containsAll(own);
            assertThat(s.problems())
                    .anySatisfy(p -> assertThat(p).startsWith("too short: racy twin " + twin + " was not caught"));
        }
    }

    private static StressRun.TestVerdict find(List<StressRun.TestVerdict> tests, DeclaredTests.Pair pair) {
        return tests.stream()
                .filter(t -> t.name().equals(pair.name()))
                .findFirst()
                .orElseThrow();
    }

    private static List<StressRun.TestVerdict> without(List<StressRun.TestVerdict> tests, DeclaredTests.Pair pair) {
        return tests.stream().filter(t -> !t.name().equals(pair.name())).toList();
    }

    private static List<StressRun.TestVerdict> replaced(List<StressRun.TestVerdict> tests, StressRun.TestVerdict with) {
        return tests.stream().map(t -> t.name().equals(with.name()) ? with : t).toList();
    }

    /** The test with its outcome counts scaled down to at most {@code total} samples. */
    private static StressRun.TestVerdict cut(StressRun.TestVerdict t, long total) {
        double scale = (double) total / t.samples();
        List<StressRun.Observed> fewer = t.outcomes().stream()
                .map(o -> new StressRun.Observed(
                        o.id(), o.expect(), (long) Math.floor(o.count() * scale), o.description()))
                .toList();
        return new StressRun.TestVerdict(t.name(), t.runs(), t.failedRuns(), t.errors(), fewer);
    }

    /** The test with its forbidden outcomes taken out, as if the twin had behaved in it. */
    private static StressRun.TestVerdict acceptableOnly(StressRun.TestVerdict t) {
        List<StressRun.Observed> acceptable = t.outcomes().stream()
                .filter(o -> o.expect() == Expect.ACCEPTABLE || o.expect() == Expect.ACCEPTABLE_INTERESTING)
                .toList();
        return new StressRun.TestVerdict(t.name(), t.runs(), 0, t.errors(), acceptable);
    }
}
