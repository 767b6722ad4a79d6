package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.engine.ConsumerLabels;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.key.KeyProbe;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;

/**
 * How the explorer names a state to recognise it: each keying is exact (no hash compaction); they
 * differ in representation and in whether consumers are renamed.
 *
 * <p>Thread-safe: each thread writes its binary keys with a builder of its own.
 */
public enum Keying implements ProbingKey {

    /** {@link LockstepPair#stateKey()}: the String key, the old path, kept for comparison. */
    STRING,

    /** {@link LockstepPair#key}: the same content in binary, consumers by id. */
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
     * The key of the pair's state: a String for {@link #STRING}, a
     * {@link io.cursorcheck.properties.engine.key.StateKey} otherwise; equal keys, equal states (up to a
     * renaming of consumers for {@link #SYMMETRIC}).
     *
     * @param pair the pair
     * @return its key
     */
    @Override
    public Object apply(LockstepPair pair) {
        return switch (this) {
            case STRING -> pair.stateKey();
            case BINARY -> pair.key(BUILDERS.get(), false);
            case SYMMETRIC -> pair.key(BUILDERS.get(), true);
        };
    }

    /**
     * {@inheritDoc} For the binary keyings, a {@link KeyProbe} over this thread's builder; for {@link #STRING},
     * the String key itself.
     */
    @Override
    public Object probe(LockstepPair pair) {
        return switch (this) {
            case STRING -> pair.stateKey();
            case BINARY -> probe(pair, null);
            case SYMMETRIC -> probe(pair, ConsumerLabels.MODEL_ATTACH_ORDER);
        };
    }

    private static KeyProbe probe(LockstepPair pair, ConsumerLabels labels) {
        StateKeyBuilder builder = BUILDERS.get();
        pair.writeKey(builder, labels);
        return builder.probe();
    }

    /** {@inheritDoc} A probe's copy ({@link KeyProbe#toKey()}); a String key is its own. */
    @Override
    public Object own(Object probe) {
        return probe instanceof KeyProbe p ? p.toKey() : probe;
    }

    /** The name the command line and the reports give this keying: {@code string}, {@code binary}, {@code symmetric}. */
    public String keyName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The keying a command-line value names ({@code string}, {@code binary}, {@code symmetric}).
     *
     * @throws IllegalArgumentException if {@code value} names none
     */
    public static Keying parse(String value) {
        for (Keying k : values()) {
            if (k.name().equalsIgnoreCase(value)) {
                return k;
            }
        }
        throw new IllegalArgumentException("'" + value + "' is not a keying; keyings: string, binary, symmetric");
    }
}
