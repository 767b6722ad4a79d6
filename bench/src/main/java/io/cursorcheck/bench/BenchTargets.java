package io.cursorcheck.bench;

import java.util.List;
import java.util.Map;

/**
 * The benchmark targets as data: what each claims, on which results, against which factor. {@link BenchJudge}
 * judges them on one run's numbers; nothing here reads a number.
 */
final class BenchTargets {

    private BenchTargets() {}

    /** A target's claim, one of the three shapes below. */
    sealed interface Claim permits OneRatio, EveryPoint, ApiVersusPhysical {}

    /**
     * A target judged on one ratio {@code numerator / denominator} of two results at one point.
     *
     * @param name             the target as the page states it
     * @param pattern          the access pattern of both results
     * @param consumers        their consumer count
     * @param numerator        the target (variant or floor) on top
     * @param numeratorLabel   how the page names it
     * @param denominator      the target below
     * @param denominatorLabel how the page names it
     * @param atLeast          whether the ratio must be at least {@code factor} (else at most)
     * @param factor           the factor
     * @param why              the explanation the page gives
     */
    record OneRatio(
            String name,
            Pattern pattern,
            int consumers,
            String numerator,
            String numeratorLabel,
            String denominator,
            String denominatorLabel,
            boolean atLeast,
            double factor,
            String why)
            implements Claim {}

    /**
     * A target over every measured point of {@code variants} against the API floor: each within {@code factor}.
     *
     * @param name      the target as the page states it
     * @param variants  the variants judged
     * @param only      the consumer counts judged, or null for all
     * @param factor    the largest ratio allowed
     */
    record EveryPoint(String name, List<String> variants, List<Integer> only, double factor) implements Claim {}

    /**
     * The API floor within {@code factor} of the physical floor at every measured point.
     *
     * @param name   the target as the page states it
     * @param factor the largest ratio allowed
     */
    record ApiVersusPhysical(String name, double factor) implements Claim {}

    /** The variants of the registry, in report order (the targets minus the floors). */
    static final List<String> VARIANTS =
            BenchRun.TARGETS.stream().filter(t -> !t.startsWith("floor")).toList();

    /** Why each variant pays more than the API floor, where a target names it. */
    static final Map<String, String> WHY_SLOW = Map.of(
            "model", "rescans every consumer wherever a minimum is needed (by design)",
            "dirty-flag", "rescans every consumer on each read at or below the cached minimum",
            "cached-count", "rescans every consumer each time the last consumer at the minimum leaves it",
            "locked-count", "takes and releases a lock around every operation",
            "published-cursor", "lock-free reads pay volatile accesses and an atomic count; exclusive sections a lock",
            "wheel", "updates two slots per advance and walks the minimum over empty slots");

    /** Every target, in the page's order. */
    static final List<Claim> ALL = List.of(
            slowerThanCachedCount("model"),
            slowerThanCachedCount("dirty-flag"),
            new OneRatio(
                    "cached-count at 4096 consumers, LOCKSTEP: within 2x of the API floor",
                    Pattern.LOCKSTEP,
                    4096,
                    "cached-count",
                    "cached-count",
                    Target.API,
                    "API floor",
                    false,
                    2,
                    "its one scan per round of 4096 advances is amortised, but each advance still compares and"
                            + " decrements the count."),
            new EveryPoint(
                    "wheel: within 2x of the API floor for every pattern and consumer count",
                    List.of("wheel"),
                    null,
                    2.0),
            // Where the slowest consumer's moves change the minimum: in CATCHUP every timed read does (WorkloadTest).
            new OneRatio(
                    "wheel at 1024 consumers, where every timed advance moves the minimum (CATCHUP): >= 10x faster"
                            + " than cached-count",
                    Pattern.CATCHUP,
                    1024,
                    "cached-count",
                    "cached-count",
                    "wheel",
                    "wheel",
                    true,
                    10,
                    "the straggler alone at the minimum makes cached-count rescan 1024 consumers on every read."),
            // JUMP as the target was first defined, kept for the record: a claim that pattern cannot test.
            new OneRatio(
                    BenchVerdict.FOR_THE_RECORD + "wheel at 1024 consumers, JUMP: >= 10x faster than cached-count",
                    Pattern.JUMP,
                    1024,
                    "cached-count",
                    "cached-count",
                    "wheel",
                    "wheel",
                    true,
                    10,
                    "not a claim JUMP can test: every consumer reads every entry, so the minimum moves at most once"
                            + " per 1024 advances and cached-count's rescan is O(1) amortised (WorkloadTest); the target"
                            + " above times only advances that move the minimum."),
            new EveryPoint(
                    "at 1 to 4 consumers, no variant more than 1.5x the API floor", VARIANTS, List.of(1, 2, 4), 1.5),
            new ApiVersusPhysical("the API floor within 10x of the physical floor", 10));

    private static OneRatio slowerThanCachedCount(String slow) {
        return new OneRatio(
                "cached-count at 4096 consumers, LOCKSTEP: >= 100x faster per advance than " + slow,
                Pattern.LOCKSTEP,
                4096,
                slow,
                slow,
                "cached-count",
                "cached-count",
                true,
                100,
                slow + " " + WHY_SLOW.get(slow) + "; cached-count rescans once per round of 4096 advances.");
    }
}
