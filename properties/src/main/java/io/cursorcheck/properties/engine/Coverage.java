package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
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

    /** The states whose reach is checked, each with its floor per 1,000 sequences. */
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
        FAIL_CANCEL_WITH_OPEN_READS("fail or cancel with open reads", 50);

        private final String description;
        private final int floorPerThousand;

        State(String description, int floorPerThousand) {
            this.description = description;
            this.floorPerThousand = floorPerThousand;
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

    private final Map<State, Long> states = new EnumMap<>(State.class);
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
        other.outcomes.forEach((op, m) -> m.forEach((o, n) ->
                outcomes.computeIfAbsent(op, k -> new TreeMap<>()).merge(o, n, Long::sum)));
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

    /** Operation kind by outcome kind counts. */
    public Map<String, Map<String, Long>> outcomes() {
        return outcomes;
    }

    /** The states reached fewer times than their floor, with counts; empty if every floor is met. */
    public List<String> belowFloor() {
        List<String> low = new ArrayList<>();
        for (State s : State.values()) {
            if (count(s) < s.floor(sequences)) {
                low.add(s.name() + " (" + s.description() + "): " + count(s) + " < floor " + s.floor(sequences)
                        + " for " + sequences + " sequences");
            }
        }
        return low;
    }

    /** Follows one sequence: remembers which reads were queued, which writes queued, who joined late. */
    public final class Tracker {
        private final Set<Long> queuedReads = new HashSet<>();
        private final Map<Long, Integer> openReads = new HashMap<>(); // read op -> consumer
        private final Set<Long> queuedWrites = new HashSet<>();
        private final Set<Integer> lateJoiners = new HashSet<>();

        /** Records one step of the model: the snapshot before it and its observation. */
        public void step(Snapshot before, Observation model) {
            operations++;
            Op op = model.op();
            Snapshot after = model.snapshot();
            String outcome = model.thrown() != null ? "threw"
                    : model.reply() == null ? "attached" : model.reply().outcome().kind().name();
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
            }
            boolean readsSettled = false;
            boolean writeOp = op instanceof Op.Write || op instanceof Op.WriteSync;
            Map<Integer, Integer> deliveries = new HashMap<>();
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
                if (queuedWrites.remove(s.op()) && s.outcome().kind() == Outcome.Kind.ACCEPTED) {
                    hit(State.QUEUED_WRITE_FLUSHED);
                }
            }
            if (delivered && !(op instanceof Op.Detach) && after.bufferStart() > before.bufferStart()
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
        }
    }
}
