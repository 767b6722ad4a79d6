package io.cursorcheck.properties.engine.search;

import io.cursorcheck.properties.engine.LockstepPair;
import java.util.function.Function;

/**
 * A state key that can be looked up before it is made: {@link #probe} writes the pair's key into the calling
 * thread's buffer and returns a view of it that a set can be asked about; {@link #own} makes the key a set
 * may store. The explorer copies a key only for the states it keeps (most transitions reach a known state).
 * Exactness is the key's, unchanged: a probe equals exactly the keys equal to the key {@link #own} makes of it.
 *
 * <p>Thread-safe; a probe is valid on its thread until that thread's next probe.
 */
public interface ProbingKey extends Function<LockstepPair, Object> {

    /**
     * A look-up view of the pair's key: equal to, and hashed as, {@code apply(pair)}; never stored.
     *
     * @param pair the pair
     * @return the view, valid until this thread's next probe
     */
    Object probe(LockstepPair pair);

    /**
     * The key to store for a probe of this thread: equal to {@code apply} of the probed pair.
     *
     * @param probe the thread's last probe
     * @return an immutable key
     */
    Object own(Object probe);
}
