package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The campaign's lockstep schedule ({@link Campaign.Schedule}) on a simulated clock where every variant
 * uses exactly its budget: the whole fits in the time given, {@code cached-count-corrected} (the corrected
 * algorithm's port, the last variant of the registry) gets a full share like every other conforming
 * variant but {@code cached-count}, and {@code model-corrected} runs as long as {@code model}. The control
 * is the first rule, which charged each reference a fifth without promising it ahead: on the same clock
 * it leaves {@code cached-count-corrected} its one-second floor and overruns the time given.
 */
class CampaignScheduleTest {

    private static final long MINUTES_3 = 180_000;

    @Test
    void everyConformingVariantGetsItsShareAndTheWholeFits() {
        Map<Variant, Long> budgets = simulate(MINUTES_3);
        long total = budgets.values().stream().mapToLong(Long::longValue).sum();
        assertThat(total).as("the schedule fits in the time given").isLessThanOrEqualTo(MINUTES_3);
        assertThat(budgets.get(Variant.MODEL_CORRECTED))
                .isEqualTo(budgets.get(Variant.MODEL))
                .isEqualTo(MINUTES_3 / 10);
        long share = budgets.get(Variant.LOCKED_COUNT);
        assertThat(share).isGreaterThan(10_000);
        for (Variant v : Variant.values()) {
            if (v.conformance() == Variant.Conformance.CONFORMS) {
                long expected = v == Variant.CACHED_COUNT ? 2 * share : share;
                assertThat(budgets.get(v)).as("%s's budget", v.id()).isBetween(expected - 2, expected + 2);
            }
        }
    }

    @Test
    void theFirstRuleStarvedTheCorrectedPortAndOverran() {
        // Control: the rule before the corrected variants came, on the same simulated clock.
        long remaining = MINUTES_3;
        int sharesLeft = 0;
        for (Variant v : Variant.values()) {
            sharesLeft += v.conformance() == Variant.Conformance.CONFORMS ? (v == Variant.CACHED_COUNT ? 2 : 1) : 0;
        }
        long spent = 0;
        Map<Variant, Long> old = new EnumMap<>(Variant.class);
        for (Variant v : Variant.values()) {
            long left = MINUTES_3 - spent;
            int shares = v == Variant.CACHED_COUNT ? 2 : 1;
            long budget = switch (v.conformance()) {
                case REFERENCE -> remaining / 5;
                case DIVERGES -> Math.max(2_000, remaining / 10);
                case CONFORMS -> Math.max(1_000, left * shares / Math.max(1, sharesLeft));
            };
            if (v.conformance() == Variant.Conformance.CONFORMS) {
                sharesLeft -= shares;
            }
            old.put(v, budget);
            spent += budget;
        }
        assertThat(old.get(Variant.CACHED_COUNT_CORRECTED)).isEqualTo(1_000);
        assertThat(spent).isGreaterThan(MINUTES_3);
        // The schedule does not: it is what tells the two apart.
        assertThat(simulate(MINUTES_3).get(Variant.CACHED_COUNT_CORRECTED)).isGreaterThan(10_000);
    }

    private static Map<Variant, Long> simulate(long remaining) {
        Campaign.Schedule schedule = new Campaign.Schedule(remaining);
        Map<Variant, Long> budgets = new EnumMap<>(Variant.class);
        long spent = 0;
        for (Variant v : Variant.values()) {
            long budget = schedule.next(v, remaining - spent);
            budgets.put(v, budget);
            spent += budget;
        }
        return budgets;
    }
}
