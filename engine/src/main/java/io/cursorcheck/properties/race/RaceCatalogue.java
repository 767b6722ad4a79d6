package io.cursorcheck.properties.race;

import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every race the concurrency tools check, in one table: the jcstress test that runs it, the broadcast's options,
 * the outcomes it declares (in the order of its {@code @Outcome} annotations) and the racy twins that are its
 * negative controls. jcstress declares the same in annotations (StressCatalogueTest in {@code stress/} shows by
 * reflection that they agree, both ways); Fray grades its scenes with {@link #allowed()} and runs
 * {@link #twins()}; Lincheck runs the twins of the races it has a targeted scenario for. An outcome is a token
 * of {@link io.cursorcheck.properties.RaceOutcomes}; one the race does not list is forbidden. Immutable.
 */
public enum RaceCatalogue {

    /** A lock-free read vs the write that publishes entry 0. */
    PUBLISH_VS_READ(
            "PublishVsReadStress",
            Options.of(100, Policy.STRICT),
            false,
            "I4: the reader gets entry 0 whole, by its read or the write's notify",
            List.of(
                    acceptable("read-e0/7", "I4: read after the write published entry 0, whole"),
                    acceptable("notified-e0/7", "I4: waited; the write's notify delivered entry 0, whole"),
                    otherwiseForbidden("I4: a torn, lost or unwritten entry")),
            List.of("end-published-before-entry")),

    /** c0's read of entry 0 vs c1's read that trims it and a write that reuses the slot. */
    READ_VS_TRIM(
            "ReadVsTrimStress",
            Options.of(1, Policy.STRICT),
            false,
            "I1, I4: c0 reads entry 0 as written, never the reused slot",
            List.of(
                    acceptable(
                            "e0/7, e0/7-then-accepted, ok-1",
                            "I1, I4: c0 read entry 0 whole; c1 then trimmed and the write reused its slot"),
                    acceptable(
                            "e0/7, e0/7-then-refused, ok-1",
                            "I1, I4: c1 read first; the write found the buffer full; c0 then read and trimmed"),
                    otherwiseForbidden("I1, I4: a read of a freed or reused slot, or I5/I6 broken after the race")),
            List.of("cursor-published-before-read")),

    /** A late joiner vs the only consumer's read that trims. */
    ATTACH_VS_TRIM(
            "AttachVsTrimStress",
            Options.of(100, Policy.STRICT),
            false,
            "I1, I5, I6, I7: the joiner starts at a current bufferStart; the cache counts it",
            List.of(
                    acceptable("e0/3, e0/3, ok-1", "I7: joined before the trim, read entry 0 from bufferStart"),
                    acceptable("e0/3, e1/4, ok-1", "I1: joined after the trim, started at the new bufferStart"),
                    otherwiseForbidden(
                            "I1, I5, I6: a joiner below bufferStart, a trimmed slot read, or a stale cache")),
            List.of("unlocked-attach")),

    /** A consumer ahead detaching vs the last reader at the minimum's rescan. */
    DETACH_VS_RECOMPUTE(
            "DetachVsRecomputeStress",
            Options.of(100, Policy.STRICT),
            false,
            "I5, I6: trimmed to the new minimum; the cache does not count the detached",
            List.of(
                    acceptable(
                            "done, e0/1, ok-1",
                            "I5, I6: the minimum moved to 1; the cache counts everyone there but c0"),
                    otherwiseForbidden("I5, I6: a cache counting the detached consumer, an untrimmed buffer, or a"
                            + " rescan broken by the detach")),
            List.of("unlocked-detach")),

    /** Two consumers at the minimum reading past it at once. */
    COUNT_RACE(
            "CountRaceStress",
            Options.of(100, Policy.STRICT),
            false,
            "I5, I6: both leave the minimum; entry 0 trimmed; the cache exact",
            List.of(
                    acceptable("e0/5, e0/5, ok-1", "I5, I6: both left the minimum; entry 0 trimmed; cache exact"),
                    otherwiseForbidden("I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")),
            List.of("plain-count-decrement")),

    /** c0's lock-free read vs its detach on another thread. */
    ADVANCE_VS_DETACH(
            "AdvanceVsDetachStress",
            Options.of(100, Policy.STRICT),
            false,
            "I5, I6: exactly one of the two takes c0 off the minimum",
            List.of(
                    acceptable("e0/5, ok-0", "I5, I6: c0 read entry 0, then was detached; c1, c2 keep the minimum"),
                    acceptable("done, ok-0", "I5, I6: c0 was detached first; its read answered DONE"),
                    otherwiseForbidden("I6: a double decrement (the count one short, or below zero) or a stale cache")),
            List.of("no-handshake")),

    /** A laggard's lock-free read vs the DROP_OLDEST write that evicts its entry. */
    DROP_OLDEST_VS_LAGGARD(
            "DropOldestVsLaggardStress",
            Options.of(1, Policy.DROP_OLDEST),
            false,
            "I1, I4: the laggard gets entry 0 whole or is forced forward to entry 1",
            List.of(
                    acceptable("e0/7, ok-1", "I4: read entry 0 before the write; nothing evicted"),
                    acceptable("e1/9, ok-1", "I1, I4: evicted first; forced forward, read entry 1"),
                    otherwiseForbidden("I1, I4: a torn read of the evicted slot, or a broken state")),
            List.of("cursor-published-before-read")),

    /** The last read at the minimum vs a snapshot. */
    LAST_READ_VS_SNAPSHOT(
            "LastReadVsSnapshotStress",
            Options.of(100, Policy.STRICT),
            false,
            "I5: the snapshot shows the state before the read or after it",
            List.of(
                    acceptable("e0/1, ok-0", "I5: the snapshot came before the read"),
                    acceptable("e0/1, ok-1", "I5: the snapshot came after the read and its trim"),
                    otherwiseForbidden(
                            "I5: the snapshot saw the read half done: the cursor moved, the entry untrimmed")),
            List.of("split-last-read")),

    /** put on a full STRICT buffer vs the read that frees it (a termination test: does the writer wake). */
    BLOCKED_WRITER(
            "BlockedWriterStress",
            Options.of(1, Policy.STRICT),
            true,
            "I12: the read flushes the queued write and wakes the writer",
            List.of(
                    acceptable("TERMINATED", "I12: the read freed the buffer, flushed the write, woke the writer"),
                    new Declared(
                            List.of("STALE"),
                            Expect.FORBIDDEN,
                            "I12: the writer slept through the trim that flushed its write")),
            List.of("lost-wakeup"));

    /** What jcstress expects of an outcome, as its {@code Expect} names it. */
    public enum Expect {
        /** Allowed. */
        ACCEPTABLE,
        /** Allowed, and worth a look. */
        ACCEPTABLE_INTERESTING,
        /** A broken invariant: the race fails. */
        FORBIDDEN
    }

    /**
     * One declared outcome, as one jcstress {@code @Outcome} annotation states it.
     *
     * @param ids    the outcome tokens it matches; empty for every outcome no other declaration lists
     * @param expect whether it is allowed
     * @param desc   what it means, citing the invariants
     */
    public record Declared(List<String> ids, Expect expect, String desc) {

        /** Copies the ids. */
        public Declared {
            ids = List.copyOf(ids);
        }

        /** Whether the outcome is allowed. */
        public boolean allowed() {
            return expect != Expect.FORBIDDEN;
        }
    }

    private final String jcstress;
    private final Options options;
    private final boolean termination;
    private final String hypothesis;
    private final List<Declared> outcomes;
    private final List<String> twins;

    RaceCatalogue(
            String jcstress,
            Options options,
            boolean termination,
            String hypothesis,
            List<Declared> outcomes,
            List<String> twins) {
        this.jcstress = jcstress;
        this.options = options;
        this.termination = termination;
        this.hypothesis = hypothesis;
        this.outcomes = outcomes;
        this.twins = twins;
    }

    private static Declared acceptable(String id, String desc) {
        return new Declared(List.of(id), Expect.ACCEPTABLE, desc);
    }

    /** The catch-all: an outcome no other declaration lists (jcstress' {@code @Outcome} without an id). */
    private static Declared otherwiseForbidden(String desc) {
        return new Declared(List.of(), Expect.FORBIDDEN, desc);
    }

    /** The jcstress test class that runs the race, e.g. {@code CountRaceStress}. */
    public String jcstress() {
        return jcstress;
    }

    /** {@code CountRace}: the jcstress test's name without "Stress", as Fray's ledger and pages name the race. */
    public String shortName() {
        return jcstress.substring(0, jcstress.length() - "Stress".length());
    }

    /** The broadcast's options. */
    public Options options() {
        return options;
    }

    /**
     * Whether the race is a termination test (the outcome is whether an actor finishes: {@code TERMINATED} or
     * {@code STALE}) rather than a continuous one (an outcome per sample).
     */
    public boolean termination() {
        return termination;
    }

    /** What the race checks, in one line, with the invariants it cites. */
    public String hypothesis() {
        return hypothesis;
    }

    /** The declared outcomes, in the order of the jcstress test's annotations. */
    public List<Declared> outcomes() {
        return outcomes;
    }

    /** The outcome tokens the race allows; every other outcome is forbidden. */
    public Set<String> allowed() {
        Set<String> allowed = new LinkedHashSet<>();
        for (Declared d : outcomes) {
            if (d.allowed()) {
                allowed.addAll(d.ids());
            }
        }
        return Set.copyOf(allowed);
    }

    /** The ids of the racy twins (of {@code Mutants.RACY_TWINS}) that are the race's negative controls. */
    public List<String> twins() {
        return twins;
    }

    /**
     * The race its jcstress test runs.
     *
     * @param jcstress the test class's simple name, e.g. {@code CountRaceStress}
     * @throws IllegalArgumentException if the catalogue has no such race
     */
    public static RaceCatalogue ofJcstress(String jcstress) {
        for (RaceCatalogue r : values()) {
            if (r.jcstress.equals(jcstress)) {
                return r;
            }
        }
        throw new IllegalArgumentException("the race catalogue has no race run by " + jcstress);
    }
}
