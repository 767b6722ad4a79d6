package io.cursorcheck.properties.engine;

import io.cursorcheck.spi.Algorithm;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * The known findings a lockstep pair continues past (spec §3, "After a finding"): breaches of an
 * invariant by the model that does not throw, such as the stranded read of
 * {@code reentrant-flush-strands-read} ({@code MODEL_INVARIANT:I11}). At such a breach the pair
 * records the finding and goes on comparing the subject with the model, so that a port's slip after
 * the re-entrant path is not hidden behind it. A model that throws, or a breach no known finding
 * matches, still ends the sequence.
 *
 * <p>Held as the findings' signatures, so that a counterexample file can name them
 * ({@code continuedPast}) and replay continues past exactly those. Immutable.
 */
public final class Tolerance {

    /** Continues past nothing: every finding against the model ends the sequence. */
    public static final Tolerance NONE = new Tolerance(List.of());

    private static final String PREFIX = Failure.Kind.MODEL_INVARIANT.name() + ":";

    private final List<String> signatures;

    private Tolerance(Collection<String> signatures) {
        this.signatures = List.copyOf(new TreeSet<>(signatures));
    }

    /**
     * The known findings in which the model breaks an invariant without throwing, as far as
     * {@link KnownFindings#matching} knows them for {@code algorithm} (none under the corrected one).
     *
     * @param known     the known findings, or null (then none)
     * @param algorithm the subject's algorithm, and so its model's
     */
    public static Tolerance of(KnownFindings known, Algorithm algorithm) {
        if (known == null) {
            return NONE;
        }
        TreeSet<String> tolerated = new TreeSet<>();
        for (KnownFindings.Finding f : known.all()) {
            String signature = f.signature();
            // Matched as the engine matches a failure, so that the algorithm's rule is KnownFindings' alone.
            if (signature != null
                    && signature.startsWith(PREFIX)
                    && known.matching(
                                    new Failure(Failure.Kind.MODEL_INVARIANT, 0, signature, signature, null, null),
                                    algorithm)
                            != null) {
                tolerated.add(signature);
            }
        }
        return tolerated.isEmpty() ? NONE : new Tolerance(tolerated);
    }

    /**
     * The findings a counterexample file names.
     *
     * @throws IllegalArgumentException naming the signature if one is not a model's invariant breach
     */
    public static Tolerance of(Collection<String> signatures) {
        for (String s : signatures) {
            if (s == null || !s.startsWith(PREFIX) || s.length() == PREFIX.length()) {
                throw new IllegalArgumentException("a finding to continue past must be a signature " + PREFIX
                        + "<invariants> (the model breaks an invariant without throwing), was " + s);
            }
        }
        return signatures.isEmpty() ? NONE : new Tolerance(signatures);
    }

    /** Whether the pair records {@code failure} and goes on comparing. */
    public boolean tolerates(Failure failure) {
        return failure.kind() == Failure.Kind.MODEL_INVARIANT && signatures.contains(failure.signature());
    }

    /** The signatures continued past, sorted. */
    public List<String> signatures() {
        return signatures;
    }

    /** Whether it continues past nothing. */
    public boolean isEmpty() {
        return signatures.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Tolerance t && t.signatures.equals(signatures);
    }

    @Override
    public int hashCode() {
        return signatures.hashCode();
    }

    @Override
    public String toString() {
        return signatures.isEmpty() ? "none" : String.join(", ", signatures);
    }
}
