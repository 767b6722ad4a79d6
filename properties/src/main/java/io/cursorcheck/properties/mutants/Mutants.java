package io.cursorcheck.properties.mutants;

import static io.cursorcheck.properties.mutants.Mutant.Impact.LIVENESS;
import static io.cursorcheck.properties.mutants.Mutant.Impact.SAFETY;

import io.cursorcheck.properties.BroadcastFactory;
import java.util.List;

/**
 * The catalogue of deliberately broken variants of {@code CachedCountBroadcast}. Each is the kind
 * of slip a careful engineer could make porting the algorithm, named for what it gets wrong.
 */
public final class Mutants {

    private Mutants() {
    }

    /** The negative controls the default lockstep run must catch and shrink. */
    public static final List<Mutant> CONTROLS = List.of(
            Mutant.cachedCount("detach-forgets-count", LIVENESS,
                    "A detach at the cached minimum trims without decrementing the count, so the minimum never moves"
                            + " past the detached consumer's cursor.",
                    "if (r.cursor == cachedMin && decrementMinCount() == 0 && trimAllowed) {",
                    "if (trimAllowed) {"),
            Mutant.cachedCount("advance-compares-new-cursor", LIVENESS,
                    "An advance compares the cursor after the move with the cached minimum instead of the one before,"
                            + " so the count drops for consumers arriving at the minimum, not for those leaving it.",
                    "if (old == cachedMin && decrementMinCount() == 0) {",
                    "if (old + 1 == cachedMin && decrementMinCount() == 0) {"),
            Mutant.cachedCount("trim-without-retain-guard", SAFETY,
                    "Trim runs with no consumer attached, so the last detach drops everything a late joiner should"
                            + " still read.",
                    """
                            if (consumers.isEmpty()) {
                                        return; // I7: retained data waits for late joiners
                                    }
                            """,
                    ""),
            Mutant.cachedCount("drop-oldest-keeps-stale-minimum", LIVENESS,
                    "DROP_OLDEST eviction moves laggards forward but does not recompute, leaving the cached minimum"
                            + " below bufferStart.",
                    """
                            void evicted() {
                                    recompute();
                                }""",
                    """
                            void evicted() {
                                }"""));

    /** Every mutant. */
    public static List<Mutant> all() {
        return CONTROLS;
    }

    /** The mutant with this id, or null. */
    public static Mutant named(String id) {
        return all().stream().filter(m -> m.id().equals(id)).findFirst().orElse(null);
    }

    /** The compiled factory of a mutant. */
    public static BroadcastFactory factory(Mutant mutant) {
        return MutantCompiler.factory(mutant);
    }
}
