package io.cursorcheck.properties.mutants;

import static io.cursorcheck.properties.mutants.Mutant.Impact.LIVENESS;
import static io.cursorcheck.properties.mutants.Mutant.Impact.SAFETY;
import static io.cursorcheck.properties.mutants.Mutant.WhiteBox.NONE;
import static io.cursorcheck.properties.mutants.Mutant.WhiteBox.SCANS;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.List;
import java.util.stream.Stream;

/**
 * The catalogue of deliberately broken variants of {@code CachedCountBroadcast} and
 * {@code WheelBroadcast} (the {@code wheel-} ones). Each is the kind of slip a careful engineer
 * could make writing the algorithm, named for what it gets wrong.
 */
public final class Mutants {

    private Mutants() {}

    /** The negative controls the default lockstep run must catch and shrink. */
    public static final List<Mutant> CONTROLS = List.of(
            Mutant.cachedCount(
                    "detach-forgets-count",
                    LIVENESS,
                    "A detach at the cached minimum trims without decrementing the count, so the minimum never moves"
                            + " past the detached consumer's cursor.",
                    "if (r.cursor == cachedMin && decrementMinCount() == 0 && trimAllowed) {",
                    "if (trimAllowed) {"),
            Mutant.cachedCount(
                    "advance-compares-new-cursor",
                    LIVENESS,
                    "An advance compares the cursor after the move with the cached minimum instead of the one before,"
                            + " so the count drops for consumers arriving at the minimum, not for those leaving it.",
                    "if (old == cachedMin && decrementMinCount() == 0) {",
                    "if (old + 1 == cachedMin && decrementMinCount() == 0) {"),
            Mutant.cachedCount(
                    "trim-without-retain-guard",
                    SAFETY,
                    "Trim runs with no consumer attached, so the last detach drops everything a late joiner should"
                            + " still read.",
                    """
                            if (consumers.isEmpty()) {
                                        return;
                                    }
                            """,
                    ""),
            Mutant.cachedCount(
                    "drop-oldest-keeps-stale-minimum",
                    LIVENESS,
                    "DROP_OLDEST eviction moves laggards forward but does not recompute, leaving the cached minimum"
                            + " below bufferStart.",
                    """
                            void evicted() {
                                    recompute();
                                }""",
                    """
                            void evicted() {
                                }"""),
            Mutant.wheel(
                    "wheel-advance-keeps-old-slot",
                    LIVENESS,
                    "An advance counts the consumer at its new position but does not take it off the old one, so"
                            + " the minimum's slot never empties and the buffer is never trimmed.",
                    "int left = leave(old);",
                    "int left = counts[slot(old)];"),
            Mutant.wheel(
                    "wheel-walks-before-counting",
                    SAFETY,
                    "An advance walks the minimum forward before it counts the consumer at its new position, so the"
                            + " walk passes that occupied slot and trims entries the consumer has not read.",
                    """
                            occupy(old + 1);
                                    if (old == cachedMin && left == 0) {
                                        walkMinimum();
                            """,
                    """
                            if (old == cachedMin && left == 0) {
                                        walkMinimum();
                                        occupy(old + 1);
                            """),
            Mutant.wheel(
                    "wheel-laggard-keeps-old-slot",
                    LIVENESS,
                    "DROP_OLDEST eviction counts a laggard at bufferStart but leaves its old slot counted, so the"
                            + " minimum stays below bufferStart and the count at it is wrong (I6).",
                    "leave(r.cursor);\n        occupy(bufferStart());",
                    "occupy(bufferStart());"));

    /**
     * The catalogue: the negative controls plus every other slip of spec §2 ({@code docs/spec.md}) we could think
     * of, grouped by the part of the algorithm they break. The kill matrix
     * ({@code properties/.../campaign/KillMatrix}) runs each one and holds it to its impact: SAFETY
     * and LIVENESS mutants must be caught black-box (answers, states, I1-I12 without I6),
     * EQUIVALENT ones must not be, and must be caught by the white-box check they name, if any.
     */
    public static final List<Mutant> CATALOGUE = Stream.concat(
                    CONTROLS.stream(),
                    Stream.of(
                            // ---- the count's bookkeeping
                            Mutant.cachedCount(
                                    "count-post-decrement",
                                    LIVENESS,
                                    "The count is decremented with a post-decrement, so the zero test sees the old value and the"
                                            + " last consumer to leave the minimum never triggers a trim.",
                                    "return --minCount;",
                                    "return minCount--;"),
                            Mutant.cachedCount(
                                    "removal-decrements-any-cursor",
                                    LIVENESS,
                                    "Removing a consumer decrements the count whatever its cursor, so the count drops below the"
                                            + " consumers at the minimum; after a read that finds the broadcast errored it reaches 0"
                                            + " untrimmed and the next advance at the minimum has no count left (Node's count goes"
                                            + " negative and trimming stops; ours throws).",
                                    "if (r.cursor == cachedMin && decrementMinCount() == 0 && trimAllowed) {",
                                    "if (decrementMinCount() == 0 && trimAllowed) {"),
                            Mutant.core(
                                    "errored-read-keeps-consumer",
                                    LIVENESS,
                                    "A read that finds the broadcast errored fails the consumer but leaves it attached, where it"
                                            + " holds the minimum and the count forever.",
                                    """
                            r.error = Reason.of(error);
                            removeConsumer(r, false);
                            """,
                                    "r.error = Reason.of(error);"),
                            Mutant.cachedCount(
                                    "first-attach-keeps-stale-minimum",
                                    LIVENESS,
                                    "The first consumer to attach sets the count to 1 but keeps the old cached minimum, which after"
                                            + " a DROP_OLDEST eviction with nobody attached is not its cursor.",
                                    "cachedMin = r.cursor;",
                                    ""),
                            Mutant.cachedCount(
                                    "attach-compares-end",
                                    "Attach compares the cached minimum with end instead of the new consumer's cursor, so it"
                                            + " rescans whenever entries are retained.",
                                    SCANS,
                                    "With a consumer attached the cached minimum is bufferStart, which is the new cursor, so the"
                                            + " mutant either increments exactly as the real class does (empty buffer) or rescans and"
                                            + " gets the same minimum and count.",
                                    "} else if (r.cursor == cachedMin) {",
                                    "} else if (endPosition() == cachedMin) {"),
                            Mutant.cachedCount(
                                    "attach-without-first-consumer-case",
                                    "Attach has no special case for the first consumer and relies on the general rule: increment"
                                            + " at the cached minimum, else rescan.",
                                    SCANS,
                                    "With nobody attached the count is always 0 (every removal, fail and cancel leaves it there),"
                                            + " so the general rule gives the first consumer a count of 1, or rescans to the same"
                                            + " answer when the cached minimum went stale.",
                                    """
                            if (consumers.size() == 1) {
                                cachedMin = r.cursor;
                                minCount = 1;
                            } else if (r.cursor == cachedMin) {
                            """,
                                    "if (r.cursor == cachedMin) {"),
                            // ---- the recompute
                            Mutant.cachedCount(
                                    "trim-trusts-stale-minimum",
                                    LIVENESS,
                                    "Trim skips the recompute when the count is 0 and trims to the stale cached minimum, which is"
                                            + " where the buffer already starts.",
                                    """
                            if (minCount == 0) {
                                recompute();
                            }
                            """,
                                    ""),
                            // Not equivalent only through spoiled entries: as released, a read of a spoiled entry
                            // clears
                            // the buffer under a consumer that has read past it (the third finding, I1), and the next
                            // scan then finds a cursor past end.
                            new Mutant(
                                    "scan-starts-at-max-sentinel",
                                    "scan() starts from Long.MAX_VALUE instead of end, the sentinel the spec forbids, so once a"
                                            + " cursor is past end (a spoiled read cleared the buffer under it) trim drops past the end.",
                                    SAFETY,
                                    "BroadcastCore.java",
                                    "long min = endPosition();",
                                    "long min = Long.MAX_VALUE;",
                                    "CachedCountBroadcast",
                                    null,
                                    new Mutant.Equivalence(
                                            "Under the"
                                                    + " corrected algorithm (spec §8, every consumer leaves a cleared buffer) no cursor is ever"
                                                    + " past end, so with a consumer attached the scan's answer is the same; with none, its"
                                                    + " (MAX_VALUE, 0) is never used: trim returns early and the first attach overwrites both"
                                                    + " fields.",
                                            NONE)),
                            Mutant.core(
                                    "scan-counts-consumers-above-minimum",
                                    LIVENESS,
                                    "scan() counts every consumer after the one holding the minimum, not just those at it, so the"
                                            + " count is too high and the minimum never moves.",
                                    """
                            } else if (r.cursor == min) {
                                count++;
                            """,
                                    """
                            } else {
                                count++;
                            """),
                            Mutant.cachedCount(
                                    "removal-always-rescans",
                                    "Removing a consumer always rescans, whether or not it was the last at the minimum.",
                                    SCANS,
                                    "The rescan yields the very minimum and count the decrement would have kept, and the trim"
                                            + " that follows drops exactly what the real class drops: only the number of scans"
                                            + " grows.",
                                    """
                            if (r.cursor == cachedMin && decrementMinCount() == 0 && trimAllowed) {
                                trim();
                            }
                            """,
                                    """
                            recompute();
                            if (trimAllowed) {
                                trim();
                            }
                            """),
                            // ---- trim arithmetic
                            Mutant.cachedCount(
                                    "trim-drops-one-too-many",
                                    SAFETY,
                                    "Trim drops the entry at the new minimum too, which the slowest consumer has not read.",
                                    "dropBefore(cachedMin);",
                                    "dropBefore(cachedMin + 1);"),
                            Mutant.cachedCount(
                                    "trim-drops-one-too-few",
                                    LIVENESS,
                                    "Trim stops one entry short of the new minimum, so an entry everyone has read stays buffered.",
                                    "dropBefore(cachedMin);",
                                    "dropBefore(cachedMin - 1);"),
                            Mutant.cachedCount(
                                    "trim-to-end",
                                    SAFETY,
                                    "Trim drops everything up to end instead of up to the minimum, so consumers behind the fastest"
                                            + " lose their unread entries.",
                                    "dropBefore(cachedMin);",
                                    "dropBefore(endPosition());"),
                            Mutant.core(
                                    "trim-forgets-bytes",
                                    LIVENESS,
                                    "Trim drops entries without subtracting their bytes, so the buffer looks full and the writer"
                                            + " is refused for bytes nobody holds.",
                                    "bufferedBytes -= buffer.removeBefore(newStart);",
                                    "buffer.removeBefore(newStart);"),
                            Mutant.cachedCount(
                                    "trim-guard-inclusive",
                                    "Trim drops entries when the minimum is at or after bufferStart, instead of strictly after.",
                                    NONE,
                                    "Trim runs only when the last consumer at the minimum left it, so the new minimum is always"
                                            + " past bufferStart and the extra case (dropping nothing) never arises.",
                                    "if (cachedMin > bufferStart()) {",
                                    "if (cachedMin >= bufferStart()) {"),
                            // ---- DROP_OLDEST
                            Mutant.core(
                                    "drop-oldest-moves-laggards-first",
                                    SAFETY,
                                    "DROP_OLDEST moves laggards to bufferStart before evicting, so they stay behind the entries"
                                            + " the eviction then drops.",
                                    """
                            while (bufferedBytes >= budget && buffer.size() > 0) {
                                bufferedBytes -= buffer.removeFirst();
                            }
                            long start = buffer.start();
                            for (Reader r : consumers) {
                                if (r.cursor < start) {
                                    laggardMoving(r);
                                    r.cursor = start;
                                }
                            }
                            """,
                                    """
                            long start = buffer.start();
                            for (Reader r : consumers) {
                                if (r.cursor < start) {
                                    laggardMoving(r);
                                    r.cursor = start;
                                }
                            }
                            while (bufferedBytes >= budget && buffer.size() > 0) {
                                bufferedBytes -= buffer.removeFirst();
                            }
                            """),
                            Mutant.cachedCount(
                                    "drop-oldest-forgets-count",
                                    "DROP_OLDEST moves a laggard off the cached minimum without decrementing the count.",
                                    NONE,
                                    "The eviction recomputes minimum and count right after moving the laggards, before anything"
                                            + " reads them, so the skipped decrements are overwritten.",
                                    """
                            if (r.cursor == cachedMin) {
                                decrementMinCount();
                            }
                            """,
                                    ""),
                            Mutant.core(
                                    "drop-oldest-evicts-while-above",
                                    SAFETY,
                                    "DROP_OLDEST evicts while bufferedBytes > budget instead of >=, so it stops at exactly the"
                                            + " budget and the new entry overshoots it.",
                                    "while (bufferedBytes >= budget && buffer.size() > 0) {",
                                    "while (bufferedBytes > budget && buffer.size() > 0) {"),
                            // ---- attach, detach, notify, end
                            Mutant.core(
                                    "attach-at-end",
                                    SAFETY,
                                    "A consumer attaches at end instead of bufferStart, so a late joiner skips everything retained.",
                                    "Reader r = new Reader(this, consumersMade++, buffer.start());",
                                    "Reader r = new Reader(this, consumersMade++, buffer.end());"),
                            new Mutant(
                                    "errored-read-removal-trims",
                                    "A read that finds the broadcast errored removes its consumer and trims, where the spec adjusts the"
                                            + " count without trimming.",
                                    Mutant.Impact.EQUIVALENT,
                                    "CachedCountBroadcast.java",
                                    "if (r.cursor == cachedMin && decrementMinCount() == 0 && trimAllowed) {",
                                    "if (r.cursor == cachedMin && decrementMinCount() == 0) {",
                                    "CachedCountBroadcast",
                                    new Mutant.Equivalence(
                                            "That consumer sits at end, so it is the last at the minimum only when"
                                                    + " every other consumer is past end, which happens only after a read of a spoiled entry"
                                                    + " cleared an errored broadcast's buffer (the third finding, I1); the trim then scans,"
                                                    + " finds the minimum at bufferStart and drops nothing, so only the scan count sees it.",
                                            SCANS),
                                    new Mutant.Equivalence(
                                            "Under the corrected algorithm no cursor is ever past end (spec §8, every"
                                                    + " consumer leaves a cleared buffer), so that consumer is the last at the minimum only"
                                                    + " when nobody else is attached, and then the retain guard stops the trim.",
                                            NONE)),
                            Mutant.core(
                                    "detach-leaves-queued-reads",
                                    LIVENESS,
                                    "Detach settles the outstanding read but not the queued ones, which then never settle.",
                                    """
                            settleQueued(r, Outcome.DONE);
                            removeConsumer(r, true);
                            completeEndIfDrained();
                            """,
                                    """
                            removeConsumer(r, true);
                            completeEndIfDrained();
                            """),
                            Mutant.core(
                                    "notify-skips-queued-promotion",
                                    LIVENESS,
                                    "Notify serves the outstanding read but does not promote the next queued one, so that read is"
                                            + " never served.",
                                    """
                            if (r.queuedReads() > 0) {
                                r.outstanding = r.queued.removeFirst();
                                waiters.add(r);
                            }
                            """,
                                    ""),
                            // Not equivalent under spec §8 only through drains: the trim inside notify cannot flush
                            // there, but it still settles the pending drains, and the slip puts the read's settlement
                            // before them.
                            new Mutant(
                                    "notify-settles-before-advance",
                                    "Notify settles the read before it advances the cursor, so settlements caused by the advance"
                                            + " (a trim flushing queued writes or settling drains) come out after it, in the wrong order.",
                                    SAFETY,
                                    "BroadcastCore.java",
                                    """
                            r.cursor = old + 1;
                            advanced(old, Site.NOTIFY);
                            settleOutstanding(r, Outcome.data(old, size));
                            """,
                                    """
                            settleOutstanding(r, Outcome.data(old, size));
                            r.cursor = old + 1;
                            advanced(old, Site.NOTIFY);
                            """,
                                    "CachedCountBroadcast"),
                            Mutant.core(
                                    "end-keeps-waiting-consumers",
                                    LIVENESS,
                                    "End settles a waiting consumer's reads with DONE but leaves it attached, holding the minimum,"
                                            + " so the buffer is never trimmed and the writer's end never completes.",
                                    "settleQueued(r, Outcome.DONE); removeConsumer(r, true); }",
                                    "settleQueued(r, Outcome.DONE); }"),
                            // ---- paths only the re-entrant sequences reach (spec §2's flaws): caught only because the
                            // comparison goes on past the known finding that leads there (spec §3, "After a finding")
                            new Mutant(
                                    "end-data-skips-advance",
                                    "End delivers a buffered entry to a waiting read by moving the"
                                            + " cursor without the advance's bookkeeping (count, minimum, trim), so the entry stays retained"
                                            + " after it was consumed, bufferStart lags the slowest cursor (I5) and a late joiner reads it"
                                            + " again.",
                                    SAFETY,
                                    "BroadcastCore.java",
                                    "advanced(old, Site.END);",
                                    "",
                                    "CachedCountBroadcast",
                                    null,
                                    new Mutant.Equivalence(
                                            "End's data branch serves a waiting consumer with an entry at its cursor;"
                                                    + " under spec §8 no flush nests, so no read is stranded between operations (§8 point 3)"
                                                    + " and the end never runs inside a notify (§8 point 5): every waiting consumer sits at"
                                                    + " end, the branch is never taken and no check can see the slip.",
                                            Mutant.WhiteBox.NONE)),
                            new Mutant(
                                    "flush-offers-write-still-queued",
                                    "The flush offers a queued write while leaving it at the"
                                            + " head of the queue and removes it only once the offer returns, so a flush nested inside that"
                                            + " offer (trim, under notify) offers the same write again: it is stored twice and settled twice.",
                                    SAFETY,
                                    "BroadcastCore.java",
                                    """
                            QueuedWrite w = queuedWrites.removeFirst();
                            if (offer(w.size(), w.op()) == Offer.REFUSED) {
                                queuedWrites.addFirst(w);
                                break;
                            }
                            """,
                                    """
                            QueuedWrite w = queuedWrites.getFirst();
                            if (offer(w.size(), w.op()) == Offer.REFUSED) {
                                break;
                            }
                            queuedWrites.removeFirstOccurrence(w);
                            """,
                                    "CachedCountBroadcast",
                                    null,
                                    new Mutant.Equivalence(
                                            "Only a flush nested in the offer could see the queue between the take and"
                                                    + " the offer's return; under spec §8 no flush nests (step 0), so leaving the write queued"
                                                    + " until the offer returns and removing it then is the same as removing it first and"
                                                    + " putting it back on a refusal.",
                                            Mutant.WhiteBox.NONE)),
                            Mutant.core(
                                    "end-completes-with-consumers",
                                    SAFETY,
                                    "The writer's end completes as soon as the broadcast ends, while consumers still drain what is"
                                            + " buffered.",
                                    "if (ended && consumers.isEmpty() && writerState == WriterState.CLOSING) {",
                                    "if (ended && writerState == WriterState.CLOSING) {"),
                            // ---- zero-size writes
                            Mutant.core(
                                    "zero-size-write-stored",
                                    SAFETY,
                                    "A zero-size write is stored as an entry, which consumers then receive and the budget checks"
                                            + " refuse.",
                                    """
                            if (size == 0) {
                                return Offer.ACCEPTED;
                            }
                            """,
                                    ""),
                            // Equivalent while I11 holds; past the stranded read of reentrant-flush-strands-read (spec
                            // §3, after a
                            // finding) it serves that read at a zero-size write, which §2 does not.
                            new Mutant(
                                    "zero-size-write-notifies",
                                    "A zero-size write notifies the waiting consumers although it stores nothing; past a stranded read"
                                            + " (I11, the known finding) it serves that read, a settlement the algorithm does not make.",
                                    SAFETY,
                                    "BroadcastCore.java",
                                    """
                            if (size == 0) {
                                return Offer.ACCEPTED;
                            }
                            """,
                                    """
                            if (size == 0) {
                                notifyWaiters();
                                return Offer.ACCEPTED;
                            }
                            """,
                                    "CachedCountBroadcast",
                                    null,
                                    new Mutant.Equivalence(
                                            "A waiting consumer's cursor is at end (I11, which under spec §8 always"
                                                    + " holds between operations, §8 point 3), so with nothing appended notify serves nobody"
                                                    + " and rebuilds the same waiting list, minus consumers that no longer wait.",
                                            NONE)),
                            // ---- the writer's queued writes
                            Mutant.core(
                                    "flush-never-called",
                                    LIVENESS,
                                    "Trim drops entries but never flushes the queued writes, so a writer that was refused stays"
                                            + " queued for good.",
                                    """
                            if (!queuedWrites.isEmpty() && bufferedBytes < budget && !(flushing && algorithm == Algorithm.CORRECTED)) {
                                flushQueuedWrites();
                            }
                            """,
                                    ""),
                            Mutant.core(
                                    "flush-past-budget",
                                    SAFETY,
                                    "The flush appends every queued write once the buffer dips under budget, instead of offering"
                                            + " each and stopping at the first refused one.",
                                    // The loop's own budget test (spec §2 flush step 1) goes too: it is the offer's
                                    // test, and with it
                                    // kept the slip could not show.
                                    """
                            while (!queuedWrites.isEmpty() && !ended && bufferedBytes < budget) {
                                if (queuedWrites.getFirst().spoiled) {
                                    settle(queuedWrites.removeFirst().op(), Outcome.failed(SpecError.INVALID_ENTRY));
                                    continue;
                                }
                                QueuedWrite w = queuedWrites.removeFirst();
                                if (offer(w.size(), w.op()) == Offer.REFUSED) {
                            """,
                                    """
                            while (!queuedWrites.isEmpty() && !ended) {
                                if (queuedWrites.getFirst().spoiled) {
                                    settle(queuedWrites.removeFirst().op(), Outcome.failed(SpecError.INVALID_ENTRY));
                                    continue;
                                }
                                QueuedWrite w = queuedWrites.removeFirst();
                                boolean refused = ended || cancelled;
                            if (!refused) {
                                buffer.addLast(w.size(), w.op());
                                bufferedBytes += w.size();
                                notifyWaiters();
                            }
                            if (refused) {
                            """),
                            Mutant.core(
                                    "strict-allows-two-queued",
                                    SAFETY,
                                    "STRICT queues a second refused write instead of failing it with a backpressure error.",
                                    "if (policy == Policy.STRICT && !queuedWrites.isEmpty()) {",
                                    "if (policy == Policy.STRICT && queuedWrites.size() > 1) {"),
                            // ---- the writer's further paths: abort, drain, spoiled entries, endSync
                            Mutant.core(
                                    "abort-forgets-closing-writer",
                                    LIVENESS,
                                    "An abort that takes a closing writer's last queued write out does not end the broadcast, so"
                                            + " the end waits for a flush that no trim will ever start (I12).",
                                    """
                            settle(operation, Outcome.failed(SpecError.ABORTED));
                                            endIfNoWriteQueued();
                            """,
                                    "settle(operation, Outcome.failed(SpecError.ABORTED));\n"),
                            Mutant.core(
                                    "abort-takes-first-queued",
                                    SAFETY,
                                    "An abort fails the named write but takes the oldest queued write out of the queue, so a write"
                                            + " nobody aborted is lost and the aborted one is still flushed and settled again.",
                                    "it.remove();",
                                    "queuedWrites.removeFirst();"),
                            Mutant.core(
                                    "drains-settled-before-flush",
                                    SAFETY,
                                    "A trim that makes room settles the drains before it flushes the queued writes, so the writer"
                                            + " hears DRAINED(true) before the write it was waiting behind is accepted (spec §2 trim"
                                            + " step 3).",
                                    """
                            if (!queuedWrites.isEmpty() && bufferedBytes < budget && !(flushing && algorithm == Algorithm.CORRECTED)) {
                                        flushQueuedWrites();
                                    }
                                    if (room && writerState == WriterState.OPEN) {
                                        settleDrains(Outcome.DRAINED_TRUE);
                            """,
                                    """
                            if (room && writerState == WriterState.OPEN) {
                                        settleDrains(Outcome.DRAINED_TRUE);
                                    }
                                    if (!queuedWrites.isEmpty() && bufferedBytes < budget && !(flushing && algorithm == Algorithm.CORRECTED)) {
                                        flushQueuedWrites();
                            """),
                            Mutant.core(
                                    "drains-settled-while-over-budget",
                                    SAFETY,
                                    "Every trim settles the drains DRAINED(true), even one that leaves the buffer at or over its"
                                            + " budget, so a writer resumes into a full buffer (I13).",
                                    "boolean room = bufferedBytes < budget;",
                                    "boolean room = true;"),
                            Mutant.core(
                                    "drop-oldest-forgets-drains",
                                    LIVENESS,
                                    "A DROP_OLDEST eviction that makes room does not settle the pending drains, so a writer waiting"
                                            + " on drain() waits although the buffer is under budget (I13).",
                                    "if (evicted && bufferedBytes < budget) {",
                                    "if (false) {"),
                            Mutant.core(
                                    "drain-true-at-budget",
                                    SAFETY,
                                    "drain() answers DRAINED(true) at once when the buffer holds exactly its budget (<= for <), so a"
                                            + " writer resumes into a full buffer (I13).",
                                    """
                            if (bufferedBytes < budget) {
                                        return reply(op, Outcome.DRAINED_TRUE);
                            """,
                                    """
                            if (bufferedBytes <= budget) {
                                        return reply(op, Outcome.DRAINED_TRUE);
                            """),
                            Mutant.core(
                                    "spoiled-clear-keeps-bytes",
                                    SAFETY,
                                    "A read of a spoiled entry clears the buffer but not its byte count, so bufferedBytes counts"
                                            + " entries that no longer exist (I2).",
                                    "bufferedBytes = 0;",
                                    ""),
                            Mutant.core(
                                    "spoiled-clear-moves-start",
                                    SAFETY,
                                    "A read of a spoiled entry clears the buffer by trimming it to its end, which moves bufferStart"
                                            + " past the entries nobody read (spec §2 reading an entry: bufferStart stays).",
                                    "buffer.clear();",
                                    "buffer.removeBefore(buffer.end());"),
                            Mutant.core(
                                    "spoiled-read-spares-consumers",
                                    SAFETY,
                                    "A read of a spoiled entry fails the writer and the broadcast but leaves every consumer attached,"
                                            + " with cursors into a buffer that was just cleared (I1, I14).",
                                    """
                            ended = true;
                                        removeEveryone(Outcome.failed(error), Reason.of(error));
                                    } else if (algorithm == Algorithm.CORRECTED) {
                            """,
                                    """
                            ended = true;
                                    } else if (algorithm == Algorithm.CORRECTED) {
                            """),
                            Mutant.core(
                                    "flush-stops-at-spoiled",
                                    LIVENESS,
                                    "The flush fails a spoiled queued write and then stops instead of going on, so the writes queued"
                                            + " behind it stay queued although the buffer has room (spec §2 flush step 1).",
                                    """
                            settle(queuedWrites.removeFirst().op(), Outcome.failed(SpecError.INVALID_ENTRY));
                                                continue;
                            """,
                                    """
                            settle(queuedWrites.removeFirst().op(), Outcome.failed(SpecError.INVALID_ENTRY));
                                                break;
                            """),
                            Mutant.core(
                                    "flush-stores-spoiled",
                                    SAFETY,
                                    "The flush offers a spoiled queued write like any other, so an entry that failed validation is"
                                            + " stored, counted and accepted instead of failing with INVALID_ENTRY (I14).",
                                    "if (queuedWrites.getFirst().spoiled) {",
                                    "if (false) {"),
                            Mutant.core(
                                    "endsync-answers-while-pending",
                                    SAFETY,
                                    "endSync() answers the byte total whenever the writer was open, even when the end is still"
                                            + " pending behind a queued write or an attached consumer, instead of INCOMPLETE (-1).",
                                    "return reply(op, writerState == WriterState.CLOSED ? Outcome.completed(bytesAccepted) : Outcome.INCOMPLETE);",
                                    "return reply(op, Outcome.completed(bytesAccepted));"),
                            // ---- fail and cancel
                            Mutant.core(
                                    "cancel-null-reason-as-none",
                                    SAFETY,
                                    "cancel(null) is treated as a cancel without a reason, so consumers see a clean DONE instead of"
                                            + " the failure they were given.",
                                    "return cancel(true, reason);",
                                    "return cancel(reason != null, reason);"),
                            Mutant.core(
                                    "cancel-repeats",
                                    SAFETY,
                                    "A second cancel runs again instead of doing nothing: it replaces the error and removes the"
                                            + " consumers that attached since, before they read what is retained.",
                                    """
                            if (cancelled) {
                                return reply(op, Outcome.OK);
                            }
                            """,
                                    ""),
                            Mutant.cachedCount(
                                    "fail-keeps-count",
                                    "fail and cancel remove every consumer but leave the count as it was, instead of 0.",
                                    NONE,
                                    "With nobody attached the count is never read, and the next attach is the first consumer,"
                                            + " which sets minimum and count afresh.",
                                    """
                            void forgetMinimum() {
                                minCount = 0;
                            }
                            """,
                                    """
                            void forgetMinimum() {
                            }
                            """)))
            .toList();

    /**
     * Racy twins of the thread-safe variants: single-threaded they behave exactly like the real
     * class (the lockstep engine cannot see them); only concurrent runs can. They are the negative
     * controls of the jcstress and Lincheck tests in {@code stress/}.
     */
    public static final List<Mutant> RACY_TWINS = List.of(
            new Mutant(
                    "cursor-published-before-read",
                    "The lock-free read moves and publishes its cursor before it"
                            + " reads the entry, so a trim or eviction can free, and a write reuse, the slot it is reading.",
                    SAFETY,
                    "PublishedCursorBroadcast.java",
                    """
                    int size = state.buffer.sizeAcquire(p);
                    r.cursor = p + 1;
                    long op = state.nextOperation();
                    r.busy = false;
                    """,
                    """
                    r.cursor = p + 1;
                    long op = state.nextOperation();
                    r.busy = false;
                    int size = state.buffer.sizeAcquire(p);
                    """,
                    "PublishedCursorBroadcast"),
            new Mutant(
                    "plain-count-decrement",
                    "Lock-free readers leaving the minimum decrement the shared count with"
                            + " a plain read-modify-write, so two at once lose a decrement and trimming stalls.",
                    LIVENESS,
                    "PublishedCursorBroadcast.java",
                    "if (COUNT.compareAndSet(this, c, c - 1)) {",
                    "{ minCount = c - 1;",
                    "PublishedCursorBroadcast"),
            new Mutant(
                    "no-handshake",
                    "Exclusive sections set the flag but do not wait for readers already"
                            + " mid-read, so scans, evictions and detaches overlap lock-free reads.",
                    SAFETY,
                    "PublishedCursorBroadcast.java",
                    "for (Reader r : consumers) { int spins = 0;",
                    "for (Reader r : java.util.List.<Reader>of()) { int spins = 0;",
                    "PublishedCursorBroadcast"),
            new Mutant(
                    "end-published-before-entry",
                    "The ring publishes the new end before it stores the entry, so a"
                            + " lock-free reader can read a slot that is not written yet.",
                    SAFETY,
                    "EntryRing.java",
                    """
                    slots[(int) end & (slots.length - 1)] = size;
                    END.setRelease(this, end + 1);
                    """,
                    """
                    long at = end;
                    END.setRelease(this, at + 1);
                    slots[(int) at & (slots.length - 1)] = size;
                    """,
                    "PublishedCursorBroadcast"),
            new Mutant(
                    "split-last-read",
                    "The last consumer at the minimum reads lock-free and trims afterwards,"
                            + " under the lock, so a locked operation can slip in between and see the count at zero with the"
                            + " entry untrimmed (the earlier design of this class, which Lincheck caught).",
                    SAFETY,
                    "PublishedCursorBroadcast.java",
                    """
                    if (p == state.cachedMin && !state.leaveMinimumUnlessLast()) {
                        r.busy = false;
                        return null;
                    }
                    int size = state.buffer.sizeAcquire(p);
                    r.cursor = p + 1;
                    long op = state.nextOperation();
                    r.busy = false;
                    return new Reply(op, Outcome.data(p, size), List.of());
                    """,
                    """
                    boolean last = p == state.cachedMin && !state.leaveMinimumUnlessLast();
                    if (last) {
                        state.leaveMinimum();
                    }
                    int size = state.buffer.sizeAcquire(p);
                    r.cursor = p + 1;
                    long op = state.nextOperation();
                    r.busy = false;
                    if (!last) {
                        return new Reply(op, Outcome.data(p, size), List.of());
                    }
                    return locked(() -> {
                        state.trim();
                        return state.replyFor(op, Outcome.data(p, size));
                    });
                    """,
                    "PublishedCursorBroadcast"),
            new Mutant(
                    "unlocked-detach",
                    "Detach runs without the lock, so it changes the consumer set and the"
                            + " count while another consumer's trim rescans them.",
                    SAFETY,
                    "LockedCountBroadcast.java",
                    """
                    return locked(() -> {
                        enterExclusive();
                        return core.detach(consumer);
                    });
                    """,
                    "return core.detach(consumer);",
                    "PublishedCursorBroadcast"),
            new Mutant(
                    "unlocked-attach",
                    "Attach runs without the lock, so a late joiner can read a stale"
                            + " bufferStart while a trim moves it, and races the trim's bookkeeping.",
                    SAFETY,
                    "LockedCountBroadcast.java",
                    "return locked(core::attach);",
                    "return core.attach();",
                    "PublishedCursorBroadcast"),
            new Mutant(
                    "lost-wakeup",
                    "Settlements are handed to waiting threads without signalling them, so a blocked"
                            + " put or take sleeps through the trim that settles it.",
                    LIVENESS,
                    "LockedCountBroadcast.java",
                    "changed.signalAll();",
                    "",
                    "LockedCountBroadcast"));

    /** Every mutant: the catalogue (controls included), then the racy twins. */
    public static List<Mutant> all() {
        return Stream.concat(CATALOGUE.stream(), RACY_TWINS.stream()).toList();
    }

    /**
     * The registry's real implementation a mutant patches: the variant whose broadcasts are of
     * the mutant's entry class.
     *
     * @throws IllegalArgumentException if no variant has that class
     */
    public static Variant original(Mutant mutant) {
        for (Variant v : Variant.values()) {
            if (v.create(Options.of(1, Policy.STRICT))
                    .getClass()
                    .getSimpleName()
                    .equals(mutant.entry())) {
                return v;
            }
        }
        throw new IllegalArgumentException("mutant " + mutant.id() + ": no variant is a " + mutant.entry());
    }

    /**
     * The real implementation a mutant patches, following the given algorithm: {@link #original(Mutant)}
     * as released; under the corrected algorithm, the registry's corrected variant of that class if it has
     * one ({@code cached-count-corrected}), otherwise that class made through its
     * {@code (Options, Algorithm)} constructor (the wheel: spec §8 changes no tracking, so the registry
     * has no corrected wheel, but its scan count is the reference of a corrected wheel mutant).
     *
     * @throws IllegalArgumentException if no variant has the mutant's class, or, under the corrected
     *                                  algorithm, that class has no {@code (Options, Algorithm)} constructor
     */
    public static BroadcastFactory original(Mutant mutant, Algorithm algorithm) {
        Variant asReleased = original(mutant);
        if (algorithm == Algorithm.AS_RELEASED) {
            return asReleased;
        }
        for (Variant v : Variant.values()) {
            if (v.algorithm() == algorithm
                    && v.create(Options.of(1, Policy.STRICT))
                            .getClass()
                            .getSimpleName()
                            .equals(mutant.entry())) {
                return v;
            }
        }
        java.lang.reflect.Constructor<?> ctor;
        try {
            ctor = asReleased
                    .create(Options.of(1, Policy.STRICT))
                    .getClass()
                    .getConstructor(Options.class, Algorithm.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(
                    "mutant " + mutant.id() + ": " + mutant.entry() + " cannot follow the " + algorithm
                            + " algorithm (no (Options, Algorithm) constructor)",
                    e);
        }
        return new Following(asReleased, ctor, algorithm);
    }

    /** A registry variant's class made through its {@code (Options, Algorithm)} constructor. */
    private record Following(Variant variant, java.lang.reflect.Constructor<?> ctor, Algorithm algorithm)
            implements BroadcastFactory {
        @Override
        public String id() {
            return variant.id() + MutantCompiler.CORRECTED_SUFFIX;
        }

        @Override
        public String description() {
            return variant.description() + ", under the " + algorithm + " algorithm";
        }

        @Override
        public Algorithm algorithm() {
            return algorithm;
        }

        @Override
        public Broadcast create(Options options) {
            return MutantCompiler.construct(ctor, id(), options, algorithm);
        }

        @Override
        public String toString() {
            return id();
        }
    }

    /** The mutant with this id, or null. */
    public static Mutant named(String id) {
        return all().stream().filter(m -> m.id().equals(id)).findFirst().orElse(null);
    }

    /** The compiled factory of a mutant. */
    public static BroadcastFactory factory(Mutant mutant) {
        return MutantCompiler.factory(mutant);
    }

    /** The compiled factory of a mutant following the given algorithm ({@link MutantCompiler#factory(Mutant, Algorithm)}). */
    public static BroadcastFactory factory(Mutant mutant, Algorithm algorithm) {
        return MutantCompiler.factory(mutant, algorithm);
    }
}
