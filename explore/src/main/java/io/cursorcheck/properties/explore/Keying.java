package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.engine.ConsumerLabels;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.key.KeyProbe;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.properties.engine.search.ProbingKey;

/**
 * How the explorer names a state to recognise it: the pair's binary key ({@link LockstepPair#key}), exact (no
 * hash compaction), with or without consumers renamed. Turning the renaming off is how a run or a test checks
 * that symmetry changes no verdict and no shortest length.
 *
 * <p>Thread-safe: each thread writes its binary keys with a builder of its own.
 */
public enum Keying implements ProbingKey {

    /** {@link LockstepPair#key}: consumers by id. */
    BINARY,

    /**
     * {@link LockstepPair#key} with consumers renamed by the model's attach order (consumer
     * symmetry; its soundness is argued there): states equal up to a renaming of consumers are one.
     */
    SYMMETRIC;

    /** The keying the explorer uses unless told otherwise. */
    public static final Keying DEFAULT = SYMMETRIC;

    private static final ThreadLocal<StateKeyBuilder> BUILDERS = ThreadLocal.withInitial(StateKeyBuilder::new);

    /**
     * The key of the pair's state, a {@link io.cursorcheck.properties.engine.key.StateKey}: equal keys, equal
     * states (up to a renaming of consumers for {@link #SYMMETRIC}).
     *
     * @param pair the pair
     * @return its key
     */
    @Override
    public Object apply(LockstepPair pair) {
        return switch (this) {
            case BINARY -> pair.key(BUILDERS.get(), false);
            case SYMMETRIC -> pair.key(BUILDERS.get(), true);
        };
    }

    /** {@inheritDoc} A {@link KeyProbe} over this thread's builder. */
    @Override
    public Object probe(LockstepPair pair) {
        return switch (this) {
            case BINARY -> probe(pair, null);
            case SYMMETRIC -> probe(pair, ConsumerLabels.MODEL_ATTACH_ORDER);
        };
    }

    private static KeyProbe probe(LockstepPair pair, ConsumerLabels labels) {
        StateKeyBuilder builder = BUILDERS.get();
        pair.writeKey(builder, labels);
        return builder.probe();
    }

    /** {@inheritDoc} A probe's copy ({@link KeyProbe#toKey()}). */
    @Override
    public Object own(Object probe) {
        return ((KeyProbe) probe).toKey();
    }

    /** The name the command line and the reports give this keying: {@code binary}, {@code symmetric}. */
    public String keyName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The keying a command-line value names ({@code binary}, {@code symmetric}).
     *
     * @throws IllegalArgumentException if {@code value} names none
     */
    public static Keying parse(String value) {
        for (Keying k : values()) {
            if (k.name().equalsIgnoreCase(value)) {
                return k;
            }
        }
        throw new IllegalArgumentException("'" + value + "' is not a keying; keyings: binary, symmetric");
    }
}
