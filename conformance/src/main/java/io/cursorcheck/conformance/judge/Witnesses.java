package io.cursorcheck.conformance.judge;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The witness of each earlier-semantics kind: a short script that shows the kind's defining behaviour, run on the
 * same release before a shape is given that kind (docs/spec.md §6, How a difference is judged). A shape that matches
 * a kind's documented shape on a release where the witness does not show the behaviour is not that kind: the
 * release does not have the earlier semantics it would be excused by. (A kind that breaks a guarantee needs no
 * script: the breach the outside checker found in the shape's own trace is its witness.)
 *
 * <p>Every script writes units of size 1 and names consumers by attach order, so it runs unchanged on the
 * entry-count and the byte-budget API. One per run and release: each witness runs once, on first use.
 */
public final class Witnesses {

    /**
     * A witness.
     *
     * @param kind      the kind it witnesses
     * @param script    the operations
     * @param step      the operation whose answer decides
     * @param behaviour what the release shows there when it has the kind's semantics
     * @param defining  the release's own outcome there that shows it
     */
    public record Witness(
            Differences.Kind kind, Script script, int step, String behaviour, Predicate<Outcome> defining) {
        /** The script as lines, for a page. */
        public List<String> lines() {
            return script.lines();
        }
    }

    /** The witnesses, one per earlier-semantics kind. */
    public static final List<Witness> ALL = List.of(
            new Witness(
                    Differences.Kind.END_AT_ONCE,
                    new Script(Options.of(2, Policy.STRICT), List.of(new Op.Attach(), new Op.End())),
                    1,
                    "end() completes at once while a consumer is attached (the spec waits for it)",
                    o -> o.kind() == Outcome.Kind.COMPLETED),
            new Witness(
                    Differences.Kind.NO_RETAIN_GUARD,
                    new Script(
                            Options.of(1, Policy.STRICT),
                            List.of(new Op.Attach(), new Op.WriteSync(1), new Op.Detach(0), new Op.WriteSync(1))),
                    3,
                    "after the last consumer left, a write is accepted: the entry the spec retains (filling the"
                            + " budget) was dropped",
                    o -> o.kind() == Outcome.Kind.ACCEPTED),
            new Witness(
                    Differences.Kind.STRICT_QUEUE_DEPTH,
                    new Script(
                            Options.of(2, Policy.STRICT),
                            List.of(
                                    new Op.Attach(),
                                    new Op.WriteSync(1),
                                    new Op.WriteSync(1),
                                    new Op.Write(1),
                                    new Op.Write(1))),
                    4,
                    "STRICT queues a second write (the spec fails it with the backpressure error)",
                    o -> o.kind() == Outcome.Kind.QUEUED),
            new Witness(
                    Differences.Kind.ERROR_REPORTING,
                    new Script(
                            Options.of(2, Policy.STRICT), List.of(new Op.Attach(), new Op.Fail(null), new Op.Next(0))),
                    2,
                    "after fail(null) a removed consumer's read answers DONE or a made-up error, not the reason null",
                    o -> o.kind() == Outcome.Kind.DONE
                            || o.kind() == Outcome.Kind.FAILED
                                    && o.reason() != null
                                    && EarlierSemantics.DEFAULT_ERRORS.contains(String.valueOf(o.reason()))));

    private final Function<Witness, Outcome> runner;
    private final Map<Differences.Kind, Outcome> answers = new EnumMap<>(Differences.Kind.class);

    private Witnesses(Function<Witness, Outcome> runner) {
        this.runner = runner;
    }

    /** The witnesses run on a subject (a release through its adapter), each once, on first use. */
    public static Witnesses on(BroadcastFactory subject) {
        return new Witnesses(w -> answerAt(subject, w.script(), w.step()));
    }

    /**
     * Witnesses that show exactly the kinds given, without running anything: for callers that judge traces
     * without a subject (tests; a release whose witnesses were run elsewhere).
     */
    public static Witnesses showing(Set<Differences.Kind> kinds) {
        return new Witnesses(w -> kinds.contains(w.kind()) ? defining(w.kind()) : null);
    }

    private static Outcome defining(Differences.Kind kind) {
        return switch (kind) {
            case END_AT_ONCE -> Outcome.completed(0);
            case NO_RETAIN_GUARD -> Outcome.ACCEPTED;
            case STRICT_QUEUE_DEPTH -> Outcome.QUEUED;
            case ERROR_REPORTING -> Outcome.DONE;
            default -> throw new IllegalArgumentException("no witness for the kind " + kind.id());
        };
    }

    /**
     * The subject's own outcome at the step, the script run on it alone (no model: the witness asks what the release
     * does, not where it first differs), or null when it gave none (an operation threw).
     */
    private static Outcome answerAt(BroadcastFactory subject, Script script, int step) {
        Session session = new Session(subject, script.options());
        Observation o = null;
        for (int i = 0; i <= step; i++) {
            o = session.apply(script.ops().get(i));
            if (o.thrown() != null) {
                return null;
            }
        }
        return o.reply() == null ? null : o.reply().outcome();
    }

    /** The witness of an earlier-semantics kind. */
    public static Witness of(Differences.Kind kind) {
        for (Witness w : ALL) {
            if (w.kind() == kind) {
                return w;
            }
        }
        throw new IllegalArgumentException("no witness for the kind " + kind.id() + ": only an earlier-semantics kind"
                + " that a documented change names has one (a breach is its own witness; a located change is witnessed"
                + " by the replay on later releases)");
    }

    /** Whether the kind's witness shows its defining behaviour on the release. */
    public boolean shows(Differences.Kind kind) {
        Outcome o = answer(kind);
        return o != null && of(kind).defining().test(o);
    }

    /**
     * Every witness run on the release (those not run yet, now): per kind, what it answered at its step and whether
     * that shows the kind, in words for a page.
     */
    public Map<Differences.Kind, String> all() {
        Map<Differences.Kind, String> out = new EnumMap<>(Differences.Kind.class);
        for (Witness w : ALL) {
            Outcome o = answer(w.kind());
            out.put(
                    w.kind(),
                    (o == null ? "no answer" : io.cursorcheck.properties.OutsideView.outcome(o))
                            + (shows(w.kind()) ? ": shows it" : ": does not show it"));
        }
        return out;
    }

    /** What the release answered at the kind's witness step (null: no answer), running the witness on first use. */
    public Outcome answer(Differences.Kind kind) {
        Witness w = of(kind);
        if (!answers.containsKey(kind)) {
            answers.put(kind, runner.apply(w));
        }
        return answers.get(kind);
    }
}
