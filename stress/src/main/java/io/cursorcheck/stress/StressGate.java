package io.cursorcheck.stress;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.openjdk.jcstress.annotations.Mode;

/**
 * The jcstress gate's grading of one run against the pairs the tests declare
 * ({@link DeclaredTests}). It passes only when
 * <ul>
 * <li>every expected (test, subject) pair ran, each with at least its floor of samples
 *     ({@link #MIN_SAMPLES_CONTINUOUS}, {@link #MIN_SAMPLES_TERMINATION});</li>
 * <li>every run of every pair completed normally (an error is no verdict, for a twin as for a real
 *     variant);</li>
 * <li>no test of a real variant saw a forbidden outcome;</li>
 * <li>every racy twin saw a forbidden outcome in a test that declares it as a subject (a pair whose
 *     subject is that twin), not merely somewhere;</li>
 * <li>nothing ran that the gate does not expect (the list of declared pairs is complete).</li>
 * </ul>
 * {@code StressGateTest} and {@code bin/cursorcheck stress} both grade with {@link #grade}. Stateless.
 */
public final class StressGate {

    /**
     * The fewest samples a continuous pair must have. jcstress' quick preset, as the gate runs it,
     * gives each pair two runs of 5 iterations of 200 ms, so one iteration yields about a tenth of
     * a pair's samples: the floor fails a pair that ran for about one iteration or less, and lies well
     * below what a healthy run gives even on a loaded machine (the measurements: docs/concurrency.md,
     * "The gate's sample floors").
     */
    public static final long MIN_SAMPLES_CONTINUOUS = 100_000;

    /**
     * The fewest samples a termination pair must have unless it saw a forbidden outcome. Each
     * sample is one whole trial (an actor blocks, a signal frees it); the floor lies about ten times
     * below what the real variants give (docs/concurrency.md, "The gate's sample floors"). jcstress ends a
     * termination run at its first forbidden (stale) sample, so a caught twin has one sample per run;
     * for such a pair the forbidden outcome itself shows it ran.
     */
    public static final long MIN_SAMPLES_TERMINATION = 100;

    /**
     * A pair that ran with fewer samples than its floor.
     *
     * @param pair    the pair
     * @param samples its samples over all runs
     * @param floor   the floor it missed
     */
    public record UnderSampled(DeclaredTests.Pair pair, long samples, long floor) {}

    /**
     * The grade of one run.
     *
     * @param expected     the pairs the run had to run (those its test filter selects)
     * @param missing      expected pairs that did not run
     * @param underSampled expected pairs that ran with too few samples
     * @param errors       tests with a run that did not complete normally
     * @param realFailures tests of real variants that saw a forbidden outcome
     * @param twinsCaught  for each racy twin an expected pair declares, whether a pair of its own caught it
     * @param unexpected   tests that ran but are no expected pair
     */
    public record Grade(
            List<DeclaredTests.Pair> expected,
            List<DeclaredTests.Pair> missing,
            List<UnderSampled> underSampled,
            List<StressRun.TestVerdict> errors,
            List<StressRun.TestVerdict> realFailures,
            Map<String, Boolean> twinsCaught,
            List<String> unexpected) {

        /** The racy twins no pair of their own caught. */
        public List<String> uncaughtTwins() {
            return twinsCaught.entrySet().stream()
                    .filter(e -> !e.getValue())
                    .map(Map.Entry::getKey)
                    .toList();
        }

        /** Whether the run passes the gate. */
        public boolean passed() {
            return !expected.isEmpty()
                    && missing.isEmpty()
                    && underSampled.isEmpty()
                    && errors.isEmpty()
                    && realFailures.isEmpty()
                    && uncaughtTwins().isEmpty()
                    && unexpected.isEmpty();
        }

        /** One line per reason the run fails the gate, each naming its pair or twin; empty when it passes. */
        public List<String> problems() {
            List<String> problems = new ArrayList<>();
            if (expected.isEmpty()) {
                problems.add("no declared jcstress test was selected: the run proves nothing");
            }
            missing.forEach(p -> problems.add("missing pair " + p.shortName() + ": declared, but it did not run"));
            underSampled.forEach(u -> problems.add(String.format(
                    "under-sampled pair %s: %,d samples, the floor is %,d",
                    u.pair().shortName(), u.samples(), u.floor())));
            errors.forEach(t ->
                    problems.add("error in " + t.test() + "." + t.subject() + ": " + String.join("; ", t.errors())));
            realFailures.forEach(
                    t -> problems.add("real variant " + t.test() + "." + t.subject() + " saw a forbidden outcome"));
            uncaughtTwins()
                    .forEach(twin -> problems.add("racy twin " + twin
                            + " was not caught by a test of its own: a green run would mean nothing"));
            unexpected.forEach(name -> problems.add("test " + name + " ran but is no declared pair the gate expects"));
            return problems;
        }
    }

    private StressGate() {}

    /** The floor of samples for a pair of this mode. */
    public static long floor(Mode mode) {
        return mode == Mode.Termination ? MIN_SAMPLES_TERMINATION : MIN_SAMPLES_CONTINUOUS;
    }

    /**
     * Whether a pair that ran needs no floor: a termination run ends at its first forbidden sample,
     * and then that sample shows it ran.
     */
    public static boolean exemptFromFloor(DeclaredTests.Pair pair, StressRun.TestVerdict ran) {
        return pair.mode() == Mode.Termination && ran.forbiddenSeen();
    }

    /**
     * Grades the tests of one run against the pairs it had to run.
     *
     * @param expected the declared pairs the run selected ({@link DeclaredTests#matching})
     * @param tests    what ran, graded per test ({@link StressRun.Result#tests()})
     */
    public static Grade grade(List<DeclaredTests.Pair> expected, List<StressRun.TestVerdict> tests) {
        Map<String, StressRun.TestVerdict> ran = new LinkedHashMap<>();
        tests.forEach(t -> ran.put(t.name(), t));
        Set<String> expectedNames = new HashSet<>();
        List<DeclaredTests.Pair> missing = new ArrayList<>();
        List<UnderSampled> underSampled = new ArrayList<>();
        Map<String, Boolean> twinsCaught = new TreeMap<>();
        for (DeclaredTests.Pair p : expected) {
            expectedNames.add(p.name());
            StressRun.TestVerdict t = ran.get(p.name());
            if (p.twin()) {
                twinsCaught.merge(p.twinId(), t != null && t.caught(), Boolean::logicalOr);
            }
            if (t == null) {
                missing.add(p);
                continue;
            }
            if (!exemptFromFloor(p, t) && t.samples() < floor(p.mode())) {
                underSampled.add(new UnderSampled(p, t.samples(), floor(p.mode())));
            }
        }
        List<StressRun.TestVerdict> errors =
                tests.stream().filter(t -> !t.errors().isEmpty()).toList();
        List<StressRun.TestVerdict> realFailures =
                tests.stream().filter(t -> !t.twin() && t.forbiddenSeen()).toList();
        List<String> unexpected = tests.stream()
                .map(StressRun.TestVerdict::name)
                .filter(n -> !expectedNames.contains(n))
                .toList();
        return new Grade(
                List.copyOf(expected),
                List.copyOf(missing),
                List.copyOf(underSampled),
                errors,
                realFailures,
                twinsCaught,
                unexpected);
    }
}
