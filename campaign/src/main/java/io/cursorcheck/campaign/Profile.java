package io.cursorcheck.campaign;

import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.spi.Policy;
import java.util.List;
import java.util.function.Function;

/**
 * How much of each part a campaign runs: every part's budget comes from here, so that no part runs at a size
 * the profile did not choose. The default profile runs every kind of check (lockstep, the kill matrix,
 * exploration, jcstress and Lincheck, Fray, conformance, the subjects, the upstream fix) at budgets meant to fit
 * the time in {@code docs/times.md} on 2 cores; {@code --full} adds what only a long run affords (the history of
 * every release, the twins' comparison, the benchmarks, every release of {@link Release#CAMPAIGN}, the deep
 * explore bound) and a longer lockstep run. {@code --minutes} and {@code --seconds} change the lockstep time only,
 * and the parts whose budget follows it (conformance, subjects, upstream), in either profile.
 */
public enum Profile {
    /** Every kind of check, each at the size that fits a short run. */
    DEFAULT(
            "default",
            Profile.DEFAULT_LOCKSTEP_MINUTES * 60_000L,
            List.of(Scope::gate, Scope::writerPathsDeep),
            List.of(),
            "the gate's bound (3 consumers, 11 deep) and the writer paths 8 deep",
            newestOfEachRuntime(),
            false),
    /** Everything: the history, the twins, the benchmarks, every campaign release, the deep explore bound. */
    FULL(
            "full",
            Profile.FULL_LOCKSTEP_MINUTES * 60_000L,
            List.of(Scope::campaign, Scope::writerPathsDeep),
            List.of(Scope::reach),
            "the deep bound (4 consumers, 12 deep), the writer paths 8 deep, and the reach (4 consumers, 14 deep) for"
                    + " cached-count and cached-count-corrected",
            Release.CAMPAIGN,
            true);

    /** The default profile's lockstep minutes, a constant so that the command line's help can name it. */
    public static final int DEFAULT_LOCKSTEP_MINUTES = 1;

    /** The full profile's lockstep minutes. */
    public static final int FULL_LOCKSTEP_MINUTES = 3;

    private final String id;
    private final long lockstepMillis;
    private final List<Function<Policy, Scope>> exploreBounds;
    private final List<Function<Policy, Scope>> reachBounds;
    private final String exploreBudget;
    private final List<Release> releases;
    private final boolean longParts;

    Profile(
            String id,
            long lockstepMillis,
            List<Function<Policy, Scope>> exploreBounds,
            List<Function<Policy, Scope>> reachBounds,
            String exploreBudget,
            List<Release> releases,
            boolean longParts) {
        this.id = id;
        this.lockstepMillis = lockstepMillis;
        this.exploreBounds = exploreBounds;
        this.reachBounds = reachBounds;
        this.exploreBudget = exploreBudget;
        this.releases = releases;
        this.longParts = longParts;
    }

    /** Its name on the page, in {@code index.json} and in {@code part-times.json}. */
    public String id() {
        return id;
    }

    /** The lockstep time when neither {@code --minutes} nor {@code --seconds} is given. */
    public long lockstepMillis() {
        return lockstepMillis;
    }

    /** The bounds every conforming variant must hold in the explore part. */
    public List<Function<Policy, Scope>> exploreBounds() {
        return exploreBounds;
    }

    /**
     * The bounds only {@link ExplorePart#REACH_SUBJECTS} must hold as well, deeper than every variant's: the
     * explorer's reach ({@link Scope#reach}), or none.
     */
    public List<Function<Policy, Scope>> reachBounds() {
        return reachBounds;
    }

    /** The explore part's bounds, in words. */
    public String exploreBudget() {
        return exploreBudget;
    }

    /** The releases the conformance part checks. */
    public List<Release> releases() {
        return releases;
    }

    /** Whether the parts only a long run affords (history, twins, bench) run. */
    public boolean longParts() {
        return longParts;
    }

    /**
     * Each release's budget in the conformance part: half the lockstep time, at least 30 s (below that the rarer
     * shapes of difference are seldom reached).
     */
    public static long conformanceMillis(long lockstepMillis) {
        return Math.max(30_000, lockstepMillis / 2);
    }

    /** The profile named {@code id}. */
    public static Profile named(String id) {
        for (Profile p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no campaign profile named '" + id + "' (default or full)");
    }

    /** The newest Node and the newest Bun of {@link Release#CAMPAIGN}: the list ends with each runtime's newest. */
    private static List<Release> newestOfEachRuntime() {
        Release bun = Release.CAMPAIGN.stream()
                .filter(r -> r.runtime().equals("bun"))
                .reduce((a, b) -> b)
                .orElseThrow();
        return List.of(Release.NEWEST_NODE, bun);
    }
}
