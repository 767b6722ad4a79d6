package io.cursorcheck.stress.lincheck;

import io.cursorcheck.impl.LockedCountBroadcast;
import io.cursorcheck.impl.PublishedCursorBroadcast;
import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.MinimumScan;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Snapshot;
import java.util.function.Supplier;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * The Lincheck test class: one broadcast with two consumers, and the operations Lincheck runs on
 * it from several threads. Hypothesis: every concurrent history of these operations on a
 * thread-safe variant is linearizable with respect to {@link ScanningModel} (the {@link Model}
 * subclass is the sequential specification), including the buffer start, the retained entries,
 * every cursor and the cached minimum with its count (I1, I4, I5, I6).
 *
 * <p>The operations: {@code writeSync(size)} and {@code write(size)} with sizes 1..2 against a
 * STRICT budget of 2 bytes, so refusals, queued writes and the trims that flush them happen within
 * a few operations; reads of the two consumers attached first, each consumer read by one
 * thread at a time ({@code nonParallelGroup}, the contract of {@code BlockingBroadcast}); detach of
 * c1 from any thread (it races c1's own read); and {@link #state()}. c0 is never detached, so a
 * consumer is always attached and I6 defines the cache exactly.
 *
 * <p>Each subject is a nested class with a no-argument constructor, as Lincheck needs. A racy twin
 * ({@link Mutants#RACY_TWINS}) runs as the {@link Published} or {@link Locked} subject in a JVM
 * whose class path starts with the twin's shadow jar, so it loads exactly as the real class does
 * (see {@link LincheckRun}). Run: {@code LincheckRun} (or {@code mvn verify}, {@code LincheckTest}).
 *
 * <p>The broadcast and its consumers are made by the first operation, not by the constructor.
 * Lincheck runs the constructor outside the code it analyses, where {@code hashCode()} is the real
 * identity hash; inside, the model checker replaces it with a constant (0, for determinism). The
 * broadcast keeps its consumers in a {@code LinkedHashSet}, so a consumer attached in the
 * constructor would sit in the bucket of its real hash and a later {@code remove} would look in
 * bucket 0 and miss it: detach would leave the consumer attached, a failure of the harness, not of
 * the broadcast. Made inside the analysed code, every hash is the same constant, and the set works.
 *
 * <p>Thread-safe as the broadcast under it is; the first operation publishes the broadcast
 * through a volatile field.
 */
@Param(name = "size", gen = IntGen.class, conf = "1:2")
public abstract class BroadcastScene {

    /** STRICT with a budget of 2 bytes: one or two entries fill it. */
    public static final Options OPTIONS = Options.of(2, Policy.STRICT);

    /** The broadcast and the two consumers attached to it first, in this order. */
    private record Started(Broadcast broadcast, ConsumerHandle c0, ConsumerHandle c1) {}

    private final Supplier<Broadcast> make;
    private volatile Started started; // made once, by the first operation

    BroadcastScene(Supplier<Broadcast> make) {
        this.make = make;
    }

    private Started started() {
        Started s = started;
        if (s != null) {
            return s;
        }
        synchronized (this) {
            if (started == null) {
                Broadcast b = make.get();
                started = new Started(b, b.attach(), b.attach());
            }
            return started;
        }
    }

    /**
     * Offers an entry without waiting.
     *
     * @param size 1 or 2 bytes
     * @return {@code accepted} or {@code refused}, with what it settled
     */
    @Operation
    public String writeSync(@Param(name = "size") int size) {
        return Tokens.reply(started().broadcast().writeSync(size));
    }

    /**
     * Writes an entry, queueing it when the buffer is full (STRICT: one queued write at most).
     *
     * @param size 1 or 2 bytes
     * @return {@code accepted}, {@code queued} or {@code failed-BACKPRESSURE}, with what it settled
     */
    @Operation
    public String write(@Param(name = "size") int size) {
        return Tokens.reply(started().broadcast().write(size));
    }

    /**
     * A read of c0, by one thread at a time.
     *
     * @return {@code e<position>/<size>}, {@code wait} or {@code pending}, with what it settled
     */
    @Operation(nonParallelGroup = "c0")
    public String nextC0() {
        Started s = started();
        return Tokens.reply(s.broadcast().next(s.c0()));
    }

    /**
     * A read of c1, by one thread at a time.
     *
     * @return {@code e<position>/<size>}, {@code wait}, {@code pending} or {@code done}, with what it settled
     */
    @Operation(nonParallelGroup = "c1")
    public String nextC1() {
        Started s = started();
        return Tokens.reply(s.broadcast().next(s.c1()));
    }

    /**
     * Detaches c1, from any thread: it may race c1's own read.
     *
     * @return {@code done}, with the reads it settled and whatever its trim flushed
     */
    @Operation
    public String detachC1() {
        Started s = started();
        return Tokens.reply(s.broadcast().detach(s.c1()));
    }

    /**
     * The state, read-only: buffer start, retained sizes, cursors, open reads, queued writes, and
     * the cached minimum with its count (see {@link Tokens#state}).
     *
     * <p>A snapshot and the cache are two queries, each atomic. They are read as a double collect:
     * snapshot, cache, snapshot, again until both snapshots agree. No operation returns the state
     * to an earlier snapshot (buffer start, cursors and bytes accepted only grow, a read opens only
     * with {@code wait} or {@code pending} and closes only with a cursor move or a removal), so equal
     * snapshots mean nothing changed while the cache was read.
     *
     * @return the rendered state
     */
    @Operation
    public String state() {
        Broadcast broadcast = started().broadcast();
        while (true) {
            Snapshot before = broadcast.snapshot();
            Diagnostics.MinCache cache = cache(broadcast, before);
            Snapshot after = broadcast.snapshot();
            if (before.equals(after)) {
                return Tokens.state(before, cache);
            }
        }
    }

    /** The cache to show with a snapshot: the subject's own, or null if it keeps none. */
    Diagnostics.MinCache cache(Broadcast broadcast, Snapshot snapshot) {
        return broadcast.diagnostics().minCache();
    }

    /** The sequential specification: {@link ScanningModel}, whose cache is what I6 demands of the subject's. */
    public static final class Model extends BroadcastScene {
        /** A fresh model with two consumers. */
        public Model() {
            super(() -> new ScanningModel(OPTIONS));
        }

        @Override
        Diagnostics.MinCache cache(Broadcast broadcast, Snapshot snapshot) {
            return MinimumScan.of(snapshot).asCache(); // I6: (cachedMin, minCount) == scan()
        }
    }

    /** The obviously correct baseline: every operation under one lock. */
    public static final class Locked extends BroadcastScene {
        /** A fresh locked broadcast with two consumers. */
        public Locked() {
            super(() -> new LockedCountBroadcast(OPTIONS));
        }
    }

    /** The design under test: lock-free reads, published cursors, an atomic count. */
    public static final class Published extends BroadcastScene {
        /** A fresh published-cursor broadcast with two consumers. */
        public Published() {
            super(() -> new PublishedCursorBroadcast(OPTIONS));
        }
    }
}
