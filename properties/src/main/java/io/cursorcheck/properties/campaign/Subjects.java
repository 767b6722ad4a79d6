package io.cursorcheck.properties.campaign;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.BlackBox;
import io.cursorcheck.properties.engine.ScanCheck;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Algorithm;
import java.util.stream.Collectors;

/**
 * Resolves a subject's id: a {@link Variant} of the registry, or a {@link Mutant}, either of them
 * optionally seen {@link BlackBox black-box} ({@code attach-at-end+black-box}) or with the
 * {@link ScanCheck scan-count check} against the real class it patches ({@code fail-keeps-count+scans}); a
 * mutant may follow the corrected algorithm of spec §8 ({@code detach-forgets-count+corrected},
 * {@code detach-forgets-count+corrected+black-box}).
 */
public final class Subjects {

    private Subjects() {}

    /**
     * The variant or mutant with this id.
     *
     * @throws IllegalArgumentException listing the known ids if there is none
     */
    public static BroadcastFactory named(String id) {
        if (id.endsWith(BlackBox.SUFFIX)) {
            return new BlackBox(named(id.substring(0, id.length() - BlackBox.SUFFIX.length())));
        }
        if (id.endsWith(ScanCheck.SUFFIX)) {
            String base = id.substring(0, id.length() - ScanCheck.SUFFIX.length());
            return new ScanCheck(named(base), reference(base));
        }
        for (Variant v : Variant.values()) {
            if (v.id().equals(id)) {
                return v;
            }
        }
        if (id.endsWith(MutantCompiler.CORRECTED_SUFFIX)) {
            Mutant corrected = Mutants.named(id.substring(0, id.length() - MutantCompiler.CORRECTED_SUFFIX.length()));
            if (corrected != null) {
                return Mutants.factory(corrected, Algorithm.CORRECTED);
            }
        }
        Mutant m = Mutants.named(id);
        if (m != null) {
            return Mutants.factory(m);
        }
        throw new IllegalArgumentException("unknown variant '" + id + "'; variants: " + Variant.names() + "; mutants: "
                + Mutants.all().stream().map(Mutant::id).collect(Collectors.joining(", ")) + "; add " + BlackBox.SUFFIX
                + " to hide the diagnostics, or " + ScanCheck.SUFFIX + " to check the scan count; a mutant's id with "
                + MutantCompiler.CORRECTED_SUFFIX + " follows the corrected algorithm");
    }

    /** The subject with the scan-count check against the real class: a variant against itself, a mutant against its original. */
    public static ScanCheck scanChecked(BroadcastFactory subject) {
        return new ScanCheck(subject, reference(subject.id()));
    }

    /** The real class a subject's scan count is held to: a mutant's original under the mutant's algorithm, else itself. */
    private static BroadcastFactory reference(String id) {
        Mutant m = Mutants.named(id);
        if (m != null) {
            return Mutants.original(m);
        }
        if (id.endsWith(MutantCompiler.CORRECTED_SUFFIX)) {
            Mutant corrected = Mutants.named(id.substring(0, id.length() - MutantCompiler.CORRECTED_SUFFIX.length()));
            if (corrected != null) {
                return Mutants.original(corrected, Algorithm.CORRECTED);
            }
        }
        return named(id);
    }
}
