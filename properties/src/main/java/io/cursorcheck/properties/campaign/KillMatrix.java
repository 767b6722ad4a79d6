package io.cursorcheck.properties.campaign;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.BlackBox;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Minimality;
import io.cursorcheck.properties.engine.ScanCheck;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Invariant;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The kill matrix: every mutant of the catalogue through the lockstep engine, in two stages, the
 * second run only if the first lets the mutant through.
 * <ol>
 * <li>{@link Stage#BLACK_BOX}: answers, states and every invariant but I6, as a user could see them;</li>
 * <li>{@link Stage#WHITE_BOX}: plus I6 on the cached minimum and count, plus the scan count against
 *     the real class ({@link ScanCheck}); the failure says which of the two saw it first.</li>
 * </ol>
 * Both stages run the same random sequences (the generator follows the model, not the subject), so
 * the second adds checks, not luck. Each mutant is held to its {@link Mutant.Impact}: SAFETY and
 * LIVENESS mutants must fall to the black-box stage, shrunk to at most {@link #MAX_LENGTH}
 * operations; an EQUIVALENT one must not (else its argument is wrong), must fall to the white-box
 * check it names, and must survive both stages if it names none.
 *
 * <p>The matrix runs the mutants under one algorithm ({@link Config#algorithm()}): as Node releases it
 * (spec §2), against {@code model}, or corrected (spec §8), each mutant made through its class's
 * {@code (Options, Algorithm)} constructor and checked against {@code model-corrected}. Under the
 * corrected algorithm a mutant is held to {@link Mutant#impactUnder}: one on a path only a nested
 * flush reaches is equivalent there, and must survive.
 *
 * <p>Deterministic for a seed: each mutant runs on one thread with a seed of its own derived from
 * the matrix seed and its id; mutants run side by side on {@code threads}.
 */
public final class KillMatrix {

    /** The longest shrunk counterexample a caught mutant may have. */
    public static final int MAX_LENGTH = 10;

    /**
     * A shrunk script longer than this is worth another try: shrinking only deletes and simplifies,
     * so a failure found through a roundabout sequence can stop at a local minimum (11 operations
     * where another sequence of the same bug shrinks to 7). The matrix then catches the mutant again
     * from other seeds and keeps the shortest script, up to {@link #CATCHES} catches in all.
     */
    static final int SHORT_ENOUGH = 6;

    /** Independent catches at most per mutant, when the first shrinks longer than {@link #SHORT_ENOUGH}. */
    static final int CATCHES = 4;

    /** The checks of one stage, from outside in. */
    public enum Stage {
        /** Answers, states and I1-I12 except I6: what a user of the broadcast could see. */
        BLACK_BOX("black-box"),
        /** Plus I6 (the cached minimum and count equal a scan) and the scan count against the real class. */
        WHITE_BOX("white-box");

        private final String label;

        Stage(String label) {
            this.label = label;
        }

        /** Its name in reports. */
        public String label() {
            return label;
        }

        /** The subject this stage runs for a mutant's factory. */
        BroadcastFactory subject(BroadcastFactory mutant) {
            return this == BLACK_BOX ? new BlackBox(mutant) : Subjects.scanChecked(mutant);
        }

        /**
         * The id of {@link #subject} for {@code mutant} under {@code algorithm} without compiling it, which
         * names the folder of the counterexamples directory this stage writes into.
         */
        String subjectId(Mutant mutant, Algorithm algorithm) {
            return mutant.id()
                    + (algorithm == Algorithm.CORRECTED
                            ? io.cursorcheck.properties.mutants.MutantCompiler.CORRECTED_SUFFIX
                            : "")
                    + (this == BLACK_BOX ? BlackBox.SUFFIX : ScanCheck.SUFFIX);
        }
    }

    /**
     * What to run.
     *
     * @param seed      the matrix seed; each mutant derives its own
     * @param sequences random sequences per mutant and stage at most, wherever a check must catch it
     * @param equivalentSequences random sequences a stage runs where an EQUIVALENT mutant must
     *                  survive: its black-box stage, and the white-box one when it names no check.
     *                  Those runs test our argument, not the suite's strength, and cost the full
     *                  budget every time (nothing stops them early), so the gate gives them less
     *                  than {@code sequences}; the command line gives them a budget of their own ({@code --equivalent-sequences})
     * @param maxSteps  operations per sequence at most
     * @param weights   the generator's weights
     * @param threads   mutants run side by side
     * @param reportDir where counterexamples go, or null: in a report run, {@link #counterexamples}
     * @param known     the known findings against the model
     * @param algorithm the algorithm every mutant follows, and so the model it is checked against
     */
    public record Config(
            long seed,
            long sequences,
            long equivalentSequences,
            int maxSteps,
            Weights weights,
            int threads,
            Path reportDir,
            KnownFindings known,
            Algorithm algorithm) {

        /** A matrix of the mutants as Node releases the algorithm (spec §2). */
        public Config(
                long seed,
                long sequences,
                long equivalentSequences,
                int maxSteps,
                Weights weights,
                int threads,
                Path reportDir,
                KnownFindings known) {
            this(
                    seed,
                    sequences,
                    equivalentSequences,
                    maxSteps,
                    weights,
                    threads,
                    reportDir,
                    known,
                    Algorithm.AS_RELEASED);
        }

        /** Checks the bounds. */
        public Config {
            if (algorithm == null) {
                throw new IllegalArgumentException("kill matrix: algorithm must not be null");
            }
            long[] values = {sequences, equivalentSequences, maxSteps, threads};
            String[] fields = {"sequences", "equivalentSequences", "maxSteps", "threads"};
            for (int i = 0; i < values.length; i++) {
                if (values[i] < 1) {
                    throw new IllegalArgumentException("kill matrix: " + fields[i] + " must be >= 1, was " + values[i]);
                }
            }
        }

        /** The sequences {@code stage} runs on {@code mutant}. */
        public long budget(Mutant mutant, Stage stage) {
            boolean mustSurvive = mutant.impactUnder(algorithm) == Mutant.Impact.EQUIVALENT
                    && (stage == Stage.BLACK_BOX
                            || mutant.equivalenceUnder(algorithm).seenBy() == Mutant.WhiteBox.NONE);
            return mustSurvive ? equivalentSequences : sequences;
        }

        /** The same matrix under another algorithm. */
        public Config under(Algorithm other) {
            return new Config(
                    seed, sequences, equivalentSequences, maxSteps, weights, threads, reportDir, known, other);
        }
    }

    /**
     * One mutant's verdict.
     *
     * @param mutant    the mutant
     * @param seed      its own seed
     * @param stage     the stage that caught it, or null if it survived every stage
     * @param caught    its failure there, shrunk, or null
     * @param sequences     sequences run in that stage up to and including the failing one (every stage's if it
     *                      survived)
     * @param compileMillis time to compile it
     * @param detectMillis  time from the start of its first stage to the (unshrunk) failure, or -1
     * @param millis        the whole time spent on it: compiling, every stage, shrinking
     * @param problems      every expectation of its impact not met, in words; empty if it behaved as declared
     */
    public record Row(
            Mutant mutant,
            long seed,
            Stage stage,
            RandomRun.Found caught,
            long sequences,
            long compileMillis,
            long detectMillis,
            long millis,
            List<String> problems) {
        /** Whether some stage caught it. */
        public boolean killed() {
            return caught != null;
        }

        /** The failure's check in words: {@code divergence (answer)}, {@code I5}, {@code throws ...}, {@code scan count}. */
        public String caughtBy() {
            if (caught == null) {
                return "not caught";
            }
            Failure f = caught.counterexample().failure();
            return switch (f.kind()) {
                case DIVERGENCE ->
                    "divergence (" + f.signature().substring(f.signature().indexOf(':') + 1) + ")";
                case SUBJECT_INVARIANT ->
                    f.violations().stream()
                            .map(v -> v.invariant().name())
                            .distinct()
                            .collect(Collectors.joining(", "));
                case SUBJECT_THREW -> "throws " + f.subject().thrown().type();
                case SUBJECT_SCANS -> "scan count";
                default -> f.kind().name();
            };
        }

        /**
         * The reported script's length (after the shrinker and the shortest search; the shrinker's own is in
         * the counterexample's {@link Minimality#shrunkLength()}), or -1.
         */
        public int reportedLength() {
            return caught == null ? -1 : caught.counterexample().script().length();
        }
    }

    /**
     * What the matrix did.
     *
     * @param config what it was asked
     * @param rows   one per mutant, in catalogue order
     * @param millis wall-clock time
     */
    public record Result(Config config, List<Row> rows, long millis) {
        /**
         * Every expectation not met, in words; empty if the matrix passed. A matrix of no mutant
         * has one: it caught nothing, so it must not pass.
         */
        public List<String> problems() {
            if (rows.isEmpty()) {
                return List.of("the kill matrix ran no mutant: it proves nothing");
            }
            return rows.stream().flatMap(r -> r.problems().stream()).toList();
        }

        /** Whether every mutant behaved as its impact says. */
        public boolean passed() {
            return problems().isEmpty();
        }

        /** Rows of one impact, under the matrix's algorithm ({@link Mutant#impactUnder}). */
        public List<Row> of(Mutant.Impact impact) {
            return rows.stream()
                    .filter(r -> r.mutant().impactUnder(config.algorithm()) == impact)
                    .toList();
        }
    }

    private KillMatrix() {}

    /**
     * Runs the matrix over {@code mutants}, reporting each row to {@code progress} as it is done
     * (from the worker threads, one call at a time).
     *
     * @throws IllegalArgumentException if {@code mutants} is empty or names a mutant twice: a matrix
     *                                  over none would pass having checked nothing
     */
    public static Result run(Config config, List<Mutant> mutants, Consumer<Row> progress) {
        if (mutants.isEmpty()) {
            throw new IllegalArgumentException(
                    "kill matrix: no mutant to run; a matrix over none would pass having" + " checked nothing");
        }
        if (new HashSet<>(mutants).size() != mutants.size()) {
            throw new IllegalArgumentException("kill matrix: a mutant is listed twice in "
                    + mutants.stream().map(Mutant::id).toList());
        }
        long start = System.currentTimeMillis();
        ExecutorService pool = Executors.newFixedThreadPool(config.threads(), r -> {
            Thread t = new Thread(r, "kill-matrix");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Row>> futures = new ArrayList<>();
            for (Mutant m : mutants) {
                futures.add(pool.submit(() -> {
                    Row row = row(config, m);
                    synchronized (progress) {
                        progress.accept(row);
                    }
                    return row;
                }));
            }
            List<Row> rows = new ArrayList<>();
            for (Future<Row> f : futures) {
                rows.add(f.get());
            }
            return new Result(config, List.copyOf(rows), System.currentTimeMillis() - start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the kill matrix was interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the kill matrix failed on a mutant", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Where the matrix writes its counterexamples in a report run: the run's {@code counterexamples/},
     * with each stage's folder of each mutant ({@code <id>+black-box}, {@code <id>+scans}) declared
     * {@linkplain ReportRun#wholeDirectory whole}. Published, those folders hold this run's
     * counterexamples only: an older run's, of a script the mutant no longer shrinks to, would sit
     * beside them and mislead, and a stage that caught nothing leaves no folder. The mutant's own
     * folder ({@code <id>}) is not the matrix's: the campaign's negative controls and
     * {@code check --variant <id>} write there.
     *
     * @param run     the open report run
     * @param mutants the mutants the matrix runs
     * @return the directory to give {@link Config} as {@code reportDir}
     */
    public static Path counterexamples(ReportRun run, List<Mutant> mutants) throws IOException {
        return counterexamples(run, mutants, List.of(Algorithm.AS_RELEASED));
    }

    /**
     * {@link #counterexamples(ReportRun, List)} for matrices under each of {@code algorithms}: a corrected
     * mutant's stages write to folders of their own ({@code <id>+corrected+black-box}).
     */
    public static Path counterexamples(ReportRun run, List<Mutant> mutants, List<Algorithm> algorithms)
            throws IOException {
        for (Algorithm algorithm : algorithms) {
            for (Mutant m : mutants) {
                for (Stage stage : Stage.values()) {
                    run.wholeDirectory("counterexamples/" + stage.subjectId(m, algorithm));
                }
            }
        }
        return run.dir().resolve("counterexamples");
    }

    /** The seed a mutant runs with in a matrix seeded {@code seed}. */
    public static long seedOf(long seed, Mutant mutant) {
        return RandomRun.sequenceSeed(seed, mutant.id().hashCode());
    }

    private static Row row(Config config, Mutant mutant) {
        long start = System.currentTimeMillis();
        BroadcastFactory factory = Mutants.factory(mutant, config.algorithm());
        long compiled = System.currentTimeMillis();
        long seed = seedOf(config.seed(), mutant);
        long sequences = 0;
        for (Stage stage : Stage.values()) {
            long stageStart = System.currentTimeMillis();
            RandomRun.Result r = RandomRun.run(
                    new RandomRun.Config(
                            stage.subject(factory),
                            seed,
                            config.budget(mutant, stage),
                            Long.MAX_VALUE,
                            config.maxSteps(),
                            config.weights(),
                            1,
                            true,
                            config.reportDir(),
                            config.known(),
                            true),
                    new RandomRun.Progress());
            if (!r.subjectFailures().isEmpty()) {
                RandomRun.Found caught = shortest(
                        config,
                        stage.subject(factory),
                        seed,
                        r.subjectFailures().get(0));
                long now = System.currentTimeMillis();
                return new Row(
                        mutant,
                        seed,
                        stage,
                        caught,
                        r.sequences(),
                        compiled - start,
                        stageStart - compiled + caught.millisToFind(),
                        now - start,
                        judge(mutant, stage, caught, config));
            }
            sequences += r.sequences();
        }
        long now = System.currentTimeMillis();
        return new Row(
                mutant,
                seed,
                null,
                null,
                sequences,
                compiled - start,
                -1,
                now - start,
                judge(mutant, null, null, config));
    }

    /**
     * The first catch, or a shorter one from up to {@link #CATCHES} - 1 more runs with seeds of their
     * own, while the best is longer than {@link #SHORT_ENOUGH}. The first catch's sequence and time
     * stay the detection numbers; only the script shown can come from a later catch.
     */
    private static RandomRun.Found shortest(Config config, BroadcastFactory subject, long seed, RandomRun.Found first) {
        RandomRun.Found best = first;
        for (int attempt = 1; attempt < CATCHES && length(best) > SHORT_ENOUGH; attempt++) {
            RandomRun.Result again = RandomRun.run(
                    new RandomRun.Config(
                            subject,
                            RandomRun.sequenceSeed(seed, -attempt),
                            config.sequences(),
                            Long.MAX_VALUE,
                            config.maxSteps(),
                            config.weights(),
                            1,
                            true,
                            config.reportDir(),
                            config.known(),
                            true),
                    new RandomRun.Progress());
            if (!again.subjectFailures().isEmpty()
                    && length(again.subjectFailures().get(0)) < length(best)) {
                RandomRun.Found shorter = again.subjectFailures().get(0);
                best = new RandomRun.Found(
                        shorter.counterexample(),
                        shorter.run(),
                        shorter.json(),
                        shorter.page(),
                        shorter.known(),
                        first.millisToFind());
            }
        }
        return best;
    }

    private static int length(RandomRun.Found found) {
        return found.counterexample().script().length();
    }

    /** What is wrong with a verdict, measured against the mutant's declared impact. */
    static List<String> judge(Mutant mutant, Stage stage, RandomRun.Found caught, Config config) {
        List<String> problems = new ArrayList<>();
        Algorithm algorithm = config.algorithm();
        // Under the corrected algorithm a problem names it, so the two matrices' problems read apart.
        String id = mutant.id() + (algorithm == Algorithm.AS_RELEASED ? "" : " (" + algorithm + ")");
        Mutant.Impact impact = mutant.impactUnder(algorithm);
        if (impact != Mutant.Impact.EQUIVALENT) {
            if (stage == null) {
                problems.add(id + " (" + impact + ") survived " + config.sequences()
                        + " sequences in every stage: a gap in the suite, or an equivalent mutant");
            } else if (stage != Stage.BLACK_BOX) {
                problems.add(id + " (" + impact + ") was caught only by " + whiteBox(caught) + ", not black-box"
                        + " in " + config.sequences() + " sequences: is it equivalent?");
            }
        } else {
            Mutant.WhiteBox expected = mutant.equivalenceUnder(algorithm).seenBy();
            if (stage == Stage.BLACK_BOX) {
                problems.add(id + " is declared EQUIVALENT but was caught black-box: its argument is wrong ("
                        + caught.counterexample().failure().title() + "; "
                        + String.join("; ", caught.counterexample().script().lines()) + ")");
            } else if (expected == Mutant.WhiteBox.NONE && stage != null) {
                problems.add(id + " is declared undetectable but " + whiteBox(caught) + " caught it: "
                        + String.join("; ", caught.counterexample().script().lines()));
            } else if (expected != Mutant.WhiteBox.NONE && (stage == null || whiteBox(caught) != expected)) {
                problems.add(id + " is declared seen by " + expected + " but was "
                        + (stage == null
                                ? "not caught in " + config.sequences() + " white-box sequences"
                                : "caught by " + whiteBox(caught)));
            }
        }
        if (caught != null && caught.counterexample().script().length() > MAX_LENGTH) {
            problems.add(id + " shrank only to "
                    + caught.counterexample().script().length() + " operations (> " + MAX_LENGTH + "): "
                    + String.join("; ", caught.counterexample().script().lines()));
        }
        return problems;
    }

    /** The white-box check behind a failure: I6 on the cache, the scan count, or null for a black-box failure. */
    static Mutant.WhiteBox whiteBox(RandomRun.Found caught) {
        Failure f = caught.counterexample().failure();
        if (f.kind() == Failure.Kind.SUBJECT_SCANS) {
            return Mutant.WhiteBox.SCANS;
        }
        boolean cache = f.kind() == Failure.Kind.SUBJECT_INVARIANT
                && f.violations().stream().anyMatch(v -> v.invariant() == Invariant.I6);
        return cache ? Mutant.WhiteBox.CACHE : null;
    }
}
