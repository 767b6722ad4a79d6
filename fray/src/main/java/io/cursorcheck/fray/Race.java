package io.cursorcheck.fray;

import io.cursorcheck.spi.BlockingBroadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Snapshot;
import java.util.List;
import java.util.Set;

/**
 * The races of the jcstress tests in {@code stress/} (each constant names its test), as Fray scenes:
 * the same set-up, the same two actors, the same outcome tokens and the same allowed outcomes, so
 * a forbidden outcome here is the forbidden outcome there. Each names the racy twins the jcstress
 * test declares as its negative controls.
 */
public enum Race {

    /** PublishVsReadStress: a lock-free read vs the write that publishes entry 0 (I4). */
    PUBLISH_VS_READ(
            "PublishVsReadStress",
            Options.of(100, Policy.STRICT),
            List.of("end-published-before-entry"),
            Set.of("read-e0/7", "notified-e0/7"),
            "I4: the reader gets entry 0 whole, by its read or the write's notify") {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            b.attach(); // an idle second consumer at the minimum, so c0's read can run lock-free
            t.log("attach c0, attach c1", "ok");
            Reply[] write = new Reply[1];
            Reply[] read = new Reply[1];
            return scene(
                    () -> Answers.delivered(read[0], write[0]),
                    new Scene.Actor("writer", () -> {
                        write[0] = b.writeSync(7);
                        t.log("writeSync(7)", Answers.token(write[0].outcome()) + " (op " + write[0].op() + ")");
                    }),
                    new Scene.Actor("reader", () -> {
                        read[0] = b.next(c0);
                        t.log("next(c0)", Answers.token(read[0].outcome()) + " (op " + read[0].op() + ")");
                    }));
        }
    },

    /** ReadVsTrimStress: c0's read of entry 0 vs c1's read that trims it and a write that reuses the slot (I1, I4). */
    READ_VS_TRIM(
            "ReadVsTrimStress",
            Options.of(1, Policy.STRICT),
            List.of("cursor-published-before-read"),
            Set.of("e0/7, e0/7-then-accepted, ok-1", "e0/7, e0/7-then-refused, ok-1"),
            "I1, I4: c0 reads entry 0 as written, never the reused slot") {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            ConsumerHandle c1 = b.attach();
            Answers.call(t, "attach c0, attach c1, writeSync(7)", () -> b.writeSync(7));
            String[] r = new String[2];
            return scene(
                    () -> r[0] + ", " + r[1] + ", " + Answers.invariants(b),
                    new Scene.Actor("reader-c0", () -> r[0] = Answers.call(t, "next(c0)", () -> b.next(c0))),
                    new Scene.Actor(
                            "reader-c1",
                            () -> r[1] = Answers.call(t, "next(c1)", () -> b.next(c1)) + "-then-"
                                    + Answers.call(t, "writeSync(9)", () -> b.writeSync(9))));
        }
    },

    /** AttachVsTrimStress: a late joiner vs the only consumer's read that trims (I1, I5, I6, I7). */
    ATTACH_VS_TRIM(
            "AttachVsTrimStress",
            Options.of(100, Policy.STRICT),
            List.of("unlocked-attach"),
            Set.of("e0/3, e0/3, ok-1", "e0/3, e1/4, ok-1"),
            "I1, I5, I6, I7: the joiner starts at a current bufferStart; the cache counts it") {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            b.writeSync(3);
            Answers.call(t, "attach c0, writeSync(3), writeSync(4)", () -> b.writeSync(4));
            String[] r = new String[2];
            return scene(
                    () -> r[0] + ", " + r[1] + ", " + Answers.invariants(b),
                    new Scene.Actor("reader", () -> r[0] = Answers.call(t, "next(c0)", () -> b.next(c0))),
                    new Scene.Actor("joiner", () -> {
                        ConsumerHandle c1;
                        try {
                            c1 = b.attach();
                        } catch (RuntimeException e) {
                            t.log("attach", "threw-" + e.getClass().getSimpleName());
                            r[1] = "threw-" + e.getClass().getSimpleName();
                            return;
                        }
                        t.log("attach", "c" + c1.id());
                        r[1] = Answers.call(t, "next(c" + c1.id() + ")", () -> b.next(c1));
                    }));
        }
    },

    /** DetachVsRecomputeStress: a consumer ahead detaching vs the last reader at the minimum's rescan (I5, I6). */
    DETACH_VS_RECOMPUTE(
            "DetachVsRecomputeStress",
            Options.of(100, Policy.STRICT),
            List.of("unlocked-detach"),
            Set.of("done, e0/1, ok-1"),
            "I5, I6: trimmed to the new minimum; the cache does not count the detached") {
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
                    () -> r[0] + ", " + r[1] + ", " + Answers.invariants(b),
                    new Scene.Actor("detacher", () -> r[0] = Answers.call(t, "detach(c0)", () -> b.detach(c0))),
                    new Scene.Actor("reader", () -> r[1] = Answers.call(t, "next(c1)", () -> b.next(c1))));
        }
    },

    /** CountRaceStress: two consumers at the minimum reading past it at once (I5, I6). */
    COUNT_RACE(
            "CountRaceStress",
            Options.of(100, Policy.STRICT),
            List.of("plain-count-decrement"),
            Set.of("e0/5, e0/5, ok-1"),
            "I5, I6: both leave the minimum; entry 0 trimmed; the cache exact") {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            ConsumerHandle c1 = b.attach();
            Answers.call(t, "attach c0, attach c1, writeSync(5)", () -> b.writeSync(5));
            String[] r = new String[2];
            return scene(
                    () -> r[0] + ", " + r[1] + ", " + Answers.invariants(b),
                    new Scene.Actor("reader-c0", () -> r[0] = Answers.call(t, "next(c0)", () -> b.next(c0))),
                    new Scene.Actor("reader-c1", () -> r[1] = Answers.call(t, "next(c1)", () -> b.next(c1))));
        }
    },

    /** AdvanceVsDetachStress: c0's lock-free read vs its detach on another thread (I5, I6). */
    ADVANCE_VS_DETACH(
            "AdvanceVsDetachStress",
            Options.of(100, Policy.STRICT),
            List.of("no-handshake"),
            Set.of("e0/5, ok-0", "done, ok-0"),
            "I5, I6: exactly one of the two takes c0 off the minimum") {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            b.attach();
            b.attach();
            Answers.call(t, "attach c0, c1, c2, writeSync(5)", () -> b.writeSync(5));
            String[] r = new String[1];
            return scene(
                    () -> r[0] + ", " + Answers.invariants(b),
                    new Scene.Actor("reader", () -> r[0] = Answers.call(t, "next(c0)", () -> b.next(c0))),
                    new Scene.Actor("detacher", () -> Answers.call(t, "detach(c0)", () -> b.detach(c0))));
        }
    },

    /** DropOldestVsLaggardStress: a laggard's lock-free read vs the write that evicts its entry (I1, I4). */
    DROP_OLDEST_VS_LAGGARD(
            "DropOldestVsLaggardStress",
            Options.of(1, Policy.DROP_OLDEST),
            List.of("cursor-published-before-read"),
            Set.of("e0/7, ok-1", "e1/9, ok-1"),
            "I1, I4: the laggard gets entry 0 whole or is forced forward to entry 1") {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            b.attach(); // an idle second laggard at the minimum, so c0's read can run lock-free
            Answers.call(t, "attach c0, attach c1, writeSync(7)", () -> b.writeSync(7));
            String[] r = new String[1];
            return scene(
                    () -> r[0] + ", " + Answers.invariants(b),
                    new Scene.Actor("reader", () -> r[0] = Answers.call(t, "next(c0)", () -> b.next(c0))),
                    new Scene.Actor("writer", () -> Answers.call(t, "writeSync(9)", () -> b.writeSync(9))));
        }
    },

    /** LastReadVsSnapshotStress: the last read at the minimum vs a snapshot (I5). */
    LAST_READ_VS_SNAPSHOT(
            "LastReadVsSnapshotStress",
            Options.of(100, Policy.STRICT),
            List.of("split-last-read"),
            Set.of("e0/1, ok-0", "e0/1, ok-1"),
            "I5: the snapshot shows the state before the read or after it") {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            ConsumerHandle c1 = b.attach();
            b.writeSync(1);
            Answers.call(t, "attach c0, attach c1, writeSync(1), next(c1)", () -> b.next(c1));
            String[] r = new String[2];
            return scene(
                    () -> r[0] + ", " + r[1],
                    new Scene.Actor("reader", () -> r[0] = Answers.call(t, "next(c0)", () -> b.next(c0))),
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
    BLOCKED_WRITER(
            "BlockedWriterStress",
            Options.of(1, Policy.STRICT),
            List.of("lost-wakeup"),
            Set.of("terminated"),
            "I12: the read flushes the queued write and wakes the writer") {
        @Override
        Scene setUp(BlockingBroadcast b, Trace t) {
            ConsumerHandle c0 = b.attach();
            Answers.call(t, "attach c0, writeSync(1)", () -> b.writeSync(1)); // at the budget: the next write queues
            String[] r = new String[1];
            // The reader is joined first: a writer that never wakes is then the only thread left (STALE).
            return scene(
                    () -> r[0],
                    new Scene.Actor("reader", () -> Answers.call(t, "next(c0)", () -> b.next(c0))),
                    new Scene.Actor("writer", () -> {
                        try {
                            t.note("put(1) called; it waits while the buffer is at its budget");
                            String answer = Answers.token(b.put(1));
                            t.log("put(1)", answer);
                            r[0] = "terminated";
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            t.log("put(1)", "interrupted");
                            r[0] = "interrupted";
                        }
                    }));
        }
    };

    private final String jcstress;
    private final Options options;
    private final List<String> twins;
    private final Set<String> allowed;
    private final String hypothesis;

    Race(String jcstress, Options options, List<String> twins, Set<String> allowed, String hypothesis) {
        this.jcstress = jcstress;
        this.options = options;
        this.twins = twins;
        this.allowed = allowed;
        this.hypothesis = hypothesis;
    }

    /** Sets the race up on a new broadcast: the actors, not yet started. */
    abstract Scene setUp(BlockingBroadcast b, Trace t);

    /** The jcstress test this race ports, e.g. {@code CountRaceStress}. */
    public String jcstress() {
        return jcstress;
    }

    /** The broadcast's options, as the jcstress test has them. */
    public Options options() {
        return options;
    }

    /** The racy twins the jcstress test declares as this race's negative controls. */
    public List<String> twins() {
        return twins;
    }

    /** The outcomes the jcstress test marks ACCEPTABLE; every other is forbidden. */
    public Set<String> allowed() {
        return allowed;
    }

    /** What the race checks, with the invariants it cites. */
    public String hypothesis() {
        return hypothesis;
    }

    /** {@code Fray.CountRace}-style short name: the jcstress test's name without "Stress". */
    public String shortName() {
        return jcstress.substring(0, jcstress.length() - "Stress".length());
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
