package io.cursorcheck.properties;

import io.cursorcheck.impl.CachedCountBroadcast;
import io.cursorcheck.impl.DirtyFlagBroadcast;
import io.cursorcheck.impl.LockedCountBroadcast;
import io.cursorcheck.impl.PublishedCursorBroadcast;
import io.cursorcheck.impl.WheelBroadcast;
import io.cursorcheck.model.ScanningModel;
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
    MODEL("model", "ScanningModel: the reference, rescans every consumer wherever a minimum is needed",
            ScanningModel::new, Conformance.REFERENCE),
    /** Node after PR #63322. */
    CACHED_COUNT("cached-count", "CachedCountBroadcast: cached minimum plus the count of consumers at it"
            + " (Node 26.2.0 and later)", CachedCountBroadcast::new, Conformance.CONFORMS),
    /** The cached-count core behind one lock, with blocking reads and writes. */
    LOCKED_COUNT("locked-count", "LockedCountBroadcast: cached-count behind one lock, thread-safe, blocking"
            + " take/put", LockedCountBroadcast::new, Conformance.CONFORMS),
    /** Lock-free reads of retained entries, the rest under a lock. */
    PUBLISHED_CURSOR("published-cursor", "PublishedCursorBroadcast: thread-safe, consumers read retained entries"
            + " without the lock; atomic count, exclusive scans", PublishedCursorBroadcast::new, Conformance.CONFORMS),
    /** Counts per buffered position: O(1) amortised tracking for every access pattern. */
    WHEEL("wheel", "WheelBroadcast: a count of consumers per buffered position in a ring aligned with the buffer;"
            + " the minimum walks forward over empty slots, never rescans", WheelBroadcast::new, Conformance.CONFORMS),
    /** Node up to 26.1.0. */
    DIRTY_FLAG("dirty-flag", "DirtyFlagBroadcast: cached minimum plus a dirty flag (Node up to 26.1.0),"
            + " expected to diverge from the model", DirtyFlagBroadcast::new, Conformance.DIVERGES);

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

    Variant(String cliName, String description, Function<Options, Broadcast> constructor, Conformance conformance) {
        this.cliName = cliName;
        this.description = description;
        this.constructor = constructor;
        this.conformance = conformance;
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

    /** Every variant except the model. */
    public static List<Variant> subjects() {
        return Arrays.stream(values()).filter(v -> v != MODEL).toList();
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
