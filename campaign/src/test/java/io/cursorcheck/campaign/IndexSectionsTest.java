package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.bench.BenchVerdict;
import io.cursorcheck.stress.StressRun;
import io.cursorcheck.stress.lincheck.CheckOutcome;
import io.cursorcheck.stress.lincheck.LincheckRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.annotations.Expect;

/**
 * The conformance and history parts' sections of the index: a row per release under the part's heading,
 * linked to the release's page only when there is one, verdicts escaped so that the table keeps its columns.
 */
class IndexSectionsTest {

    private static List<String> rows(String md) {
        return md.lines()
                .filter(l -> l.startsWith("| ") && !l.startsWith("| release"))
                .toList();
    }

    @Test
    void conformanceHasARowPerReleaseLinkedToItsPage() {
        String md = ConformanceSection.markdown(List.of(
                new ConformanceSection.Row("node-26.12.1", 1_234, 56_789, 0, "conforms"),
                new ConformanceSection.Row("node-26.1.0", 10, 20, 3, "differs | 3 shapes")));
        assertThat(md).startsWith("## Conformance (Node.js, Bun)\n\n| release | sequences | operations |");
        assertThat(md).endsWith("\nDetails: [conformance/index.md](conformance/index.md).\n");
        List<String> rows = rows(md);
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0))
                .startsWith("| [node-26.12.1](conformance/node-26.12.1/index.md) |")
                .contains("1,234", "56,789", "conforms");
        assertThat(rows.get(1)).contains("| 3 |", "differs \\| 3 shapes");
    }

    @Test
    void historyLinksOnlyTheReleasesItChecked() {
        String md = HistorySection.markdown(List.of(
                new HistorySection.Row("node-26.0.0", true, "conforms"),
                new HistorySection.Row("node-26.0.1", false, "NOT CHECKED: not installable")));
        assertThat(md).startsWith("## History (every Node 26.x release, the newest Bun)\n\n| release | verdict |");
        assertThat(md).endsWith("[conformance/history.md](conformance/history.md).\n");
        List<String> rows = rows(md);
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).startsWith("| [node-26.0.0](conformance/node-26.0.0/index.md) |");
        assertThat(rows.get(1))
                .startsWith("| node-26.0.1 |")
                .doesNotContain("](")
                .contains("NOT CHECKED: not installable");
    }

    @Test
    void upstreamSaysWhatTheFixDidAndWhetherTheControlWasCaught() {
        UpstreamSection.Facts caught = new UpstreamSection.Facts(
                "node-26.12.1", 3, 3, 0, "fails", "passes", "conforms", 12_000, 400, 0, 0, true, 25, 1_000);
        String md = UpstreamSection.markdown(caught);
        assertThat(md)
                .startsWith("## Upstream: the fix of Node's broadcast.js\n\n- reproductions of the symptoms: 3 of 3")
                .contains("- regression test on node-26.12.1's builtin: fails\n")
                .contains("- regression test with the patched source: passes\n")
                .contains("- builtin vs patched: 12,000 sequences, 400 reached the re-entrant path, 0 answered")
                .contains("vs builtin: caught (25 of 1,000 sequences differ")
                .endsWith("\nFor Node's maintainers: [upstream/README.md](upstream/README.md).\n");
        UpstreamSection.Facts missed = new UpstreamSection.Facts(
                "node-26.12.1", 3, 3, 0, "fails", "passes", "conforms", 12_000, 400, 0, 0, false, 0, 1_000);
        assertThat(UpstreamSection.markdown(missed)).contains("vs builtin: NOT CAUGHT (0 of 1,000");
    }

    @Test
    void frayAndTwinsSayPassedOrFailedAndListEachProblemOnALine() {
        String passed = FraySection.markdown(true, "18 runs", "stress/fray.md", List.of());
        assertThat(passed)
                .isEqualTo("## Fray: controlled scheduling of the stress races\n\nEvery expectation of this part was"
                        + " met. 18 runs. Full report, with the command that replays each saved failure:"
                        + " [stress/fray.md](stress/fray.md).\n");
        String failed = FraySection.markdown(false, "18 runs", "stress/fray.md", List.of("a twin\nnot caught"));
        assertThat(failed).contains("\n\n**FAILED**. 18 runs.").endsWith(".md).\n\n- a twin not caught\n");
        String twins = TwinsPage.section(List.of(), "3 twins", "stress/twins.md");
        assertThat(twins)
                .startsWith("## Racy twins: jcstress, Lincheck and Fray compared\n\nEvery tool caught every twin")
                .endsWith("3 twins. The comparison, with what each column measures and each tool's fixed costs:"
                        + " [stress/twins.md](stress/twins.md).\n");
        assertThat(TwinsPage.section(List.of("Fray: ERROR", "jcstress did NOT CATCH twin x"), "3 twins", "t.md"))
                .contains("**FAILED**. 3 twins.")
                .endsWith("(t.md).\n\n- Fray: ERROR\n- jcstress did NOT CATCH twin x\n");
    }

    @Test
    void stressHasARowPerTestAndWithLincheckOnePerCheck() {
        StressRun.TestVerdict real = new StressRun.TestVerdict(
                "io.cursorcheck.stress.CountRaceStress.Published",
                1,
                0,
                List.of(),
                List.of(new StressRun.Observed("1, 0", Expect.ACCEPTABLE, 1_500, "fine")));
        StressRun.TestVerdict twin = new StressRun.TestVerdict(
                "io.cursorcheck.stress.CountRaceStress.PlainCountDecrementTwin",
                1,
                1,
                List.of(),
                List.of(new StressRun.Observed("0, 0", Expect.FORBIDDEN, 3, "lost update")));
        String jcstressOnly = StressSection.markdown(
                false, List.of(), "2 tests", "stress/index.md", List.of(real, twin), "", List.of());
        assertThat(jcstressOnly)
                .startsWith("## Stress: jcstress\n\nEvery expectation of this part was met. 2 tests. Full report:"
                        + " [stress/index.md](stress/index.md).\n\n| test |")
                .contains("| CountRaceStress | Published | passed | 1,500 |")
                .contains("| CountRaceStress | PlainCountDecrementTwin | twin caught | 3 |")
                .doesNotContain("Lincheck");
        LincheckRun.Check caught = new LincheckRun.Check(
                "PlainCountDecrementTwin",
                LincheckRun.Strategy.MODEL_CHECKING,
                true,
                "",
                2_000,
                new CheckOutcome(CheckOutcome.Status.CAUGHT, "not linearizable", ""));
        String both = StressSection.markdown(
                true,
                List.of("a problem"),
                "2 tests",
                "stress/index.md",
                List.of(real),
                "stress/lincheck.md",
                List.of(caught));
        assertThat(both)
                .startsWith("## Stress: jcstress and Lincheck\n\n**FAILED**. 2 tests.")
                .contains("Lincheck ([stress/lincheck.md](stress/lincheck.md), with the interleavings it printed):")
                .contains(
                        "| twin `PlainCountDecrementTwin` | MODEL_CHECKING | caught: not linearizable (as it must be) | 2 s |")
                .endsWith("\n- **a problem**\n");
    }

    @Test
    void benchHasARowPerTargetAndEachProblemInBold() {
        List<BenchVerdict> verdicts = List.of(
                new BenchVerdict("write is O(1)", "12 ns", BenchVerdict.Outcome.MET, ""),
                new BenchVerdict("read is O(1)", "900 ns", BenchVerdict.Outcome.NOT_MET, "grows"));
        String md = BenchSection.markdown("quick", "2 benchmarks", verdicts, List.of("read is O(1): not met"));
        assertThat(md)
                .startsWith("## Benchmarks (JMH, quick profile)\n\n2 benchmarks. Full report with charts:"
                        + " [bench/index.md](bench/index.md).\n\n| target | measured | verdict |")
                .contains("| write is O(1) | 12 ns | met |")
                .contains("| read is O(1) | 900 ns | **not met** |")
                .endsWith("\n- **read is O(1): not met**");
    }
}
