package io.cursorcheck.conformance.upstream;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.SubjectComparison;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.spi.Algorithm;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The upstream fix put together: the fix of {@link SourceEdit#flushOnce()} applied to a release's
 * embedded {@code broadcast.js}, then shown to do what it is for and nothing else:
 * <ol>
 *   <li>each reproduction of a symptom shows it on the builtin (the control: the scripts can see the
 *       symptom) and none shows it with the patched source;</li>
 *   <li>the regression test fails on the builtin, each test by its assertions, and passes patched;</li>
 *   <li>the patched source conforms to the corrected model (docs/spec.md §8): no difference that
 *       breaks a guarantee, nothing unexplained, no problem of the run;</li>
 *   <li>the patched source against the builtin on the same seeded scripts: every sequence in which the
 *       two answer differently had reached the re-entrant path (else the fix changes something else),
 *       and some sequences reach it (else the comparison shows nothing);</li>
 *   <li>the negative control: the same fix without its last insertion (the flag is never cleared, so
 *       after the first flush no queued write lands) against the builtin, on a fixed number of
 *       sequences: the comparison must find sequences that differ without reaching the re-entrant
 *       path, and none broken, so that its "nothing else changes" is shown able to fail.</li>
 * </ol>
 * Writes {@code upstream/README.md} of the reports directory, the page for a Node maintainer
 * ({@link UpstreamPage}), and the patched source's conformance pages under {@code conformance/<subject>/}.
 */
public final class UpstreamCheck {

    /** Sequences of the control's comparison: a fixed number, not a time (a wrong fix shows in the first few). */
    public static final long CONTROL_SEQUENCES = 300;

    private UpstreamCheck() {}

    /**
     * What to run.
     *
     * @param release  the Node release whose embedded source is patched
     * @param seed     the seed of the conformance run and of the comparison
     * @param millis   the time of the conformance run, and again of the comparison
     * @param maxSteps operations per sequence at most
     * @param command  the command line that replays the run, shown on the page
     */
    public record Config(Release release, long seed, long millis, int maxSteps, String command) {
        /**
         * Checks the fields.
         *
         * @throws IllegalArgumentException naming the field and its value
         */
        public Config {
            if (release == null || !release.runtime().equals("node")) {
                throw new IllegalArgumentException("upstream: the release must be a Node release, was " + release);
            }
            if (millis < 1) {
                throw new IllegalArgumentException("upstream: millis must be >= 1, was " + millis);
            }
            if (maxSteps < 1) {
                throw new IllegalArgumentException("upstream: maxSteps must be >= 1, was " + maxSteps);
            }
        }
    }

    /**
     * What the check found.
     *
     * @param config        what ran
     * @param edit          the edit
     * @param patch         the files it wrote and our hunks
     * @param applicability the edit on each installed Node release
     * @param before        the reproductions on the builtin
     * @param after         the reproductions with the patched source
     * @param builtin       the regression test on the builtin
     * @param patched       the regression test with the patched source
     * @param conformance   the patched source against the corrected model
     * @param comparison    the builtin against the patched source
     * @param control       the negative control: the edit it applied and its comparison with the builtin
     * @param problems      every expectation not met, in words; empty: the fix is shown
     */
    public record Result(
            Config config,
            SourceEdit edit,
            UpstreamPatch patch,
            List<Applicability.Row> applicability,
            List<Reproductions.Output> before,
            List<Reproductions.Output> after,
            RegressionTest.Outcome builtin,
            RegressionTest.Outcome patched,
            Conformance.Result conformance,
            SubjectComparison.Result comparison,
            Control control,
            List<String> problems) {
        /** Whether every expectation was met. */
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    /**
     * The negative control: a wrong fix, compared with the builtin.
     *
     * @param edit       the wrong fix
     * @param left       the lines it leaves out of the fix
     * @param comparison the builtin against it
     */
    public record Control(SourceEdit edit, List<String> left, SubjectComparison.Result comparison) {
        /** Caught for the right reason: sequences that differ off the re-entrant path, and no broken one. */
        public boolean caught() {
            return comparison.differingOutsideReentrant() > 0 && comparison.broken() == 0;
        }
    }

    /**
     * Runs it all, writing into {@code reports}' staging directory (the caller publishes it).
     *
     * @throws EditDoesNotApplyException if the edit does not fit the release's source
     */
    public static Result run(Config config, ReportRun reports, PrintStream log)
            throws IOException, InterruptedException {
        Release release = config.release();
        Path binary = release.install(log);
        SourceEdit edit = SourceEdit.load(SourceEdit.flushOnce());
        UpstreamPatch patch = UpstreamPatch.make(release, binary, edit);
        log.printf("upstream: %s patched with %s: %s%n", release.id(), edit.name(), patch.patched());
        List<Applicability.Row> applicability = Applicability.ofInstalled(edit);
        NodeWithSource builtinSource = new NodeWithSource(binary, null);
        NodeWithSource patchedSource = new NodeWithSource(binary, patch.patched());
        List<Reproductions.Output> before = Reproductions.run(builtinSource);
        List<Reproductions.Output> after = Reproductions.run(patchedSource);
        Path work = UpstreamPatch.directory(release);
        RegressionTest.Outcome builtin = RegressionTest.run(builtinSource, work, "builtin");
        log.println("upstream: regression test on the builtin: " + builtin.summary());
        RegressionTest.Outcome patched = RegressionTest.run(patchedSource, work, "patched");
        log.println("upstream: regression test patched: " + patched.summary());

        Path dir = reports.wholeDirectory("upstream"); // replaced whole when the run publishes
        BroadcastSource source =
                new BroadcastSource(patch.patched().toAbsolutePath().normalize());
        Conformance.Result conformance;
        try (ExternalSubject subject = ExternalSubject.ofSource(release, binary, source, Algorithm.CORRECTED)) {
            // Its pages go where `node --source` puts them, conformance/<subject>/, whose relative links they assume.
            reports.wholeDirectory("conformance/" + subject.id());
            // The seed as `node --source FILE --model corrected --seed S` derives it: that command replays this run.
            conformance = Conformance.run(
                    new Conformance.Config(
                            release,
                            Conformance.releaseSeed(config.seed(), release),
                            config.millis(),
                            Long.MAX_VALUE,
                            config.maxSteps(),
                            reports.dir(),
                            log),
                    subject,
                    binary);
        }
        log.printf("upstream: patched source vs the corrected model: %s%n", ConformanceCampaign.verdict(conformance));
        SubjectComparison.Result comparison;
        try (ExternalSubject first = ExternalSubject.of(release, binary);
                ExternalSubject second = ExternalSubject.ofSource(release, binary, source, Algorithm.AS_RELEASED)) {
            comparison = SubjectComparison.compare(
                    first, second, SubjectComparison.Config.millis(config.seed(), config.millis(), config.maxSteps()));
        }
        log.print("upstream: " + comparison.render());
        Control control = control(release, binary, edit, config);
        log.printf(
                "upstream: negative control (%s): %,d of %,d sequences differ without reaching the re-entrant path,"
                        + " %,d broken: %s%n",
                control.edit().summary(),
                control.comparison().differingOutsideReentrant(),
                control.comparison().sequences(),
                control.comparison().broken(),
                control.caught() ? "caught" : "NOT CAUGHT");
        List<String> problems = problems(before, after, builtin, patched, conformance, comparison);
        if (!control.caught()) {
            problems.add("the negative control (" + control.edit().summary() + ") was not caught by the comparison: "
                    + control.comparison().differingOutsideReentrant() + " sequence(s) differ without reaching the"
                    + " re-entrant path, " + control.comparison().broken() + " broken; the comparison may be blind");
        }
        Result result = new Result(
                config,
                edit,
                patch,
                applicability,
                before,
                after,
                builtin,
                patched,
                conformance,
                comparison,
                control,
                List.copyOf(problems));
        UpstreamPage.write(dir, result);
        return result;
    }

    /** The fix without its last insertion, compared with the builtin on {@link #CONTROL_SEQUENCES} sequences. */
    private static Control control(Release release, Path binary, SourceEdit edit, Config config)
            throws IOException, InterruptedException {
        int last = edit.insertions().size() - 1;
        SourceEdit wrong = edit.without(last, edit.name() + "-control");
        UpstreamPatch made = UpstreamPatch.make(release, binary, wrong, "broadcast-control.js");
        BroadcastSource source =
                new BroadcastSource(made.patched().toAbsolutePath().normalize());
        try (ExternalSubject first = ExternalSubject.of(release, binary);
                ExternalSubject second = ExternalSubject.ofSource(release, binary, source, Algorithm.AS_RELEASED)) {
            return new Control(
                    wrong,
                    edit.insertions().get(last).lines(),
                    SubjectComparison.compare(
                            first,
                            second,
                            SubjectComparison.Config.sequences(config.seed(), CONTROL_SEQUENCES, config.maxSteps())));
        }
    }

    /** The expectations not met. */
    static List<String> problems(
            List<Reproductions.Output> before,
            List<Reproductions.Output> after,
            RegressionTest.Outcome builtin,
            RegressionTest.Outcome patched,
            Conformance.Result conformance,
            SubjectComparison.Result comparison) {
        List<String> p = new ArrayList<>(reproductionProblems(before, after));
        p.addAll(regressionProblems(builtin, patched));
        p.addAll(conformanceProblems(conformance));
        p.addAll(comparisonProblems(comparison));
        return p;
    }

    /**
     * Every reproduction must show its symptom on the builtin (else it proves nothing about the fix:
     * this is its control) and none may show it patched; a script without a verdict is a problem
     * either way, never a pass.
     */
    static List<String> reproductionProblems(List<Reproductions.Output> before, List<Reproductions.Output> after) {
        List<String> p = new ArrayList<>();
        for (Reproductions.Output o : before) {
            if (o.verdict() != Reproductions.Verdict.SHOWS) {
                p.add("the reproduction " + o.script().script() + " should show its symptom on the builtin; it "
                        + o.verdictWords());
            }
        }
        for (Reproductions.Output o : after) {
            if (o.verdict() != Reproductions.Verdict.DOES_NOT_SHOW) {
                p.add("the reproduction " + o.script().script() + " should not show its symptom with the patched"
                        + " source; it " + o.verdictWords());
            }
        }
        if (before.size() != Reproductions.SCRIPTS.size() || after.size() != Reproductions.SCRIPTS.size()) {
            p.add("expected " + Reproductions.SCRIPTS.size() + " reproductions each way, ran " + before.size()
                    + " on the builtin and " + after.size() + " patched");
        }
        return p;
    }

    /** The regression test must fail on the builtin, each test by an assertion, and pass patched. */
    static List<String> regressionProblems(RegressionTest.Outcome builtin, RegressionTest.Outcome patched) {
        List<String> p = new ArrayList<>();
        if (!builtin.everyTestFailedByAssertion()) {
            p.add("the regression test should fail on the builtin, each test by an assertion; it gave "
                    + builtin.summary());
        }
        if (!patched.passed()) {
            p.add("the regression test should pass with the patched source; it gave " + patched.summary());
        }
        return p;
    }

    /**
     * The patched source against the corrected model: no problem of the run; for a run against the
     * corrected model those include every difference that breaks a guarantee or that no rule explains
     * ({@link ConformanceCampaign#problems}).
     */
    static List<String> conformanceProblems(Conformance.Result conformance) {
        if (conformance.algorithm() != Algorithm.CORRECTED) {
            throw new IllegalArgumentException("the patched source is checked against the corrected model, this run"
                    + " was against " + conformance.algorithm());
        }
        return ConformanceCampaign.problems(conformance).stream()
                .map(s -> "conformance of the patched source: " + s)
                .toList();
    }

    /**
     * The builtin against the patched source: no broken sequence, no sequence that differs without
     * having reached the re-entrant path (the fix would change something else), and some sequences
     * that reach it (else the comparison shows nothing).
     */
    static List<String> comparisonProblems(SubjectComparison.Result comparison) {
        List<String> p = new ArrayList<>();
        if (comparison.broken() > 0) {
            p.add("builtin vs patched: " + comparison.broken() + " sequence(s) stopped by a crash or protocol error,"
                    + " the first: " + comparison.brokenFirst().get(0));
        }
        if (comparison.differingOutsideReentrant() > 0) {
            String first = comparison.differences().stream()
                    .filter(d -> !d.reachesReentrantPath())
                    .findFirst()
                    .map(SubjectComparison.StepDifference::describe)
                    .orElse("(not among the kept differences)");
            p.add("builtin vs patched: " + comparison.differingOutsideReentrant() + " sequence(s) answer differently"
                    + " without reaching the re-entrant path: the fix changes something else; the first: " + first);
        }
        if (comparison.reachingReentrant() == 0) {
            p.add("builtin vs patched: no sequence in " + comparison.sequences()
                    + " reached the re-entrant path, so the" + " comparison shows nothing about the fix; run longer");
        }
        return p;
    }
}
