package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.LockstepPair;
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
 * <p>Used by one calling thread; the workers it starts run only inside {@link #expand}, and the calling thread
 * reads their output after waiting for them (the futures' completion orders their writes before its reads).
 */
final class LevelExpander implements AutoCloseable {

    /** Ordinals of one parent's children: a parent with more operations than this is refused, not mis-ordered. */
    private static final long STRIDE = 1L << 20;

    /** The most states in a chunk: small enough that the last chunks of a level leave no thread idle long. */
    private static final int MAX_CHUNK = 256;

    /**
     * A failure met while expanding the level.
     *
     * @param ordinal     the failing child's ordinal
     * @param signature   its signature ({@link Explorer#signature})
     * @param path        the script that reached it
     * @param explorePast whether it is a known finding the pair explored past (reported without tolerance)
     */
    record FailureAt(long ordinal, String signature, Explorer.Path path, boolean explorePast) {}

    /**
     * One level's outcome.
     *
     * @param next     the next level's states, in ordinal order (empty after the last level)
     * @param reached  states first reached at this level
     * @param failures the failures, in ordinal order, at most one per signature
     */
    record Outcome(List<Explorer.Node> next, long reached, List<FailureAt> failures) {}

    /** A child that led its key when it was met, with what decides at the level's end whether it stays. */
    private record Candidate(Explorer.Node node, Object key, long ordinal) {}

    /** What the threads produced from one chunk, in ordinal order. */
    private static final class Chunk {
        final List<Candidate> kept = new ArrayList<>();
        final List<FailureAt> failures = new ArrayList<>();
        final Set<String> signatures = new HashSet<>();
    }

    private final Scope scope;
    private final ExploreSettings settings;
    private final Explorer.WinnerRule rule;
    private final ProbingKey probing; // the key if it can be looked up before it is made, else null
    private final ConcurrentHashMap<Object, Long> seen = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, FailureAt> racedFailures = new ConcurrentHashMap<>(); // FIRST_INSERTED only
    private final ExecutorService pool; // null with one thread: the calling thread expands
    private final long[] workerStates;
    private final long[] workerTransitions;
    private final long[] workerCpuNanos;

    // The level being expanded: written by the calling thread before the workers start.
    private List<Explorer.Node> level;
    private int depth;
    private long expandedBefore;
    private boolean last;
    private Set<String> foundBefore;
    private Chunk[] chunks;
    private int chunkSize;
    private final AtomicInteger nextChunk = new AtomicInteger();

    LevelExpander(Scope scope, ExploreSettings settings, Explorer.WinnerRule rule) {
        this.scope = scope;
        this.settings = settings;
        this.rule = rule;
        this.probing = settings.key() instanceof ProbingKey p ? p : null;
        int threads = settings.threads();
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

    /** Puts the empty broadcast's key into the set, below every child's ordinal. */
    void seed(LockstepPair root) {
        seen.put(settings.key().apply(root), -1L);
    }

    /** Distinct states so far. */
    long states() {
        return seen.mappingCount();
    }

    /** Operations applied so far, over every thread. */
    long transitions() {
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
    long cpuMillis(long callerCpuNanos) {
        long sum = callerCpuNanos;
        if (pool != null) {
            for (long c : workerCpuNanos) {
                sum += c;
            }
        }
        return sum / 1_000_000;
    }

    /** What each thread did so far. */
    List<Explorer.Worker> workers() {
        List<Explorer.Worker> all = new ArrayList<>();
        for (int w = 0; w < workerStates.length; w++) {
            all.add(new Explorer.Worker(w, workerStates[w], workerTransitions[w], workerCpuNanos[w] / 1_000_000));
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
    Outcome expand(List<Explorer.Node> states, int atDepth, long expandedBefore, boolean lastLevel, Set<String> found) {
        long before = seen.mappingCount();
        this.level = states;
        this.depth = atDepth;
        this.expandedBefore = expandedBefore;
        this.last = lastLevel;
        this.foundBefore = Set.copyOf(found);
        int threads = settings.threads();
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
        List<Explorer.Node> next = new ArrayList<>();
        List<FailureAt> failures = new ArrayList<>();
        for (Chunk c : chunks) {
            for (Candidate k : c.kept) {
                // Still the smallest ordinal of its key (FIRST_INSERTED: kept by whoever came first).
                if (rule == Explorer.WinnerRule.FIRST_INSERTED || seen.get(k.key()) == k.ordinal()) {
                    next.add(k.node());
                }
            }
            failures.addAll(c.failures);
        }
        if (rule == Explorer.WinnerRule.FIRST_INSERTED) {
            failures = new ArrayList<>(racedFailures.values());
            failures.sort(Comparator.comparingLong(FailureAt::ordinal));
        }
        this.chunks = null;
        this.level = null;
        return new Outcome(next, seen.mappingCount() - before, failures);
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
        long cpuStart = Explorer.cpuNanos();
        // Counted here and written once per level: the threads' slots of workerTransitions share a cache line.
        long[] counts = new long[2]; // transitions, states created
        int chunk;
        while ((chunk = nextChunk.getAndIncrement()) < chunks.length) {
            Chunk out = new Chunk();
            int from = chunk * chunkSize;
            int to = Math.min(level.size(), from + chunkSize);
            for (int i = from; i < to; i++) {
                Explorer.Node node = level.get(i);
                level.set(i, null); // expanded: its pair can go (each index is written by one thread only)
                expandNode(node, (expandedBefore + i) * STRIDE, out, counts);
            }
            chunks[chunk] = out;
        }
        workerTransitions[worker] += counts[0];
        workerStates[worker] += counts[1];
        workerCpuNanos[worker] += Explorer.cpuNanos() - cpuStart;
    }

    private void expandNode(Explorer.Node node, long firstOrdinal, Chunk out, long[] counts) {
        // By rank from the model's state: equal keys, equal transitions.
        Generator.Targets targets = scope.writerPaths() ? node.pair().targets(depth) : Generator.Targets.NONE;
        List<Op> ops = scope.operations(node.pair().consumers(), targets.pending(), targets.spoilable());
        if (ops.size() >= STRIDE) {
            throw new IllegalStateException("explore: a state has " + ops.size() + " operations, more than the "
                    + STRIDE + " one state's ordinals can tell apart");
        }
        long transitions = 0;
        long created = 0;
        for (int j = 0; j < ops.size(); j++) {
            Op op = ops.get(j);
            long ordinal = firstOrdinal + j;
            LockstepPair child = node.pair().fork();
            Failure f = child.step(depth, op);
            transitions++;
            if (f != null) {
                fail(
                        out,
                        new FailureAt(
                                ordinal, Explorer.signature(f), new Explorer.Path(node.path(), op, depth + 1), false));
                continue; // a failing state is not expanded
            }
            Failure past = child.toleratedAtLastStep();
            if (past != null) { // a known finding, explored past
                fail(
                        out,
                        new FailureAt(ordinal, past.signature(), new Explorer.Path(node.path(), op, depth + 1), true));
            }
            // Most children reach a known state: a lock-free read of the probe (the key in the thread's buffer, not
            // copied) settles those before any write locks a bin; a key is copied only to be stored.
            Object probe =
                    probing != null ? probing.probe(child) : settings.key().apply(child);
            Object key = probing != null ? null : probe;
            Long held = seen.get(probe);
            Long mine = null;
            if (held == null) {
                mine = ordinal;
                if (key == null) {
                    key = probing.own(probe);
                }
                held = seen.putIfAbsent(key, mine);
            }
            boolean leads = held == null;
            if (leads) {
                created++;
            } else if (rule == Explorer.WinnerRule.SMALLEST_ORDINAL) {
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
            if (leads && !last) {
                if (key == null) {
                    key = probing.own(probe); // took the key from a sibling: the candidate needs a key of its own
                }
                out.kept.add(new Candidate(
                        new Explorer.Node(child, new Explorer.Path(node.path(), op, depth + 1)), key, ordinal));
            }
        }
        counts[0] += transitions;
        counts[1] += created;
    }

    /** Keeps a failure if it is its signature's first in the chunk and not reported at an earlier level. */
    private void fail(Chunk out, FailureAt f) {
        if (foundBefore.contains(f.signature())) {
            return;
        }
        if (rule == Explorer.WinnerRule.FIRST_INSERTED) {
            racedFailures.putIfAbsent(f.signature(), f);
        } else if (out.signatures.add(f.signature())) {
            out.failures.add(f);
        }
    }

    /** Stops the workers. */
    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
