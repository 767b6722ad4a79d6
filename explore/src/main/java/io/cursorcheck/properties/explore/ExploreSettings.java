package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.engine.LockstepPair;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The knobs of one exploration: how many threads expand each level, how a state is named, when to
 * stop, and who hears about each level. None of them changes a result except {@code stateLimit} and
 * {@code stopOnSubjectFailure} (where the search stops) and the key (which states count as one): the
 * thread count changes only the time (a test shows the results identical for 1, 2 and 4 threads).
 *
 * @param threads              threads expanding each level, 1 to {@value #MAX_THREADS}
 * @param keyName              what the key is, as a report names it (e.g. {@code symmetric})
 * @param key                  the exact name of a pair's state: two pairs with equal keys (by {@code equals}
 *                             and {@code hashCode}) are explored once; the one function every state's key comes
 *                             from
 * @param stateLimit           stop (incomplete) once more than this many distinct states are reached
 * @param stopOnSubjectFailure stop at the end of the level where the subject first fails
 * @param progress             told after each level (on the calling thread), or null
 */
public record ExploreSettings(
        int threads,
        String keyName,
        Function<LockstepPair, Object> key,
        long stateLimit,
        boolean stopOnSubjectFailure,
        Consumer<Explorer.Level> progress) {

    /**
     * The most threads an exploration takes: far more than any machine this runs on has cores, and few
     * enough that a mistyped count (a million) is refused instead of starting a million threads; the command
     * line's limit for every worker-thread option too.
     */
    public static final int MAX_THREADS = 1024;

    /**
     * Checks the knobs, naming the argument and its value.
     *
     * @throws IllegalArgumentException for threads outside 1 to {@value #MAX_THREADS}, a stateLimit below 1, or
     *                                  a null key or key name
     */
    public ExploreSettings {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException(
                    "explore: threads must be between 1 and " + MAX_THREADS + ", was " + threads);
        }
        if (keyName == null || key == null) {
            throw new IllegalArgumentException(
                    "explore: key and keyName must not be null, were " + key + " and " + keyName);
        }
        if (stateLimit < 1) {
            throw new IllegalArgumentException("explore: stateLimit must be >= 1, was " + stateLimit);
        }
    }

    /**
     * One thread per core, the {@link Keying#DEFAULT} key (binary, consumers renamed), at most {@code stateLimit}
     * states, not stopping at a failure, no progress.
     *
     * @throws IllegalArgumentException if {@code stateLimit} is below 1
     */
    public static ExploreSettings of(long stateLimit) {
        return new ExploreSettings(cores(), Keying.DEFAULT.keyName(), Keying.DEFAULT, stateLimit, false, null);
    }

    /** The cores this JVM may use (at most {@value #MAX_THREADS}): the default thread count. */
    public static int cores() {
        return Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors());
    }

    /** The same with another thread count. */
    public ExploreSettings withThreads(int count) {
        return new ExploreSettings(count, keyName, key, stateLimit, stopOnSubjectFailure, progress);
    }

    /** The same, stopping (or not) at the end of the level where the subject first fails. */
    public ExploreSettings stoppingOnSubjectFailure(boolean stop) {
        return new ExploreSettings(threads, keyName, key, stateLimit, stop, progress);
    }

    /** The same, telling {@code listener} (or nobody, if null) after each level. */
    public ExploreSettings withProgress(Consumer<Explorer.Level> listener) {
        return new ExploreSettings(threads, keyName, key, stateLimit, stopOnSubjectFailure, listener);
    }

    /**
     * The same with another key: {@code name} for the reports, {@code function} for every state.
     *
     * @throws IllegalArgumentException if either is null
     */
    public ExploreSettings withKey(String name, Function<LockstepPair, Object> function) {
        return new ExploreSettings(threads, name, function, stateLimit, stopOnSubjectFailure, progress);
    }

    /**
     * The same with one of the {@link Keying}s, named as the command line names it.
     *
     * @throws IllegalArgumentException if {@code keying} is null
     */
    public ExploreSettings withKeying(Keying keying) {
        if (keying == null) {
            throw new IllegalArgumentException("explore: keying must not be null");
        }
        return withKey(keying.keyName(), keying);
    }
}
