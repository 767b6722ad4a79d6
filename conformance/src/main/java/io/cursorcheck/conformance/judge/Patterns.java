package io.cursorcheck.conformance.judge;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Settlement;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The patterns of a conformance run whose absence would be a blind spot: the spec covers them on
 * every release, so a run that never made one did not test what it claims to, whatever the release
 * answers. Counted per sequence from what the generator made, read from either side's answers, up to
 * and including the step where a sequence ended: the model's (what the spec says the operations do)
 * or the release's. A release that never queues a write was still given writes the spec queues: the
 * model's QUEUED counts, and the release's answer there is a difference, reported as one, not a blind
 * spot of the run. The two sides agree on every step before the last (else the sequence ended there),
 * so either side only adds the last step's answer, and a model that threw there gives none.
 *
 * <p>Not thread-safe: one per run.
 */
public final class Patterns {

    /** A run with at least this many sequences must contain every pattern; in fewer, one may be missing by chance. */
    public static final long MIN_SEQUENCES = 200;

    /** A pattern. */
    public enum Pattern {
        /** A next() on a consumer that already has an open read. */
        OVERLAPPING_READS("overlapping reads", "a next() on a consumer that already has an open read"),
        /** A write() the model or the release answered QUEUED. */
        QUEUED_WRITES("queued writes", "a write() the model or the release answered QUEUED"),
        /** A next() or detach() that settled a write, by either side's answer: a flush caused by a read or a detach. */
        REENTRANT(
                "re-entrant sequences",
                "a next() or detach() that settled a write, by the model's answer or the"
                        + " release's (a flush caused by a read or a detach)");

        private final String title;
        private final String meaning;

        Pattern(String title, String meaning) {
            this.title = title;
            this.meaning = meaning;
        }

        /** A few words. */
        public String title() {
            return title;
        }

        /** What counts as the pattern. */
        public String meaning() {
            return meaning;
        }
    }

    private final Map<Pattern, Long> sequences = new EnumMap<>(Pattern.class);
    private long total;

    /** Counts one sequence: each pattern it contains once. */
    public void count(Lockstep.Run run) {
        total++;
        for (Pattern p : in(run)) {
            sequences.merge(p, 1L, Long::sum);
        }
    }

    /** Sequences counted. */
    public long total() {
        return total;
    }

    /** Sequences that contained the pattern. */
    public long sequences(Pattern p) {
        return sequences.getOrDefault(p, 0L);
    }

    /** Every pattern with its count, in the enum's order. */
    public Map<Pattern, Long> counts() {
        Map<Pattern, Long> m = new EnumMap<>(Pattern.class);
        for (Pattern p : Pattern.values()) {
            m.put(p, sequences(p));
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * The patterns no sequence contained, in a run of at least {@link #MIN_SEQUENCES} sequences: a blind
     * spot of the run. Empty for a shorter run.
     */
    public List<Pattern> missing() {
        return missing(total, counts());
    }

    /** {@link #missing()} of a run of {@code sequences} sequences with these counts. */
    public static List<Pattern> missing(long sequences, Map<Pattern, Long> counts) {
        if (sequences < MIN_SEQUENCES) {
            return List.of();
        }
        return java.util.Arrays.stream(Pattern.values())
                .filter(p -> counts.getOrDefault(p, 0L) == 0)
                .toList();
    }

    /** The patterns one sequence contained, read from the model's answers and the release's. */
    static Set<Pattern> in(Lockstep.Run run) {
        Set<Pattern> found = EnumSet.noneOf(Pattern.class);
        Map<Long, Integer> modelReads = new HashMap<>(); // read op -> its consumer, until it settles, on each side
        Map<Long, Integer> releaseReads = new HashMap<>();
        List<Op> ops = run.script().ops();
        int steps =
                Math.min(ops.size(), Math.min(run.model().size(), run.subject().size()));
        for (int i = 0; i < steps; i++) {
            Op op = ops.get(i);
            if (op instanceof Op.Next n
                    && (modelReads.containsValue(n.consumer()) || releaseReads.containsValue(n.consumer()))) {
                found.add(Pattern.OVERLAPPING_READS); // made, whatever either side answered
            }
            answered(ops, i, run.model().get(i), modelReads, found);
            answered(ops, i, run.subject().get(i), releaseReads, found);
        }
        return found;
    }

    /** What one side's answer to operation {@code i} shows: the reads it leaves open, a queued write, a flush. */
    private static void answered(List<Op> ops, int i, Observation o, Map<Long, Integer> openReads, Set<Pattern> found) {
        if (o.reply() == null) {
            return; // an attach, or the operation threw
        }
        Op op = ops.get(i);
        Outcome own = o.reply().outcome();
        if (op instanceof Op.Next n && (own.kind() == Outcome.Kind.WAIT || own.kind() == Outcome.Kind.PENDING)) {
            openReads.put((long) i, n.consumer());
        }
        if (op instanceof Op.Write && own.kind() == Outcome.Kind.QUEUED) {
            found.add(Pattern.QUEUED_WRITES);
        }
        for (Settlement x : o.reply().settlements()) {
            openReads.remove(x.op());
            boolean write = x.op() >= 0 && x.op() < ops.size() && ops.get((int) x.op()) instanceof Op.Write;
            if (write && (op instanceof Op.Next || op instanceof Op.Detach)) {
                found.add(Pattern.REENTRANT);
            }
        }
    }
}
