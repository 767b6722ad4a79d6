package io.cursorcheck.properties;

import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import java.util.List;

/**
 * Checks I1 to I14 on one broadcast after every operation, from what the operation answered,
 * the settlements it caused, the snapshots before and after, and (for I6) the diagnostics view.
 *
 * <p>Stateful: it follows each consumer's open reads and next expected position across
 * operations, so it must see every operation of a run, in order. Each check is a necessary
 * condition of an invariant, chosen so that a report always means a real breach: a check that
 * cannot see enough (the state between two re-entrant appends inside one operation, say) checks
 * what it can see and nothing more.
 *
 * <p>Works on any implementation, the model included.
 *
 * <p>On the exhaustive explorer's hot path (every transition is checked, every checker copied): the
 * lists are copied on write, a step with no breach allocates no list, and loops over the snapshot's
 * lists are indexed, since an iterator per loop was a measurable share of the explorer's allocation.
 *
 * <p>A façade over the rule groups, each in its own class: {@link ConsumerBooks} (the consumers' reads and
 * deliveries, with their memory), {@link WriterBooks} (queued writes, ends and drains, with theirs),
 * {@link StateRules} (the snapshot after) and {@link TransitionRules} (the step from before to after). It
 * calls them in one fixed order, so the violations of a step come in the same order every time.
 */
public final class InvariantChecker {

    private final Options options;
    private Snapshot before;
    private final ConsumerBooks books;
    private final WriterBooks writers;
    private final StateRules state; // no memory: shared by copies
    private final TransitionRules transition; // no memory: shared by copies
    // The last step's breaches and where its cache rule stood, for mirrored(); never copied (a copy checks next).
    private List<Violation> lastViolations = List.of();
    private int lastCacheRuleAt = -1;
    private MinimumScan lastScan;
    private Diagnostics.MinCache lastCache;

    /**
     * @param options the broadcast's options
     * @param initial its snapshot before the first operation
     */
    public InvariantChecker(Options options, Snapshot initial) {
        this.options = options;
        this.before = initial;
        this.books = new ConsumerBooks();
        this.writers = new WriterBooks(options);
        this.state = new StateRules(options);
        this.transition = new TransitionRules(options);
    }

    /** A copy of {@code other} in its state; the snapshot is immutable and shared, the lists copied on write. */
    private InvariantChecker(InvariantChecker other) {
        this.options = other.options;
        this.before = other.before;
        this.books = other.books.copy();
        this.writers = other.writers.copy();
        this.state = other.state;
        this.transition = other.transition;
    }

    /** A copy in the same state, for a forked session. */
    public InvariantChecker copy() {
        return new InvariantChecker(this);
    }

    /**
     * Writes what this checker remembers that can decide a later verdict, canonically, for the
     * explorer's state key: per attached consumer the position it must get next (relative to
     * bufferStart) and its open reads, and the pending writes (those spoiled marked), ends and drains,
     * operation numbers by rank.
     * Detached consumers are left out: the checker never looks at them again (their reads were
     * cleared, or reported, when they went). The checks compare positions and operation numbers
     * only with each other, so shifting them all alike changes no verdict. Consumers go through
     * {@link KeyWriter#consumer} (by the broadcast's ids, as the books hold them).
     *
     * @param k where to write
     */
    public void writeKey(KeyWriter k) {
        // The writer's array: a forked checker allocates none to be keyed. Both groups name operations by
        // their rank among every open operation number, sorted.
        long[] pending = k.scratch(books.openCount() + writers.openCount());
        int n = writers.copyOpen(pending, books.copyOpen(pending, 0));
        java.util.Arrays.sort(pending, 0, n);
        books.writeKey(k, before, pending, n);
        writers.writeKey(k, pending, n);
    }

    /**
     * Checks one operation.
     *
     * @param op         the operation
     * @param consumerId the broadcast id of the consumer the operation named or made, or -1
     * @param reply      what it returned; null for attach and for an operation that threw
     * @param after      the snapshot after it
     * @param cache      the broadcast's cache for I6, or null if it claims none
     * @return the violations, empty if none
     */
    public List<Violation> check(Op op, int consumerId, Reply reply, Snapshot after, Diagnostics.MinCache cache) {
        CheckStep step = new CheckStep(op, before, after, options);
        if (op instanceof Op.Attach && consumerId >= 0) {
            books.attach(step, consumerId);
        }
        if (reply != null) {
            writers.beforeAnswer(step, op, reply);
            if (op instanceof Op.Next) {
                books.nextAnswered(step, consumerId, reply.outcome(), reply.op());
            } else {
                writers.answered(step, op, reply.outcome(), reply.op());
            }
            for (int i = 0; i < reply.settlements().size(); i++) {
                Settlement s = reply.settlements().get(i);
                if (!books.settle(step, s)) {
                    writers.settle(step, op, s);
                }
            }
        }
        TransitionRules.markSpoiledRead(step, op, consumerId, reply);
        state.check(step, cache, books);
        transition.check(step, op, reply, books);
        transition.checkSpoiledRead(step);
        if (step.evicting) {
            books.evicted(after);
        }
        before = after;
        lastViolations = step.violations;
        lastCacheRuleAt = step.cacheRuleAt;
        lastScan = step.cacheScan;
        lastCache = cache;
        return step.violations;
    }

    /**
     * The breaches another broadcast would show at the step this checker just checked, had it been checked by a
     * checker in this one's state and fed the same operation, answer and snapshot but its own minimum cache: this
     * step's breaches with the cache rule (I6), the one rule that reads the cache, judged on {@code cache}, in the
     * place the rule holds in the list.
     *
     * @param cache the other broadcast's cache, or null if it claims none
     * @return the breaches, in the order a checker of its own would list them
     */
    public List<Violation> mirrored(Diagnostics.MinCache cache) {
        if (lastCacheRuleAt < 0) { // nobody attached: the cache rule did not run
            return lastViolations;
        }
        boolean mine = StateRules.cacheBreach(lastScan, lastCache) != null;
        Violation theirs = StateRules.cacheBreach(lastScan, cache);
        if (!mine && theirs == null) {
            return lastViolations;
        }
        List<Violation> v = new java.util.ArrayList<>(lastViolations);
        if (mine) {
            v.remove(lastCacheRuleAt);
        }
        if (theirs != null) {
            v.add(lastCacheRuleAt, theirs);
        }
        return List.copyOf(v);
    }
}
