package io.cursorcheck.conformance.judge;

import io.cursorcheck.conformance.protocol.Hello;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.SpecError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The documented shapes of the earlier semantics (docs/spec.md §6), each matched on what the release and the
 * model answered at the failing step and on what came before, never on the mere presence of an operation: every
 * item the release answered otherwise (its own outcome, each settlement, {@code consumerCount}, {@code canWrite})
 * must be one the shape documents, else the difference is not that shape. A release's version is looked at only
 * against the release where the change is documented (its changelog entry), per shape.
 */
final class EarlierSemantics {

    private EarlierSemantics() {}

    /** PR #65334 ("stream: drain pending writes before broadcast end"), first in Node 26.8.0's changelog. */
    static final String END_WAITS_SINCE = "26.8.0";

    /** PR #64705 ("stream: preserve falsy cancellation reasons"), first in Node 26.8.0's changelog. */
    static final String FALSY_CANCEL_SINCE = "26.8.0";

    /**
     * PR #66028 ("stream: update broadcast to retain buffered data with zero consumers") and PR #65864 ("stream:
     * improve handling of falsy errors in stream/iter"), first in Node 26.10.0's changelog.
     */
    static final String RETAIN_GUARD_SINCE = "26.10.0";

    /** One thing the release answered otherwise than the model; a null outcome: no such answer. */
    record Item(int op, boolean own, Outcome release, Outcome model) {}

    /** What differs at the step: the items, and the probes (null where a side has none). */
    record Step(List<Item> items, Probe release, Probe model) {

        boolean probesDiffer() {
            return release != null && model != null && !release.equals(model);
        }
    }

    /** The items that differ between the model's and the release's answers at one step. */
    static Step step(Script script, Observation model, Observation release) {
        List<Item> items = new ArrayList<>();
        if (model.reply() != null && release.reply() != null) {
            int op = (int) model.reply().op();
            if (!model.reply().outcome().equals(release.reply().outcome())) {
                items.add(new Item(
                        op, true, release.reply().outcome(), model.reply().outcome()));
            }
            Map<Long, Outcome> m = settled(model.reply().settlements());
            Map<Long, Outcome> s = settled(release.reply().settlements());
            Set<Long> ops = new LinkedHashSet<>(m.keySet());
            ops.addAll(s.keySet());
            for (long o : ops) {
                if (!java.util.Objects.equals(m.get(o), s.get(o))) {
                    items.add(new Item((int) o, false, s.get(o), m.get(o)));
                }
            }
        }
        Probe mp = model.probe() != null
                ? model.probe()
                : model.snapshot() != null ? Probe.of(model.snapshot(), script.options()) : null;
        return new Step(items, release.probe(), mp);
    }

    private static Map<Long, Outcome> settled(List<Settlement> settlements) {
        Map<Long, Outcome> m = new LinkedHashMap<>();
        for (Settlement x : settlements) {
            m.put(x.op(), x.outcome());
        }
        return m;
    }

    /**
     * The documented shape the difference has, with evidence for this release, or null. Evidence: the entry-count
     * API (every shape), or a Node release before the one whose changelog documents the change of that shape.
     */
    static Differences.Kind match(Hello hello, Lockstep.Run run, Failure f) {
        boolean entryCount = hello.api().equals("highWaterMark");
        Script script = run.script();
        int at = f.step();
        Observation m = f.model();
        Observation s = f.subject();
        if (m == null || s == null || m.reply() == null || s.reply() == null) {
            return null;
        }
        Step step = step(script, m, s);
        if (step.items().isEmpty() && !step.probesDiffer()) {
            return null;
        }
        if (entryCount && strictQueueDepth(script, at, step)) {
            return Differences.Kind.STRICT_QUEUE_DEPTH;
        }
        if ((entryCount || nodeBefore(hello, END_WAITS_SINCE)) && endAtOnce(run, at, step)) {
            return Differences.Kind.END_AT_ONCE;
        }
        if (errorReporting(hello, entryCount, script, at, step)) {
            return Differences.Kind.ERROR_REPORTING;
        }
        if ((entryCount || nodeBefore(hello, RETAIN_GUARD_SINCE)) && noRetainGuard(run, at, step)) {
            return Differences.Kind.NO_RETAIN_GUARD;
        }
        return null;
    }

    /** STRICT: the release queues a write the model fails with the backpressure error; nothing else differs. */
    private static boolean strictQueueDepth(Script script, int at, Step step) {
        Op op = script.ops().get(at);
        return (op instanceof Op.Write || op instanceof Op.Writev)
                && !step.probesDiffer()
                && step.items().size() == 1
                && step.items().get(0).own()
                && step.items().get(0).model().equals(Outcome.failed(SpecError.BACKPRESSURE))
                && step.items().get(0).release().kind() == Outcome.Kind.QUEUED;
    }

    /**
     * End at once: at an {@code end()} the release completes (with the bytes written so far: the sum of the sizes of
     * the writes it took) where the model waits, or fails after {@code fail()}; at an {@code endSync()} it answers
     * those bytes where the model answers INCOMPLETE; at or after an end, the only other differences are consumers
     * staying attached (a higher {@code consumerCount}), DONE to a read the model keeps waiting, and the model
     * settling an end the release completed at once (COMPLETED; or FAILED, as the model's abort, fail or spoiled
     * read fails an end it still waits for, where the release answered that end COMPLETED at its own step).
     */
    private static boolean endAtOnce(Lockstep.Run run, int at, Step step) {
        List<Op> ops = run.script().ops();
        int firstEnd = -1;
        for (int i = 0; i <= at; i++) {
            if (ops.get(i) instanceof Op.End || ops.get(i) instanceof Op.EndSync) {
                firstEnd = i;
                break;
            }
        }
        if (firstEnd < 0) {
            return false;
        }
        long written = bytesTaken(run, at);
        Long completedBefore = completedAt(run, firstEnd, at);
        boolean endOwn = false;
        for (Item x : step.items()) {
            Op op = ops.get(x.op());
            if (x.own()
                    && op instanceof Op.End
                    && x.release().kind() == Outcome.Kind.COMPLETED
                    && x.model() != null
                    && (x.model().kind() == Outcome.Kind.PENDING
                            || x.model().kind() == Outcome.Kind.FAILED && failedBefore(ops, x.op()))
                    && x.release().value() == (completedBefore != null ? completedBefore : written)) {
                endOwn = true;
                continue;
            }
            if (x.own()
                    && op instanceof Op.EndSync
                    && x.release().kind() == Outcome.Kind.COMPLETED
                    && x.model() != null
                    && x.model().kind() == Outcome.Kind.INCOMPLETE
                    && x.release().value() == (completedBefore != null ? completedBefore : written)) {
                endOwn = true;
                continue;
            }
            boolean doneToWaitingRead = op instanceof Op.Next
                    && x.release() != null
                    && x.release().kind() == Outcome.Kind.DONE
                    && (x.model() == null || x.model().isPending());
            boolean modelSettlesEnd = !x.own()
                    && op instanceof Op.End
                    && x.release() == null
                    && x.model() != null
                    && (x.model().kind() == Outcome.Kind.COMPLETED
                            || x.model().kind() == Outcome.Kind.FAILED && completedAtOnce(run, x.op()));
            if (!doneToWaitingRead && !modelSettlesEnd) {
                return false;
            }
        }
        if (step.probesDiffer()
                && !(step.release().consumers() > step.model().consumers()
                        && java.util.Objects.equals(
                                step.release().canWrite(), step.model().canWrite()))) {
            return false;
        }
        return endOwn || firstEnd < at || step.probesDiffer();
    }

    /** The bytes the release took up to {@code at}: the sizes of the writes it accepted (or discarded). */
    private static long bytesTaken(Lockstep.Run run, int at) {
        Map<Long, Boolean> taken = new LinkedHashMap<>();
        List<Observation> seen = run.subject();
        for (int i = 0; i <= at && i < seen.size(); i++) {
            Observation o = seen.get(i);
            if (o.reply() == null) {
                continue;
            }
            note(taken, run.script(), i, o.reply().outcome());
            for (Settlement x : o.reply().settlements()) {
                note(taken, run.script(), (int) x.op(), x.outcome());
            }
        }
        long bytes = 0;
        for (long w : taken.keySet()) {
            bytes += size(run.script().ops().get((int) w));
        }
        return bytes;
    }

    /** Whether the operation is one of the writes (write, writeSync, writev, writevSync). */
    static boolean isWrite(Op op) {
        return op instanceof Op.Write
                || op instanceof Op.WriteSync
                || op instanceof Op.Writev
                || op instanceof Op.WritevSync;
    }

    /** A write's size: the sum of a writev's chunks (one entry, spec §2 writevSync and writev). */
    static long size(Op op) {
        if (op instanceof Op.Write w) {
            return w.size();
        } else if (op instanceof Op.WriteSync w) {
            return w.size();
        } else if (op instanceof Op.Writev w) {
            return w.sizes().stream().mapToLong(Integer::longValue).sum();
        } else if (op instanceof Op.WritevSync w) {
            return w.sizes().stream().mapToLong(Integer::longValue).sum();
        }
        throw new IllegalArgumentException("not a write: " + op);
    }

    private static void note(Map<Long, Boolean> taken, Script script, int op, Outcome x) {
        Op o = script.ops().get(op);
        if (isWrite(o) && (x.kind() == Outcome.Kind.ACCEPTED || x.kind() == Outcome.Kind.DISCARDED)) {
            taken.put((long) op, true);
        }
    }

    /** Whether the release answered the end at {@code op} COMPLETED at its own step. */
    private static boolean completedAtOnce(Lockstep.Run run, int op) {
        if (op >= run.subject().size()) {
            return false;
        }
        Observation o = run.subject().get(op);
        return o.reply() != null && o.reply().outcome().kind() == Outcome.Kind.COMPLETED;
    }

    /** The bytes the release's first completed end reported, between the first end and before {@code at}. */
    private static Long completedAt(Lockstep.Run run, int from, int at) {
        for (int i = from; i < at && i < run.subject().size(); i++) {
            Observation o = run.subject().get(i);
            if (o.reply() != null
                    && (o.op() instanceof Op.End || o.op() instanceof Op.EndSync)
                    && o.reply().outcome().kind() == Outcome.Kind.COMPLETED) {
                return o.reply().outcome().value();
            }
        }
        return null;
    }

    private static boolean failedBefore(List<Op> ops, int op) {
        for (int i = 0; i < op; i++) {
            if (ops.get(i) instanceof Op.Fail) {
                return true;
            }
        }
        return false;
    }

    /**
     * Error reporting: every item is one of the documented substitutions for the reason of an earlier
     * {@code fail()} or {@code cancel()}: DONE for a falsy reason; on the entry-count API also "Writer is closed"
     * for the reason of a failed writer, the broadcast's error for a consumer the failure did not detach, a queued
     * read that {@code cancel(reason)} leaves waiting; and a made-up error ({@link #DEFAULT_ERRORS}) for a
     * {@code null} reason of {@code fail()}, with the falsy-reason evidence.
     */
    private static boolean errorReporting(Hello hello, boolean entryCount, Script script, int at, Step step) {
        List<Op> ops = script.ops();
        List<Object> reasons = new ArrayList<>();
        boolean failed = false;
        boolean cancelled = false;
        boolean falsyFail = false;
        boolean falsyCancel = false;
        for (int i = 0; i <= at; i++) {
            if (ops.get(i) instanceof Op.Fail x) {
                failed = true;
                reasons.add(x.reason());
                falsyFail |= falsy(x.reason());
            } else if (ops.get(i) instanceof Op.Cancel x && x.hasReason()) {
                cancelled = true;
                reasons.add(x.reason());
                falsyCancel |= falsy(x.reason());
            }
        }
        if ((!failed && !cancelled) || step.probesDiffer() || step.items().isEmpty()) {
            return false;
        }
        boolean falsyEvidence = entryCount
                || falsyFail && nodeBefore(hello, RETAIN_GUARD_SINCE)
                || falsyCancel && nodeBefore(hello, FALSY_CANCEL_SINCE);
        for (Item x : step.items()) {
            Outcome r = x.release();
            Outcome m = x.model();
            Op op = ops.get(x.op());
            boolean falsyDone = falsyEvidence
                    && r != null
                    && r.kind() == Outcome.Kind.DONE
                    && m != null
                    && m.kind() == Outcome.Kind.FAILED
                    && falsy(m.reason())
                    && reasons.contains(m.reason());
            boolean writerClosed = entryCount
                    && failed
                    && isWrite(op)
                    && r != null
                    && r.equals(Outcome.failed(SpecError.WRITER_CLOSED))
                    && m != null
                    && m.kind() == Outcome.Kind.FAILED
                    && reasons.contains(m.reason());
            // One error for the whole broadcast: a read of a consumer the failure did not detach, or that the spec
            // fails with its own error, fails with the broadcast's (the latest reason given, or the error made up for
            // a null one).
            boolean broadcastError = entryCount
                    && op instanceof Op.Next
                    && r != null
                    && r.kind() == Outcome.Kind.FAILED
                    && (reasons.contains(r.reason())
                            || falsyFail && DEFAULT_ERRORS.contains(String.valueOf(r.reason())))
                    && m != null
                    && (m.kind() == Outcome.Kind.DONE
                            || m.kind() == Outcome.Kind.FAILED && reasons.contains(m.reason()));
            boolean cancelLeavesRead = entryCount
                    && cancelled
                    && op instanceof Op.Next
                    && (r == null || r.isPending())
                    && m != null
                    && m.kind() == Outcome.Kind.FAILED;
            boolean defaultError = falsyEvidence
                    && falsyFail
                    && r != null
                    && r.kind() == Outcome.Kind.FAILED
                    && DEFAULT_ERRORS.contains(String.valueOf(r.reason()))
                    && m != null
                    && m.kind() == Outcome.Kind.FAILED
                    && m.reason() == null;
            if (!(falsyDone || writerClosed || broadcastError || cancelLeavesRead || defaultError)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The errors a release makes up for {@code fail(null)} before falsy errors were kept (PR #65864): Bun's, and
     * Node's {@code ERR_INVALID_STATE} (seen on 26.1.0, on a read and on a queued write's settlement).
     */
    static final Set<String> DEFAULT_ERRORS = Set.of("Error: Failed", "TypeError: Invalid state: Failed");

    private static boolean falsy(Object reason) {
        return reason == null
                || Integer.valueOf(0).equals(reason)
                || Long.valueOf(0).equals(reason)
                || "".equals(reason)
                || Boolean.FALSE.equals(reason);
    }

    /**
     * No retain guard: after the model had no consumer (the last detached, a {@code cancel()} detached them all, or
     * none had attached yet: PR #66028 "retain buffered data with zero consumers"), the release trimmed the buffer
     * to its end: a late joiner's read waits or gets a later entry where the model delivers one (or, on an ended
     * broadcast, gets DONE or the error of an earlier {@code fail()}/{@code cancel()}, the release detaching that
     * consumer: one consumer fewer); the trim flushes queued writes (settled as accepted where the model keeps them
     * queued), takes writes the model refuses or queues, settles pending drains true (the trim made room) and lets
     * {@code canWrite} say true where the model's says false; a late joiner's read that the model fails at a spoiled
     * entry it retained waits on the release, which dropped it; a pending {@code end()} then completes, with the bytes the release took (seen on 26.9.0, whose end
     * waits for the queue and the readers). Nothing else differs.
     */
    private static boolean noRetainGuard(Lockstep.Run run, int at, Step step) {
        if (!hadNoConsumer(run, at)) {
            return false;
        }
        List<Op> ops = run.script().ops();
        Set<Object> reasons = new java.util.HashSet<>();
        boolean falsyFail = false;
        boolean ended = false;
        for (int i = 0; i < at; i++) {
            Op o = ops.get(i);
            ended |= o instanceof Op.End || o instanceof Op.EndSync || o instanceof Op.Fail || o instanceof Op.Cancel;
            if (o instanceof Op.Fail x) {
                reasons.add(x.reason());
                falsyFail |= falsy(x.reason());
            } else if (o instanceof Op.Cancel x && x.hasReason()) {
                reasons.add(x.reason());
            }
        }
        boolean endedRead = false;
        boolean spoiledRead = false; // the model's read failed at a spoiled entry the release had trimmed away
        boolean trimmed = false;
        List<Item> endsCompleted = new ArrayList<>();
        for (Item x : step.items()) {
            Op op = ops.get(x.op());
            Outcome r = x.release();
            Outcome m = x.model();
            Predicate<Outcome> data = o -> o != null && o.kind() == Outcome.Kind.DATA;
            // The model reads an entry the release trimmed: it delivers it, or fails at it where it is spoiled.
            boolean modelReads = data.test(m) || m != null && m.equals(Outcome.failed(SpecError.INVALID_ENTRY));
            // (a later entry: where the model delivers, one past it; where it fails at a spoiled entry, any)
            boolean lateRead = op instanceof Op.Next
                    && modelReads
                    && (r == null || r.isPending() || data.test(r) && (!data.test(m) || r.value() > m.value()));
            boolean lateReadEnded = ended
                    && x.own()
                    && op instanceof Op.Next
                    && modelReads
                    && r != null
                    && (r.kind() == Outcome.Kind.DONE
                            || r.kind() == Outcome.Kind.FAILED
                                    && (reasons.contains(r.reason())
                                            || falsyFail && DEFAULT_ERRORS.contains(String.valueOf(r.reason()))));
            boolean flushed = isWrite(op)
                    && r != null
                    && r.kind() == Outcome.Kind.ACCEPTED
                    && (m == null || m.kind() == Outcome.Kind.QUEUED || m.kind() == Outcome.Kind.REFUSED);
            boolean endCompleted =
                    !x.own() && op instanceof Op.End && m == null && r != null && r.kind() == Outcome.Kind.COMPLETED;
            if (endCompleted) {
                endsCompleted.add(x);
                continue;
            }
            // The trim to the end made room: a pending drain settles true where the model keeps it waiting (I13).
            boolean drained = op instanceof Op.Drain && !x.own() && m == null && Outcome.DRAINED_TRUE.equals(r);
            if (!lateRead && !lateReadEnded && !flushed && !drained) {
                return false;
            }
            endedRead |= lateReadEnded;
            spoiledRead |= lateRead && m.kind() == Outcome.Kind.FAILED;
            trimmed = true;
        }
        // A pending end the trim lets complete (its queue flushed, its last reader done), with the bytes taken.
        long taken = bytesTaken(run, at);
        for (Item x : endsCompleted) {
            if (!trimmed || x.release().value() != taken) {
                return false;
            }
        }
        if (!step.probesDiffer()) {
            return true;
        }
        Probe r = step.release();
        Probe m = step.model();
        if (spoiledRead) {
            // The model's failure removed every consumer and failed the writer (reading an entry, §2): its probe says
            // no consumer and canWrite null; the release, which trimmed the spoiled entry away, keeps its readers and
            // its writer open.
            return m.consumers() == 0 && r.consumers() >= 1 && r.canWrite() != null && m.canWrite() == null;
        }
        return endedRead
                ? r.consumers() == m.consumers() - 1 && java.util.Objects.equals(r.canWrite(), m.canWrite())
                : r.consumers() == m.consumers()
                        && Boolean.TRUE.equals(r.canWrite())
                        && Boolean.FALSE.equals(m.canWrite());
    }

    /** Whether, after some step at or before {@code at}, the model had no consumer attached. */
    private static boolean hadNoConsumer(Lockstep.Run run, int at) {
        for (int i = 0; i <= at && i < run.model().size(); i++) {
            Observation o = run.model().get(i);
            boolean none = o.snapshot() != null
                    ? o.snapshot().consumers().isEmpty()
                    : o.probe() != null && o.probe().consumers() == 0;
            if (none) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the release is a Node release before {@code since} (its version's leading {@code N.N.N}; 26.8.0
     * calls itself {@code 26.8.0-alpha.0.0.0}). The same rule for every release, listed or not.
     */
    static boolean nodeBefore(Hello hello, String since) {
        if (!hello.name().equals("node")) {
            return false;
        }
        java.util.regex.Matcher v =
                java.util.regex.Pattern.compile("^(\\d+)\\.(\\d+)\\.(\\d+)").matcher(hello.version());
        if (!v.find()) {
            return false; // a version we cannot read gives no evidence
        }
        String[] s = since.split("\\.");
        for (int i = 0; i < 3; i++) {
            int c = Integer.compare(Integer.parseInt(v.group(i + 1)), Integer.parseInt(s[i]));
            if (c != 0) {
                return c < 0;
            }
        }
        return false;
    }
}
