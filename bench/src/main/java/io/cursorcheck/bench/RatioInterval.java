package io.cursorcheck.bench;

import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The ratio of two results with its spread: the point is the ratio of the two results' medians
 * over their measurement iterations; the interval runs from the smallest to the largest ratio over
 * every pair of iterations ({@code min(a) / max(b)} to {@code max(a) / min(b)}). A target is met
 * only when the whole interval clears it, not met only when the whole interval misses it, and
 * undecided otherwise: a verdict that holds for every pairing of iterations is one that a second
 * run on the same machine, with iterations in the same range, gives again.
 *
 * @param point the ratio of medians
 * @param low   the smallest ratio over iteration pairs
 * @param high  the largest ratio over iteration pairs
 */
record RatioInterval(double point, double low, double high) {

    /**
     * The ratio {@code numerator / denominator} of two results' measurement iterations.
     *
     * @throws IllegalArgumentException if either has no iteration or one is not positive
     */
    static RatioInterval of(List<Double> numerator, List<Double> denominator) {
        if (numerator.isEmpty() || denominator.isEmpty()) {
            throw new IllegalArgumentException("a ratio needs iterations on both sides (" + numerator.size() + ", "
                    + denominator.size() + ")");
        }
        if (!(Collections.min(denominator) > 0) || !(Collections.min(numerator) > 0)) {
            throw new IllegalArgumentException("a ratio needs positive iterations: " + numerator + " / " + denominator);
        }
        return new RatioInterval(SteadyState.median(numerator) / SteadyState.median(denominator),
                Collections.min(numerator) / Collections.max(denominator),
                Collections.max(numerator) / Collections.min(denominator));
    }

    /** Met if the whole interval is at or above {@code factor}, not met if all of it is below. */
    BenchReport.Outcome atLeast(double factor) {
        return low >= factor ? BenchReport.Outcome.MET : high < factor ? BenchReport.Outcome.NOT_MET
                : BenchReport.Outcome.UNDECIDED;
    }

    /** Met if the whole interval is at or below {@code factor}, not met if all of it is above. */
    BenchReport.Outcome atMost(double factor) {
        return high <= factor ? BenchReport.Outcome.MET : low > factor ? BenchReport.Outcome.NOT_MET
                : BenchReport.Outcome.UNDECIDED;
    }

    /** E.g. {@code 1.17x [1.05x, 1.30x]}. */
    @Override
    public String toString() {
        String f = point >= 10 ? "%.1fx [%.1fx, %.1fx]" : "%.2fx [%.2fx, %.2fx]";
        return String.format(Locale.ROOT, f, point, low, high);
    }
}
