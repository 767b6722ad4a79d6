package io.cursorcheck.properties.mutants;

import static io.cursorcheck.properties.mutants.Mutant.Impact.LIVENESS;
import static io.cursorcheck.properties.mutants.Mutant.Impact.SAFETY;

import io.cursorcheck.properties.BroadcastFactory;
import java.util.List;

/**
 * The catalogue of deliberately broken variants of {@code CachedCountBroadcast} and
 * {@code WheelBroadcast} (the {@code wheel-} ones). Each is the kind of slip a careful engineer
 * could make writing the algorithm, named for what it gets wrong.
 */
public final class Mutants {

    private Mutants() {
    }

    /** The negative controls the default lockstep run must catch and shrink. */
    public static final List<Mutant> CONTROLS = List.of(
            Mutant.cachedCount("detach-forgets-count", LIVENESS,
                    "A detach at the cached minimum trims without decrementing the count, so the minimum never moves"
                            + " past the detached consumer's cursor.",
                    "if (r.cursor == cachedMin && decrementMinCount() == 0 && trimAllowed) {",
                    "if (trimAllowed) {"),
            Mutant.cachedCount("advance-compares-new-cursor", LIVENESS,
                    "An advance compares the cursor after the move with the cached minimum instead of the one before,"
                            + " so the count drops for consumers arriving at the minimum, not for those leaving it.",
                    "if (old == cachedMin && decrementMinCount() == 0) {",
                    "if (old + 1 == cachedMin && decrementMinCount() == 0) {"),
            Mutant.cachedCount("trim-without-retain-guard", SAFETY,
                    "Trim runs with no consumer attached, so the last detach drops everything a late joiner should"
                            + " still read.",
                    """
                            if (consumers.isEmpty()) {
                                        return; // I7: retained data waits for late joiners
                                    }
                            """,
                    ""),
            Mutant.cachedCount("drop-oldest-keeps-stale-minimum", LIVENESS,
                    "DROP_OLDEST eviction moves laggards forward but does not recompute, leaving the cached minimum"
                            + " below bufferStart.",
                    """
                            void evicted() {
                                    recompute();
                                }""",
                    """
                            void evicted() {
                                }"""),
            Mutant.wheel("wheel-advance-keeps-old-slot", LIVENESS,
                    "An advance counts the consumer at its new position but does not take it off the old one, so"
                            + " the minimum's slot never empties and the buffer is never trimmed.",
                    "int left = --counts[slot(old)];",
                    "int left = counts[slot(old)];"),
            Mutant.wheel("wheel-walks-before-counting", SAFETY,
                    "An advance walks the minimum forward before it counts the consumer at its new position, so the"
                            + " walk passes that occupied slot and trims entries the consumer has not read.",
                    """
                            occupy(old + 1);
                                    if (old == cachedMin && left == 0) {
                                        walkMinimum();
                            """,
                    """
                            if (old == cachedMin && left == 0) {
                                        walkMinimum();
                                        occupy(old + 1);
                            """),
            Mutant.wheel("wheel-laggard-keeps-old-slot", LIVENESS,
                    "DROP_OLDEST eviction counts a laggard at bufferStart but leaves its old slot counted, so the"
                            + " minimum stays below bufferStart and the count at it is wrong (I6).",
                    "--counts[slot(r.cursor)];\n        occupy(bufferStart());",
                    "occupy(bufferStart());"));

    /**
     * Racy twins of the thread-safe variants: single-threaded they behave exactly like the real
     * class (the lockstep engine cannot see them); only concurrent runs can. They are the negative
     * controls of the jcstress and Lincheck tests in {@code stress/}.
     */
    public static final List<Mutant> RACY_TWINS = List.of(
            new Mutant("cursor-published-before-read", "The lock-free read moves and publishes its cursor before it"
                    + " reads the entry, so a trim or eviction can free, and a write reuse, the slot it is reading.",
                    SAFETY, "PublishedCursorBroadcast.java", """
                    int size = state.buffer.sizeAcquire(p); // read the entry before the cursor passes it
                    r.cursor = p + 1;
                    long op = state.nextOperation();
                    r.busy = false; // volatile: publishes the read and the cursor to the next exclusive section
                    """, """
                    r.cursor = p + 1;
                    long op = state.nextOperation();
                    r.busy = false;
                    int size = state.buffer.sizeAcquire(p);
                    """, "PublishedCursorBroadcast"),
            new Mutant("plain-count-decrement", "Lock-free readers leaving the minimum decrement the shared count with"
                    + " a plain read-modify-write, so two at once lose a decrement and trimming stalls.",
                    LIVENESS, "PublishedCursorBroadcast.java",
                    "if (COUNT.compareAndSet(this, c, c - 1)) {",
                    "{ minCount = c - 1;", "PublishedCursorBroadcast"),
            new Mutant("no-handshake", "Exclusive sections set the flag but do not wait for readers already"
                    + " mid-read, so scans, evictions and detaches overlap lock-free reads.",
                    SAFETY, "PublishedCursorBroadcast.java",
                    "for (Reader r : consumers) { int spins = 0;",
                    "for (Reader r : java.util.List.<Reader>of()) { int spins = 0;", "PublishedCursorBroadcast"),
            new Mutant("end-published-before-entry", "The ring publishes the new end before it stores the entry, so a"
                    + " lock-free reader can read a slot that is not written yet.",
                    SAFETY, "EntryRing.java", """
                    slots[(int) end & (slots.length - 1)] = size;
                    END.setRelease(this, end + 1);
                    """, """
                    long at = end;
                    END.setRelease(this, at + 1);
                    slots[(int) at & (slots.length - 1)] = size;
                    """, "PublishedCursorBroadcast"),
            new Mutant("split-last-read", "The last consumer at the minimum reads lock-free and trims afterwards,"
                    + " under the lock, so a locked operation can slip in between and see the count at zero with the"
                    + " entry untrimmed (the earlier design of this class, which Lincheck caught).",
                    SAFETY, "PublishedCursorBroadcast.java", """
                    if (p == state.cachedMin && !state.leaveMinimumUnlessLast()) {
                        r.busy = false;
                        return null; // the last consumer at the minimum reads under the lock: its advance and its trim are one step
                    }
                    int size = state.buffer.sizeAcquire(p); // read the entry before the cursor passes it
                    r.cursor = p + 1;
                    long op = state.nextOperation();
                    r.busy = false; // volatile: publishes the read and the cursor to the next exclusive section
                    return new Reply(op, Outcome.data(p, size), List.of());
                    """, """
                    boolean last = p == state.cachedMin && !state.leaveMinimumUnlessLast();
                    if (last) {
                        state.leaveMinimum();
                    }
                    int size = state.buffer.sizeAcquire(p);
                    r.cursor = p + 1;
                    long op = state.nextOperation();
                    r.busy = false;
                    if (!last) {
                        return new Reply(op, Outcome.data(p, size), List.of());
                    }
                    return locked(() -> {
                        state.trim();
                        return state.replyFor(op, Outcome.data(p, size));
                    });
                    """, "PublishedCursorBroadcast"),
            new Mutant("unlocked-detach", "Detach runs without the lock, so it changes the consumer set and the"
                    + " count while another consumer's trim rescans them.",
                    SAFETY, "LockedCountBroadcast.java", """
                    return locked(() -> {
                        enterExclusive();
                        return core.detach(consumer);
                    });
                    """, "return core.detach(consumer);", "PublishedCursorBroadcast"),
            new Mutant("unlocked-attach", "Attach runs without the lock, so a late joiner can read a stale"
                    + " bufferStart while a trim moves it, and races the trim's bookkeeping.",
                    SAFETY, "LockedCountBroadcast.java",
                    "return locked(core::attach);",
                    "return core.attach();", "PublishedCursorBroadcast"),
            new Mutant("lost-wakeup", "Settlements are handed to waiting threads without signalling them, so a blocked"
                    + " put or take sleeps through the trim that settles it.",
                    LIVENESS, "LockedCountBroadcast.java",
                    "changed.signalAll(); // also wakes a STRICT put waiting for the queue, and any state change",
                    "", "LockedCountBroadcast"));

    /** Every mutant. */
    public static List<Mutant> all() {
        return java.util.stream.Stream.concat(CONTROLS.stream(), RACY_TWINS.stream()).toList();
    }

    /** The mutant with this id, or null. */
    public static Mutant named(String id) {
        return all().stream().filter(m -> m.id().equals(id)).findFirst().orElse(null);
    }

    /** The compiled factory of a mutant. */
    public static BroadcastFactory factory(Mutant mutant) {
        return MutantCompiler.factory(mutant);
    }
}
