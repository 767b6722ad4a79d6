package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.run.GateSeed;
import io.cursorcheck.properties.source.SourceTree;
import java.nio.file.Path;

/**
 * Settings of the lockstep gate in {@code mvn verify}: the seed ({@link GateSeed}: fixed by
 * default, so a red gate is red again on rerun; {@code -Dcursorcheck.seed=S} pins another,
 * {@code -Dcursorcheck.seed=fresh} draws one), and the sequence budget ({@code -Dcursorcheck.sequences}).
 * Under PIT ({@code -Ppit}) the profile pins the seed, shrinks the budget, makes the random runs stop
 * at their first failure ({@code -Dcursorcheck.failFast}) and sends their counterexamples to
 * {@code target/} ({@code -Dcursorcheck.counterexamples}) and their stored examples too
 * ({@code -Dcursorcheck.examples}), so PIT's mutants fail them fast and leave {@code reports/} and
 * the example store alone.
 */
public final class Gate {

    /** The longest script a gate test generates. */
    public static final int MAX_STEPS = 60;
    /** The threads a gate test runs its sequences on. */
    public static final int THREADS = 2;

    /** The PIT profile's override of where counterexamples go. */
    private static final String COUNTEREXAMPLES = "cursorcheck.counterexamples";

    private Gate() {}

    /**
     * This run's seed, printed with the commands that replay {@code part} of {@code testClass}.
     *
     * @param checkCommand the launcher command that runs the same sequences, or null where none does
     */
    public static long seed(String testClass, String part, String checkCommand) {
        GateSeed.Seed seed = GateSeed.get();
        System.out.printf(
                "%s: %s; replay: %s%s%n",
                part,
                seed.describe(),
                GateSeed.mavenCommand("properties", testClass, seed.value()),
                checkCommand == null ? "" : ", or " + checkCommand);
        return seed.value();
    }

    /** The launcher command that runs the same sequences as a gate run of {@code subject} on this seed. */
    public static String check(String subject, long sequences) {
        return GateSeed.checkCommand(subject, GateSeed.get().value(), sequences, MAX_STEPS, THREADS);
    }

    /** The default of {@link #sequences()}: enough to judge every coverage floor (CoverageFloorsTest holds it). */
    public static final long DEFAULT_SEQUENCES = 5_000;

    /** Sequences for the conforming variants' lockstep property. */
    public static long sequences() {
        return Long.getLong("cursorcheck.sequences", DEFAULT_SEQUENCES);
    }

    /**
     * Sequences per mutant and stage for the kill matrix at most ({@code -Dcursorcheck.matrixSequences}), as
     * {@code bin/cursorcheck mutants} runs it: a cap a stage stops short of at its first catch, set from the slowest
     * catches measured (see {@code Main.MATRIX_SEQUENCES}; with 5,000, {@code end-data-skips-advance} escaped about one
     * gate run in three).
     */
    public static long matrixSequences() {
        return Long.getLong("cursorcheck.matrixSequences", 40_000);
    }

    /**
     * Sequences per stage where an equivalent mutant must survive
     * ({@code -Dcursorcheck.equivalentSequences}): fewer than {@link #matrixSequences()}, as those
     * runs check our equivalence arguments rather than the suite, and would otherwise take most of
     * the matrix's time; {@code bin/cursorcheck mutants} gives them the full budget.
     */
    public static long equivalentSequences() {
        return Long.getLong("cursorcheck.equivalentSequences", 2_000);
    }

    /** Whether random runs of conforming variants stop at their first failure. */
    public static boolean failFast() {
        return Boolean.getBoolean("cursorcheck.failFast");
    }

    /**
     * Where a gate test writes.
     *
     * @param run             its report run, or null under PIT, which writes straight into the override
     * @param dir             where its pages go: the run's staging directory, or the override's parent under PIT
     * @param counterexamples where its random runs write counterexamples: {@code counterexamples/} of
     *                        {@code dir}, or the override under PIT
     */
    /**
     * Where a gate test writes.
     *
     * @param run             the report run, or null under PIT
     * @param dir             the reports directory it writes into
     * @param counterexamples its counterexamples directory
     */
    public record Output(ReportRun run, Path dir, Path counterexamples) {}

    /**
     * A gate test's writing.
     *
     * @param <T> what it returns
     */
    @FunctionalInterface
    public interface Writer<T> {
        /** Writes into {@code output}. */
        T write(Output output) throws Exception;
    }

    /**
     * Runs a test that writes counterexamples (or other pages) into the reports directory: through a
     * {@link ReportRun}, so that its files are published only once the test's run is complete and a
     * concurrent {@code bin/cursorcheck} run is never mixed with it; or, when
     * {@code -Dcursorcheck.counterexamples} is set (PIT), straight into that directory, without the
     * lock, leaving {@code reports/} alone. Either way the body is told where to write, never null.
     *
     * @param test what runs, for the lock's message
     * @param body the test's run
     */
    public static <T> T writingReports(String test, Writer<T> body) throws Exception {
        String pit = System.getProperty(COUNTEREXAMPLES);
        if (pit != null && !pit.isBlank()) {
            Path counterexamples = Path.of(pit).toAbsolutePath().normalize();
            return body.write(new Output(null, counterexamples.getParent(), counterexamples));
        }
        return ReportRun.write(
                Reports.dir(),
                "mvn verify (" + test + ")",
                System.err,
                run -> body.write(new Output(run, run.dir(), run.dir().resolve("counterexamples"))));
    }

    /** The known findings of the project's tree. */
    public static KnownFindings known() {
        return KnownFindings.load(SourceTree.root());
    }
}
