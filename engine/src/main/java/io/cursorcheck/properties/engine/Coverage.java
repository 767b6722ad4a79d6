package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.SpecError;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How often random runs reached the states that matter, counted from the model's observations.
 * Each state has a floor; a run below any floor has not tested what it claims to, and
 * {@link #belowFloor} says which.
 *
 * <p>Not thread-safe: one per worker, {@link #add merged} at the end.
 */
public final class Coverage {

    /**
     * The states whose reach is checked, each with its floor per 1,000 sequences. The floors of the
     * writer's further paths sit at about a quarter of what the default weights reach on the model, so that
     * a correct generator stays well above them; a state reached too rarely to bear a floor (a spoiled
     * entry read by another delivery than {@code next}) is counted with none.
     */
    public enum State {
        /** A delivery moved the last consumer at the minimum and the buffer shrank. */
        LAST_AT_MIN_ADVANCES("the last consumer at the minimum advances and the buffer trims", 200),
        /** A consumer at the minimum detached while others stayed. */
        DETACH_OF_MIN("a consumer at the minimum detaches while others stay", 100),
        /** DROP_OLDEST eviction forced an attached consumer forward. */
        DROP_OLDEST_MOVES_LAGGARD("drop-oldest eviction moves a lagging consumer", 20),
        /** A consumer that attached to retained data with nobody else attached read it. */
        LATE_JOINER_READS_RETAINED("a late joiner reads retained data", 50),
        /** A trim flushed a queued write. */
        QUEUED_WRITE_FLUSHED("a queued write is flushed by a trim", 50),
        /** A write delivered to a read that had been queued behind another. */
        OVERLAPPING_READ_SETTLED_BY_WRITE("a queued (overlapping) read is settled by a write", 50),
        /** The broadcast ended while a consumer was waiting. */
        END_WITH_WAITING("end with a waiting consumer", 20),
        /** An effective fail or cancel settled open reads. */
        FAIL_CANCEL_WITH_OPEN_READS("fail or cancel with open reads", 50),
        /** A writev answered QUEUED. */
        WRITEV_QUEUED("a writev queues", 40),
        /** endSync answered COMPLETED. */
        END_SYNC_COMPLETED("endSync completes the end at once", 30),
        /** endSync answered INCOMPLETE. */
        END_SYNC_INCOMPLETE("endSync cannot complete the end now (INCOMPLETE)", 50),
        /** An abort took a queued write out of the queue. */
        ABORT_OF_QUEUED_WRITE("an abort takes a queued write out of the queue", 40),
        /** An abort ended the broadcast (the last queued write of a closing writer). */
        ABORT_ENDS_BROADCAST("an abort ends the broadcast", 4),
        /** An abort settled a pending end with FAILED(ABORTED). */
        ABORT_OF_PENDING_END("an abort of a pending end", 15),
        /** A pending drain settled DRAINED(true) after a read or detach trimmed. */
        DRAIN_TRUE_BY_TRIM("a pending drain settles DRAINED(true) after a trim", 40),
        /** A pending drain settled DRAINED(true) after a write evicted (drop-oldest). */
        DRAIN_TRUE_BY_EVICTION("a pending drain settles DRAINED(true) after an eviction", 10),
        /** A pending drain settled DRAINED(false): end, endSync or cancel took the writer out of OPEN. */
        DRAIN_FALSE("a pending drain settles DRAINED(false)", 30),
        /** A pending drain settled FAILED: the writer failed. */
        DRAIN_FAILED("a pending drain fails", 20),
        /** A next read a spoiled entry: the buffer was cleared without its start moving. */
        SPOILED_READ_BY_NEXT("a next reads a spoiled entry", 60),
        /** Another delivery (notify, the end's data branch) read a spoiled entry: rare, counted without a floor. */
        SPOILED_READ_BY_OTHER("a delivery other than next (notify, ending) reads a spoiled entry", 0),
        /** A flush took a spoiled queued write and rejected it with FAILED(INVALID_ENTRY). */
        SPOILED_QUEUED_REJECTED_BY_FLUSH("a flush rejects a spoiled queued write", 5);

        private final String description;
        private final int floorPerThousand;

        State(String description, int floorPerThousand) {
            this.description = description;
            this.floorPerThousand = floorPerThousand;
        }

        /** The floor per 1,000 sequences (0: counted without a floor). */
        public int floorPerThousand() {
            return floorPerThousand;
        }

        /**
         * The fewest sequences on which this state's floor is judged: on fewer, a correct generator could
         * miss it by chance too often (0 for a state without a floor). The rule: with the per-sequence counts
         * X independent and nonnegative, of mean m and second moment s (measured with the default weights on
         * the models, {@link MeasuredRate}), the lower tail of their sum over n sequences is
         * P(sum <= n m - t) <= exp(-t^2 / (2 n s)); at the floor f per sequence, t = n (m - f), so n >=
         * 2 s ln(1/p) / (m - f)^2 sequences bring the chance p of a correct generator falling under its
         * floor below {@link #MISS_CHANCE}.
         */
        public long sequencesToJudge() {
            if (floorPerThousand == 0) {
                return 0;
            }
            MeasuredRate rate = MeasuredRate.of(this);
            double f = floorPerThousand / 1000.0;
            double margin = rate.mean() - f;
            if (margin <= 0) {
                return Long.MAX_VALUE; // a floor at or above the measured rate can never be judged fairly
            }
            return (long) Math.ceil(2 * rate.square() * Math.log(1 / MISS_CHANCE) / (margin * margin));
        }

        /** What the state is, in words. */
        public String description() {
            return description;
        }

        /** The least count expected in {@code sequences} random sequences. */
        public long floor(long sequences) {
            return floorPerThousand * sequences / 1000;
        }
    }

    /** The chance at most that a correct generator falls under a judged floor: one in a million. */
    public static final double MISS_CHANCE = 1e-6;

    /**
     * How often a state is reached per sequence with the default weights on the models: the mean count and
     * the mean square count (the lesser mean and the greater square of the two models, spec §2's and §8's),
     * measured by {@code CoverageRatesTest} over a large fixed-seed sample; the record of that measurement is
     * in reports/runs/ and a test holds these numbers to a fresh one.
     *
     * @param mean   the mean count per sequence
     * @param square the mean square count per sequence
     */
    public record MeasuredRate(double mean, double square) {
        /** The measured rate of {@code state}. */
        public static MeasuredRate of(State state) {
            return MEASURED.get(state);
        }
    }

    private static final Map<State, MeasuredRate> MEASURED = measured();

    private static Map<State, MeasuredRate> measured() {
        Map<State, MeasuredRate> m = new EnumMap<>(State.class);
        // state, mean per sequence, mean square per sequence
        m.put(State.LAST_AT_MIN_ADVANCES, new MeasuredRate(2.41992, 12.53968));
        m.put(State.DETACH_OF_MIN, new MeasuredRate(0.29670, 0.49038));
        m.put(State.DROP_OLDEST_MOVES_LAGGARD, new MeasuredRate(0.58550, 4.34057));
        m.put(State.LATE_JOINER_READS_RETAINED, new MeasuredRate(0.31543, 0.40679));
        m.put(State.QUEUED_WRITE_FLUSHED, new MeasuredRate(0.29916, 1.04322));
        m.put(State.OVERLAPPING_READ_SETTLED_BY_WRITE, new MeasuredRate(0.43123, 1.64562));
        m.put(State.END_WITH_WAITING, new MeasuredRate(0.24416, 0.24499));
        m.put(State.FAIL_CANCEL_WITH_OPEN_READS, new MeasuredRate(0.24796, 0.24870));
        m.put(State.WRITEV_QUEUED, new MeasuredRate(0.12986, 0.24001));
        m.put(State.END_SYNC_COMPLETED, new MeasuredRate(0.11374, 0.13975));
        m.put(State.END_SYNC_INCOMPLETE, new MeasuredRate(0.19760, 0.24077));
        m.put(State.ABORT_OF_QUEUED_WRITE, new MeasuredRate(0.13446, 0.23363));
        m.put(State.ABORT_ENDS_BROADCAST, new MeasuredRate(0.01243, 0.01247));
        m.put(State.ABORT_OF_PENDING_END, new MeasuredRate(0.05789, 0.06540));
        m.put(State.DRAIN_TRUE_BY_TRIM, new MeasuredRate(0.14233, 0.18926));
        m.put(State.DRAIN_TRUE_BY_EVICTION, new MeasuredRate(0.03186, 0.04251));
        m.put(State.DRAIN_FALSE, new MeasuredRate(0.11400, 0.19571));
        m.put(State.DRAIN_FAILED, new MeasuredRate(0.08625, 0.15208));
        m.put(State.SPOILED_READ_BY_NEXT, new MeasuredRate(0.25436, 0.26272));
        m.put(State.SPOILED_READ_BY_OTHER, new MeasuredRate(0.00000, 0.00004));
        m.put(State.SPOILED_QUEUED_REJECTED_BY_FLUSH, new MeasuredRate(0.02173, 0.02858));
        return m;
    }

    /** The fewest sequences on which every floor is judged: the most any state needs. */
    public static long sequencesToJudgeEveryFloor() {
        long most = 0;
        for (State s : State.values()) {
            most = Math.max(most, s.sequencesToJudge());
        }
        return most;
    }

    private final Map<State, Long> states = new EnumMap<>(State.class);
    private final Map<State, Long> squares = new EnumMap<>(State.class); // sum over sequences of count^2
    private final Map<String, Map<String, Long>> outcomes = new TreeMap<>(); // op kind -> outcome kind -> count
    private long sequences;
    private long operations;

    /** Starts following one sequence. */
    public Tracker track() {
        sequences++;
        return new Tracker();
    }

    /** Adds another coverage's counts to this one. */
    public void add(Coverage other) {
        sequences += other.sequences;
        operations += other.operations;
        other.states.forEach((s, n) -> states.merge(s, n, Long::sum));
        other.squares.forEach((s, n) -> squares.merge(s, n, Long::sum));
        other.outcomes.forEach((op, m) -> m.forEach(
                (o, n) -> outcomes.computeIfAbsent(op, k -> new TreeMap<>()).merge(o, n, Long::sum)));
    }

    /** Sequences followed. */
    public long sequences() {
        return sequences;
    }

    /** Operations followed. */
    public long operations() {
        return operations;
    }

    /** How often a state was reached. */
    public long count(State state) {
        return states.getOrDefault(state, 0L);
    }

    /** The sum over sequences of the square of each sequence's count of {@code state}. */
    public long sumOfSquares(State state) {
        return squares.getOrDefault(state, 0L);
    }

    /** Operation kind by outcome kind counts. */
    public Map<String, Map<String, Long>> outcomes() {
        return outcomes;
    }

    /**
     * The states reached fewer times than their floor on a sample large enough to judge it
     * ({@link State#sequencesToJudge()}), with counts; empty if every judged floor is met. A floor not met on a
     * smaller sample is {@link #tooShort() too short}, not below.
     */
    public List<String> belowFloor() {
        List<String> low = new ArrayList<>();
        for (State s : State.values()) {
            if (count(s) < s.floor(sequences) && sequences >= s.sequencesToJudge()) {
                low.add(s.name() + " (" + s.description() + "): " + count(s) + " < floor " + s.floor(sequences)
                        + " for " + sequences + " sequences");
            }
        }
        return low;
    }

    /**
     * The states under their floor on a sample too small to judge it: "too short: N sequences, M needed";
     * empty if every floor is met or judged.
     */
    public List<String> tooShort() {
        List<String> shortOnes = new ArrayList<>();
        for (State s : State.values()) {
            if (count(s) < s.floor(sequences) && sequences < s.sequencesToJudge()) {
                shortOnes.add(s.name() + " (" + s.description() + "): " + count(s) + " < floor " + s.floor(sequences)
                        + ", too short: " + sequences + " sequences, " + s.sequencesToJudge() + " needed");
            }
        }
        return shortOnes;
    }

    /** Follows one sequence: remembers which reads were queued, which writes queued, who joined late. */
    public final class Tracker {
        private final Set<Long> queuedReads = new HashSet<>();
        private final Map<Long, Integer> openReads = new HashMap<>(); // read op -> consumer
        private final Set<Long> queuedWrites = new HashSet<>();
        private final Set<Long> pendingEnds = new HashSet<>();
        private final Set<Long> pendingDrains = new HashSet<>();
        private final Set<Integer> lateJoiners = new HashSet<>();
        private final Map<State, Long> mine = new EnumMap<>(State.class);

        /** Records one step of the model: the snapshot before it and its observation. */
        public void step(Snapshot before, Observation model) {
            operations++;
            Op op = model.op();
            Snapshot after = model.snapshot();
            String outcome = model.thrown() != null
                    ? "threw"
                    : model.reply() == null
                            ? "attached"
                            : model.reply().outcome().kind().name();
            outcomes.computeIfAbsent(op.kind(), k -> new TreeMap<>()).merge(outcome, 1L, Long::sum);
            if (model.thrown() != null || after == null) {
                return;
            }
            if (op instanceof Op.Attach) {
                if (before.consumers().isEmpty() && !before.sizes().isEmpty()) {
                    lateJoiners.add(model.attachedId());
                }
                return;
            }
            Outcome own = model.reply().outcome();
            long n = model.reply().op();
            boolean delivered = own.kind() == Outcome.Kind.DATA;
            if (delivered && lateJoiners.remove(op.consumer())) {
                hit(State.LATE_JOINER_READS_RETAINED);
            }
            if (own.kind() == Outcome.Kind.WAIT || own.kind() == Outcome.Kind.PENDING) {
                openReads.put(n, op.consumer());
                if (own.kind() == Outcome.Kind.PENDING) {
                    queuedReads.add(n);
                }
            }
            if (own.kind() == Outcome.Kind.QUEUED) {
                queuedWrites.add(n);
                if (op instanceof Op.Writev) {
                    hit(State.WRITEV_QUEUED);
                }
            }
            if (op instanceof Op.End && own.kind() == Outcome.Kind.PENDING) {
                pendingEnds.add(n);
            }
            if (op instanceof Op.Drain && own.kind() == Outcome.Kind.PENDING) {
                pendingDrains.add(n);
            }
            if (op instanceof Op.EndSync) {
                if (own.kind() == Outcome.Kind.COMPLETED) {
                    hit(State.END_SYNC_COMPLETED);
                } else if (own.kind() == Outcome.Kind.INCOMPLETE) {
                    hit(State.END_SYNC_INCOMPLETE);
                }
            }
            boolean readsSettled = false;
            boolean writeOp = op instanceof Op.Write
                    || op instanceof Op.WriteSync
                    || op instanceof Op.Writev
                    || op instanceof Op.WritevSync;
            Map<Integer, Integer> deliveries = new HashMap<>();
            boolean drainedTrue = false;
            for (Settlement s : model.reply().settlements()) {
                boolean data = s.outcome().kind() == Outcome.Kind.DATA;
                delivered |= data;
                Integer reader = openReads.remove(s.op());
                readsSettled |= reader != null;
                if (reader != null && data) {
                    deliveries.merge(reader, 1, Integer::sum);
                }
                if (queuedReads.remove(s.op()) && data && writeOp) {
                    hit(State.OVERLAPPING_READ_SETTLED_BY_WRITE);
                }
                boolean aborted =
                        s.outcome().kind() == Outcome.Kind.FAILED && s.outcome().reason() == SpecError.ABORTED;
                if (queuedWrites.remove(s.op())) {
                    if (s.outcome().kind() == Outcome.Kind.ACCEPTED) {
                        hit(State.QUEUED_WRITE_FLUSHED);
                    } else if (aborted && op instanceof Op.Abort) {
                        hit(State.ABORT_OF_QUEUED_WRITE);
                    } else if (s.outcome().kind() == Outcome.Kind.FAILED
                            && s.outcome().reason() == SpecError.INVALID_ENTRY
                            && after.writerState() != WriterState.ERRORED) {
                        hit(State.SPOILED_QUEUED_REJECTED_BY_FLUSH); // a spoiled read would have failed the writer
                    }
                }
                if (pendingEnds.remove(s.op()) && aborted && op instanceof Op.Abort) {
                    hit(State.ABORT_OF_PENDING_END);
                }
                if (pendingDrains.remove(s.op())) {
                    if (s.outcome().equals(Outcome.DRAINED_TRUE)) {
                        drainedTrue = true;
                    } else if (s.outcome().equals(Outcome.DRAINED_FALSE)) {
                        hit(State.DRAIN_FALSE);
                    } else if (s.outcome().kind() == Outcome.Kind.FAILED) {
                        hit(State.DRAIN_FAILED);
                    }
                }
            }
            if (drainedTrue) {
                // A write that delivered nothing advanced no cursor, so no trim made the room: an eviction did.
                hit(writeOp && deliveries.isEmpty() ? State.DRAIN_TRUE_BY_EVICTION : State.DRAIN_TRUE_BY_TRIM);
            }
            if (op instanceof Op.Abort && !before.ended() && after.ended()) {
                hit(State.ABORT_ENDS_BROADCAST);
            }
            // A spoiled entry read clears the buffer without moving its start (spec §2 reading an entry, step 3):
            // no trim or eviction does that, and fail and cancel keep the buffer.
            if (!before.spoiledEntries().isEmpty()
                    && after.sizes().isEmpty()
                    && after.bufferedBytes() == 0
                    && after.bufferStart() == before.bufferStart()
                    && !before.sizes().isEmpty()
                    && !(op instanceof Op.Fail)
                    && !(op instanceof Op.Cancel)) {
                hit(op instanceof Op.Next ? State.SPOILED_READ_BY_NEXT : State.SPOILED_READ_BY_OTHER);
            }
            if (delivered
                    && !(op instanceof Op.Detach)
                    && after.bufferStart() > before.bufferStart()
                    && !after.consumers().isEmpty()) {
                hit(State.LAST_AT_MIN_ADVANCES);
            }
            if (op instanceof Op.Detach && before.consumers().size() > 1) {
                Snapshot.ConsumerState c = before.consumer(op.consumer());
                if (c != null && c.cursor() == before.bufferStart()) {
                    hit(State.DETACH_OF_MIN);
                }
            }
            if (writeOp) {
                // A write moves a consumer further than its deliveries only by evicting.
                for (Snapshot.ConsumerState c : after.consumers()) {
                    Snapshot.ConsumerState was = before.consumer(c.id());
                    if (was != null && c.cursor() > was.cursor() + deliveries.getOrDefault(c.id(), 0)) {
                        hit(State.DROP_OLDEST_MOVES_LAGGARD);
                        break;
                    }
                }
            }
            if (!before.ended() && after.ended()) {
                boolean waiting = before.consumers().stream().anyMatch(c -> c.openReads() > 0);
                if (waiting) {
                    hit(State.END_WITH_WAITING);
                }
            }
            boolean failed = before.writerState() != WriterState.ERRORED && after.writerState() == WriterState.ERRORED;
            boolean cancelled = !before.cancelled() && after.cancelled();
            if ((failed || cancelled) && readsSettled) {
                hit(State.FAIL_CANCEL_WITH_OPEN_READS);
            }
        }

        private void hit(State state) {
            states.merge(state, 1L, Long::sum);
            long before = mine.merge(state, 1L, Long::sum) - 1;
            squares.merge(state, 2 * before + 1, Long::sum); // (c + 1)^2 - c^2: the sum of squares stays current
        }
    }
}
