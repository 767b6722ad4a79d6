package io.cursorcheck.fray;

import io.cursorcheck.properties.RaceOutcomes;
import io.cursorcheck.properties.race.RaceCatalogue;
import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Snapshot;
import java.util.List;
import java.util.Set;

/**
 * The races of {@link RaceCatalogue} as Fray scenes, one constant per entry of the same name: the set-up and the
 * two actors of the jcstress test, the same outcome tokens ({@link RaceOutcomes}), graded against the
 * catalogue's allowed outcomes, so a forbidden outcome here is the forbidden outcome there; the options and the
 * racy twins (the negative controls) are the catalogue's too.
 */
public enum Race {

    /** PublishVsReadStress: a lock-free read vs the write that publishes entry 0 (I4). */
    PUBLISH_VS_READ(RaceCatalogue.PUBLISH_VS_READ) {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            b.attach(); // an idle second consumer at the minimum, so c0's read can run lock-free
            t.log("attach c0, attach c1", "ok");
            Reply[] write = new Reply[1];
            Reply[] read = new Reply[1];
            return scene(
                    () -> RaceOutcomes.delivered(read[0], write[0]),
                    new Scene.Actor("writer", () -> {
                        write[0] = b.writeSync(7);
                        t.log("writeSync(7)", RaceOutcomes.token(write[0].outcome()) + " (op " + write[0].op() + ")");
                    }),
                    new Scene.Actor("reader", () -> {
                        read[0] = b.next(c0);
                        t.log("next(c0)", RaceOutcomes.token(read[0].outcome()) + " (op " + read[0].op() + ")");
                    }));
        }
    },

    /** ReadVsTrimStress: c0's read of entry 0 vs c1's read that trims it and a write that reuses the slot (I1, I4). */
    READ_VS_TRIM(RaceCatalogue.READ_VS_TRIM) {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            ConsumerHandle c1 = b.attach();
            t.call("attach c0, attach c1, writeSync(7)", () -> b.writeSync(7));
            String[] r = new String[2];
            return scene(
                    () -> r[0] + ", " + r[1] + ", " + RaceOutcomes.invariants(b),
                    new Scene.Actor("reader-c0", () -> r[0] = t.call("next(c0)", () -> b.next(c0))),
                    new Scene.Actor(
                            "reader-c1",
                            () -> r[1] = t.call("next(c1)", () -> b.next(c1)) + "-then-"
                                    + t.call("writeSync(9)", () -> b.writeSync(9))));
        }
    },

    /** AttachVsTrimStress: a late joiner vs the only consumer's read that trims (I1, I5, I6, I7). */
    ATTACH_VS_TRIM(RaceCatalogue.ATTACH_VS_TRIM) {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            b.writeSync(3);
            t.call("attach c0, writeSync(3), writeSync(4)", () -> b.writeSync(4));
            String[] r = new String[2];
            return scene(
                    () -> r[0] + ", " + r[1] + ", " + RaceOutcomes.invariants(b),
                    new Scene.Actor("reader", () -> r[0] = t.call("next(c0)", () -> b.next(c0))),
                    new Scene.Actor("joiner", () -> {
                        ConsumerHandle c1;
                        try {
                            c1 = b.attach();
                        } catch (RuntimeException e) {
                            t.log("attach", RaceOutcomes.threw(e));
                            r[1] = RaceOutcomes.threw(e);
                            return;
                        }
                        t.log("attach", "c" + c1.id());
                        r[1] = t.call("next(c" + c1.id() + ")", () -> b.next(c1));
                    }));
        }
    },

    /** DetachVsRecomputeStress: a consumer ahead detaching vs the last reader at the minimum's rescan (I5, I6). */
    DETACH_VS_RECOMPUTE(RaceCatalogue.DETACH_VS_RECOMPUTE) {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c1 = b.attach();
            ConsumerHandle c0 = b.attach();
            b.writeSync(1);
            b.next(c0); // c0 ahead at 1
            for (int i = 0; i < 5; i++) {
                b.next(b.attach()); // five more ahead at 1: the rescan has a few to visit
            }
            t.log("attach c1, c0; writeSync(1); next(c0); five more consumers read ahead", "ok");
            String[] r = new String[2];
            return scene(
                    () -> r[0] + ", " + r[1] + ", " + RaceOutcomes.invariants(b),
                    new Scene.Actor("detacher", () -> r[0] = t.call("detach(c0)", () -> b.detach(c0))),
                    new Scene.Actor("reader", () -> r[1] = t.call("next(c1)", () -> b.next(c1))));
        }
    },

    /** CountRaceStress: two consumers at the minimum reading past it at once (I5, I6). */
    COUNT_RACE(RaceCatalogue.COUNT_RACE) {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            ConsumerHandle c1 = b.attach();
            t.call("attach c0, attach c1, writeSync(5)", () -> b.writeSync(5));
            String[] r = new String[2];
            return scene(
                    () -> r[0] + ", " + r[1] + ", " + RaceOutcomes.invariants(b),
                    new Scene.Actor("reader-c0", () -> r[0] = t.call("next(c0)", () -> b.next(c0))),
                    new Scene.Actor("reader-c1", () -> r[1] = t.call("next(c1)", () -> b.next(c1))));
        }
    },

    /** AdvanceVsDetachStress: c0's lock-free read vs its detach on another thread (I5, I6). */
    ADVANCE_VS_DETACH(RaceCatalogue.ADVANCE_VS_DETACH) {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            b.attach();
            b.attach();
            t.call("attach c0, c1, c2, writeSync(5)", () -> b.writeSync(5));
            String[] r = new String[1];
            return scene(
                    () -> r[0] + ", " + RaceOutcomes.invariants(b),
                    new Scene.Actor("reader", () -> r[0] = t.call("next(c0)", () -> b.next(c0))),
                    new Scene.Actor("detacher", () -> t.call("detach(c0)", () -> b.detach(c0))));
        }
    },

    /** DropOldestVsLaggardStress: a laggard's lock-free read vs the write that evicts its entry (I1, I4). */
    DROP_OLDEST_VS_LAGGARD(RaceCatalogue.DROP_OLDEST_VS_LAGGARD) {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            b.attach(); // an idle second laggard at the minimum, so c0's read can run lock-free
            t.call("attach c0, attach c1, writeSync(7)", () -> b.writeSync(7));
            String[] r = new String[1];
            return scene(
                    () -> r[0] + ", " + RaceOutcomes.invariants(b),
                    new Scene.Actor("reader", () -> r[0] = t.call("next(c0)", () -> b.next(c0))),
                    new Scene.Actor("writer", () -> t.call("writeSync(9)", () -> b.writeSync(9))));
        }
    },

    /** LastReadVsSnapshotStress: the last read at the minimum vs a snapshot (I5). */
    LAST_READ_VS_SNAPSHOT(RaceCatalogue.LAST_READ_VS_SNAPSHOT) {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            ConsumerHandle c1 = b.attach();
            b.writeSync(1);
            t.call("attach c0, attach c1, writeSync(1), next(c1)", () -> b.next(c1));
            String[] r = new String[2];
            return scene(
                    () -> r[0] + ", " + r[1],
                    new Scene.Actor("reader", () -> r[0] = t.call("next(c0)", () -> b.next(c0))),
                    new Scene.Actor("looker", () -> {
                        Snapshot s = b.snapshot(); // one atomic query: the buffer and every cursor
                        long min = s.consumers().stream()
                                .mapToLong(Snapshot.ConsumerState::cursor)
                                .min()
                                .orElse(s.end());
                        r[1] = s.bufferStart() == min ? "ok-" + s.bufferStart() : "I5";
                        t.log("snapshot()", r[1] + " (saw " + s + ")");
                    }));
        }
    },

    /** BlockedWriterStress: put on a full STRICT buffer vs the read that frees it (I12: no lost wake-up). */
    BLOCKED_WRITER(RaceCatalogue.BLOCKED_WRITER) {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            t.call("attach c0, writeSync(1)", () -> b.writeSync(1)); // at the budget: the next write queues
            String[] r = new String[1];
            // The reader is joined first: a writer that never wakes is then the only thread left (STALE).
            return scene(
                    () -> r[0],
                    new Scene.Actor("reader", () -> t.call("next(c0)", () -> b.next(c0))),
                    new Scene.Actor("writer", () -> {
                        try {
                            t.note("put(1) called; it waits while the buffer is at its budget");
                            String answer = RaceOutcomes.token(b.put(1));
                            t.log("put(1)", answer);
                            r[0] = "TERMINATED";
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            t.log("put(1)", "INTERRUPTED");
                            r[0] = "INTERRUPTED";
                        }
                    }));
        }
    };

    private final RaceCatalogue entry;

    Race(RaceCatalogue entry) {
        this.entry = entry;
    }

    /** Sets the race up on a new broadcast: the actors, not yet started. */
    abstract Scene setUp(BlockingBroadcast b, Trace t);

    /** The race's entry in the catalogue: its options, outcomes and twins. */
    public RaceCatalogue entry() {
        return entry;
    }

    /** The jcstress test this race ports, e.g. {@code CountRaceStress}. */
    public String jcstress() {
        return entry.jcstress();
    }

    /** The broadcast's options, the catalogue's. */
    public Options options() {
        return entry.options();
    }

    /** The racy twins the catalogue names as this race's negative controls. */
    public List<String> twins() {
        return entry.twins();
    }

    /** The outcomes the catalogue allows; every other is forbidden. */
    public Set<String> allowed() {
        return entry.allowed();
    }

    /** What the race checks, with the invariants it cites. */
    public String hypothesis() {
        return entry.hypothesis();
    }

    /** {@code Fray.CountRace}-style short name: the jcstress test's name without "Stress". */
    public String shortName() {
        return entry.shortName();
    }

    /** A race by its short name ({@code CountRace}) or constant name. */
    public static Race named(String name) {
        for (Race r : values()) {
            if (r.shortName().equals(name) || r.name().equals(name)) {
                return r;
            }
        }
        throw new IllegalArgumentException("no race named '" + name + "'");
    }

    private static Scene scene(java.util.function.Supplier<String> outcome, Scene.Actor... actors) {
        List<Scene.Actor> list = List.of(actors);
        return new Scene() {
            @Override
            public List<Actor> actors() {
                return list;
            }

            @Override
            public String outcome() {
                return outcome.get();
            }
        };
    }
}
