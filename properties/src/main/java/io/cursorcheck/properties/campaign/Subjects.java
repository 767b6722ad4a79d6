package io.cursorcheck.properties.campaign;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.BlackBox;
import io.cursorcheck.properties.engine.ScanCheck;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.Options;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Resolves a subject's id: a {@link Variant} of the registry, or a {@link Mutant}, either of them
 * optionally seen {@link BlackBox black-box} ({@code attach-at-end+black-box}) or with the
 * {@link ScanCheck scan-count check} against the real class it patches ({@code fail-keeps-count+scans}); a
 * mutant may follow the corrected algorithm of spec §8 ({@code detach-forgets-count+corrected},
 * {@code detach-forgets-count+corrected+black-box}).
 *
 * <p>The one resolver of subject names: the campaign's ids, and the subjects of the concurrency races
 * (jcstress, Fray, Lincheck): the two thread-safe variants by the names their jcstress subjects have
 * ({@value #LOCKED}, {@value #PUBLISHED}) and the racy twins of {@link Mutants#RACY_TWINS} by id. Stateless.
 */
public final class Subjects {

    /** The lock-based baseline of the races, {@link Variant#LOCKED_COUNT}. */
    public static final String LOCKED = "Locked";
    /** The design under test of the races, lock-free reads: {@link Variant#PUBLISHED_CURSOR}. */
    public static final String PUBLISHED = "Published";
    /** The real variants every race runs on, in this order. */
    public static final List<String> RACE_VARIANTS = List.of(LOCKED, PUBLISHED);

    private Subjects() {}

    /**
     * A new broadcast for a race: a thread-safe variant ({@value #LOCKED}, {@value #PUBLISHED}) or a racy twin
     * by id, the real class with one patch compiled into a package of its own. A jcstress test calls it for
     * every sample, so it looks up no more than it must.
     *
     * @throws IllegalArgumentException if the subject is neither
     */
    public static BlockingBroadcast race(String subject, Options options) {
        return (BlockingBroadcast) raceFactory(subject).create(options);
    }

    /**
     * A race's subject as a factory: {@link #RACE_VARIANTS} by their race names, a racy twin by id.
     *
     * @throws IllegalArgumentException if the subject is neither
     */
    public static BroadcastFactory raceFactory(String subject) {
        if (LOCKED.equals(subject)) {
            return Variant.LOCKED_COUNT;
        }
        if (PUBLISHED.equals(subject)) {
            return Variant.PUBLISHED_CURSOR;
        }
        return Mutants.factory(racyTwin(subject));
    }

    /**
     * The racy twin of that id.
     *
     * @throws IllegalArgumentException if {@link Mutants#RACY_TWINS} has no twin of that id
     */
    public static Mutant racyTwin(String id) {
        Mutant m = Mutants.named(id);
        if (m == null || !Mutants.RACY_TWINS.contains(m)) {
            throw new IllegalArgumentException("subject '" + id + "' is neither " + LOCKED + ", " + PUBLISHED
                    + " nor a racy twin of Mutants.RACY_TWINS");
        }
        return m;
    }

    /** Whether a race's subject is a racy twin (a negative control) rather than one of {@link #RACE_VARIANTS}. */
    public static boolean isRacyTwin(String subject) {
        return !RACE_VARIANTS.contains(subject);
    }

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
