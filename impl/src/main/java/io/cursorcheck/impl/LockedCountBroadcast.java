package io.cursorcheck.impl;

import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Forkable;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.SpecError;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The cached-count broadcast behind one lock: the obviously correct thread-safe baseline.
 *
 * <p>Every operation runs {@link CachedCountBroadcast}'s code under a single
 * {@link ReentrantLock}, so each is atomic and the single-threaded semantics (spec §2, {@code docs/spec.md})
 * hold as they are, in the order the lock is taken. The blocking methods wait on one condition of
 * that lock: a thread that needs an operation to settle registers its number under the lock, in
 * the same critical section that made it pending, and every settlement is routed to its waiter
 * before the lock is released, so no wake-up is lost.
 *
 * <p>Thread-safe: any thread may call anything; a consumer is read by one thread at a time.
 */
public class LockedCountBroadcast implements BlockingBroadcast, Forkable {

    /** Guards {@link #core} and the waiting bookkeeping below. */
    final ReentrantLock lock = new ReentrantLock();

    private final Condition changed = lock.newCondition();
    final BroadcastCore core;

    // Guarded by lock.
    private final Map<Long, Outcome> settled = new HashMap<>(); // outcomes of operations a thread waits for
    private final Map<Long, Boolean> awaited = new HashMap<>(); // operation -> still wanted
    private final Map<ConsumerHandle, Long> interruptedReads = new IdentityHashMap<>();

    /**
     * Creates an empty broadcast with an open writer.
     *
     * @param options the budget and policy
     * @throws IllegalArgumentException if {@code options} is null
     */
    public LockedCountBroadcast(Options options) {
        this(new CachedCountBroadcast(options));
    }

    LockedCountBroadcast(BroadcastCore core) {
        this.core = core;
    }

    // ---------------------------------------------------------------- Broadcast, each under the lock

    @Override
    public Options options() {
        return core.options();
    }

    @Override
    public ConsumerHandle attach() {
        return locked(core::attach);
    }

    @Override
    public Reply next(ConsumerHandle consumer) {
        return locked(() -> core.next(consumer));
    }

    @Override
    public Reply detach(ConsumerHandle consumer) {
        return locked(() -> {
            enterExclusive();
            return core.detach(consumer);
        });
    }

    @Override
    public Reply writeSync(int size) {
        return locked(() -> core.writeSync(size));
    }

    @Override
    public Reply write(int size) {
        return locked(() -> core.write(size));
    }

    @Override
    public Reply writevSync(int... sizes) {
        return locked(() -> core.writevSync(sizes));
    }

    @Override
    public Reply writev(int... sizes) {
        return locked(() -> core.writev(sizes));
    }

    @Override
    public Reply end() {
        return locked(core::end);
    }

    @Override
    public Reply endSync() {
        return locked(core::endSync);
    }

    /**
     * {@inheritDoc} An aborted queued write settles in this reply and, through it, releases a
     * {@link #put} waiting for it with {@code FAILED(ABORTED)}.
     */
    @Override
    public Reply abort(long operation) {
        return locked(() -> core.abort(operation));
    }

    /**
     * {@inheritDoc} A pending drain settles later in the reply of whichever operation settles it
     * (a trim, an eviction, end, endSync, cancel, fail or a spoiled read), on whatever thread runs it.
     */
    @Override
    public Reply drain() {
        return locked(core::drain);
    }

    @Override
    public Reply spoil(long operation) {
        return locked(() -> {
            enterExclusive(); // no lock-free read may be between its spoiled check and its delivery
            return core.spoil(operation);
        });
    }

    @Override
    public Reply fail(Object reason) {
        return locked(() -> {
            enterExclusive();
            return core.fail(reason);
        });
    }

    @Override
    public Reply cancel() {
        return locked(() -> {
            enterExclusive();
            return core.cancel();
        });
    }

    @Override
    public Reply cancel(Object reason) {
        return locked(() -> {
            enterExclusive();
            return core.cancel(reason);
        });
    }

    @Override
    public Snapshot snapshot() {
        return locked(() -> {
            enterExclusive();
            return core.snapshot();
        });
    }

    @Override
    public Diagnostics diagnostics() {
        Diagnostics inner = core.diagnostics();
        return new Diagnostics() {
            @Override
            public MinCache minCache() {
                return locked(() -> {
                    enterExclusive();
                    return inner.minCache();
                });
            }

            @Override
            public long scans() {
                return locked(inner::scans);
            }
        };
    }

    // ---------------------------------------------------------------- forking and naming states

    /** {@inheritDoc} The copy has a lock of its own. */
    @Override
    public Fork fork() {
        return locked(() -> {
            Fork inner = core.fork();
            return new Fork(wrap((BroadcastCore) inner.broadcast()), inner.handles());
        });
    }

    /** This class around a forked core. */
    LockedCountBroadcast wrap(BroadcastCore copy) {
        return new LockedCountBroadcast(copy);
    }

    @Override
    public void writeKey(io.cursorcheck.spi.KeyWriter key) {
        lock.lock(); // as every other call: a key is read while no operation runs
        try {
            core.writeKey(key);
        } finally {
            lock.unlock();
        }
    }

    /** {@inheritDoc} True: the core names consumers only through the writer. */
    @Override
    public boolean namesConsumersThroughWriter() {
        return true;
    }

    @Override
    public String consumerKey(ConsumerHandle consumer) {
        return locked(() -> core.consumerKey(consumer));
    }

    // ---------------------------------------------------------------- blocking

    @Override
    public Outcome take(ConsumerHandle consumer) throws InterruptedException {
        Reply unlocked = tryWithoutLock(consumer);
        if (unlocked != null) {
            return unlocked.outcome();
        }
        lock.lockInterruptibly();
        try {
            Long read = interruptedReads.remove(consumer);
            if (read == null) {
                Reply r = core.next(consumer);
                route(r);
                if (!r.outcome().isPending()) {
                    return r.outcome();
                }
                read = r.op();
                awaited.put(read, Boolean.TRUE);
            }
            try {
                return awaitSettlement(read);
            } catch (InterruptedException e) {
                interruptedReads.put(consumer, read); // still open: the next take returns its entry
                throw e;
            }
        } finally {
            leaveExclusive();
            lock.unlock();
        }
    }

    @Override
    public Outcome put(int size) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (true) {
                Reply r = core.write(size);
                route(r);
                Outcome o = r.outcome();
                if (o.kind() == Outcome.Kind.QUEUED) {
                    awaited.put(r.op(), Boolean.TRUE);
                    try {
                        return awaitSettlement(r.op());
                    } catch (InterruptedException e) {
                        awaited.remove(r.op()); // it stays queued and may still be flushed
                        throw e;
                    }
                }
                if (!o.equals(Outcome.failed(SpecError.BACKPRESSURE))) {
                    return o;
                }
                leaveExclusive(); // never wait inside an exclusive section: it would shut readers out, unguarded
                changed.await(); // STRICT allows one queued write: wait for it to settle, then try again
            }
        } finally {
            leaveExclusive();
            lock.unlock();
        }
    }

    private Outcome awaitSettlement(long op) throws InterruptedException {
        leaveExclusive(); // await releases the lock: the exclusive section must end first
        while (!settled.containsKey(op)) {
            changed.await();
        }
        awaited.remove(op);
        return settled.remove(op);
    }

    // ---------------------------------------------------------------- plumbing for subclasses

    /** A read that needs no lock, or null to take the lock; the baseline always takes it. */
    Reply tryWithoutLock(ConsumerHandle consumer) {
        return null;
    }

    /** Makes the rest of this locked operation exclusive of lock-free readers; the baseline has none. */
    void enterExclusive() {}

    /** Ends the exclusive part of a locked operation, if it had one. */
    void leaveExclusive() {}

    /** Runs an operation under the lock and routes its settlements to waiting threads. */
    final <T> T locked(Supplier<T> operation) {
        lock.lock();
        try {
            T result = operation.get();
            if (result instanceof Reply r) {
                route(r);
            }
            return result;
        } finally {
            leaveExclusive();
            lock.unlock();
        }
    }

    /** Hands settlements to the threads waiting for them and wakes waiters; under the lock. */
    private void route(Reply r) {
        for (Settlement s : r.settlements()) {
            if (awaited.containsKey(s.op())) {
                settled.put(s.op(), s.outcome());
            }
        }
        changed.signalAll(); // also wakes a STRICT put waiting for the queue, and any state change
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{" + snapshot() + "}";
    }
}
