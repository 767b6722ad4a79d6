package io.cursorcheck.stress;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
 *
 * <p>No verdict depends on the machine's speed. A pair below its floor, or a twin not caught while
 * one of its pairs is below the twin's floor ({@link #twinFloor}: the samples at which a twin caught
 * at its measured rate would be missed with probability below one in a million), is <em>too short</em>:
 * the run gave it too little time, which says nothing about the subject. {@link StressRun#run} reruns
 * exactly those pairs ({@link Grade#toRerun}) a bounded number of rounds and sums the rounds; what is
 * still too short after them fails the gate as "too short", never as a bug of the subject. A twin is
 * "not caught" only once every pair of its own reached the twin's floor.
 *
 * <p>{@code StressGateTest} and {@code bin/cursorcheck stress} both grade with {@link #grade}. Stateless.
 */
public final class StressGate {

    /**
     * The fewest samples a continuous pair must have. The gate runs each pair in two JVM
     * configurations (jcstress runs its tests with and without biased locking), each for the gate's
     * iterations of 200 ms, so one iteration yields about a quarter of a pair's samples: the floor fails a
     * pair that ran for a fraction of one iteration, and lies well below what a healthy run gives even on
     * a loaded machine; a pair below it is rerun ({@link StressRun#run}) before it is called too short
     * (the measurements: docs/concurrency.md, "The gate's sample floors").
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
     * The forbidden outcomes a twin's pairs must be expected to show, at the twin's measured rate, before
     * a miss is a verdict: a Poisson count with this mean is zero with probability e^-14, below one in a
     * million.
     */
    public static final int EXPECTED_CATCHES = 14;

    /**
     * Per racy twin, the samples each pair of its own needs before the gate may call the twin not caught:
     * {@link #EXPECTED_CATCHES} over the twin's forbidden outcomes per sample, summed over the tests that
     * declare it, rounded up. A pair's rate is the lowest measured on this suite's shared 2-core machine:
     * over its single runs with at least 10 forbidden outcomes (fewer give no usable rate), and over all of
     * its runs on the busiest day summed; a busier machine sees fewer races per sample, so the rates are
     * conservative, and a higher floor only makes a miss "too short" (and rerun) rather than "not caught".
     * For the termination twin each sample is one trial, and a run stops at its first stale
     * trial. The rates, the derivation and the commands that reproduce them: docs/concurrency.md, "The
     * gate's sample floors".
     */
    static final Map<String, Long> TWIN_FLOORS = Map.of(
            "cursor-published-before-read", 2_750_000L,
            "end-published-before-entry", 1_400_000L,
            "plain-count-decrement", 73_000L,
            "unlocked-detach", 196_000L,
            "unlocked-attach", 89_000L,
            "no-handshake", 150_000L,
            "split-last-read", 34_000L,
            "lost-wakeup", 100L);

    /**
     * A pair that ran with fewer samples than its floor.
     *
     * @param pair    the pair
     * @param samples its samples over all runs
     * @param floor   the floor it missed
     */
    public record UnderSampled(DeclaredTests.Pair pair, long samples, long floor) {}

    /**
     * A racy twin no pair of its own caught while some pair of its own ran fewer samples than the twin's
     * floor: too short to call it missed.
     *
     * @param twin   the twin's id
     * @param pairs  its pairs
     * @param fewest the fewest samples one of them ran
     * @param floor  the twin's floor ({@link #twinFloor})
     */
    public record TooShortTwin(String twin, List<DeclaredTests.Pair> pairs, long fewest, long floor) {}

    /**
     * The grade of one run.
     *
     * @param expected     the pairs the run had to run (those its test filter selects)
     * @param missing      expected pairs that did not run
     * @param underSampled expected pairs that ran with too few samples
     * @param errors       tests with a run that did not complete normally
     * @param realFailures tests of real variants that saw a forbidden outcome
     * @param twinsCaught  for each racy twin an expected pair declares, whether a pair of its own caught it
     * @param tooShortTwins twins not caught with a pair of their own below the twin's floor
     * @param unexpected   tests that ran but are no expected pair
     */
    public record Grade(
            List<DeclaredTests.Pair> expected,
            List<DeclaredTests.Pair> missing,
            List<UnderSampled> underSampled,
            List<StressRun.TestVerdict> errors,
            List<StressRun.TestVerdict> realFailures,
            Map<String, Boolean> twinsCaught,
            List<TooShortTwin> tooShortTwins,
            List<String> unexpected) {

        /**
         * The racy twins no pair of their own caught although every one of those pairs reached the twin's
         * floor: missed, a verdict (the settings or the twin no longer show its race).
         */
        public List<String> uncaughtTwins() {
            Set<String> tooShort = new HashSet<>();
            tooShortTwins.forEach(t -> tooShort.add(t.twin()));
            return twinsCaught.entrySet().stream()
                    .filter(e -> !e.getValue() && !tooShort.contains(e.getKey()))
                    .map(Map.Entry::getKey)
                    .toList();
        }

        /**
         * The pairs another round should run: those below their floor, and every pair of a twin too short to
         * judge. A pair that is missing, in error or failed is a verdict already, and a rerun would only
         * retry it until green.
         */
        public List<DeclaredTests.Pair> toRerun() {
            Set<DeclaredTests.Pair> again = new LinkedHashSet<>();
            underSampled.forEach(u -> again.add(u.pair()));
            tooShortTwins.forEach(t -> again.addAll(t.pairs()));
            return List.copyOf(again);
        }

        /** Whether the run passes the gate. */
        public boolean passed() {
            return !expected.isEmpty()
                    && missing.isEmpty()
                    && underSampled.isEmpty()
                    && errors.isEmpty()
                    && realFailures.isEmpty()
                    && uncaughtTwins().isEmpty()
                    && tooShortTwins.isEmpty()
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
                    "too short: under-sampled pair %s: %,d samples, the floor is %,d (the machine gave it too little"
                            + " time; no verdict on the subject)",
                    u.pair().shortName(), u.samples(), u.floor())));
            tooShortTwins.forEach(t -> problems.add(String.format(
                    "too short: racy twin %s was not caught, but a pair of its own ran only %,d samples of the %,d"
                            + " a miss needs to be a verdict (no verdict on the twin)",
                    t.twin(), t.fewest(), t.floor())));
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

    /**
     * The samples each pair of a racy twin needs before a miss is a verdict ({@link #TWIN_FLOORS}).
     *
     * @throws IllegalArgumentException for a twin without a measured floor: measure its rate first
     */
    public static long twinFloor(String twin) {
        Long floor = TWIN_FLOORS.get(twin);
        if (floor == null) {
            throw new IllegalArgumentException("racy twin '" + twin + "' has no twin floor: measure its forbidden"
                    + " outcomes per sample and add it to StressGate.TWIN_FLOORS (known: "
                    + new TreeMap<>(TWIN_FLOORS).keySet() + ")");
        }
        return floor;
    }

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
        Map<String, List<DeclaredTests.Pair>> twinPairs = new TreeMap<>();
        Map<String, Long> fewest = new TreeMap<>();
        for (DeclaredTests.Pair p : expected) {
            expectedNames.add(p.name());
            StressRun.TestVerdict t = ran.get(p.name());
            if (p.twin()) {
                twinsCaught.merge(p.twinId(), t != null && t.caught(), Boolean::logicalOr);
                twinPairs.computeIfAbsent(p.twinId(), k -> new ArrayList<>()).add(p);
                fewest.merge(p.twinId(), t == null ? 0 : t.samples(), Math::min);
            }
            if (t == null) {
                missing.add(p);
                continue;
            }
            if (!exemptFromFloor(p, t) && t.samples() < floor(p.mode())) {
                underSampled.add(new UnderSampled(p, t.samples(), floor(p.mode())));
            }
        }
        List<TooShortTwin> tooShortTwins = new ArrayList<>();
        twinsCaught.forEach((twin, caught) -> {
            // A missing or erring pair is a verdict of its own, not a reason to call the twin too short.
            boolean allRanCleanly = twinPairs.get(twin).stream()
                    .allMatch(p -> ran.containsKey(p.name())
                            && ran.get(p.name()).errors().isEmpty());
            if (!caught && allRanCleanly && fewest.get(twin) < twinFloor(twin)) {
                tooShortTwins.add(
                        new TooShortTwin(twin, List.copyOf(twinPairs.get(twin)), fewest.get(twin), twinFloor(twin)));
            }
        });
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
                List.copyOf(tooShortTwins),
                unexpected);
    }
}
