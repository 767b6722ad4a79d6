package io.cursorcheck.properties;

import io.cursorcheck.impl.CachedCountBroadcast;
import io.cursorcheck.impl.DirtyFlagBroadcast;
import io.cursorcheck.impl.LockedCountBroadcast;
import io.cursorcheck.impl.PublishedCursorBroadcast;
import io.cursorcheck.impl.WheelBroadcast;
import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every implementation the suite knows, by a short stable name. Tests, the command line, the
 * exhaustive checker and the benchmarks iterate over this list, so a variant added here is
 * checked everywhere at once.
 */
public enum Variant implements BroadcastFactory {

    /** The reference model. */
    MODEL(
            "model",
            "ScanningModel: the reference, rescans every consumer wherever a minimum is needed",
            ScanningModel::new,
            Conformance.REFERENCE),
    /** Node after PR #63322. */
    CACHED_COUNT(
            "cached-count",
            "CachedCountBroadcast: cached minimum plus the count of consumers at it" + " (Node 26.2.0 and later)",
            CachedCountBroadcast::new,
            Conformance.CONFORMS),
    /** The cached-count core behind one lock, with blocking reads and writes. */
    LOCKED_COUNT(
            "locked-count",
            "LockedCountBroadcast: cached-count behind one lock, thread-safe, blocking" + " take/put",
            LockedCountBroadcast::new,
            Conformance.CONFORMS),
    /** Lock-free reads of retained entries, the rest under a lock. */
    PUBLISHED_CURSOR(
            "published-cursor",
            "PublishedCursorBroadcast: thread-safe, consumers read retained entries"
                    + " without the lock; atomic count, exclusive scans",
            PublishedCursorBroadcast::new,
            Conformance.CONFORMS),
    /** Counts per buffered position: O(1) amortised tracking for every access pattern. */
    WHEEL(
            "wheel",
            "WheelBroadcast: a count of consumers per buffered position in a ring aligned with the buffer;"
                    + " the minimum walks forward over empty slots, never rescans",
            WheelBroadcast::new,
            Conformance.CONFORMS),
    /** Node up to 26.1.0. */
    DIRTY_FLAG(
            "dirty-flag",
            "DirtyFlagBroadcast: cached minimum plus a dirty flag (Node up to 26.1.0),"
                    + " expected to diverge from the model",
            DirtyFlagBroadcast::new,
            Conformance.DIVERGES),
    /** The reference for the corrected algorithm of spec §8. */
    MODEL_CORRECTED(
            "model-corrected",
            "ScanningModel with the correction of spec §8: a flush never runs inside" + " another",
            o -> new ScanningModel(o, Algorithm.CORRECTED),
            Conformance.REFERENCE,
            Algorithm.CORRECTED),
    /** The cached-count port with the correction of spec §8, checked against {@link #MODEL_CORRECTED}. */
    CACHED_COUNT_CORRECTED(
            "cached-count-corrected",
            "CachedCountBroadcast with the correction of spec §8 (one flush" + " at a time), against model-corrected",
            o -> new CachedCountBroadcast(o, Algorithm.CORRECTED),
            Conformance.CONFORMS,
            Algorithm.CORRECTED);

    /** What the lockstep engine expects of a variant against the model. */
    public enum Conformance {
        /** The model itself. */
        REFERENCE,
        /** Must agree with the model on every observation and keep every invariant. */
        CONFORMS,
        /** Historical behaviour: the suite must find its divergence. */
        DIVERGES
    }

    private final String cliName;
    private final String description;
    private final Function<Options, Broadcast> constructor;
    private final Conformance conformance;
    private final Algorithm algorithm;

    Variant(String cliName, String description, Function<Options, Broadcast> constructor, Conformance conformance) {
        this(cliName, description, constructor, conformance, Algorithm.AS_RELEASED);
    }

    Variant(
            String cliName,
            String description,
            Function<Options, Broadcast> constructor,
            Conformance conformance,
            Algorithm algorithm) {
        this.cliName = cliName;
        this.description = description;
        this.constructor = constructor;
        this.conformance = conformance;
        this.algorithm = algorithm;
    }

    @Override
    public Algorithm algorithm() {
        return algorithm;
    }

    /** The reference model of an algorithm: {@link #MODEL} for spec §2, {@link #MODEL_CORRECTED} for §8. */
    public static Variant referenceFor(Algorithm algorithm) {
        return algorithm == Algorithm.CORRECTED ? MODEL_CORRECTED : MODEL;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Broadcast create(Options options) {
        return constructor.apply(options);
    }

    /** Whether this variant must agree with the model, is the model, or must be caught diverging. */
    public Conformance conformance() {
        return conformance;
    }

    /**
     * The variant with the given name.
     *
     * @throws IllegalArgumentException naming the known variants if there is none
     */
    public static Variant named(String name) {
        for (Variant v : values()) {
            if (v.cliName.equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + name + "'; known: " + names());
    }

    /** The names of all variants, comma separated. */
    public static String names() {
        return Arrays.stream(values()).map(Variant::id).collect(Collectors.joining(", "));
    }

    /** Every variant except the reference models. */
    public static List<Variant> subjects() {
        return Arrays.stream(values())
                .filter(v -> v.conformance != Conformance.REFERENCE)
                .toList();
    }

    /** The short stable name, e.g. {@code cached-count}. */
    @Override
    public String id() {
        return cliName;
    }

    @Override
    public String toString() {
        return cliName;
    }
}
