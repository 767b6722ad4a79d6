package io.cursorcheck.properties.engine.search;

import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.key.KeyProbe;
import io.cursorcheck.properties.engine.key.StateKey;
import io.cursorcheck.properties.engine.key.StateSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Expands one level of the breadth-first search with several threads, and keeps the set of every state
 * reached so far. The level is cut into chunks of consecutive states; each thread takes the next chunk not
 * yet taken and expands its states in order (fork, step, check, key), so each chunk's output is in ordinal
 * order, and the chunks' outputs joined in chunk order are in the order one thread would produce them.
 *
 * <p>The set maps each key to the smallest ordinal that reached it. A key from an earlier level holds an
 * ordinal below every ordinal of this level, so a child whose key is there is dropped at once; a child that
 * puts its key in, or lowers the key's ordinal, is kept in its chunk's output until the level ends, and then
 * kept only if the key's ordinal is still its own: exactly the child one thread would have met first. A child
 * that loses while the level runs is dropped at once (memory: only the few children still racing are kept
 * twice). Failures are kept per chunk, the first of each signature in the chunk, and the caller keeps the first
 * of each signature over the chunks in order.
 *
 * <p>Exact binary keys ({@link StateKey}, looked up through a {@link KeyProbe} when the key is a
 * {@link ProbingKey}) go into a {@link StateSet}, which keeps their bytes in pages with no object per state; a
 * candidate then keeps the key's entry in the set, not a copy of the key. Any other key goes into a concurrent map,
 * with the same rule.
 *
 * <p>What its users decide is their {@link Expansion}: the operations tried at a state, the signature a failure is
 * kept under (or none: not kept), and, with one thread only, whether a level stops in the middle, at the first
 * failure kept or once the set holds a given number of states (the shortest search: its result is the first
 * failure it wants and the states it reached up to there).
 *
 * <p>Used by one calling thread; the workers it starts run only inside {@link #expand}, and the calling thread
 * reads their output after waiting for them (the futures' completion orders their writes before its reads).
 */
public final class LevelExpander implements AutoCloseable {

    /** Ordinals of one parent's children: a parent with more operations than this is refused, not mis-ordered. */
    private static final long STRIDE = 1L << 20;

    /** The most states in a chunk: small enough that the last chunks of a level leave no thread idle long. */
    private static final int MAX_CHUNK = 256;

    /**
     * What a user of the search decides.
     */
    public interface Expansion {

        /**
         * The operations to try at a state, in the order one thread tries them.
         *
         * @param pair  the state
         * @param depth operations on the path to it
         */
        List<Op> operations(LockstepPair pair, int depth);

        /**
         * The signature a failure is kept under: the first of each signature is kept; null, not kept.
         *
         * @param failure     the failure
         * @param explorePast whether it is a known finding the pair explored past (the state is expanded still)
         */
        String signature(Failure failure, boolean explorePast);

        /** Whether a level stops at the first failure kept (one thread only). */
        default boolean stopAtFailure() {
            return false;
        }

        /** Stops a level once the set holds this many states (one thread only); {@link Long#MAX_VALUE}: never. */
        default long stopAtStates() {
            return Long.MAX_VALUE;
        }
    }

    /**
     * Which child is kept among those with one key, and which failure is reported among those with one
     * signature. Only {@link #SMALLEST_ORDINAL} is a correct rule; the other is a negative control for the test
     * that results do not depend on the thread count.
     */
    public enum WinnerRule {
        /** The smallest ordinal: the child or failure one thread would meet first. */
        SMALLEST_ORDINAL,
        /** Whichever thread gets there first: a race, so the scripts may change with the threads' timing. */
        FIRST_INSERTED
    }

    /**
     * How a state was reached: its last operation and the path before it. Paths share prefixes
     * and hold no broadcast, so only the frontier's states are in memory at once.
     *
     * @param parent the path before, null at the root
     * @param op     the last operation, null at the root
     * @param depth  operations on the path
     */
    public record Path(Path parent, Op op, int depth) {

        /** The empty path, to the root. */
        public static final Path ROOT = new Path(null, null, 0);

        /** The operations, first to last. */
        public List<Op> ops() {
            Op[] ops = new Op[depth];
            for (Path p = this; p.parent != null; p = p.parent) {
                ops[p.depth - 1] = p.op;
            }
            return List.of(ops);
        }
    }

    /**
     * A state to expand: the pair in that state and the path to it.
     *
     * @param pair the pair in that state
     * @param path the path to it
     */
    public record Node(LockstepPair pair, Path path) {}

    /**
     * What one thread did over the whole search.
     *
     * @param index       the thread's number, from 0
     * @param states      distinct states it put into the set first
     * @param transitions operations it applied
     * @param cpuMillis   its CPU time expanding states
     */
    public record Worker(int index, long states, long transitions, long cpuMillis) {}

    /**
     * A failure met while expanding the level.
     *
     * @param ordinal     the failing child's ordinal
     * @param signature   its signature ({@link Expansion#signature})
     * @param path        the script that reached it
     * @param explorePast whether it is a known finding the pair explored past (reported without tolerance)
     */
    public record FailureAt(long ordinal, String signature, Path path, boolean explorePast) {}

    /**
     * One level's outcome.
     *
     * @param next     the next level's states, in ordinal order (empty after the last level)
     * @param reached  states first reached at this level
     * @param failures the failures, in ordinal order, at most one per signature
     * @param stopped  whether the level stopped in the middle ({@link Expansion#stopAtFailure},
     *                 {@link Expansion#stopAtStates}); then {@code next} is not the whole next level
     */
    public record Outcome(List<Node> next, long reached, List<FailureAt> failures, boolean stopped) {}

    /**
     * A child that led its key when it was met, with what decides at the level's end whether it stays: its key's
     * entry in the state set, or its key in the map (the other null or {@link StateSet#NO_ENTRY}), and its ordinal.
     */
    private record Candidate(Node node, long entry, Object key, long ordinal) {}

    /** What the threads produced from one chunk, in ordinal order. */
    private static final class Chunk {
        final List<Candidate> kept = new ArrayList<>();
        final List<FailureAt> failures = new ArrayList<>();
        final Set<String> signatures = new HashSet<>();
    }

    private final Expansion expansion;
    private final Function<LockstepPair, Object> keying;
    private final int threads;
    private final WinnerRule rule;
    private final ProbingKey probing; // the key if it can be looked up before it is made, else null
    private final long stopAtStates;
    // The set of states, made at seed by the root's key: a StateSet for StateKeys, else a map; the other null.
    private StateSet stateSet;
    private ConcurrentHashMap<Object, Long> seen;
    private final ConcurrentHashMap<String, FailureAt> racedFailures = new ConcurrentHashMap<>(); // FIRST_INSERTED only
    private final ExecutorService pool; // null with one thread: the calling thread expands
    private final long[] workerStates;
    private final long[] workerTransitions;
    private final long[] workerCpuNanos;

    // The level being expanded: written by the calling thread before the workers start.
    private List<Node> level;
    private int depth;
    private long expandedBefore;
    private boolean last;
    private Set<String> foundBefore;
    private Chunk[] chunks;
    private int chunkSize;
    private final AtomicInteger nextChunk = new AtomicInteger();
    private boolean stopped; // one thread only: the level stopped in the middle

    /**
     * A search's expander, with its own set of states.
     *
     * @param expansion what its user decides
     * @param key       the state key, exact: equal keys, one state (a {@link ProbingKey} is looked up before it is
     *                  made); thread-safe with more than one thread
     * @param threads   threads expanding each level
     * @param rule      the winner rule ({@link WinnerRule#SMALLEST_ORDINAL} but for its negative control)
     * @throws IllegalArgumentException if the expansion stops in the middle of a level with more than one thread
     */
    public LevelExpander(Expansion expansion, Function<LockstepPair, Object> key, int threads, WinnerRule rule) {
        if (threads > 1 && (expansion.stopAtFailure() || expansion.stopAtStates() != Long.MAX_VALUE)) {
            // Where one thread stops is an ordinal; several threads are then past it, their states in the set.
            throw new IllegalArgumentException("a search that stops in the middle of a level runs on one thread");
        }
        this.expansion = expansion;
        this.keying = key;
        this.threads = threads;
        this.rule = rule;
        this.probing = key instanceof ProbingKey p ? p : null;
        this.stopAtStates = expansion.stopAtStates();
        this.workerStates = new long[threads];
        this.workerTransitions = new long[threads];
        this.workerCpuNanos = new long[threads];
        if (threads == 1) {
            this.pool = null;
        } else {
            AtomicInteger made = new AtomicInteger();
            this.pool = Executors.newFixedThreadPool(threads, task -> {
                Thread t = new Thread(task, "explore-worker-" + made.getAndIncrement());
                t.setDaemon(true); // a caller that dies does not keep the JVM alive for them
                return t;
            });
        }
    }

    /**
     * Makes the set of states and puts the empty broadcast's key into it, below every child's ordinal. The root's
     * key decides the set: a {@link StateKey} makes it a {@link StateSet}, and every key must then be one (a
     * {@link ProbingKey}'s probe a {@link KeyProbe}); any other key, a map.
     *
     * @throws IllegalStateException if it was seeded before
     */
    public void seed(LockstepPair root) {
        if (stateSet != null || seen != null) {
            throw new IllegalStateException("explore: the expander was seeded already (one search, one root)");
        }
        Object key = keying.apply(root);
        if (key instanceof StateKey k) {
            stateSet = new StateSet();
            stateSet.add(k, -1L);
        } else {
            seen = new ConcurrentHashMap<>();
            seen.put(key, -1L);
        }
    }

    /** Distinct states so far. */
    public long states() {
        return stateSet != null ? stateSet.size() : seen != null ? seen.mappingCount() : 0;
    }

    /**
     * The bytes the set of states takes ({@link StateSet#bytesUsed}), or -1 where the keys are no {@link StateKey}s
     * and a map holds them, whose size no one measures.
     */
    public long stateBytes() {
        return stateSet != null ? stateSet.bytesUsed() : seen != null ? -1 : 0;
    }

    /** Operations applied so far, over every thread. */
    public long transitions() {
        long sum = 0;
        for (long t : workerTransitions) {
            sum += t;
        }
        return sum;
    }

    /**
     * CPU time so far, in milliseconds: the calling thread's, which with one thread includes the expanding,
     * plus the workers'.
     */
    public long cpuMillis(long callerCpuNanos) {
        long sum = callerCpuNanos;
        if (pool != null) {
            for (long c : workerCpuNanos) {
                sum += c;
            }
        }
        return sum / 1_000_000;
    }

    /** What each thread did so far. */
    public List<Worker> workers() {
        List<Worker> all = new ArrayList<>();
        for (int w = 0; w < workerStates.length; w++) {
            all.add(new Worker(w, workerStates[w], workerTransitions[w], workerCpuNanos[w] / 1_000_000));
        }
        return List.copyOf(all);
    }

    /**
     * Expands a level: every state's every enabled operation. The level's list is emptied as its states are
     * expanded (their pairs can go).
     *
     * @param states         the level, in ordinal order
     * @param atDepth        operations on the path to each of them
     * @param expandedBefore states expanded at every earlier level (this level's ordinals follow theirs)
     * @param lastLevel      whether the children are only checked and counted, never kept
     * @param found          the signatures already reported (a failure with one of them is not kept)
     */
    public Outcome expand(List<Node> states, int atDepth, long expandedBefore, boolean lastLevel, Set<String> found) {
        if (stateSet == null && seen == null) {
            throw new IllegalStateException("explore: a level expanded before the root was seeded");
        }
        long before = states();
        this.level = states;
        this.depth = atDepth;
        this.expandedBefore = expandedBefore;
        this.last = lastLevel;
        this.foundBefore = Set.copyOf(found);
        this.stopped = false;
        this.chunkSize = Math.max(1, Math.min(MAX_CHUNK, states.size() / (threads * 16)));
        this.chunks = new Chunk[(states.size() + chunkSize - 1) / chunkSize];
        nextChunk.set(0);
        racedFailures.clear();
        if (pool == null) {
            work(0);
        } else {
            List<Callable<Void>> tasks = new ArrayList<>();
            for (int w = 0; w < threads; w++) {
                int index = w;
                tasks.add(() -> {
                    work(index);
                    return null;
                });
            }
            waitFor(tasks);
        }
        List<Node> next = new ArrayList<>();
        List<FailureAt> failures = new ArrayList<>();
        for (Chunk c : chunks) {
            if (c == null) { // not reached: the level stopped before it
                break;
            }
            for (Candidate k : c.kept) {
                // Still the smallest ordinal of its key (FIRST_INSERTED: kept by whoever came first).
                if (rule == WinnerRule.FIRST_INSERTED || ordinalNow(k) == k.ordinal()) {
                    next.add(k.node());
                }
            }
            failures.addAll(c.failures);
        }
        if (rule == WinnerRule.FIRST_INSERTED) {
            failures = new ArrayList<>(racedFailures.values());
            failures.sort(Comparator.comparingLong(FailureAt::ordinal));
        }
        this.chunks = null;
        this.level = null;
        return new Outcome(next, states() - before, failures, stopped);
    }

    /** The ordinal a candidate's key holds now. */
    private long ordinalNow(Candidate k) {
        return stateSet != null ? stateSet.ordinal(k.entry()) : seen.get(k.key());
    }

    /** Runs the workers and waits for all of them; a worker's exception is rethrown as it was thrown. */
    private void waitFor(List<Callable<Void>> tasks) {
        try {
            for (Future<Void> f : pool.invokeAll(tasks)) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("explore: interrupted while expanding depth " + (depth + 1), e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("explore: a worker failed at depth " + (depth + 1), e.getCause());
        }
    }

    /** One thread's share: chunks taken one at a time until none is left. */
    private void work(int worker) {
        long cpuStart = cpuNanos();
        // Counted here and written once per level: the threads' slots of workerTransitions share a cache line.
        long[] counts = new long[2]; // transitions, states created
        int chunk;
        while (!stopped && (chunk = nextChunk.getAndIncrement()) < chunks.length) {
            Chunk out = new Chunk();
            int from = chunk * chunkSize;
            int to = Math.min(level.size(), from + chunkSize);
            for (int i = from; i < to && !stopped; i++) {
                Node node = level.get(i);
                level.set(i, null); // expanded: its pair can go (each index is written by one thread only)
                expandNode(node, (expandedBefore + i) * STRIDE, out, counts);
            }
            chunks[chunk] = out;
        }
        workerTransitions[worker] += counts[0];
        workerStates[worker] += counts[1];
        workerCpuNanos[worker] += cpuNanos() - cpuStart;
    }

    private void expandNode(Node node, long firstOrdinal, Chunk out, long[] counts) {
        List<Op> ops = expansion.operations(node.pair(), depth);
        if (ops.size() >= STRIDE) {
            throw new IllegalStateException("explore: a state has " + ops.size() + " operations, more than the "
                    + STRIDE + " one state's ordinals can tell apart");
        }
        long transitions = 0;
        long created = 0;
        for (int j = 0; j < ops.size() && !stopped; j++) {
            Op op = ops.get(j);
            long ordinal = firstOrdinal + j;
            LockstepPair child = node.pair().fork();
            Failure f = child.step(depth, op);
            transitions++;
            if (f != null) {
                fail(out, ordinal, f, new Path(node.path(), op, depth + 1), false);
                continue; // a failing state is not expanded
            }
            Failure past = child.toleratedAtLastStep();
            if (past != null) { // a known finding, explored past
                fail(out, ordinal, past, new Path(node.path(), op, depth + 1), true);
                if (stopped) {
                    break;
                }
            }
            // Most children reach a known state: a lock-free look-up of the probe (the key in the thread's buffer,
            // not copied) settles those before any write takes a lock; a key is copied only to be stored.
            boolean added; // its key is new: it leads it
            boolean leads; // it leads its key, new or taken from a later sibling of this level
            long entry = StateSet.NO_ENTRY;
            Object key = null;
            if (stateSet != null) {
                long claimed = claim(child, ordinal);
                added = claimed >= 0;
                entry = added ? claimed : ~claimed;
                // A later sibling of this level got there first: take the key from it (an ordinal of an earlier
                // level is below every ordinal of this one, so a known state never takes the lock).
                leads = added
                        || rule == WinnerRule.SMALLEST_ORDINAL
                                && stateSet.ordinal(entry) > ordinal
                                && stateSet.lower(entry, ordinal);
            } else {
                Object probe = probing != null ? probing.probe(child) : keying.apply(child);
                key = probing != null ? null : probe;
                Long held = seen.get(probe);
                Long mine = null;
                if (held == null) {
                    mine = ordinal;
                    if (key == null) {
                        key = probing.own(probe);
                    }
                    held = seen.putIfAbsent(key, mine);
                }
                added = held == null;
                leads = added;
                if (!added && rule == WinnerRule.SMALLEST_ORDINAL) {
                    while (held > ordinal) { // a later sibling of this level got there first: take the key from it
                        if (mine == null) {
                            mine = ordinal;
                        }
                        if (seen.replace(probe, held, mine)) {
                            leads = true;
                            break;
                        }
                        held = seen.get(probe);
                    }
                }
                if (leads && !last && key == null) {
                    key = probing.own(probe); // took the key from a sibling: the candidate needs a key of its own
                }
            }
            if (added) {
                created++;
                // Checked after each insert, so the set never holds more states than the limit.
                if (stopAtStates != Long.MAX_VALUE && states() >= stopAtStates) {
                    stopped = true;
                }
            }
            if (leads && !last) {
                out.kept.add(new Candidate(new Node(child, new Path(node.path(), op, depth + 1)), entry, key, ordinal));
            }
        }
        counts[0] += transitions;
        counts[1] += created;
    }

    /**
     * The child's key's entry in the state set, added with {@code ordinal} if the set did not hold it; {@code ~entry}
     * (below zero) if it did ({@link StateSet#add}).
     */
    private long claim(LockstepPair child, long ordinal) {
        if (probing != null) {
            Object probe = probing.probe(child);
            if (!(probe instanceof KeyProbe p)) {
                throw new IllegalStateException(
                        "explore: a probing key whose keys are StateKeys must probe with a" + " KeyProbe, probed with "
                                + (probe == null ? "null" : probe.getClass().getName()));
            }
            long entry = stateSet.find(p);
            return entry != StateSet.NO_ENTRY ? ~entry : stateSet.add(p, ordinal);
        }
        Object key = keying.apply(child);
        if (!(key instanceof StateKey k)) {
            throw new IllegalStateException("explore: the root's key was a StateKey, so every key must be one, was "
                    + (key == null ? "null" : key.getClass().getName()));
        }
        long entry = stateSet.find(k);
        return entry != StateSet.NO_ENTRY ? ~entry : stateSet.add(k, ordinal);
    }

    /**
     * Keeps a failure if the expansion gives it a signature, it is its signature's first in the chunk and not
     * reported at an earlier level.
     */
    private void fail(Chunk out, long ordinal, Failure failure, Path path, boolean explorePast) {
        String signature = expansion.signature(failure, explorePast);
        if (signature == null || foundBefore.contains(signature)) {
            return;
        }
        FailureAt f = new FailureAt(ordinal, signature, path, explorePast);
        if (rule == WinnerRule.FIRST_INSERTED) {
            racedFailures.putIfAbsent(f.signature(), f);
        } else if (out.signatures.add(f.signature())) {
            out.failures.add(f);
            if (expansion.stopAtFailure()) {
                stopped = true;
            }
        }
    }

    /** The calling thread's CPU time, or the wall clock where the JVM does not measure it. */
    public static long cpuNanos() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Stops the workers. */
    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
