package io.cursorcheck.bench;

import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The ratio of two results with its spread between JVMs. The point is the ratio of the two results'
 * medians over all their measurement iterations. The interval runs from the smallest to the largest
 * ratio over every pair of <em>fork medians</em> (the median of one JMH fork's iterations, one side's
 * fork over the other's): {@code min(fork medians of a) / max(fork medians of b)} to
 * {@code max(fork medians of a) / min(fork medians of b)}. A target is met only when the whole interval
 * clears it, not met only when the whole interval misses it, and undecided otherwise.
 *
 * <p>Why forks, not iterations: what a second run of the profile reports is its own forks' medians, and a
 * fork's level is what moves between runs, which no spread within one fork shows; an interval over single
 * iterations widens with every iteration measured and still comes from one JVM.
 *
 * <p>It is no confidence interval: two forks run one after the other can share a level that the next run does
 * not. A verdict is as safe as its target is far from its threshold. The measurements: bench/SETTINGS.md.
 *
 * <p>With one fork on a side there is no spread between JVMs to show, and the interval falls back to
 * every pair of single iterations; the profiles always run {@link BenchRun#FORKS} forks.
 *
 * @param point the ratio of medians
 * @param low   the smallest ratio over fork-median pairs (iteration pairs with one fork)
 * @param high  the largest ratio over fork-median pairs (iteration pairs with one fork)
 */
record RatioInterval(double point, double low, double high) {

    /**
     * The ratio {@code numerator / denominator} of two results' measurement iterations, a list per fork.
     *
     * @throws IllegalArgumentException if a side or one of its forks has no iteration, or one is not positive
     */
    static RatioInterval ofForks(List<List<Double>> numerator, List<List<Double>> denominator) {
        for (List<List<Double>> side : List.of(numerator, denominator)) {
            if (side.isEmpty() || side.stream().anyMatch(List::isEmpty)) {
                throw new IllegalArgumentException("a ratio needs iterations in every fork on both sides (" + numerator
                        + ", " + denominator + ")");
            }
        }
        if (numerator.size() == 1 || denominator.size() == 1) {
            return of(flat(numerator), flat(denominator));
        }
        RatioInterval all = of(flat(numerator), flat(denominator)); // checks positivity, gives the point
        List<Double> a = numerator.stream().map(SteadyState::median).toList();
        List<Double> b = denominator.stream().map(SteadyState::median).toList();
        return new RatioInterval(
                all.point(), Collections.min(a) / Collections.max(b), Collections.max(a) / Collections.min(b));
    }

    /**
     * The ratio of two single forks' iterations: the interval runs over every pair of iterations
     * ({@code min(a) / max(b)} to {@code max(a) / min(b)}).
     *
     * @throws IllegalArgumentException if either has no iteration or one is not positive
     */
    static RatioInterval of(List<Double> numerator, List<Double> denominator) {
        if (numerator.isEmpty() || denominator.isEmpty()) {
            throw new IllegalArgumentException(
                    "a ratio needs iterations on both sides (" + numerator.size() + ", " + denominator.size() + ")");
        }
        if (!(Collections.min(denominator) > 0) || !(Collections.min(numerator) > 0)) {
            throw new IllegalArgumentException("a ratio needs positive iterations: " + numerator + " / " + denominator);
        }
        return new RatioInterval(
                SteadyState.median(numerator) / SteadyState.median(denominator),
                Collections.min(numerator) / Collections.max(denominator),
                Collections.max(numerator) / Collections.min(denominator));
    }

    private static List<Double> flat(List<List<Double>> forks) {
        return forks.stream().flatMap(List::stream).toList();
    }

    /** Met if the whole interval is at or above {@code factor}, not met if all of it is below. */
    BenchVerdict.Outcome atLeast(double factor) {
        return low >= factor
                ? BenchVerdict.Outcome.MET
                : high < factor ? BenchVerdict.Outcome.NOT_MET : BenchVerdict.Outcome.UNDECIDED;
    }

    /** Met if the whole interval is at or below {@code factor}, not met if all of it is above. */
    BenchVerdict.Outcome atMost(double factor) {
        return high <= factor
                ? BenchVerdict.Outcome.MET
                : low > factor ? BenchVerdict.Outcome.NOT_MET : BenchVerdict.Outcome.UNDECIDED;
    }

    /** E.g. {@code 1.17x [1.05x, 1.30x]}. */
    @Override
    public String toString() {
        String f = point >= 10 ? "%.1fx [%.1fx, %.1fx]" : "%.2fx [%.2fx, %.2fx]";
        return String.format(Locale.ROOT, f, point, low, high);
    }
}
