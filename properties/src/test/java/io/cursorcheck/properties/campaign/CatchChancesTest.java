package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Coverage;
import io.cursorcheck.properties.engine.Gate;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.RandomRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The measured chances behind the sample a survival is judged on ({@link Controls#sequencesToCatch}): per
 * negative control and {@code dirty-flag}, the share of random sequences that catch it (default weights, 60 steps
 * at most, one sequence each, not continued). A fresh measurement on a fixed seed must agree with the numbers in
 * {@link Controls} within four of its standard errors (binomial), and every control must have one.
 *
 * <p>The measurement itself, recorded in reports/runs/: {@code -Dcursorcheck.catchChances.sequences=N} measures
 * N sequences per subject and writes the table and the constants to {@code properties/target/catch-chances.md}.
 */
class CatchChancesTest {

    private static final long CHECK_SEQUENCES = 2_000;
    private static final long SEED = 20261206L;

    private static Map<String, BroadcastFactory> subjects() {
        Map<String, BroadcastFactory> all = new LinkedHashMap<>();
        for (Mutant m : Mutants.CONTROLS) {
            all.put(m.id(), Mutants.factory(m));
        }
        all.put(Variant.DIRTY_FLAG.id(), Variant.DIRTY_FLAG);
        return all;
    }

    /** The share of {@code n} sequences that catch {@code subject} (its own failure, not one against the model). */
    private static double chance(BroadcastFactory subject, long n) {
        Generator generator = new Generator(Weights.DEFAULT, subject.capabilities());
        Tolerance tolerance = Tolerance.of(Gate.known(), subject.algorithm());
        long caught = 0;
        for (long i = 0; i < n; i++) {
            Lockstep.Run run = Lockstep.explore(
                    subject,
                    generator,
                    RandomRun.sequenceSeed(SEED, i),
                    Gate.MAX_STEPS,
                    new Coverage().track(),
                    tolerance);
            if (run.failed() && !run.failure().kind().againstModel()) {
                caught++;
            }
        }
        return (double) caught / n;
    }

    /**
     * A survival on fewer sequences than it needs is too short, not a failure; on as many, it fails: for a
     * control and for dirty-flag, with doctored runs that caught nothing.
     */
    @Test
    void aSurvivalIsTooShortBelowItsSampleAndAFailureOnIt() {
        Mutant control = Mutants.CONTROLS.get(0);
        long needed = Controls.sequencesToCatch(control.id());
        assertThat(new Controls.Verdict(control, uncaught(needed - 1), null).tooShort())
                .isTrue();
        assertThat(new Controls.Verdict(control, uncaught(needed), null).tooShort())
                .isFalse();

        long dirty = Controls.sequencesToCatch(Variant.DIRTY_FLAG.id());
        List<String> problems = new ArrayList<>();
        Campaign.VariantPart shortPart = Campaign.judge(Variant.DIRTY_FLAG, uncaught(dirty - 1), problems);
        assertThat(problems).isEmpty();
        assertThat(shortPart.verdict()).startsWith("not caught, too short: " + (dirty - 1) + " sequences");
        Campaign.VariantPart judged = Campaign.judge(Variant.DIRTY_FLAG, uncaught(dirty), problems);
        assertThat(judged.ok()).isFalse();
        assertThat(problems).singleElement().asString().contains("expected to diverge but passed " + dirty);
    }

    /** A run of {@code sequences} sequences that caught nothing. */
    private static RandomRun.Result uncaught(long sequences) {
        return new RandomRun.Result(null, sequences, sequences * 30, 1_000, new Coverage(), List.of());
    }

    @Test
    void theConstantsAgreeWithAFreshMeasurement() throws IOException {
        long n = Long.getLong("cursorcheck.catchChances.sequences", CHECK_SEQUENCES);
        Map<String, Double> fresh = new LinkedHashMap<>();
        subjects().forEach((id, subject) -> fresh.put(id, chance(subject, n)));
        if (n != CHECK_SEQUENCES) {
            record(fresh, n);
        }
        List<String> off = new ArrayList<>();
        fresh.forEach((id, p) -> {
            if (!Controls.measured(id)) {
                off.add(id + ": no measured chance in Controls");
                return;
            }
            double constant = Controls.catchChance(id);
            double se = Math.sqrt(Math.max(p * (1 - p), 1.0 / n) / n);
            if (Math.abs(p - constant) > 4 * se) {
                off.add(String.format(
                        Locale.ROOT,
                        "%s: %.4f measured, %.4f in Controls (4 standard errors: %.4f)",
                        id,
                        p,
                        constant,
                        4 * se));
            }
        });
        assertThat(off).as("measured chances against Controls' constants").isEmpty();
    }

    private static void record(Map<String, Double> fresh, long n) throws IOException {
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "%,d sequences per subject, seed %d, default weights, %d steps at most%n%n"
                        + "| subject | chance per sequence | sequences to judge a survival |%n|---|---:|---:|%n",
                n,
                SEED,
                Gate.MAX_STEPS));
        StringBuilder constants = new StringBuilder();
        fresh.forEach((id, p) -> {
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %.4f | %s |%n",
                    id,
                    p,
                    p == 0 ? "never" : String.format("%,d", (long) Math.ceil(Math.log(1 / Coverage.MISS_CHANCE) / p))));
            constants.append(String.format(Locale.ROOT, "            Map.entry(\"%s\", %.4f),%n", id, p));
        });
        b.append("\n```java\n").append(constants).append("```\n");
        Path out = Path.of("target", "catch-chances.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, b);
        System.out.println(b);
    }
}
