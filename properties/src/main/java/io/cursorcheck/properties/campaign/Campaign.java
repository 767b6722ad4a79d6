package io.cursorcheck.properties.campaign;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Coverage;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The verification campaign: every variant of the registry in lockstep with the model, every
 * negative control until it is caught, every known finding replayed; then the index report.
 *
 * <p>Verdicts: the model and {@code cached-count} must show no failure but the known findings
 * against the model (and meet every coverage floor); {@code dirty-flag} must be caught diverging;
 * every control must be caught and shrunk to at most {@link #CONTROL_MAX_LENGTH} operations. A floor missed, or a
 * control or {@code dirty-flag} not caught, fails only on a sample large enough that chance alone would do so less
 * than once in a million ({@link Coverage.State#sequencesToJudge()}, {@link Controls#sequencesToCatch}); on a
 * smaller one, after the run's extension, it is reported too short;
 * every known finding must still reproduce as released, and must not under the corrected algorithm
 * of spec §8 ({@code cached-count-corrected} against {@code model-corrected}). A variant that follows
 * the corrected algorithm runs against {@code model-corrected}, where no finding is known, so any
 * failure there, one with a known finding's signature included, fails the campaign.
 */
public final class Campaign {

    /** The longest shrunk counterexample a negative control may have. */
    public static final int CONTROL_MAX_LENGTH = 8;

    /**
     * What to run.
     *
     * @param millis   total time budget
     * @param seed     the campaign's seed; each part derives its own from it
     * @param threads  worker threads
     * @param maxSteps operations per random sequence at most
     * @param weights  the generator's weights
     * @param reports  the directory to write into: a run's staging copy of the reports directory
     * @param log      where progress goes
     */
    public record Config(
            long millis, long seed, int threads, int maxSteps, Weights weights, Path reports, PrintStream log) {
        /**
         * Checks the bounds, naming the field and its value.
         *
         * @throws IllegalArgumentException if {@code millis}, {@code threads} or {@code maxSteps} is below 1
         */
        public Config {
            if (millis < 1 || threads < 1 || maxSteps < 1) {
                String field = millis < 1 ? "millis" : threads < 1 ? "threads" : "maxSteps";
                long value = millis < 1 ? millis : threads < 1 ? threads : maxSteps;
                throw new IllegalArgumentException("campaign: " + field + " must be >= 1, was " + value);
            }
        }
    }

    /**
     * One variant's part.
     *
     * @param variant the variant
     * @param result  its random run
     * @param ok      whether it met its expectation
     * @param verdict what happened, in words
     */
    public record VariantPart(Variant variant, RandomRun.Result result, boolean ok, String verdict) {}

    /**
     * One known finding replayed.
     *
     * @param finding    the finding
     * @param run        the replay
     * @param reproduces whether it still fails with its recorded signature
     * @param corrected  its script replayed on {@code cached-count-corrected} against {@code model-corrected}
     * @param fixed      whether that replay ran to its end without any failure (spec §8 removes the finding)
     */
    public record FindingPart(
            KnownFindings.Finding finding,
            Lockstep.Run run,
            boolean reproduces,
            Lockstep.Run corrected,
            boolean fixed) {}

    /**
     * What the campaign did.
     *
     * @param config   what it was asked
     * @param started  when it started
     * @param millis   how long it took
     * @param variants one part per variant
     * @param controls one verdict per negative control
     * @param findings one replay per known finding
     * @param problems every expectation not met, in words; empty if the campaign passed
     */
    public record Result(
            Config config,
            Instant started,
            long millis,
            List<VariantPart> variants,
            List<Controls.Verdict> controls,
            List<FindingPart> findings,
            List<String> problems) {
        /** Whether every expectation was met. */
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    private Campaign() {}

    /** Runs the campaign and returns its result; writing the index is the caller's choice. */
    public static Result run(Config config) throws IOException {
        Instant started = Instant.now();
        long start = System.currentTimeMillis();
        // config.reports() is a run's staging directory: nothing here is published before the run is complete.
        Path counterexamples = config.reports().resolve("counterexamples");
        KnownFindings known = KnownFindings.load(SourceTree.root());
        List<String> problems = new ArrayList<>();

        List<FindingPart> findings = new ArrayList<>();
        for (KnownFindings.Finding f : known.all()) {
            Lockstep.Run run = Lockstep.run(
                    Subjects.named(f.counterexample().subject()),
                    f.counterexample().script());
            boolean reproduces = run.failed() && run.failure().signature().equals(f.signature());
            Lockstep.Run corrected = Lockstep.run(
                    Variant.CACHED_COUNT_CORRECTED, f.counterexample().script());
            findings.add(new FindingPart(f, run, reproduces, corrected, !corrected.failed()));
            if (!reproduces) {
                problems.add("known finding " + f.name() + " no longer reproduces: it now gives "
                        + (run.failed() ? run.failure().signature() : "no failure") + "; update reports/findings/"
                        + f.name());
            }
            if (corrected.failed()) {
                problems.add("known finding " + f.name() + " fails under the corrected algorithm (spec §8): "
                        + corrected.failure().title());
            }
        }
        config.log()
                .printf(
                        "known findings: %d replayed, %d reproduce as released, %d fixed under the corrected"
                                + " algorithm%n",
                        findings.size(),
                        findings.stream().filter(FindingPart::reproduces).count(),
                        findings.stream().filter(FindingPart::fixed).count());

        long total = config.millis();
        List<Controls.Verdict> controls = new ArrayList<>();
        long seed = config.seed();
        for (Mutant m : Mutants.CONTROLS) {
            Controls.Verdict v = timed(
                    config,
                    "control " + m.id(),
                    () -> Controls.run(
                            m,
                            RandomRun.sequenceSeed(config.seed(), m.id().hashCode()),
                            Long.MAX_VALUE,
                            Math.max(2_000, total / 40),
                            config.maxSteps(),
                            config.weights(),
                            config.threads(),
                            counterexamples,
                            known));
            controls.add(v);
            if (v.tooShort()) {
                config.log()
                        .printf(
                                "control %s: not caught, too short: %d sequences, %d needed%n",
                                m.id(), v.result().sequences(), Controls.sequencesToCatch(m.id()));
            } else if (!v.killed()) {
                problems.add(
                        "negative control " + m.id() + " survived " + v.result().sequences() + " sequences");
            } else if (v.reportedLength() > CONTROL_MAX_LENGTH) {
                problems.add("negative control " + m.id() + " shrank only to " + v.reportedLength() + " operations (> "
                        + CONTROL_MAX_LENGTH + ")");
            }
        }

        List<VariantPart> variants = new ArrayList<>();
        long remaining = Math.max(1_000, total - (System.currentTimeMillis() - start));
        Schedule schedule = new Schedule(remaining);
        for (Variant v : Variant.values()) {
            long budget = schedule.next(v, total - (System.currentTimeMillis() - start));
            RandomRun.Config rc = lockstep(
                    v,
                    seed,
                    Long.MAX_VALUE,
                    budget,
                    config.maxSteps(),
                    config.weights(),
                    config.threads(),
                    counterexamples,
                    known);
            RandomRun.Result r = timed(config, v.id(), () -> live(config, v.id(), rc));
            VariantPart part = judge(v, r, problems);
            r.coverage().tooShort().forEach(l -> config.log().println(v.id() + ": coverage " + l));
            variants.add(part);
        }
        return new Result(config, started, System.currentTimeMillis() - start, variants, controls, findings, problems);
    }

    /**
     * The random run of variant {@code v} in the campaign seeded {@code seed}, within {@code sequences} and
     * {@code millis}. A count is judged only on a sample large enough for it: a variant whose coverage floors are
     * judged goes on past a short budget (a busy machine), within {@link RandomRun#EXTENSION_CAP}, rather than
     * failing a floor that chance alone could miss; a diverging variant, which stops at its first failure, goes
     * on the same way toward the sequences its survival needs to be judged ({@link Controls#sequencesToCatch}).
     */
    static RandomRun.Config lockstep(
            Variant v,
            long seed,
            long sequences,
            long millis,
            int maxSteps,
            Weights weights,
            int threads,
            Path counterexamples,
            KnownFindings known) {
        boolean diverges = v.conformance() == Variant.Conformance.DIVERGES;
        RandomRun.Config budgeted = new RandomRun.Config(
                v, seed ^ v.ordinal(), sequences, millis, maxSteps, weights, threads, diverges, counterexamples, known);
        return budgeted.judgedOn(diverges ? Controls.sequencesToCatch(v.id()) : Coverage.sequencesToJudgeEveryFloor());
    }

    private static int shares(Variant v) {
        return v == Variant.CACHED_COUNT ? 2 : 1;
    }

    /**
     * The lockstep time of each variant, in registry order. The reference models (spec §2's and §8's)
     * share a fifth of what the findings and controls left, each running alone; {@code dirty-flag} a
     * tenth (at least 2 s). The conforming variants share the rest in proportion to their weight:
     * {@code cached-count}, the PR's algorithm, two shares, every other one ({@code cached-count-corrected}
     * included) one. A conforming variant's budget is its share of the time left now, less what the
     * non-conforming variants still to come are promised: it must not inherit all the time the ones before
     * it left, nor take a later reference's, or the last ones get a second each (a first version gave
     * {@code cached-count-corrected}, which comes after {@code model-corrected}, nothing but that second).
     */
    static final class Schedule {
        private final long[] reserved = new long[Variant.values().length];
        private long reservedAhead;
        private int sharesLeft;

        /** A schedule of {@code remaining} milliseconds. */
        Schedule(long remaining) {
            int references = 0;
            for (Variant v : Variant.values()) {
                sharesLeft += v.conformance() == Variant.Conformance.CONFORMS ? shares(v) : 0;
                references += v.conformance() == Variant.Conformance.REFERENCE ? 1 : 0;
            }
            for (Variant v : Variant.values()) {
                reserved[v.ordinal()] = switch (v.conformance()) {
                    case REFERENCE -> remaining / 5 / Math.max(1, references);
                    case DIVERGES -> Math.max(2_000, remaining / 10);
                    case CONFORMS -> 0;
                };
                reservedAhead += reserved[v.ordinal()];
            }
        }

        /**
         * The budget of {@code v}, the next variant in registry order, when {@code left} milliseconds of the
         * campaign's time are left; at least a second.
         */
        long next(Variant v, long left) {
            reservedAhead -= reserved[v.ordinal()];
            if (v.conformance() != Variant.Conformance.CONFORMS) {
                return reserved[v.ordinal()];
            }
            long budget = Math.max(1_000, (left - reservedAhead) * shares(v) / Math.max(1, sharesLeft));
            sharesLeft -= shares(v);
            return budget;
        }
    }

    /** A random run with a live line; a conforming variant replays its stored examples first ({@link ExampleStore}). */
    private static RandomRun.Result live(Config config, String name, RandomRun.Config rc) {
        RandomRun.Progress progress = new RandomRun.Progress();
        return ProgressLine.during(
                config.log(),
                name,
                progress,
                rc.millis(),
                () -> ExampleStore.standard()
                        .run(rc, progress, config.log()::println)
                        .result());
    }

    static VariantPart judge(Variant v, RandomRun.Result r, List<String> problems) {
        List<String> mine = new ArrayList<>();
        for (RandomRun.Found f : r.newFindings()) {
            mine.add(v.id() + ": NEW finding against the model "
                    + f.counterexample().failure().signature() + " (" + Reports.relative(f.page()) + ")");
        }
        String verdict;
        switch (v.conformance()) {
            case DIVERGES -> {
                long needed = Controls.sequencesToCatch(v.id());
                if (r.subjectFailures().isEmpty() && r.sequences() < needed) {
                    // Not caught on too few sequences: chance, not a verdict on the checker.
                    verdict = "not caught, too short: " + r.sequences() + " sequences, " + needed + " needed";
                } else if (r.subjectFailures().isEmpty()) {
                    mine.add(v.id() + " was expected to diverge but passed " + r.sequences() + " sequences");
                    verdict = "not caught";
                } else {
                    RandomRun.Found f = r.subjectFailures().get(0);
                    verdict = "caught as expected: "
                            + f.counterexample().failure().title() + ", shrunk to "
                            + f.counterexample().script().length() + " operations";
                }
            }
            default -> {
                for (RandomRun.Found f : r.subjectFailures()) {
                    mine.add(v.id() + ": " + f.counterexample().failure().title() + " (" + Reports.relative(f.page())
                            + ")");
                }
                List<String> low = r.coverage().belowFloor();
                low.forEach(l -> mine.add(v.id() + ": coverage below floor: " + l));
                // A floor under its count on too small a sample is no failure of the subject, and said so.
                List<String> tooShort = r.coverage().tooShort();
                verdict = mine.isEmpty()
                        ? "passed (" + r.found().size() + " known finding(s) against the model met)"
                                + (tooShort.isEmpty()
                                        ? ""
                                        : "; coverage too short to judge " + tooShort.size() + " floor(s): "
                                                + r.coverage().sequences() + " sequences, "
                                                + Coverage.sequencesToJudgeEveryFloor() + " needed")
                        : "FAILED";
            }
        }
        problems.addAll(mine);
        return new VariantPart(v, r, mine.isEmpty(), verdict);
    }

    private static <T> T timed(Config config, String what, Supplier<T> part) {
        long t0 = System.currentTimeMillis();
        T result = part.get();
        config.log().printf("%-40s done in %.1f s%n", what, (System.currentTimeMillis() - t0) / 1000.0);
        return result;
    }
}
