package io.cursorcheck.conformance.judge;

import io.cursorcheck.conformance.protocol.Hello;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Settlement;
import java.util.List;

/** The kinds of difference between a release and the model, each with its verdict. */
public final class Differences {

    private Differences() {}

    /** The first release with the byte budget, where the entry-count API's semantics changed (docs/spec.md §6). */
    public static final String BYTE_BUDGET_SINCE = "Node 26.6.0";

    /** The explanation of a kind named after a breach the outside checker found. */
    private static String breach(OutsideGuarantees.Rule rule) {
        return "The outside guarantee checker (`OutsideGuarantees`, rule `" + rule.id()
                + "`) found this in the release's"
                + " own answers, settlements and probes, without the model: a guarantee docs/spec.md §3 gives for every"
                + " release (" + rule.invariant() + "), so a bug of the release whatever its age or API. The release"
                + " page's table of shapes says what was seen.";
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

    /**
     * A kind of difference. (The kinds of I13 and I14 name "(§3)" after the invariant: the report's link finder,
     * {@code SpecLinks}, knows I1 to I12 only so far, and links the first reference it knows.)
     */
    public enum Kind {
        /** Node 26.10+: the queued-write flush ends the broadcast inside notify. */
        NESTED_END_IN_NOTIFY(
                "nested-end-in-notify",
                "a flush inside notify ends the broadcast: a buffered write is"
                        + " rejected with a TypeError, the read gets DONE instead of its entry, end() under-reports",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I4 delivery order; a write lands or fails, not both",
                "A trim inside notify (the consumer being served is the last at the minimum) calls the writer's drain"
                        + " callback; with the writer closing and its last queued write just taken, the callback ends the"
                        + " broadcast, nested, while notify still holds the consumer. End settles the consumer's read with"
                        + " DONE and clears its resolver; back in notify, Node calls the cleared resolver: the TypeError"
                        + " `resolve is not a function` escapes into the flush loop, which rejects the write whose entry is"
                        + " already buffered, and end() completes with the bytes counted before that write. The model,"
                        + " following the spec, flushes only when writes are queued, so the nested end never happens there and"
                        + " the read gets the entry. The same root cause as the known finding"
                        + " [reentrant-end-settles-read-twice](../../../findings/reentrant-end-settles-read-twice/README.md),"
                        + " reached with a single queued write (where the model does not throw). Node breaks what it promises"
                        + " (every consumer sees every entry; a write's promise tells whether it landed)."),
        /** The subject process died (an exit code other than 0, or a signal), or an operation threw. */
        CRASH(
                "crash",
                "the subject's process died, or an operation threw",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "spec §5: no operation throws on valid input",
                "The release's process died while answering (an exit code other than 0, or a signal), or an"
                        + " operation threw synchronously. (Silence, a hang, a clean exit without an answer or a line that"
                        + " breaks the protocol is a protocol error instead: a broken adapter, reported apart, never a"
                        + " difference.)"),
        /** A consumer got the same entry twice. */
        ENTRY_DELIVERED_TWICE(
                "entry-delivered-twice",
                "a consumer gets the same write's entry twice",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I4 delivery order",
                breach(OutsideGuarantees.Rule.ENTRY_DELIVERED_TWICE)),
        /** A consumer got entries against write order. */
        ENTRY_OUT_OF_ORDER(
                "entry-out-of-order",
                "a consumer gets an earlier write's entry after a later one's",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I4 delivery order",
                breach(OutsideGuarantees.Rule.ENTRY_OUT_OF_ORDER)),
        /** A consumer skipped an entry that landed after it attached. */
        ENTRY_SKIPPED(
                "entry-skipped",
                "a consumer skips an entry stored after it attached",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I4 delivery order",
                breach(OutsideGuarantees.Rule.ENTRY_SKIPPED)),
        /** Overlapping reads of a consumer settled out of the order they were made. */
        READS_SETTLED_OUT_OF_ORDER(
                "reads-settled-out-of-order",
                "a consumer's reads settle out of the order they were" + " made",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I4 delivery order",
                breach(OutsideGuarantees.Rule.READS_SETTLED_OUT_OF_ORDER)),
        /** end() completed with a write still pending. */
        END_WITH_WRITE_PENDING(
                "end-with-write-pending",
                "end() completes while a write() is still pending",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I12 writer progress",
                breach(OutsideGuarantees.Rule.END_WITH_WRITE_PENDING)),
        /** An operation failed with an error the spec does not know. */
        NON_SPEC_ERROR(
                "non-spec-error",
                "a read, write or end fails with an error that is neither the spec's nor a" + " reason given",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "spec §5 errors",
                breach(OutsideGuarantees.Rule.NON_SPEC_ERROR)),
        /** A write failed although its entry was delivered. */
        FAILED_WRITE_DELIVERED(
                "failed-write-delivered",
                "a write fails although its entry is delivered",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I4 delivery order",
                breach(OutsideGuarantees.Rule.FAILED_WRITE_DELIVERED)),
        /** A read waits while its entry is stored. */
        STRANDED_READ(
                "stranded-read",
                "a read stays open while an entry it must get is stored",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I11 no stranded read",
                breach(OutsideGuarantees.Rule.STRANDED_READ)),
        /** A write refused or left queued while the buffer had room, as the outside counts it. */
        REFUSED_WITH_ROOM(
                "refused-with-room",
                "a write is refused or left queued while the buffer, as the outside counts it, has room",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I9 budget, I12 writer progress",
                breach(OutsideGuarantees.Rule.REFUSED_WITH_ROOM)
                        + " The room is counted from what was written and what every consumer has read, never from"
                        + " the release's own canWrite."),
        /** A late joiner got an entry every consumer had already read before it attached. */
        STALE_ENTRY_DELIVERED(
                "stale-entry-delivered",
                "a consumer gets an entry that every consumer had read before it attached",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I5 eager trim",
                breach(OutsideGuarantees.Rule.STALE_ENTRY_DELIVERED)),
        /** canWrite against the room the outside counts. */
        PROBE_MISREPORTS_ROOM(
                "probe-misreports-room",
                "canWrite says full while the buffer has room, or room while it is full",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "spec §5 the probe (I9 budget)",
                breach(OutsideGuarantees.Rule.PROBE_MISREPORTS_ROOM)),
        /** canWrite null against the writer's state. */
        PROBE_MISREPORTS_WRITER(
                "probe-misreports-writer",
                "canWrite is null while the writer is open, or not null once it is not",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "spec §5 the probe",
                breach(OutsideGuarantees.Rule.PROBE_MISREPORTS_WRITER)),
        /** consumerCount against the consumers attached. */
        PROBE_MISREPORTS_CONSUMERS(
                "probe-misreports-consumers",
                "consumerCount counts fewer consumers than are attached, or more than may be",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "spec §5 the probe (I10 lifecycle)",
                breach(OutsideGuarantees.Rule.PROBE_MISREPORTS_CONSUMERS)),
        /** A read got an entry of no bytes. */
        ZERO_SIZE_ENTRY(
                "zero-size-entry",
                "a zero-size write creates an entry that a read gets",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I8 zero-size writes",
                breach(OutsideGuarantees.Rule.ZERO_SIZE_ENTRY)),
        /** A spoiled entry was delivered instead of failing the read. */
        SPOILED_ENTRY_DELIVERED(
                "spoiled-entry-delivered",
                "a read delivers an entry whose memory was detached after"
                        + " the write (a chunk of no bytes) instead of failing",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I14 spoiled entries (§3)",
                breach(OutsideGuarantees.Rule.SPOILED_ENTRY_DELIVERED)),
        /** A spoiled queued write was stored (or dropped) and reported as accepted. */
        SPOILED_WRITE_ACCEPTED(
                "spoiled-write-accepted",
                "a queued write whose memory was detached settles as" + " accepted instead of failing",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I14 spoiled entries (§3)",
                breach(OutsideGuarantees.Rule.SPOILED_WRITE_ACCEPTED)),
        /** A spoiled read on a failed broadcast cleared the buffer and left a consumer past its end. */
        CONSUMER_PAST_CLEARED_BUFFER(
                "consumer-past-cleared-buffer",
                "after fail(), a read of a spoiled entry clears"
                        + " the buffer while a consumer that read past that entry stays attached",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I1 trimming safety",
                breach(OutsideGuarantees.Rule.CONSUMER_PAST_CLEARED_BUFFER)
                        + " The spec's own algorithm does the same: the known finding"
                        + " [spoiled-read-leaves-cursor-past-end](../../../findings/spoiled-read-leaves-cursor-past-end/README.md)."),
        /** drain() answered against the state the outside counts. */
        DRAIN_ANSWERED_WRONG(
                "drain-answered-wrong",
                "drain() answers against the writer's state or the room the outside counts",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I13 drain (§3)",
                breach(OutsideGuarantees.Rule.DRAIN_ANSWERED_WRONG)),
        /** A drain settled true while the buffer stayed full. */
        DRAINED_WHILE_FULL(
                "drained-while-full",
                "a drain settles true while the buffer stays full and nothing was" + " flushed",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I13 drain (§3)",
                breach(OutsideGuarantees.Rule.DRAINED_WHILE_FULL)),
        /** The entry-count API and Node before 26.8.0: end() completes at once. */
        END_AT_ONCE(
                "end-at-once",
                "end() completes at once, without waiting for queued writes or consumers",
                Verdict.EARLIER_SEMANTICS,
                "spec §2 end()",
                "Before PR #65334 (\"stream: drain pending writes before broadcast end\", Node 26.8.0; so on the"
                        + " entry-count API, Node up to 26.5.1 and Bun 1.4.x, and on the byte budget of 26.6.0 and 26.7.0)"
                        + " `end()` ends the broadcast at once and resolves"
                        + " with the bytes written so far (and `endSync()` answers those bytes, never -1): queued writes are"
                        + " never flushed (they stay pending until aborted), consumers"
                        + " that were waiting get DONE but stay attached (`consumerCount` does not drop), an end after"
                        + " `fail()` completes instead of failing, and an end's abort signal reaches nothing (the end has"
                        + " completed). Later releases wait for the queue and for the consumers"
                        + " (the spec's CLOSING state). A change of semantics, not a slip of the model."),
        /** return() leaves the consumer's waiting read unsettled (a bug, whatever the release). */
        DETACH_LEAVES_READ_OPEN(
                "detach-leaves-read-open",
                "return() leaves the consumer's waiting read unsettled" + " forever",
                Verdict.RELEASE_BREAKS_A_GUARANTEE,
                "I4: every read settles exactly once",
                "`return()` on a consumer with a waiting `next()` clears the stored resolver without calling it, so"
                        + " that read's promise never settles: code awaiting it hangs. Later releases settle it with"
                        + " `{ done: true }`, as the spec says. Found by the outside guarantee checker (rule"
                        + " `read-open-after-detach`), whatever the release's age."),
        /** The entry-count API and Node before 26.10.0: no retain guard. */
        NO_RETAIN_GUARD(
                "no-retain-guard",
                "when the last consumer leaves, the buffer is trimmed to its end: late"
                        + " joiners miss retained entries",
                Verdict.EARLIER_SEMANTICS,
                "I7 retention",
                "Without the retain guard (PR #66028, \"stream: update broadcast to retain buffered data with zero"
                        + " consumers\", Node 26.10.0), the trim that follows the last consumer's detach finds"
                        + " no consumer, takes the end of the buffer as the minimum, and drops everything (flushing queued"
                        + " writes, flipping `canWrite`). A consumer that attaches afterwards waits, or reads a later entry,"
                        + " where the spec (I7) lets it read everything retained."),
        /** Entry-count releases: STRICT allows highWaterMark queued writes. */
        STRICT_QUEUE_DEPTH(
                "strict-queue-depth",
                "STRICT queues up to highWaterMark writes, not one",
                Verdict.EARLIER_SEMANTICS,
                "spec §2 write(): STRICT allows one queued write",
                "Under `strict` the entry-count writer rejects a `write()` with the backpressure error only once"
                        + " `highWaterMark` writes are already queued; the spec (26.10 and later) allows one."),
        /** The entry-count API (and, for falsy reasons, Node before 26.10.0): errors after fail or cancel. */
        ERROR_REPORTING(
                "error-reporting",
                "after fail() or cancel(), reads and writes report other errors",
                Verdict.EARLIER_SEMANTICS,
                "spec §2 fail(), cancel(); I10",
                "The entry-count releases keep one error for the whole broadcast and test it for truthiness: a later"
                        + " `next()` of any detached consumer fails with the broadcast's error (the spec: only consumers that"
                        + " the failure detached), a falsy reason (`null`, `0`) counts as no error (reads answer DONE), the"
                        + " writer has no errored state (`write()` after `fail()` rejects with \"Writer is closed\", not the"
                        + " reason), and `cancel(reason)` does not fail queued reads; Bun replaces a `null` reason of"
                        + " `fail()` with `Error: Failed`, Node up to 26.5.1 with `TypeError: Invalid state: Failed`. Later releases keep each consumer's error and accept any value:"
                        + " falsy `cancel()` reasons since PR #64705 (Node 26.8.0), falsy errors in general since PR #65864"
                        + " (Node 26.10.0). Only the falsy-reason substitution has a documented change on the byte budget;"
                        + " the others are earlier semantics on the entry-count API only."),
        /**
         * A behaviour a later release changed, the change located in the release's own broadcast.js: decided by the
         * history ({@code ChangeLocator}), never by {@link #classify}.
         */
        LOCATED_CHANGE(
                "located-change",
                "a behaviour a later release answers otherwise, with the change located in broadcast.js",
                Verdict.EARLIER_SEMANTICS,
                "docs/spec.md §6 earlier semantics",
                "No rule names this difference and its trace breaks no guarantee as seen from outside. The history"
                        + " replayed its shrunk script on every later Node release it checked: the release answers so up"
                        + " to one release, the next answers otherwise, and broadcast.js changed between the two (the"
                        + " functions and the command that prints the diff are on the shape's page). A change of"
                        + " semantics located in the release's own source, with a clean record: earlier semantics"
                        + " (docs/spec.md §6)."),
        /** Not matched by any rule below. */
        UNCLASSIFIED(
                "unclassified",
                "a difference no rule explains yet",
                Verdict.UNDECIDED,
                null,
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

        /**
         * For an {@link Verdict#EARLIER_SEMANTICS} kind, the evidence that the release's behaviour is an
         * earlier semantics and not a bug, with the release where it changed; else null.
         */
        public String evidence() {
            return switch (this) {
                case END_AT_ONCE ->
                    documented("Node's changelog: PR #65334, \"stream: drain pending writes before"
                            + " broadcast end\" (end() resolves after all consumers reach end-of-stream), in Node "
                            + EarlierSemantics.END_WAITS_SINCE);
                case NO_RETAIN_GUARD ->
                    documented("Node's changelog: PR #66028, \"stream: update broadcast to retain"
                            + " buffered data with zero consumers\", in Node " + EarlierSemantics.RETAIN_GUARD_SINCE);
                case ERROR_REPORTING ->
                    documented("Node's changelog: PR #64705, \"stream: preserve falsy cancellation"
                            + " reasons\", in Node " + EarlierSemantics.FALSY_CANCEL_SINCE
                            + ", and PR #65864, \"stream:"
                            + " improve handling of falsy errors in stream/iter\", in Node "
                            + EarlierSemantics.RETAIN_GUARD_SINCE
                            + " (falsy reasons only; the other substitutions on the"
                            + " entry-count API only)");
                case LOCATED_CHANGE ->
                    "a change located in the release's own broadcast.js: the shape's script answers so through one"
                            + " release and otherwise on the next, and the functions whose text changed between"
                            + " them are named on its page (bin/cursorcheck source-diff prints the diff)";
                case STRICT_QUEUE_DEPTH ->
                    documented("the entry-count API only (a queue depth of `highWaterMark`" + " writes)");
                default -> null;
            };
        }

        private static String documented(String change) {
            return "a documented change (docs/spec.md §6) with the release where it changed: the release has the"
                    + " entry-count API (its handshake names `highWaterMark`, which " + BYTE_BUDGET_SINCE + " replaced"
                    + " with the byte budget), or is a Node release before the change: " + change + "; and the"
                    + " difference has the documented shape at its step";
        }

        /** The breach of a guarantee this kind names, or null. */
        public OutsideGuarantees.Rule rule() {
            for (OutsideGuarantees.Rule r : OutsideGuarantees.Rule.values()) {
                if (r.id().equals(id)) {
                    return r;
                }
            }
            return this == DETACH_LEAVES_READ_OPEN
                    ? OutsideGuarantees.Rule.READ_OPEN_AFTER_DETACH
                    : this == NESTED_END_IN_NOTIFY ? OutsideGuarantees.Rule.NON_SPEC_ERROR : null;
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
     * Classifies a shrunk difference by behaviour, the same rules for every release, listed or not (a
     * release's version is looked at only against the documented change of semantics), in this order
     * (docs/spec.md §6, How a difference is judged):
     * <ol>
     * <li>the subject threw or died: {@link Kind#CRASH};</li>
     * <li>the release's own trace breaks a guarantee of §3 as the outside account sees it
     *     ({@link OutsideGuarantees}, never the model, never the release's probe as a premise): the kind named
     *     after the first breach, which is its witness ({@link Kind#NESTED_END_IN_NOTIFY} for a non-spec
     *     {@code is not a function} error, {@link Kind#DETACH_LEAVES_READ_OPEN} for a read left open by
     *     detach);</li>
     * <li>earlier semantics, only with a documented change and a clean record: the trace breaks no guarantee
     *     (the step above), the difference has, at its step, exactly one of the shapes a documented change
     *     describes ({@link EarlierSemantics}) on a release with evidence for it, and that kind's witness shows
     *     the kind's defining behaviour on the same release ({@link Witnesses}): no witness, no kind;</li>
     * <li>anything else: {@link Kind#UNCLASSIFIED}. The suite's port of the algorithm before PR #63322 answering
     *     the same way ({@link #answersAsDirtyFlagPort}) explains a shape on its page, never decides it.</li>
     * </ol>
     *
     * @param witnesses runs a kind's witness on the same release
     */
    public static Kind classify(Hello hello, Counterexample cx, Lockstep.Run run, Witnesses witnesses) {
        return classify(hello, cx.failure(), run, witnesses);
    }

    /** {@link #classify(Hello, Counterexample, Lockstep.Run, Witnesses)} of a failed run, shrunk or not. */
    public static Kind classify(Hello hello, Lockstep.Run run, Witnesses witnesses) {
        if (!run.failed()) {
            throw new IllegalArgumentException("only a failed run has a difference to classify");
        }
        return classify(hello, run.failure(), run, witnesses);
    }

    private static Kind classify(Hello hello, Failure f, Lockstep.Run run, Witnesses witnesses) {
        if (f.kind() == Failure.Kind.SUBJECT_THREW) {
            return Kind.CRASH;
        }
        List<OutsideGuarantees.Breach> breaches = breaches(run, f.step());
        if (!breaches.isEmpty()) {
            return kindOf(breaches, f.subject());
        }
        if (f.kind() != Failure.Kind.DIVERGENCE) {
            return Kind.UNCLASSIFIED;
        }
        Differences.Kind shape = EarlierSemantics.match(hello, run, f);
        return shape != null && witnesses.shows(shape) ? shape : Kind.UNCLASSIFIED;
    }

    /**
     * Whether the suite's port of the algorithm before PR #63322 ({@code dirty-flag}) diverges from the model on
     * the difference's script at or before its step and, run alone, answers there as the release does: an
     * explanation a page gives ("answers as the algorithm before PR #63322"), never a verdict.
     */
    public static boolean answersAsDirtyFlagPort(Counterexample cx) {
        Failure f = cx.failure();
        return f.kind() == Failure.Kind.DIVERGENCE && portDivergesTheSameWay(cx.script(), f.step(), f.subject());
    }

    /** The breaches the release's own trace shows through {@code step} (the model is not looked at). */
    public static List<OutsideGuarantees.Breach> breaches(Lockstep.Run run, int step) {
        List<Observation> seen = run.subject().subList(0, Math.min(run.subject().size(), step + 1));
        return OutsideGuarantees.check(run.script(), seen);
    }

    /** The kind a breach gives its difference: the first breach's, with the two kinds kept by name. */
    public static Kind kindOf(List<OutsideGuarantees.Breach> breaches, Observation subject) {
        OutsideGuarantees.Breach first = breaches.get(0);
        if (first.rule() == OutsideGuarantees.Rule.NON_SPEC_ERROR
                && subject != null
                && mentions(subject, "is not a function")) {
            return Kind.NESTED_END_IN_NOTIFY;
        }
        if (first.rule() == OutsideGuarantees.Rule.READ_OPEN_AFTER_DETACH) {
            return Kind.DETACH_LEAVES_READ_OPEN;
        }
        for (Kind k : Kind.values()) {
            if (k.id().equals(first.rule().id())) {
                return k;
            }
        }
        throw new IllegalStateException("no kind for the rule " + first.rule());
    }

    /**
     * Whether the suite's port of the dirty-flag algorithm ({@code DirtyFlagBroadcast}, Node up to
     * 26.1.0) also diverges from the model on this script, at or before the step where the release
     * did: the difference then comes from that algorithm, not from something no rule knows.
     */
    static boolean portDiverges(Script script, int step) {
        Lockstep.Run port = Lockstep.run(Variant.DIRTY_FLAG, script);
        return port.failed()
                && !port.failure().kind().againstModel()
                && port.failure().step() <= step;
    }

    /**
     * Whether the port of the dirty-flag algorithm diverges from the model at or before {@code step}
     * ({@link #portDiverges}) and, run alone to that step, answers there as the release did: the same
     * kinds of outcome and settlement, the same sizes of the entries delivered, the same probe. A port
     * that merely diverges somewhere before is no evidence that the release's difference is that
     * algorithm's.
     */
    static boolean portDivergesTheSameWay(Script script, int step, Observation release) {
        if (!portDiverges(script, step) || release == null) {
            return false;
        }
        io.cursorcheck.properties.Session port =
                new io.cursorcheck.properties.Session(Variant.DIRTY_FLAG, script.options());
        Observation o = null;
        for (int i = 0; i <= step; i++) {
            o = port.apply(script.ops().get(i));
            if (o.thrown() != null) {
                return false;
            }
        }
        return outline(o).equals(outline(release))
                && io.cursorcheck.properties.Probe.of(o.snapshot(), script.options())
                        .equals(release.probe());
    }

    /** An answer without positions or write numbers: the outcome kinds and the entry sizes, settlements sorted. */
    private static String outline(Observation o) {
        if (o.reply() == null) {
            return "attached";
        }
        List<String> settled = new java.util.ArrayList<>();
        for (Settlement x : o.reply().settlements()) {
            settled.add(outline(x.outcome()));
        }
        java.util.Collections.sort(settled);
        return outline(o.reply().outcome()) + " " + settled;
    }

    private static String outline(Outcome x) {
        return switch (x.kind()) {
            case DISCARDED -> Outcome.Kind.ACCEPTED.name(); // the outside sees a discarded write as accepted
            case DATA -> "DATA(" + x.size() + ")";
            case FAILED, COMPLETED -> x.toString();
            default -> x.kind().name();
        };
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
