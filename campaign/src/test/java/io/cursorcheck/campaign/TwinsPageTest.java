package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.stress.DeclaredTests;
import io.cursorcheck.stress.StressRun;
import io.cursorcheck.stress.lincheck.CheckOutcome;
import io.cursorcheck.stress.lincheck.LincheckRun;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.annotations.Expect;

/**
 * The twins' comparison from fixture inputs (a fake jcstress run over the twins' declared pairs, fake
 * Lincheck checks, a fake Fray grade): the page and the verdict. The first test is the passing case; each
 * other is a control the verdict must catch: a twin one tool missed, a tool that erred (never a catch), a
 * twin a tool does not check, a Fray grade without its runs.
 */
class TwinsPageTest {

    private static final Path GRADE = Path.of("fray/target/fray-grade.json");
    private static final List<String> TWINS =
            Mutants.RACY_TWINS.stream().map(Mutant::id).toList();

    /** A jcstress run of every twin pair, each with {@code forbidden} forbidden outcomes (or the errors). */
    private static StressRun.Result jcstress(Function<DeclaredTests.Pair, StressRun.TestVerdict> verdict) {
        List<DeclaredTests.Pair> pairs = DeclaredTests.matching(TwinsPart.TWIN_PAIRS);
        Path work = Path.of("target/stress/gate/fixture");
        return new StressRun.Result(
                StressRun.Mode.GATE,
                TwinsPart.TWIN_PAIRS,
                List.of("java"),
                Instant.EPOCH,
                Duration.ofSeconds(60),
                0,
                pairs,
                pairs.stream().map(verdict).toList(),
                work.resolve("html/index.html"),
                work.resolve("jcstress.log"));
    }

    private static StressRun.TestVerdict pair(DeclaredTests.Pair p, long forbidden, String... errors) {
        return new StressRun.TestVerdict(
                p.name(),
                2,
                forbidden > 0 || errors.length > 0 ? 2 : 0,
                List.of(errors),
                List.of(
                        new StressRun.Observed("ok", Expect.ACCEPTABLE, 1_000_000, "fine"),
                        new StressRun.Observed("bad", Expect.FORBIDDEN, forbidden, "I5 broken")));
    }

    private static Map<String, Long> twoSecondsEach() {
        Map<String, Long> m = new HashMap<>();
        DeclaredTests.matching(TwinsPart.TWIN_PAIRS).forEach(p -> m.put(p.name(), 2_000L));
        return m;
    }

    private static LincheckRun.Check check(String twin, CheckOutcome outcome) {
        return new LincheckRun.Check(twin, LincheckRun.Strategy.MODEL_CHECKING, true, "fixture", 20_000, outcome);
    }

    private static List<LincheckRun.Check> lincheckCatchingAll() {
        return TWINS.stream()
                .map(t -> check(t, new CheckOutcome(CheckOutcome.Status.CAUGHT, "invalid results", "the interleaving")))
                .toList();
    }

    /** A grade whose runs catch every twin, but the verdict of {@code twin} replaced by {@code verdict}. */
    private static String grade(String twin, String verdict) {
        List<String> runs = new ArrayList<>();
        for (String t : TWINS) {
            runs.add("{\"race\": \"Race\", \"subject\": \"" + t
                    + "\", \"twin\": true, \"verdict\": \""
                    + (t.equals(twin) ? verdict : "CAUGHT") + "\", \"schedules\": 123, \"millis\": 456,"
                    + " \"memoryOps\": true}");
        }
        runs.add("{\"race\": \"Race\", \"subject\": \"Published\", \"twin\": false, \"verdict\":"
                + " \"PASSED\", \"schedules\": 1000, \"millis\": 9000, \"memoryOps\": true}");
        return "{\"passed\": true, \"problems\": [], \"runs\": [" + String.join(", ", runs) + "]}";
    }

    @SuppressWarnings("unchecked")
    private static TwinFindings fray(String json) throws IOException {
        return FrayTwins.of(GRADE, (Map<String, Object>) Json.parse(json), List.of(), 60_000);
    }

    private static List<TwinFindings> tools(TwinFindings jcstress, TwinFindings lincheck, TwinFindings fray) {
        return List.of(jcstress, lincheck, fray);
    }

    private static TwinFindings jcstressCatchingAll() {
        return JcstressTwins.of(jcstress(p -> pair(p, 40)), twoSecondsEach());
    }

    private static String page(List<TwinFindings> tools) {
        return TwinsPage.markdown(
                TWINS,
                tools,
                List.of(new TwinFindings.Cost("compiling one twin", "1.0 s")),
                "bin/cursorcheck twins",
                "2026-12-02",
                "a machine");
    }

    @Test
    void everyToolCatchingEveryTwinPassesAndThePageSaysWhatEachColumnMeasures() throws IOException {
        List<TwinFindings> tools =
                tools(jcstressCatchingAll(), LincheckTwins.of(lincheckCatchingAll(), 60_000), fray(grade("", "")));
        assertThat(TwinsPage.problems(tools)).isEmpty();
        String page = page(tools);
        assertThat(page)
                .startsWith("# Racy twins")
                .contains("**Passed**")
                .contains("jcstress caught 8 of 8; Lincheck caught 8 of 8; Fray caught 8 of 8")
                .contains("`bin/cursorcheck twins`", "2026-12-02", "a machine")
                // jcstress' time is an estimate, labelled as one, never a bare measurement
                .contains("estimate 50.0 ms (2.0 s / 40)")
                .contains("ESTIMATE")
                .contains("40 / 1,000,040, forbidden in 2 of 2 runs")
                .contains("123 to the catch, 456.0 ms")
                .contains("memory accesses interleaved")
                .contains("20.0 s to the failure")
                .contains("compiling one twin")
                .contains("its whole wall time in this run")
                // Fray's 60 s: 8 twins x 456 ms, the real variant's 9 s, the rest (Maven, JVM start) 47.4 s
                .contains("| Fray | the twins' runs, summed (measured by the Fray tests) | 3.6 s |")
                .contains("real variants' (measured by the Fray tests) | 9.0 s |")
                .contains("the module's other tests) | 47.4 s |")
                .doesNotContain("## Problems");
        for (String twin : TWINS) {
            assertThat(page).contains("| `" + twin + "` | caught |");
        }
    }

    /** Control: Fray passed every schedule of one twin; the verdict fails naming Fray and the twin. */
    @Test
    void aTwinOneToolMissedFailsNamingToolAndTwin() throws IOException {
        List<TwinFindings> tools = tools(
                jcstressCatchingAll(),
                LincheckTwins.of(lincheckCatchingAll(), 60_000),
                fray(grade("end-published-before-entry", "PASSED")));
        assertThat(TwinsPage.problems(tools))
                .containsExactly(
                        "Fray did NOT CATCH twin end-published-before-entry, which its gate requires: every schedule"
                                + " explored passed");
        assertThat(page(tools))
                .contains("**FAILED**")
                .contains("Fray caught 7 of 8")
                .contains("| `end-published-before-entry` | caught |")
                .contains("**NOT CAUGHT**")
                .contains("123 explored, 456.0 ms");
    }

    /** Control: a jcstress pair that saw a forbidden outcome but did not complete is an error, not a catch. */
    @Test
    void aToolThatErredIsAnErrorNotACatch() throws IOException {
        TwinFindings jcstress = JcstressTwins.of(
                jcstress(p -> p.twinId().equals("lost-wakeup")
                        ? pair(p, 3, "status VM_ERROR: the fork crashed")
                        : pair(p, 40)),
                twoSecondsEach());
        assertThat(jcstress.byTwin().get("lost-wakeup").status()).isEqualTo(TwinFindings.Status.ERROR);
        List<LincheckRun.Check> checks = new ArrayList<>(lincheckCatchingAll());
        checks.set(0, check(TWINS.get(0), CheckOutcome.error("the check's JVM exited (code 1) without a result", "")));
        List<TwinFindings> tools = tools(jcstress, LincheckTwins.of(checks, 60_000), fray(grade("", "")));
        assertThat(TwinsPage.problems(tools))
                .anyMatch(p -> p.startsWith("jcstress: ERROR (no verdict): twin lost-wakeup") && p.contains("VM_ERROR"))
                .anyMatch(p -> p.startsWith("Lincheck: ERROR (no verdict): twin " + TWINS.get(0)))
                .anyMatch(p -> p.startsWith("jcstress: twin lost-wakeup: ERROR, no verdict (never a catch)"));
        assertThat(TwinsPage.summary(TWINS, tools))
                .contains("jcstress caught 7 of 8 with ERRORS")
                .contains("Lincheck caught 7 of 8 with ERRORS");
        // a tool that failed as a whole: every twin an error, the reason said once, never a catch
        TwinFindings dead = TwinFindings.failed(
                "Fray", FrayTwins.HEADINGS, TWINS, "the Fray run stopped", List.of(), 1_000, "Fray.");
        List<String> problems =
                TwinsPage.problems(tools(jcstressCatchingAll(), LincheckTwins.of(lincheckCatchingAll(), 60_000), dead));
        assertThat(problems).containsExactly("Fray: ERROR (no verdict): the Fray run stopped");
        assertThat(page(tools(jcstressCatchingAll(), LincheckTwins.of(lincheckCatchingAll(), 60_000), dead)))
                .contains("Fray caught 0 of 8 with ERRORS")
                .doesNotContain("| caught | | | |");
    }

    /**
     * Control: a twin Lincheck's gate requires (one of its plan's) with no check is a problem; one outside the plan
     * that Lincheck does not catch is its reach, shown with the reason, not a problem; and a twin no tool catches is
     * a problem even where no tool's gate requires it.
     */
    @Test
    void aRequiredTwinUncheckedFailsAndATwinOutsideAToolsGateIsItsReach() throws IOException {
        List<LincheckRun.Check> some = lincheckCatchingAll().stream()
                .filter(c -> !c.subject().equals("split-last-read"))
                .map(c -> c.subject().equals("lost-wakeup")
                        ? check("lost-wakeup", new CheckOutcome(CheckOutcome.Status.PASSED, "linearizable", ""))
                        : c)
                .toList();
        TwinFindings lincheck = LincheckTwins.of(some, 60_000);
        List<TwinFindings> tools = tools(jcstressCatchingAll(), lincheck, fray(grade("", "")));
        assertThat(TwinsPage.problems(tools))
                .containsExactly("Lincheck does not check twin split-last-read, which"
                        + " its gate requires: the gate's Lincheck plan has no check of this twin");
        assertThat(TwinsPage.summary(TWINS, tools)).contains("Lincheck caught 6 of 8 (1 not checked)");
        assertThat(lincheck.byTwin().get("lost-wakeup").status()).isEqualTo(TwinFindings.Status.NOT_CAUGHT);
        assertThat(page(tools)).contains("outside the gate's Lincheck plan");
        assertThat(TwinsPage.problems(List.of(lincheck))).contains("twin lost-wakeup was caught by no tool");
    }

    /** Control: jcstress saw no forbidden outcome of a twin; the time column says none in its stress time. */
    @Test
    void aTwinJcstressMissedSaysHowLongItLooked() {
        TwinFindings jcstress =
                JcstressTwins.of(jcstress(p -> pair(p, p.twinId().equals("no-handshake") ? 0 : 40)), twoSecondsEach());
        TwinFindings.Cell cell = jcstress.byTwin().get("no-handshake");
        assertThat(cell.status()).isEqualTo(TwinFindings.Status.NOT_CAUGHT);
        assertThat(cell.values()).contains("none in 2.0 s of stress");
    }

    @Test
    void aFrayGradeWithoutRunsIsAnErrorNamingTheFile() {
        assertThatThrownBy(() -> fray("{\"passed\": true, \"problems\": []}"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(GRADE.toString())
                .hasMessageContaining("no \"runs\" array");
        assertThatThrownBy(() -> fray("{\"passed\": true, \"problems\": [], \"runs\": [{\"race\": \"R\"}]}"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(GRADE.toString())
                .hasMessageContaining("lacks race, subject, verdict, schedules, millis or memoryOps");
    }

    /** A Fray run that ended in an error for a twin is an error, never a catch. */
    @Test
    void aFrayErrorIsNoCatch() throws IOException {
        TwinFindings errored = fray(grade("split-last-read", "ERROR"));
        assertThat(errored.byTwin().get("split-last-read").status()).isEqualTo(TwinFindings.Status.ERROR);
        assertThat(TwinsPage.problems(List.of(errored)))
                .contains("Fray: ERROR (no verdict): twin split-last-read in" + " Race: ERROR (no verdict)");
    }
}
