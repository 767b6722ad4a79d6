package io.cursorcheck.conformance.judge;

import io.cursorcheck.conformance.protocol.JsException;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.SpecError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The guarantees {@code docs/spec.md} §3 gives for every release, checked on what a user of the
 * release sees and nothing else: the script's operations and the release's answers, settlements
 * and probes ({@link Observation}, as {@link OutsideView} names them: {@code DATA} names the write
 * operation that stored the entry). It never looks at the model, so it can say that a release
 * breaks a guarantee, not merely that it differs.
 *
 * <p>Every rule is <em>sound</em>: a report is a real breach on any release, entry-count or
 * byte-budget API, whatever the model says. Each rule's argument is in the javadoc of its
 * {@link Rule}; the test {@code OutsideGuaranteesProperties} holds every rule to it on random traces of
 * the model and the conforming ports in both API shapes, seen from outside (no rule may report anything
 * there before the model's own first finding). Two facts several rules use:
 * <ul>
 * <li><b>Landing order is write order.</b> Queued writes exist only while the buffer is full (I12),
 *     no write lands past a queued one while it is full (I9), and a flush takes queued writes oldest
 *     first (§2 flush); a consumer is delivered consecutive positions (I4). So the entries a
 *     consumer gets carry increasing write numbers, and two entries it got enclose every entry that
 *     landed between them. A release that lands writes in another order breaks one of those three
 *     itself.</li>
 * <li><b>Known to have landed.</b> An entry is known to be stored once it was delivered to some
 *     consumer, or once a write of size 1 or more was ACCEPTED (at once or settled) under STRICT or
 *     UNBOUNDED, which never discard. DROP_NEWEST reports a discarded write as ACCEPTED too, so
 *     there a delivery counts, or a write answered ACCEPTED while the outside account proves room
 *     (below). The operation where this becomes known is at or after the landing.</li>
 * </ul>
 * A {@code DATA} whose size is not its write's size may be a batch of several entries (a release
 * may hand over more than one chunk per read): rules that reason about gaps are off for that
 * consumer from then on.
 *
 * <p><b>The outside account</b> (docs/spec.md §6, How a difference is judged): what §2 and §3 allow the
 * state to be, derived from the operations, answers and settlements alone. <b>The probe is never a
 * premise</b>: {@code canWrite} and {@code consumerCount} are judged against the account
 * ({@link Rule#PROBE_MISREPORTS_ROOM}, {@link Rule#PROBE_MISREPORTS_WRITER},
 * {@link Rule#PROBE_MISREPORTS_CONSUMERS}), so a release whose probe is wrong in the same direction as its
 * fault is judged on the fault all the same.
 * <ul>
 * <li>The writer is <em>known OPEN</em> while no {@code end}, {@code endSync}, {@code fail} or {@code cancel}
 *     was made and no read failed (a read of a spoiled entry fails the writer), and <em>known not OPEN</em>
 *     otherwise: nothing else takes it out of OPEN, and nothing brings it back.</li>
 * <li>A consumer <em>may be attached</em> from its attach until its detach, or a {@code fail} or {@code cancel}
 *     that surely takes effect (a {@code fail} while the writer is known OPEN, the first {@code cancel}), and is
 *     <em>known attached</em> while, besides, none of its reads ended (DONE or FAILED) and no {@code fail},
 *     {@code cancel} or failed read came after its attach.</li>
 * <li>The buffer holds <em>at most</em> the entries that may be stored (a write of one unit or more answered
 *     or settled ACCEPTED, which includes DROP_NEWEST's discarded ones, an entry delivered, or a write still
 *     open, which a release may have stored without settling it) past the
 *     <em>trim point</em>: the latest write that every consumer that may be attached had been delivered (or
 *     passed) at a moment when at least one was known attached. Then the smallest cursor is past it and
 *     {@code bufferStart} with it (I5), for good (I3); with nobody attached nothing is trimmed (I7).</li>
 * <li>An entry is <em>known to have landed</em> once delivered, once its write of one unit or more was ACCEPTED
 *     under STRICT or UNBOUNDED, or, under DROP_NEWEST, answered ACCEPTED at once while the buffer held at most
 *     less than its budget (DROP_NEWEST discards only at or over budget, I9).</li>
 * <li>The buffer holds <em>at least</em>, outside DROP_OLDEST, the entries known to have landed, not
 *     spoiled, of writes made after some consumer known attached attached, which that consumer (its
 *     deliveries all named and of their writes' sizes) has neither been delivered nor passed: its cursor is
 *     at or before them, and I1 keeps them.</li>
 * </ul>
 */
public final class OutsideGuarantees {

    /** A guarantee of docs/spec.md §3 the checker tests from outside. */
    public enum Rule {
        /**
         * A consumer got the same write's entry twice. Sound: a write stores at most one entry (§2
         * offer), and a consumer is delivered each position once, in order (I4).
         */
        ENTRY_DELIVERED_TWICE("entry-delivered-twice", "I4"),
        /**
         * A consumer got an entry of an earlier write after one of a later write. Sound by landing
         * order (class javadoc): every cause of it breaks I4, I9, I12 or the flush order of §2.
         */
        ENTRY_OUT_OF_ORDER("entry-out-of-order", "I4"),
        /**
         * A consumer got two entries (or, from its attach, one) while an entry known to have landed
         * between them, from a write made after it attached, was never delivered to it. Not under
         * DROP_OLDEST, whose eviction may skip (I4). Sound: the entry landed after the attach, so at a
         * position at or after the consumer's first (I7 attach at bufferStart, entries append at end),
         * and by landing order before the later entry; I4 delivers consecutive positions.
         */
        ENTRY_SKIPPED("entry-skipped", "I4"),
        /**
         * A read of a consumer settled while an earlier read of the same consumer is still open after
         * the operation. Sound: overlapping reads settle in the order they were made (I4).
         */
        READS_SETTLED_OUT_OF_ORDER("reads-settled-out-of-order", "I4"),
        /**
         * A read is still open after its consumer's detach settled. Sound: detach settles the
         * outstanding read and every queued read with DONE, and a read of a detached consumer is
         * answered at once (§2 detach, next step 1; I4 every read settles exactly once).
         */
        READ_OPEN_AFTER_DETACH("read-open-after-detach", "I4"),
        /**
         * An {@code end()} has completed while a {@code write()} is still pending after the operation.
         * Sound: an end completes only when the writer is CLOSED, which the end of the broadcast reaches
         * only with no write queued (§2 flush step 4, ending the broadcast), and {@code cancel} settles
         * queued writes before pending ends; a write made after that fails at once (writer lifecycle).
         */
        END_WITH_WRITE_PENDING("end-with-write-pending", "I12"),
        /**
         * A read, write or end failed with an error that is none of the spec's errors and no reason a
         * {@code fail} or {@code cancel} gave so far. Not checked once a falsy reason ({@code null},
         * {@code 0}, empty) was given: §6 documents that the entry-count API replaces one. Sound: §5
         * lists every failure reason a broadcast may report.
         */
        NON_SPEC_ERROR("non-spec-error", "§5 errors"),
        /**
         * A write failed and its entry was delivered. Sound: a write that fails is never offered
         * (§2 write step 2, STRICT backpressure) or, queued, is failed instead of flushed (fail,
         * cancel); either way nothing is stored.
         */
        FAILED_WRITE_DELIVERED("failed-write-delivered", "I4"),
        /**
         * After an operation, before any {@code end}, {@code fail} or {@code cancel}, and not under
         * DROP_OLDEST, a consumer that was not detached has an open read while an entry known to have
         * landed after its attach, of a later write than any it got, was never delivered to it. Sound:
         * its cursor moves only by delivery (I4), so it is at or before that entry's position; trimming
         * never passes an attached cursor (I1), so an entry exists at its cursor: I11 (or, if the release
         * dropped it, I1).
         */
        STRANDED_READ("stranded-read", "I11"),
        /**
         * While the writer is known OPEN, a {@code writeSync} or {@code writevSync} of one unit answered REFUSED,
         * or a {@code write} or {@code writev} of one unit was left QUEUED, when the buffer held at most less than
         * its budget before it; or, after an operation, a write of any size is still queued while the buffer holds
         * at most less than its budget. Both bounds are the outside account's (class javadoc), never the probe.
         * Sound: an OPEN writer under budget stores or discards every write (I9, §2 offer), and a queued write
         * exists only while {@code bufferedBytes >= budget} (I12); the account's bound is at least
         * {@code bufferedBytes}. A unit always fits: the adapter sizes every chunk and the budget in whole units.
         * Only refusals of one unit are judged: a release that refuses a larger write that would not fit keeps
         * every invariant. The entry-count API writes size 1 only.
         */
        REFUSED_WITH_ROOM("refused-with-room", "I9, I12"),
        /**
         * A consumer got the entry of a write that, when it attached, every consumer that may have been attached
         * (at least one known attached) had already been delivered or passed. Sound: with a consumer attached
         * {@code bufferStart} is the smallest cursor (I5), so that entry was trimmed, {@code bufferStart} never goes
         * back (I3), and a consumer attaches at {@code bufferStart} (§2 attach) and is delivered only positions
         * from there on (I4): the entry no longer existed for it.
         */
        STALE_ENTRY_DELIVERED("stale-entry-delivered", "I5"),
        /**
         * After an operation, while the writer is known OPEN, the probe said {@code canWrite = false} while the
         * buffer held at most less than its budget, or {@code canWrite = true} while it held at least its budget.
         * Sound: §5 defines {@code canWrite} of an OPEN writer as {@code bufferedBytes < budget}, and the outside
         * account bounds {@code bufferedBytes} on both sides (the lower bound only outside DROP_OLDEST).
         */
        PROBE_MISREPORTS_ROOM("probe-misreports-room", "§5 the probe"),
        /**
         * After an operation, the probe said {@code canWrite = null} while the writer is known OPEN, or not null
         * once it is known not OPEN. Sound: the writer leaves OPEN only by {@code end}, {@code endSync},
         * {@code fail}, {@code cancel} or a read of a spoiled entry (which fails that read), never comes back, and
         * the broadcast does not end while it is OPEN; §5 makes {@code canWrite} null exactly when the writer is
         * not OPEN or the broadcast has ended.
         */
        PROBE_MISREPORTS_WRITER("probe-misreports-writer", "§5 the probe"),
        /**
         * After an operation, the probe's {@code consumerCount} is below the number of consumers known attached,
         * or above the number that may be attached (class javadoc). Sound: a consumer is attached right after its
         * attach (I10) and is removed only by its detach, a {@code fail} or {@code cancel}, a read of its that
         * settles DONE or FAILED, or a read of a spoiled entry (§2 removal, fail, cancel, next, reading an entry);
         * nothing but an attach adds one.
         */
        PROBE_MISREPORTS_CONSUMERS("probe-misreports-consumers", "§5 the probe"),
        /**
         * A read got a {@code DATA} of no bytes. Sound: zero-size writes never create entries (I8), every entry
         * the suite writes otherwise holds at least its write's number (4 bytes), and a read settles with one
         * entry or none (I4); on the entry-count API the suite writes size 1 only.
         */
        ZERO_SIZE_ENTRY("zero-size-entry", "I8"),
        /**
         * A read got a {@code DATA} of no bytes after an earlier {@code spoil} named a write of one unit or more:
         * the spoiled entry was delivered (its memory detached, so it shows no bytes). Sound: a read of a spoiled
         * entry fails instead of delivering it (I14, §2 reading an entry); the other entries the suite writes hold
         * at least 4 bytes, a zero-size write stores nothing (I8), and a spoil detaches only its own write's
         * memory (each chunk has its own {@code ArrayBuffer}).
         */
        SPOILED_ENTRY_DELIVERED("spoiled-entry-delivered", "I14"),
        /**
         * {@code drain()} answered against the outside account of the state right before it: UNWRITABLE while the
         * writer is known OPEN, DRAINED or PENDING once it is known not OPEN, DRAINED(true) at once while the buffer
         * held at least its budget, or PENDING while it held at most less. Sound: I13 gives the drain's own answer
         * from exactly that state (§2 drain steps 1 to 3), and the account bounds it (class javadoc).
         */
        DRAIN_ANSWERED_WRONG("drain-answered-wrong", "I13"),
        /**
         * A drain settled DRAINED(true) in an operation after which the buffer holds at least its budget, while the
         * operation settled no queued write ACCEPTED. Sound: I13 settles a drain with true only in an operation
         * after which the buffer is under budget or which stored a queued write (a flush the trim started may fill
         * the buffer again); the account's lower bound is at most {@code bufferedBytes}, and a queued write stored
         * settles ACCEPTED in the same operation (§2 flush).
         */
        DRAINED_WHILE_FULL("drained-while-full", "I13"),
        /**
         * A {@code write} or {@code writev} that was still queued (its promise open) when a {@code spoil} named it
         * later settled ACCEPTED. Sound: a flush fails a spoiled queued write with INVALID_ENTRY instead of storing
         * it, and nothing else stores a queued write (I14, §2 flush step 1); an abort or a failure settles it FAILED.
         */
        SPOILED_WRITE_ACCEPTED("spoiled-write-accepted", "I14"),
        /**
         * After a {@code fail} or {@code cancel}, consumers c and d attached (late joiners) and d was delivered the
         * entry of write w, which c never got; then w was spoiled, and a read of c failed while both stayed attached:
         * before the read the outside account knows exactly who is attached (every consumer that may be attached is
         * known attached), and {@code consumerCount} after it still counts them all (the count is how a user sees this
         * breach, its observation, not a premise). Not
         * under DROP_OLDEST. Sound: w landed before c attached and was still retained when d got it after that
         * attach, so c attached at or before w's position and, never delivered it, stays there (I4, I1 keeps w
         * retained); on a broadcast already failed a read of an attached consumer with an entry at its cursor
         * delivers it unless it is spoiled (§2 next, reading an entry), so c's read found a spoiled entry, after
         * which no entry is retained (I14) and the buffer's end is its start, at or before w's position; d's
         * cursor is past w's position, so past the end: I1 (trimming safety) is broken. The finding
         * spoiled-read-leaves-cursor-past-end is this breach.
         */
        CONSUMER_PAST_CLEARED_BUFFER("consumer-past-cleared-buffer", "I1");

        private final String id;
        private final String invariant;

        Rule(String id, String invariant) {
            this.id = id;
            this.invariant = invariant;
        }

        /** A short stable name. */
        public String id() {
            return id;
        }

        /** The invariant (or spec section) it protects, e.g. {@code I4}. */
        public String invariant() {
            return invariant;
        }
    }

    /**
     * One breach.
     *
     * @param rule   the guarantee broken
     * @param step   the index of the operation after which it shows
     * @param detail what was seen, in outside terms (operation numbers, write numbers)
     */
    public record Breach(Rule rule, int step, String detail) {
        @Override
        public String toString() {
            return rule.id() + " after step " + step + ": " + detail;
        }
    }

    private OutsideGuarantees() {}

    /**
     * The breaches a release's trace shows, in the order they show.
     *
     * @param script   the operations (and the options) run
     * @param subject  the release's observations, one per operation from the first, possibly fewer
     *                 than the script's operations
     * @return every breach, at most one per rule and step
     */
    public static List<Breach> check(Script script, List<Observation> subject) {
        return new Trace(script).run(subject);
    }

    /** The breaches at one step only. */
    public static List<Breach> at(List<Breach> breaches, int step) {
        return breaches.stream().filter(b -> b.step() == step).toList();
    }

    /** The distinct rules among breaches, in rule order. */
    public static Set<Rule> rules(List<Breach> breaches) {
        Set<Rule> s = new java.util.TreeSet<>();
        breaches.forEach(b -> s.add(b.rule()));
        return s;
    }

    /** What a user knows after each operation, built step by step. */
    private static final class Trace {
        final Script script;
        final Policy policy;
        final List<Breach> found = new ArrayList<>();
        final Map<Integer, Integer> attachedAt = new HashMap<>(); // consumer -> step
        final Map<Long, Integer> readOf = new HashMap<>(); // read op -> consumer
        final Map<Integer, TreeMap<Long, Integer>> openReads = new HashMap<>(); // consumer -> read op -> made at
        final Map<Integer, Integer> detachSettled = new HashMap<>(); // consumer -> step its detach settled DONE
        final Set<Integer> detachCalled = new HashSet<>();
        final Map<Long, Integer> writeSize = new HashMap<>(); // write op -> size
        final Set<Long> openWrites = new LinkedHashSet<>();
        final Map<Long, Integer> failedWrites = new HashMap<>(); // write op -> step
        final Map<Long, Integer> landedBy = new HashMap<>(); // write op -> step where known landed
        final Map<Long, Integer> deliveredAnywhere = new HashMap<>(); // write op -> step
        final Map<Integer, Set<Long>> delivered = new HashMap<>(); // consumer -> writes
        final Map<Integer, Long> last = new HashMap<>(); // consumer -> last named write delivered
        final Set<Integer> batched = new HashSet<>(); // consumers with a DATA of another size than its write
        final Map<Long, Integer> mayBeStored = new TreeMap<>(); // write -> size: taken or delivered, size >= 1
        final Set<Integer> mayBeAttached = new LinkedHashSet<>(); // attached, detach not called
        final Map<Integer, Long> trimmedAtAttach = new HashMap<>(); // consumer -> trim point when it attached
        long trimPoint = -1; // every entry of a write at or before this one is trimmed, for good (I5, I3)
        int lastReadFailed = -1; // step of the last read answered or settled FAILED
        boolean cancelled; // a cancel was made
        boolean roomBefore; // before the current operation the writer was OPEN and the buffer under its budget
        final Map<Long, Integer> readSettledAt = new HashMap<>(); // read op -> step
        final Set<Long> endOps = new HashSet<>();
        final List<Object> reasons = new ArrayList<>();
        boolean falsyReason;
        boolean lifecycleOp; // an end, endSync, fail or cancel was made
        boolean spoiledWrite; // a spoil named a write of one unit or more: a read may show that entry without its
        // number
        final Set<Long> spoiledQueued = new HashSet<>(); // writes a spoil named while they were queued
        final Map<Long, Integer> spoiledAt = new HashMap<>(); // write -> step of the first spoil naming it
        final Map<Integer, Map<Long, Integer>> deliveredStep = new HashMap<>(); // consumer -> write -> step
        final Map<Integer, Integer> readEndedAt =
                new HashMap<>(); // consumer -> step a read of it settled DONE or FAILED
        int lastRemoval = -1; // step of the last fail or cancel, which remove every attached consumer
        int completedEnd = -1; // step of the first end that completed

        Trace(Script script) {
            this.script = script;
            this.policy = script.options().policy();
        }

        List<Breach> run(List<Observation> subject) {
            for (int i = 0; i < subject.size() && i < script.length(); i++) {
                Observation o = OutsideView.ordered(subject.get(i));
                long atMostBefore = atMost();
                // The lower bound before an operation is read by a drain's own answer only (the rest judge after it).
                long atLeastBefore = script.ops().get(i) instanceof Op.Drain ? atLeast() : 0;
                boolean openBefore = knownOpen();
                roomBefore = openBefore && atMostBefore < script.options().budget();
                step(i, script.ops().get(i), o, atMostBefore, atLeastBefore, openBefore);
                if (o.thrown() == null) {
                    afterOperation(i, o);
                }
            }
            return found;
        }

        void report(Rule rule, int step, String detail) {
            for (Breach b : found) {
                if (b.rule() == rule && b.step() == step) {
                    return; // one per rule and step: the first says it
                }
            }
            found.add(new Breach(rule, step, detail));
        }

        /** Whether the writer is known OPEN (class javadoc). */
        boolean knownOpen() {
            return !lifecycleOp && lastReadFailed < 0;
        }

        /** Whether consumer c is known attached now (class javadoc). */
        boolean knownAttached(int c) {
            Integer at = attachedAt.get(c);
            return at != null
                    && mayBeAttached.contains(c)
                    && !readEndedAt.containsKey(c)
                    && at > lastRemoval
                    && at > lastReadFailed;
        }

        /**
         * The most the buffer may hold now, in units (class javadoc). A write still open counts too: a release that
         * stored it without settling it breaks a guarantee of its own, and the bound must hold for it as well.
         */
        long atMost() {
            long sum = 0;
            for (Map.Entry<Long, Integer> e : mayBeStored.entrySet()) {
                if (e.getKey() > trimPoint) {
                    sum += e.getValue();
                }
            }
            for (long w : openWrites) {
                if (!mayBeStored.containsKey(w) && w > trimPoint) {
                    sum += writeSize.getOrDefault(w, 0);
                }
            }
            return sum;
        }

        /** The least the buffer holds now, in units (class javadoc); 0 under DROP_OLDEST. */
        long atLeast() {
            if (policy == Policy.DROP_OLDEST) {
                return 0;
            }
            long sum = 0;
            for (long w : landedBy.keySet()) {
                if (!spoiledAt.containsKey(w) && heldForSomeone(w)) {
                    sum += writeSize.getOrDefault(w, 0);
                }
            }
            return sum;
        }

        /** Whether a consumer known attached attached before write w and has neither got nor passed its entry. */
        private boolean heldForSomeone(long w) {
            for (int c : mayBeAttached) {
                if (knownAttached(c)
                        && attachedAt.get(c) < w
                        && !batched.contains(c)
                        && !delivered.getOrDefault(c, Set.of()).contains(w)
                        && last.getOrDefault(c, -1L) < w) {
                    return true;
                }
            }
            return false;
        }

        /**
         * After an operation: the trim point moves (class javadoc), then the probe is judged against the account.
         */
        void afterOperation(int i, Observation o) {
            boolean someoneKnown = false;
            long passedByAll = Long.MAX_VALUE;
            for (int c : mayBeAttached) {
                someoneKnown |= knownAttached(c);
                passedByAll = Math.min(passedByAll, last.getOrDefault(c, -1L));
            }
            if (someoneKnown && passedByAll > trimPoint) {
                trimPoint = passedByAll;
            }
            boolean open = knownOpen();
            long budget = script.options().budget();
            long atMost = atMost();
            if (open) {
                for (long w : openWrites) {
                    long others = atMost - writeSize.getOrDefault(w, 0); // the write itself is what is queued
                    if (others < budget) {
                        report(
                                Rule.REFUSED_WITH_ROOM,
                                i,
                                "write #" + w + " is still queued after operation #" + i + " while the buffer holds"
                                        + " at most " + others + " of its budget " + budget + " (I12)");
                        break;
                    }
                }
            }
            if (o.probe() == null) {
                return; // no probe to judge
            }
            Boolean canWrite = o.probe().canWrite();
            if (open && canWrite == null) {
                report(
                        Rule.PROBE_MISREPORTS_WRITER,
                        i,
                        "after operation #" + i + " canWrite=null while the writer is OPEN (no end, endSync,"
                                + " fail or cancel was made and no read failed)");
            } else if (!open && canWrite != null) {
                report(
                        Rule.PROBE_MISREPORTS_WRITER,
                        i,
                        "after operation #" + i + " canWrite=" + canWrite + " while the writer is no longer OPEN");
            } else if (open && Boolean.FALSE.equals(canWrite) && atMost < budget) {
                report(
                        Rule.PROBE_MISREPORTS_ROOM,
                        i,
                        "after operation #" + i + " canWrite=false while the buffer holds at most " + atMost
                                + " of its budget " + budget);
            } else if (open && Boolean.TRUE.equals(canWrite)) {
                long atLeast = atLeast();
                if (atLeast >= budget) {
                    report(
                            Rule.PROBE_MISREPORTS_ROOM,
                            i,
                            "after operation #" + i + " canWrite=true while the buffer holds at least " + atLeast
                                    + " of its budget " + budget);
                }
            }
            int known = 0;
            for (int c : mayBeAttached) {
                if (knownAttached(c)) {
                    known++;
                }
            }
            int count = o.probe().consumers();
            if (count < known || count > mayBeAttached.size()) {
                report(
                        Rule.PROBE_MISREPORTS_CONSUMERS,
                        i,
                        "after operation #" + i + " consumerCount=" + count + " where " + known
                                + " consumer(s) are known attached and at most " + mayBeAttached.size() + " may be");
            }
        }

        void step(int i, Op op, Observation o, long atMostBefore, long atLeastBefore, boolean openBefore) {
            long budget = script.options().budget();
            if (o.thrown() != null) {
                // An operation that threw synchronously breaks §5 (no operation throws on valid input): a
                // non-spec error, whatever it is (Node 26.8.x throws `TypeError: resolve is not a function` where
                // later releases reject a write with it). A process that died is no answer at all. Either way the
                // classification calls the difference a crash first (Differences: CRASH); this breach is for the
                // judgement of a known finding at its step (FindingJudge).
                if (o.thrown().cause() instanceof JsException) {
                    report(
                            Rule.NON_SPEC_ERROR,
                            i,
                            "operation #" + i + " threw " + o.thrown().message()
                                    + ", which no operation of the spec does on valid input");
                }
                return;
            }
            if (op instanceof Op.Fail f) {
                if (knownOpen()) {
                    mayBeAttached.clear(); // a fail on an OPEN writer takes effect: everyone is removed
                }
                note(f.reason());
                lifecycleOp = true;
                lastRemoval = i;
            } else if (op instanceof Op.Cancel c) {
                if (!cancelled) {
                    mayBeAttached.clear(); // the first cancel takes effect in every state: everyone is removed
                }
                cancelled = true;
                if (c.hasReason()) {
                    note(c.reason());
                }
                lifecycleOp = true;
                lastRemoval = i;
            } else if (op instanceof Op.End) {
                lifecycleOp = true;
                endOps.add((long) i);
            } else if (op instanceof Op.EndSync) {
                lifecycleOp = true;
            } else if (op instanceof Op.Spoil sp) {
                spoiledAt.putIfAbsent((long) sp.operation(), i);
                if (openWrites.contains((long) sp.operation())) {
                    spoiledQueued.add((long) sp.operation());
                }
                if (writeSize.getOrDefault((long) sp.operation(), 0) >= 1) {
                    // The spoiled entry, if delivered, is unnamed (no bytes): from here an undelivered entry may be
                    // the one a read got, so the rules that reason about gaps (skipped, stranded) say nothing more.
                    spoiledWrite = true;
                }
            }
            if (op instanceof Op.Attach) {
                // A consumer attaches at its attach, wherever a release registers it (I10): the gap rules hold it
                // to that, and a release that starts it later skips what landed in between.
                attachedAt.put(o.attachedId(), i);
                mayBeAttached.add(o.attachedId());
                trimmedAtAttach.put(o.attachedId(), trimPoint);
                return;
            }
            if (o.reply() == null) {
                return;
            }
            Outcome own = o.reply().outcome();
            Set<Integer> settledReadsOf = new HashSet<>();
            if (op instanceof Op.Next n && n.consumer() >= 0) {
                readOf.put((long) i, n.consumer());
                if (own.isPending()) {
                    openReads
                            .computeIfAbsent(n.consumer(), k -> new TreeMap<>())
                            .put((long) i, i);
                } else {
                    readSettled(i, n.consumer(), i, own);
                    settledReadsOf.add(n.consumer());
                }
            } else if (op instanceof Op.Detach d && d.consumer() >= 0) {
                detachCalled.add(d.consumer());
                mayBeAttached.remove(d.consumer());
                if (own.kind() == Outcome.Kind.DONE) {
                    detachSettled.putIfAbsent(d.consumer(), i);
                }
            } else if (op instanceof Op.Write w) {
                writeSize.put((long) i, w.size());
                writeOutcome(i, i, w.size(), own);
                if (own.kind() == Outcome.Kind.QUEUED) {
                    openWrites.add((long) i);
                    refusedWithRoom(i, "write", w.size(), "left QUEUED", atMostBefore, openBefore);
                }
            } else if (op instanceof Op.WriteSync w) {
                writeSize.put((long) i, w.size());
                taken(i, i, w.size(), own);
                if (own.kind() == Outcome.Kind.REFUSED) {
                    refusedWithRoom(i, "writeSync", w.size(), "REFUSED", atMostBefore, openBefore);
                }
            } else if (op instanceof Op.Writev w) {
                int size = sum(w.sizes());
                writeSize.put((long) i, size);
                writeOutcome(i, i, size, own);
                if (own.kind() == Outcome.Kind.QUEUED) {
                    openWrites.add((long) i);
                    refusedWithRoom(i, "writev", size, "left QUEUED", atMostBefore, openBefore);
                }
            } else if (op instanceof Op.WritevSync w) {
                int size = sum(w.sizes());
                writeSize.put((long) i, size);
                taken(i, i, size, own);
                if (own.kind() == Outcome.Kind.REFUSED) {
                    refusedWithRoom(i, "writevSync", size, "REFUSED", atMostBefore, openBefore);
                }
            } else if (op instanceof Op.End || op instanceof Op.EndSync) {
                endOutcome(i, own);
            } else if (op instanceof Op.Drain) {
                drainAnswer(i, own, atMostBefore, atLeastBefore, openBefore);
            }
            failure(i, "#" + i, own);
            boolean flushedQueued = false;
            boolean drainedTrue = false;
            for (Settlement s : o.reply().settlements()) {
                if (s.op() < i && writeSize.containsKey(s.op()) && s.outcome().kind() == Outcome.Kind.ACCEPTED) {
                    flushedQueued = true;
                }
                if (s.op() < i
                        && s.outcome().kind() == Outcome.Kind.DRAINED
                        && s.outcome().value() == 1) {
                    drainedTrue = true;
                }
            }
            boolean drainedWhileFull = drainedTrue && !flushedQueued;
            for (Settlement s : o.reply().settlements()) {
                if (s.op() >= i) {
                    continue; // names no earlier operation: nothing a guarantee says about it
                }
                Outcome x = s.outcome();
                failure(i, "#" + s.op(), x);
                Integer c = readOf.get(s.op());
                if (c != null) {
                    TreeMap<Long, Integer> open = openReads.get(c);
                    if (open != null) {
                        open.remove(s.op());
                    }
                    settledReadsOf.add(c);
                    readSettled(i, c, s.op(), x);
                } else if (writeSize.containsKey(s.op())) {
                    openWrites.remove(s.op());
                    writeOutcome(i, s.op(), writeSize.get(s.op()), x);
                } else if (endOps.contains(s.op())) {
                    endOutcome(i, x);
                } else if (x.kind() == Outcome.Kind.DONE
                        && script.ops().get((int) s.op()) instanceof Op.Detach d
                        && d.consumer() >= 0) {
                    detachSettled.putIfAbsent(d.consumer(), i);
                }
            }
            pastClearedBuffer(i, o);
            afterStep(i, settledReadsOf);
            long atLeastAfter = drainedWhileFull ? atLeast() : 0;
            if (drainedWhileFull && atLeastAfter >= budget) {
                report(
                        Rule.DRAINED_WHILE_FULL,
                        i,
                        "a drain settled DRAINED(true) in operation #" + i + ", after which the buffer holds at least "
                                + atLeastAfter + " of its budget " + budget + ", and no queued write was stored in it");
            }
        }

        /** A write of one unit refused or queued while the buffer held at most less than its budget. */
        void refusedWithRoom(int i, String what, int size, String answer, long atMostBefore, boolean openBefore) {
            long budget = script.options().budget();
            if (size <= 1 && openBefore && atMostBefore < budget) {
                report(
                        Rule.REFUSED_WITH_ROOM,
                        i,
                        what + " #" + i + " of " + size + " unit(s) was " + answer + " while the writer is OPEN and the"
                                + " buffer held at most " + atMostBefore + " of its budget " + budget);
            }
        }

        /**
         * A write answered or settled ACCEPTED: its entry may be stored, and under STRICT or UNBOUNDED it is; under
         * DROP_NEWEST too when the write answered at once while the writer was OPEN and the buffer held at most less
         * than its budget, since DROP_NEWEST discards only at or over budget (I9).
         */
        void taken(int i, long write, int size, Outcome x) {
            if (x.kind() == Outcome.Kind.ACCEPTED && size >= 1) {
                mayBeStored.putIfAbsent(write, size);
                if (!dropsNewest() || write == i && roomBefore) {
                    landedBy.putIfAbsent(write, i);
                }
            }
        }

        /** Whether consumer c is known attached after the operations before {@code step} (see the rule). */
        boolean live(int c, int step) {
            Integer at = attachedAt.get(c);
            Integer ended = readEndedAt.get(c);
            return at != null
                    && at > lastRemoval
                    && at < step
                    && !detachCalled.contains(c)
                    && (ended == null || ended >= step)
                    && (lastReadFailed < at || lastReadFailed >= step);
        }

        void pastClearedBuffer(int i, Observation o) {
            if (policy == Policy.DROP_OLDEST || o.probe() == null) {
                return;
            }
            List<Integer> failedReaders = new ArrayList<>();
            if (script.ops().get(i) instanceof Op.Next n && o.reply().outcome().kind() == Outcome.Kind.FAILED) {
                failedReaders.add(n.consumer());
            }
            for (Settlement x : o.reply().settlements()) {
                Integer c = readOf.get(x.op());
                if (c != null && x.op() < i && x.outcome().kind() == Outcome.Kind.FAILED) {
                    failedReaders.add(c);
                }
            }
            if (failedReaders.isEmpty()) {
                return;
            }
            List<Integer> attached = new ArrayList<>();
            for (int c : attachedAt.keySet()) {
                if (live(c, i)) {
                    attached.add(c);
                }
            }
            // The account knows exactly who was attached before the read (nobody may be attached that is not known
            // to be), and the count after it says they all stayed: the breach as a user sees it.
            for (int c : mayBeAttached) {
                if (attachedAt.get(c) < i && !live(c, i)) {
                    return;
                }
            }
            if (o.probe().consumers() != attached.size()) {
                return;
            }
            for (int c : failedReaders) {
                if (!attached.contains(c)) {
                    continue;
                }
                int cAttached = attachedAt.get(c);
                for (Map.Entry<Long, Integer> sp : spoiledAt.entrySet()) {
                    long w = sp.getKey();
                    int spoiled = sp.getValue();
                    Integer landed = landedBy.get(w);
                    if (spoiled >= i
                            || landed == null
                            || landed >= cAttached
                            || deliveredStep.getOrDefault(c, Map.of()).containsKey(w)) {
                        continue;
                    }
                    for (int d : attached) {
                        Integer got = deliveredStep.getOrDefault(d, Map.of()).get(w);
                        if (d != c && got != null && got > cAttached && got < spoiled && !readEndedAt.containsKey(d)) {
                            report(
                                    Rule.CONSUMER_PAST_CLEARED_BUFFER,
                                    i,
                                    "read of c" + c + " failed at the spoiled entry"
                                            + " of write #" + w + " and cleared the buffer, while c" + d
                                            + ", which got that"
                                            + " entry, stays attached past the buffer's end (consumerCount="
                                            + o.probe().consumers() + ")");
                            return;
                        }
                    }
                }
            }
        }

        void note(Object reason) {
            reasons.add(reason);
            if (reason == null
                    || Integer.valueOf(0).equals(reason)
                    || Long.valueOf(0).equals(reason)
                    || "".equals(reason)) {
                falsyReason = true;
            }
        }

        boolean dropsNewest() {
            return policy == Policy.DROP_NEWEST;
        }

        static int sum(List<Integer> sizes) {
            long total = 0;
            for (int n : sizes) {
                total += n;
            }
            return (int) Math.min(total, Integer.MAX_VALUE);
        }

        void drainAnswer(int i, Outcome own, long atMostBefore, long atLeastBefore, boolean openBefore) {
            long budget = script.options().budget();
            String wrong = null;
            if (own.kind() == Outcome.Kind.UNWRITABLE && openBefore) {
                wrong = "UNWRITABLE while the writer is OPEN";
            } else if (own.kind() != Outcome.Kind.UNWRITABLE && !openBefore) {
                wrong = OutsideView.outcome(own) + " while the writer is no longer OPEN";
            } else if (own.kind() == Outcome.Kind.DRAINED && own.value() == 1 && atLeastBefore >= budget) {
                wrong = "DRAINED(true) at once while the buffer held at least " + atLeastBefore + " of its budget "
                        + budget;
            } else if (own.isPending() && openBefore && atMostBefore < budget) {
                wrong = "PENDING while the buffer held at most " + atMostBefore + " of its budget " + budget;
            }
            if (wrong != null) {
                report(Rule.DRAIN_ANSWERED_WRONG, i, "drain #" + i + " answered " + wrong);
            }
        }

        void endOutcome(int i, Outcome x) {
            if (x.kind() == Outcome.Kind.COMPLETED && completedEnd < 0) {
                completedEnd = i;
            }
        }

        void writeOutcome(int i, long write, int size, Outcome x) {
            taken(i, write, size, x);
            if (x.kind() == Outcome.Kind.ACCEPTED && spoiledQueued.contains(write)) {
                report(
                        Rule.SPOILED_WRITE_ACCEPTED,
                        i,
                        "write #" + write + " settled ACCEPTED although a spoil named it" + " while it was queued");
            }
            if (x.kind() == Outcome.Kind.FAILED) {
                failedWrites.putIfAbsent(write, i);
                if (deliveredAnywhere.containsKey(write)) {
                    report(
                            Rule.FAILED_WRITE_DELIVERED,
                            i,
                            "write #" + write + " failed with " + Outcome.describeReason(x.reason())
                                    + " after its entry was delivered");
                }
            }
        }

        void failure(int i, String what, Outcome x) {
            if (x.kind() != Outcome.Kind.FAILED || falsyReason) {
                return;
            }
            Object r = x.reason();
            if (r instanceof SpecError || reasons.contains(r)) {
                return;
            }
            report(
                    Rule.NON_SPEC_ERROR,
                    i,
                    what + " failed with " + Outcome.describeReason(r) + ", which is neither an"
                            + " error of the spec nor a reason given to fail or cancel");
        }

        void readSettled(int i, int c, long read, Outcome x) {
            readSettledAt.put(read, i);
            if (x.kind() == Outcome.Kind.DONE || x.kind() == Outcome.Kind.FAILED) {
                readEndedAt.putIfAbsent(c, i);
            }
            if (x.kind() == Outcome.Kind.DATA && x.value() >= 0) {
                deliveredStep.computeIfAbsent(c, k -> new HashMap<>()).putIfAbsent(x.value(), i);
            }
            if (x.kind() == Outcome.Kind.DATA && x.size() == 0) {
                if (spoiledWrite) {
                    report(
                            Rule.SPOILED_ENTRY_DELIVERED,
                            i,
                            "read #" + read + " of c" + c + " got an entry of 0 bytes"
                                    + " after a spoil: a spoiled entry was delivered instead of failing the read");
                } else {
                    report(Rule.ZERO_SIZE_ENTRY, i, "read #" + read + " of c" + c + " got an entry of 0 bytes");
                }
            }
            if (x.kind() == Outcome.Kind.FAILED) {
                lastReadFailed = i;
            }
            if (x.kind() == Outcome.Kind.DATA && x.value() < 0) {
                batched.add(c); // an unnamed entry (its memory detached): the consumer passed an entry we cannot name
            }
            if (x.kind() != Outcome.Kind.DATA || x.value() < 0) {
                return; // an unnamed entry (too small to carry its write's number) covers no entry of size >= 1
            }
            long w = x.value();
            if (w <= trimmedAtAttach.getOrDefault(c, -1L)) {
                report(
                        Rule.STALE_ENTRY_DELIVERED,
                        i,
                        "read #" + read + " of c" + c + " got the entry of write #" + w + ", which every consumer"
                                + " had got or passed when c" + c + " attached (trimmed through write #"
                                + trimmedAtAttach.get(c) + ")");
            }
            boolean gapsKnown = !batched.contains(c);
            Integer size = writeSize.get(w);
            if (size == null || size != x.size()) {
                batched.add(c); // several entries in one read, or a size no write had: gaps are unknown from here
            }
            Set<Long> got = delivered.computeIfAbsent(c, k -> new HashSet<>());
            if (failedWrites.containsKey(w)) {
                report(
                        Rule.FAILED_WRITE_DELIVERED,
                        i,
                        "read #" + read + " of c" + c + " got the entry of write #" + w + ", which failed");
            }
            if (!got.add(w)) {
                report(
                        Rule.ENTRY_DELIVERED_TWICE,
                        i,
                        "read #" + read + " of c" + c + " got the entry of write #" + w + " a second time");
            } else {
                Long prev = last.get(c);
                if (prev != null && w < prev) {
                    report(
                            Rule.ENTRY_OUT_OF_ORDER,
                            i,
                            "read #" + read + " of c" + c + " got the entry of write #" + w
                                    + " after that of the later write #" + prev);
                } else if (policy != Policy.DROP_OLDEST && gapsKnown && !spoiledWrite) {
                    long attached = attachedAt.getOrDefault(c, Integer.MAX_VALUE);
                    long from = prev == null ? attached : prev;
                    for (Map.Entry<Long, Integer> e : landedBy.entrySet()) {
                        long k = e.getKey();
                        if (k > from && k > attached && k < w && e.getValue() <= i && !got.contains(k)) {
                            report(
                                    Rule.ENTRY_SKIPPED,
                                    i,
                                    "read #" + read + " of c" + c + " got the entry of write #" + w
                                            + (prev == null ? " as its first" : " after that of write #" + prev)
                                            + ", skipping the entry of write #" + k + ", which landed after c" + c
                                            + " attached");
                            break;
                        }
                    }
                }
                if (prev == null || w > prev) {
                    last.put(c, w);
                }
            }
            deliveredAnywhere.putIfAbsent(w, i);
            landedBy.putIfAbsent(w, i); // delivered: stored, whatever the policy
            mayBeStored.putIfAbsent(w, Math.max(1, size == null ? x.size() : size));
        }

        void afterStep(int i, Set<Integer> settledReadsOf) {
            for (Map.Entry<Integer, TreeMap<Long, Integer>> e : openReads.entrySet()) {
                int c = e.getKey();
                TreeMap<Long, Integer> open = e.getValue();
                if (open.isEmpty()) {
                    continue;
                }
                long oldestOpen = open.firstKey();
                if (settledReadsOf.contains(c)) {
                    for (Map.Entry<Long, Integer> r : readSettledAt.entrySet()) {
                        if (r.getValue() == i && r.getKey() > oldestOpen && readOf.get(r.getKey()) == c) {
                            report(
                                    Rule.READS_SETTLED_OUT_OF_ORDER,
                                    i,
                                    "read #" + r.getKey() + " of c" + c + " settled" + " while its earlier read #"
                                            + oldestOpen + " is still open");
                            break;
                        }
                    }
                }
                Integer detached = detachSettled.get(c);
                if (detached != null && detached <= i) {
                    report(
                            Rule.READ_OPEN_AFTER_DETACH,
                            i,
                            "read #" + open.firstKey() + " of c" + c + " is still open"
                                    + " after its detach settled (step " + detached + ")");
                }
                if (!lifecycleOp
                        && !spoiledWrite
                        && policy != Policy.DROP_OLDEST
                        && !detachCalled.contains(c)
                        && !batched.contains(c)) {
                    int attached = attachedAt.getOrDefault(c, Integer.MAX_VALUE);
                    long after = Math.max(attached, last.getOrDefault(c, -1L));
                    Set<Long> got = delivered.getOrDefault(c, Set.of());
                    for (Map.Entry<Long, Integer> l : landedBy.entrySet()) {
                        long k = l.getKey();
                        if (k > after && l.getValue() <= i && !got.contains(k)) {
                            report(
                                    Rule.STRANDED_READ,
                                    i,
                                    "read #" + open.firstKey() + " of c" + c + " is open while the"
                                            + " entry of write #" + k + ", stored after c" + c
                                            + " attached and after every entry"
                                            + " it got, was never delivered to it");
                            break;
                        }
                    }
                }
            }
            if (completedEnd >= 0 && !openWrites.isEmpty()) {
                report(
                        Rule.END_WITH_WRITE_PENDING,
                        i,
                        "end() completed (step " + completedEnd + ") while write #"
                                + openWrites.iterator().next() + " is still pending");
            }
        }
    }
}
