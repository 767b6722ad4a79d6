package io.cursorcheck.stress.lincheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.pages.IndexPage;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Lincheck in {@code mvn verify}: both thread-safe variants linearizable against the model under
 * model checking and stress, every racy twin caught by a failed linearizability check, no check in
 * error. Writes {@code reports/stress/lincheck.md} with the interleavings Lincheck printed. The settings
 * ({@link LincheckRun}): a real variant's check runs every generated and targeted scenario to the end, so
 * its cost is its iterations; a twin's check stops at its first failure, so its cost is its JVM and the
 * search up to the catch, and each twin needs a JVM of its own, because its shadow jar replaces the real
 * class under the real name and a JVM holds one class of a name. The measured times are in the run
 * records (docs/concurrency.md, "The gate's sample floors").
 *
 * <p>The gate's own negative control runs in the same test: the twin {@code split-last-read} with a
 * scene that throws during setup (in its first operation; in its constructor), a few seconds each.
 * Each must end in an error, and the gate's verdict over the plan plus the controls must fail because
 * of them, while the verdict over the plan alone passes: a gate that took a crash for a catch fails
 * here.
 */
class LincheckTest {

    /** Twins whose scene throws during setup: errors, never catches. */
    static final List<LincheckRun.Planned> CONTROLS = List.of(
            new LincheckRun.Planned(
                    "split-last-read/first-operation-throws",
                    ThrowingScenes.FirstOperationThrows.class,
                    "split-last-read",
                    LincheckRun.Strategy.MODEL_CHECKING),
            new LincheckRun.Planned(
                    "split-last-read/constructor-throws",
                    ThrowingScenes.ConstructorThrows.class,
                    "split-last-read",
                    LincheckRun.Strategy.MODEL_CHECKING));

    @Test
    void realVariantsAreLinearizableEveryTwinIsCaughtAndAnErrorIsNoCatch() throws Exception {
        Path work = LincheckRun.newWorkDir(SourceTree.root()); // this run's alone: file names are fixed in it
        System.out.println("lincheck: shadow jars, results and logs in " + work);
        List<LincheckRun.Check> checks = LincheckRun.all(work);
        List<LincheckRun.Check> controls = new ArrayList<>();
        for (LincheckRun.Planned p : CONTROLS) {
            controls.add(LincheckRun.check(p, work));
        }
        Path report = Reports.dir().resolve("stress/lincheck.md");
        ReportRun.write(
                Reports.dir(),
                "mvn verify (LincheckTest)",
                System.err,
                run -> Files.writeString(
                        Files.createDirectories(run.staged(report).getParent()).resolve(report.getFileName()),
                        LincheckRun.markdown(checks, controls, "mvn verify (LincheckTest)", IndexPage.machine()),
                        StandardCharsets.UTF_8));
        for (LincheckRun.Check c : checks) {
            System.out.printf(
                    "lincheck %-30s %-15s %-7s in %.1f s: %s%n",
                    c.subject(),
                    c.strategy(),
                    c.status(),
                    c.millis() / 1000.0,
                    c.outcome().reason());
        }
        for (LincheckRun.Check c : controls) {
            System.out.printf(
                    "lincheck control %s: %s in %.1f s: %s%n",
                    c.subject(), c.status(), c.millis() / 1000.0, c.outcome().reason());
        }

        LincheckVerdict verdict = LincheckVerdict.of(checks);
        assertThat(verdict.problems())
                .as("the Lincheck gate over the plan; see %s", report)
                .isEmpty();
        assertThat(verdict.passed()).isTrue();
        assertThat(checks)
                .filteredOn(LincheckRun.Check::twin)
                .isNotEmpty()
                .allMatch(c -> c.status() == CheckOutcome.Status.CAUGHT);
        assertThat(checks)
                .filteredOn(c -> !c.twin())
                .isNotEmpty()
                .allMatch(c -> c.status() == CheckOutcome.Status.PASSED);

        // The control: each broken twin is an error, not a catch, and it makes the gate fail.
        assertThat(controls)
                .as("controls whose scene throws during setup; see %s", report)
                .allSatisfy(c -> {
                    assertThat(c.twin()).isTrue();
                    assertThat(c.status())
                            .as("%s: %s", c.subject(), c.outcome().reason())
                            .isEqualTo(CheckOutcome.Status.ERROR);
                    assertThat(c.outcome().output())
                            .as("what the control printed is kept")
                            .isNotBlank();
                });
        assertThat(controls.get(0).outcome().reason())
                .as("the first-operation control is told apart from a catch"
                        + " by the exception among Lincheck's invalid results")
                .contains("threw")
                .contains("IllegalStateException");
        assertThat(controls.get(1).outcome().reason())
                .as("the constructor control names the exception behind Lincheck's")
                .contains("setup error")
                .contains("IllegalStateException");
        List<LincheckRun.Check> withControls = new ArrayList<>(checks);
        withControls.addAll(controls);
        LincheckVerdict controlled = LincheckVerdict.of(withControls);
        assertThat(controlled.passed())
                .as("the gate over the plan and the controls")
                .isFalse();
        assertThat(controlled.errors())
                .as("it fails because of the controls' errors")
                .containsExactlyElementsOf(controls);
        assertThat(controlled.notLinearizable()).isEmpty();
        assertThat(controlled.uncaughtTwins()).isEmpty();
    }
}
