package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Coverage;
import io.cursorcheck.properties.engine.Gate;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.run.RandomRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The measured rates behind the coverage floors' sample sizes ({@link Coverage.MeasuredRate}): a fresh
 * measurement on a fixed seed must agree with the numbers in {@link Coverage}, each state's mean within four
 * of the fresh sample's standard errors and its mean square within a fifth, or the sample sizes the floors are
 * judged on rest on rates the generator no longer has.
 *
 * <p>The measurement itself, recorded in reports/runs/: {@code -Dcursorcheck.coverageRates.sequences=N} measures
 * N sequences per model instead and writes the record's table and the constants to
 * {@code properties/target/coverage-rates.md}.
 */
class CoverageRatesTest {

    /** Sequences per model of the check against the constants. */
    private static final long CHECK_SEQUENCES = 20_000;

    private static final long SEED = 20261206L;

    /** One model's per-sequence rates of every state. */
    private record Measured(Variant model, Coverage coverage) {
        double mean(Coverage.State s) {
            return (double) coverage.count(s) / coverage.sequences();
        }

        double square(Coverage.State s) {
            return (double) coverage.sumOfSquares(s) / coverage.sequences();
        }

        double standardError(Coverage.State s) {
            double m = mean(s);
            return Math.sqrt(Math.max(0, square(s) - m * m) / coverage.sequences());
        }
    }

    private static Measured measure(Variant model, long sequences) {
        Coverage c = RandomRun.run(
                        new RandomRun.Config(
                                model,
                                SEED,
                                sequences,
                                Long.MAX_VALUE,
                                Gate.MAX_STEPS,
                                Weights.DEFAULT,
                                Gate.THREADS,
                                false,
                                null,
                                Gate.known(),
                                true),
                        new RandomRun.Progress())
                .coverage();
        return new Measured(model, c);
    }

    @Test
    void theConstantsAgreeWithAFreshMeasurement() throws IOException {
        long n = Long.getLong("cursorcheck.coverageRates.sequences", CHECK_SEQUENCES);
        List<Measured> models = List.of(measure(Variant.MODEL, n), measure(Variant.MODEL_CORRECTED, n));
        if (n != CHECK_SEQUENCES) {
            record(models, n);
        }
        List<String> off = new ArrayList<>();
        for (Coverage.State s : Coverage.State.values()) {
            if (s.floorPerThousand() == 0) {
                continue; // a state without a floor bears no verdict: its rate sizes no sample
            }
            Coverage.MeasuredRate constant = Coverage.MeasuredRate.of(s);
            Measured low = models.stream()
                    .min((a, b) -> Double.compare(a.mean(s), b.mean(s)))
                    .orElseThrow();
            double square = models.stream().mapToDouble(m -> m.square(s)).max().orElseThrow();
            if (Math.abs(low.mean(s) - constant.mean()) > 4 * low.standardError(s)) {
                off.add(String.format(
                        Locale.ROOT,
                        "%s: mean %.5f measured on %s, %.5f in Coverage (4 standard errors: %.5f)",
                        s,
                        low.mean(s),
                        low.model().id(),
                        constant.mean(),
                        4 * low.standardError(s)));
            }
            if (Math.abs(square - constant.square()) > constant.square() / 5) {
                off.add(String.format(
                        Locale.ROOT, "%s: mean square %.5f measured, %.5f in Coverage", s, square, constant.square()));
            }
        }
        assertThat(off).as("measured rates against Coverage's constants").isEmpty();
    }

    /** The record's table and the constants, from {@code n} sequences per model. */
    private static void record(List<Measured> models, long n) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT,
                "%,d sequences per model, seed %d, default weights, %d steps at most%n%n",
                n,
                SEED,
                Gate.MAX_STEPS));
        b.append("| state | floor per 1,000 | mean (model) | mean (model-corrected) | mean square (max)"
                + " | sequences to judge |\n|---|---:|---:|---:|---:|---:|\n");
        StringBuilder constants = new StringBuilder();
        for (Coverage.State s : Coverage.State.values()) {
            double mean = Math.min(models.get(0).mean(s), models.get(1).mean(s));
            double square = Math.max(models.get(0).square(s), models.get(1).square(s));
            double f = s.floorPerThousand() / 1000.0;
            String needed = s.floorPerThousand() == 0
                    ? "no floor"
                    : mean <= f
                            ? "never"
                            : String.format(Locale.ROOT, "%,d", (long) Math.ceil(
                                    2 * square * Math.log(1 / Coverage.MISS_CHANCE) / ((mean - f) * (mean - f))));
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %.5f | %.5f | %.5f | %s |%n",
                    s,
                    s.floorPerThousand(),
                    models.get(0).mean(s),
                    models.get(1).mean(s),
                    square,
                    needed));
            constants.append(String.format(
                    Locale.ROOT, "        m.put(State.%s, new MeasuredRate(%.5f, %.5f));%n", s, mean, square));
        }
        b.append("\n```java\n").append(constants).append("```\n");
        Path out = Path.of("target", "coverage-rates.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, b);
        System.out.println(b);
    }
}
