package io.cursorcheck.conformance;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.SpecError;
import java.util.List;

/** The kinds of difference between a release and the model, each with its verdict. */
public final class Differences {

    private Differences() {
    }

    /** Who is wrong about a difference. */
    public enum Verdict {
        /** The release breaks a guarantee it gives (the spec's invariants, its own docs or tests). */
        RELEASE_BREAKS_A_GUARANTEE,
        /** An older API or semantics that later releases changed on purpose: history, not a bug of the model. */
        EARLIER_SEMANTICS,
        /** The model misreads the release: fixed in the model, with a regression example. */
        MODEL_MISREAD,
        /** Not yet decided: a person must look. */
        UNDECIDED
    }

    /** A kind of difference. */
    public enum Kind {
        /** Node 26.10+: the queued-write flush ends the broadcast inside notify. */
        NESTED_END_IN_NOTIFY("nested-end-in-notify", "a flush inside notify ends the broadcast: a buffered write is"
                + " rejected with a TypeError, the read gets DONE instead of its entry, end() under-reports",
                Verdict.RELEASE_BREAKS_A_GUARANTEE, "I4 delivery order; a write lands or fails, not both",
                "A trim inside notify (the consumer being served is the last at the minimum) calls the writer's drain"
                + " callback; with the writer closing and its last queued write just taken, the callback ends the"
                + " broadcast, nested, while notify still holds the consumer. End settles the consumer's read with"
                + " DONE and clears its resolver; back in notify, Node calls the cleared resolver: the TypeError"
                + " `resolve is not a function` escapes into the flush loop, which rejects the write whose entry is"
                + " already buffered, and end() completes with the bytes counted before that write. The model,"
                + " following the spec, flushes only when writes are queued, so the nested end never happens there and"
                + " the read gets the entry. The same root cause as the known finding"
                + " [reentrant-end-settles-read-twice](../../findings/reentrant-end-settles-read-twice/README.md),"
                + " reached with a single queued write (where the model does not throw). Node breaks what it promises"
                + " (every consumer sees every entry; a write's promise tells whether it landed)."),
        /** The subject process died (an exit code other than 0, or a signal), or an operation threw. */
        CRASH("crash", "the subject's process died, or an operation threw", Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "spec §5: no operation throws on valid input",
                "The release's process died while answering (an exit code other than 0, or a signal), or an"
                + " operation threw synchronously. (Silence, a hang, a clean exit without an answer or a line that"
                + " breaks the protocol is a protocol error instead: a broken adapter, reported apart, never a"
                + " difference.)"),
        /** Entry-count releases: end() completes at once. */
        END_AT_ONCE("end-at-once", "end() completes at once, without waiting for queued writes or consumers",
                Verdict.EARLIER_SEMANTICS, "spec §2 end()",
                "In the entry-count API (Node up to 26.2, Bun 1.4.5) `end()` ends the broadcast at once and resolves"
                + " with the bytes written so far: queued writes are never flushed (they stay pending), consumers"
                + " that were waiting get DONE but stay attached (`consumerCount` does not drop), and an end after"
                + " `fail()` completes instead of failing. Later releases wait for the queue and for the consumers"
                + " (the spec's CLOSING state). A change of semantics, not a slip of the model."),
        /** Entry-count releases: return() leaves the consumer's waiting read unsettled. */
        DETACH_LEAVES_READ_OPEN("detach-leaves-read-open", "return() leaves the consumer's waiting read unsettled"
                + " forever", Verdict.RELEASE_BREAKS_A_GUARANTEE, "I4: every read settles exactly once",
                "`return()` on a consumer with a waiting `next()` clears the stored resolver without calling it, so"
                + " that read's promise never settles: code awaiting it hangs. Later releases settle it with"
                + " `{ done: true }`, as the spec says."),
        /** Entry-count releases: no retain guard. */
        NO_RETAIN_GUARD("no-retain-guard", "when the last consumer leaves, the buffer is trimmed to its end: late"
                + " joiners miss retained entries", Verdict.EARLIER_SEMANTICS, "I7 retention",
                "Without the retain guard of later releases, the trim that follows the last consumer's detach finds"
                + " no consumer, takes the end of the buffer as the minimum, and drops everything (flushing queued"
                + " writes, flipping `canWrite`). A consumer that attaches afterwards waits, or reads a later entry,"
                + " where the spec (I7) lets it read everything retained."),
        /** Entry-count releases: STRICT allows highWaterMark queued writes. */
        STRICT_QUEUE_DEPTH("strict-queue-depth", "STRICT queues up to highWaterMark writes, not one",
                Verdict.EARLIER_SEMANTICS, "spec §2 write(): STRICT allows one queued write",
                "Under `strict` the entry-count writer rejects a `write()` with the backpressure error only once"
                + " `highWaterMark` writes are already queued; the spec (26.10 and later) allows one."),
        /** Entry-count releases: what reads and writes report after fail or cancel. */
        ERROR_REPORTING("error-reporting", "after fail() or cancel(), reads and writes report other errors",
                Verdict.EARLIER_SEMANTICS, "spec §2 fail(), cancel(); I10",
                "The entry-count releases keep one error for the whole broadcast and test it for truthiness: a later"
                + " `next()` of any detached consumer fails with the broadcast's error (the spec: only consumers that"
                + " the failure detached), a falsy reason (`null`, `0`) counts as no error (reads answer DONE), the"
                + " writer has no errored state (`write()` after `fail()` rejects with \"Writer is closed\", not the"
                + " reason), and `cancel(reason)` does not fail queued reads; Bun replaces a `null` reason of"
                + " `fail()` with `Error: Failed`. Later releases keep each consumer's error and accept any value."),
        /** Node 26.1.0: the dirty-flag minimum. */
        DIRTY_FLAG("dirty-flag", "the dirty-flag minimum (before PR #63322) trims later than the spec",
                Verdict.EARLIER_SEMANTICS, "I5 eager trim",
                "Node 26.1.0 still has the dirty min-cursor flag that PR #63322 replaced: deliveries by notify and end"
                + " move cursors without trimming, so the buffer holds entries every consumer has read, `canWrite`"
                + " stays false, and writes queue where the spec has room. A difference on 26.1.0 gets this verdict only"
                + " if no other rule explains it and the suite's own port of that algorithm (the `dirty-flag`"
                + " variant) also diverges from the model on the same script, at or before the same step."),
        /** Not matched by any rule below. */
        UNCLASSIFIED("unclassified", "a difference no rule explains yet", Verdict.UNDECIDED, null,
                "No rule of `Differences` explains this difference: a person must look at it, decide who is wrong,"
                + " and add a rule (or fix the model).");

        private final String id;
        private final String title;
        private final Verdict verdict;
        private final String invariant;
        private final String explanation;

        Kind(String id, String title, Verdict verdict, String invariant, String explanation) {
            this.id = id;
            this.title = title;
            this.verdict = verdict;
            this.invariant = invariant;
            this.explanation = explanation;
        }

        /** A short stable name, used in file names. */
        public String id() {
            return id;
        }

        /** One line. */
        public String title() {
            return title;
        }

        /** Who is wrong. */
        public Verdict verdict() {
            return verdict;
        }

        /** The invariant or section of the spec ({@code docs/spec.md}) at stake, or null. */
        public String invariant() {
            return invariant;
        }

        /** What happens and why this verdict. */
        public String explanation() {
            return explanation;
        }
    }

    /**
     * Classifies a shrunk difference by the features of its 1-minimal script: what the failing
     * operation is, what each side answered, and which operations the script needed to get there.
     */
    public static Kind classify(Hello hello, Counterexample cx, Lockstep.Run run) {
        Failure f = cx.failure();
        if (f.kind() == Failure.Kind.SUBJECT_THREW) {
            return Kind.CRASH;
        }
        if (f.kind() != Failure.Kind.DIVERGENCE) {
            return Kind.UNCLASSIFIED;
        }
        Observation s = f.subject();
        if (mentions(s, "is not a function")) {
            return Kind.NESTED_END_IN_NOTIFY;
        }
        if (!hello.api().equals("highWaterMark")) {
            return Kind.UNCLASSIFIED;
        }
        Observation m = f.model();
        Op op = m.op();
        List<Op> before = cx.script().ops().subList(0, f.step());
        if (op instanceof Op.Detach && count(m, Outcome.Kind.DONE) > count(s, Outcome.Kind.DONE)) {
            return Kind.DETACH_LEAVES_READ_OPEN;
        }
        if (op instanceof Op.End || before.stream().anyMatch(o -> o instanceof Op.End)) {
            return Kind.END_AT_ONCE;
        }
        if (op instanceof Op.Write && m.reply() != null && m.reply().outcome().equals(Outcome.failed(SpecError.BACKPRESSURE))
                && s.reply() != null && s.reply().outcome().kind() == Outcome.Kind.QUEUED) {
            return Kind.STRICT_QUEUE_DEPTH;
        }
        if (op instanceof Op.Fail || op instanceof Op.Cancel || before.stream().anyMatch(o -> o instanceof Op.Fail
                || o instanceof Op.Cancel)) {
            return Kind.ERROR_REPORTING;
        }
        if (lastConsumerLeft(run, f.step())) {
            return Kind.NO_RETAIN_GUARD;
        }
        if (hello.version().equals("26.1.0") && hello.name().equals("node") && portDiverges(cx.script(), f.step())) {
            return Kind.DIRTY_FLAG;
        }
        return Kind.UNCLASSIFIED;
    }

    /**
     * Whether the suite's port of the dirty-flag algorithm ({@code DirtyFlagBroadcast}, Node up to
     * 26.1.0) also diverges from the model on this script, at or before the step where the release
     * did: the difference then comes from that algorithm, not from something no rule knows.
     */
    static boolean portDiverges(Script script, int step) {
        Lockstep.Run port = Lockstep.run(Variant.DIRTY_FLAG, script);
        return port.failed() && !port.failure().kind().againstModel() && port.failure().step() <= step;
    }

    /** Whether, before or at the failing step, a detach left the model with no consumer attached. */
    private static boolean lastConsumerLeft(Lockstep.Run run, int step) {
        for (int i = 0; i <= step && i < run.model().size(); i++) {
            Observation o = run.model().get(i);
            if (o.op() instanceof Op.Detach && o.snapshot() != null && o.snapshot().consumers().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static long count(Observation o, Outcome.Kind kind) {
        if (o.reply() == null) {
            return 0;
        }
        return o.reply().settlements().stream().filter(x -> x.outcome().kind() == kind).count();
    }

    private static boolean mentions(Observation o, String text) {
        if (o.reply() == null) {
            return false;
        }
        if (String.valueOf(o.reply().outcome().reason()).contains(text)) {
            return true;
        }
        for (Settlement x : o.reply().settlements()) {
            if (String.valueOf(x.outcome().reason()).contains(text)) {
                return true;
            }
        }
        return false;
    }
}
