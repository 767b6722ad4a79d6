package io.cursorcheck.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The steady-state rule, stated here once: a result is <em>steady</em> when each of its JMH forks has
 * at least {@link #MIN_ITERATIONS} measurement iterations, and the median of the first halves of its
 * forks' iterations (pooled over the forks) and the median of their second halves differ by at most
 * {@link #TOLERANCE} of the smaller (with an odd count the middle iteration of a fork belongs to
 * neither half; why pooled: {@link #checkForks}). A result that is not steady is shown on the page
 * as NOT STEADY and no target is judged on it.
 *
 * <p>Why this and not the warm-up iterations: JMH's JSON ({@code -rf json}) keeps per-iteration data
 * ({@code primaryMetric.rawData}) only for measurement iterations, so the rule can only look at those. The
 * profiles warm up for at least 2 s first ({@link BenchRun}), so a JIT still compiling shows as a trend across
 * the measurement iterations, which halves that disagree by more than the tolerance expose. Why 50%: the
 * tolerance must sit above what the machine does on its own (its speed comes in phases of seconds, which move a
 * result's halves apart with no JIT at work) and below what the rule exists to catch (a cold start of 10x and
 * more; the negative control's is 20x). The rule is a heuristic with a stated tolerance, not a statistical test;
 * the spread of what it lets through is in every verdict ({@link RatioInterval}). The measurements:
 * bench/SETTINGS.md.
 */
final class SteadyState {

    /** Largest accepted relative difference of the two halves' medians (relative to the smaller). */
    static final double TOLERANCE = 0.50;
    /** Fewest measurement iterations the rule can judge (two per half). */
    static final int MIN_ITERATIONS = 4;

    private SteadyState() {}

    /**
     * The rule's answer for one result.
     *
     * @param steady whether the result is steady
     * @param why    the halves' medians and their difference, or why the rule could not judge
     */
    record Check(boolean steady, String why) {}

    /**
     * Applies the rule to one result: the first halves of all its forks' iterations, pooled, against the
     * second halves, pooled. Pooled, because what the rule exists to catch happens in every JVM alike (each
     * fork starts cold, and a JIT still compiling makes each fork's first half slower), while the machine's
     * phases of seconds fall anywhere in any one fork, so a rule asking every fork to pass would keep results
     * out of the verdicts for the machine's sake (bench/SETTINGS.md). A cold start confined to one fork of two
     * still shows: its slow iterations are half of the pooled first halves (see SteadyStateTest).
     *
     * @param forks the measurement iterations of each fork, each in the order JMH ran them
     */
    static Check checkForks(List<List<Double>> forks) {
        if (forks.isEmpty()) {
            return new Check(false, "0 measurement iteration(s) in JMH's JSON, the rule needs " + MIN_ITERATIONS);
        }
        List<Double> first = new ArrayList<>();
        List<Double> second = new ArrayList<>();
        for (int i = 0; i < forks.size(); i++) {
            List<Double> fork = forks.get(i);
            if (fork.size() < MIN_ITERATIONS) {
                return new Check(
                        false,
                        (forks.size() == 1 ? "" : "fork " + (i + 1) + ": ") + fork.size()
                                + " measurement iteration(s) in JMH's JSON, the rule needs " + MIN_ITERATIONS);
            }
            int half = fork.size() / 2;
            first.addAll(fork.subList(0, half));
            second.addAll(fork.subList(fork.size() - half, fork.size()));
        }
        double a = median(first);
        double b = median(second);
        double smaller = Math.min(a, b);
        if (!(smaller > 0)) {
            return new Check(false, "a half's median is not positive (" + a + ", " + b + ")");
        }
        double difference = Math.abs(a - b) / smaller;
        String why = String.format(
                Locale.ROOT,
                "medians of the first and second %s %s and %s: %.0f%% apart",
                forks.size() == 1 ? "half" : "halves of " + forks.size() + " forks",
                num(a),
                num(b),
                100 * difference);
        return new Check(
                difference <= TOLERANCE,
                why + (difference <= TOLERANCE ? "" : String.format(Locale.ROOT, " (over %.0f%%)", 100 * TOLERANCE)));
    }

    /** Applies the rule to one fork's measurement iterations, in the order JMH ran them. */
    static Check check(List<Double> iterations) {
        return checkForks(List.of(iterations));
    }

    /** The median of a non-empty list. */
    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int m = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(m) : (sorted.get(m - 1) + sorted.get(m)) / 2;
    }

    private static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
