/*
 * FlatExploreProto: a measured PROTOTYPE of "shape 1" for the exhaustive explorer (the SPIN-like shape): the
 * whole state of the reference model is one flat byte array (128 bytes, 16 longs), copied per transition, changed
 * in place by a port of spec §2's procedures, checked in place, packed into six longs and looked up in an
 * open-addressing table of those longs. It measures the ceiling of that shape; it is not a product, the suite does
 * not use it, and the explorer keeps running the real Java implementations.
 *
 * What it is. A breadth-first search, level by level like engine/.../search/LevelExpander.java, over the model
 * ALONE (no subject), at the bound of
 *     bin/cursorcheck explore --variant model --consumers 3 --sizes 1,2 --depth 14 --policy unbounded
 * (budget 2, the as-released algorithm, the operations of explore/.../Scope.java#operations without the writer's
 * further paths: attach while fewer than 3 attached; next(c) and detach(c) for every consumer attached so far;
 * writeSync(s), write(s) for s in {1,2}; end(); fail("e1"); fail(null); cancel(); cancel("e2"); cancel(null)).
 * It ports the semantics (not the code) of model/.../ScanningModel.java for these operations: offer (UNBOUNDED
 * refuses at or over budget, and write() then queues), notify with the waiting list replaced while it runs
 * (model note M3), advance, trim with the flush it starts inside (re-entrant, as released), ending the broadcast
 * (its data branch inside a re-entrant flush), completing the end, overlapping reads (PENDING behind an outstanding
 * one), detach, next's steps 1 to 6, fail and cancel with their errors. Where the model throws (an impossible
 * state: the known finding reentrant-end-settles-read-twice is one), the child fails: like the explorer's failing
 * child it is counted as a transition and neither kept nor expanded.
 *
 * Checks, on the flat array after every transition: I1, I2, I5, I7 (nothing trimmed with nobody attached before;
 * nothing trimmed past the furthest position the consumers had reached, deliveries of the operation included,
 * when the last of them leave), I8, I10 (no open read once ended; nobody attached right after a fail or cancel
 * that took effect), I11, I12. As the explorer does with its Tolerance, a child whose only breach is I11 is the
 * known finding reentrant-flush-strands-read: it is kept and expanded with a "past a finding" flag in its key, and
 * from then on the model's breaches are excused; any other breach before that ends the branch (counted, not kept).
 *
 * The key. Open operations (reads, queued writes, pending ends) are held by their rank among the open ones,
 * renumbered after every transition, so the array holds no operation counter. --keying symmetric (the explorer's
 * default) names attached consumers by attach order and detached ones after them by id; binary names them by id;
 * both write the detached consumers' answers as a sorted multiset, as LockstepPair#writeKey does. raw packs the
 * flat array as it is (consumers by slot, no multiset): the pure "keyed by its bytes" form.
 *
 * Threads. --threads 2 cuts the set in two parts by a hash bit: each thread expands half of the level against the
 * set (read only), then each inserts the candidates of its part, threads in order, then each copies its winners
 * into the next level; so the winners and the next level's order are one thread's (see searchTwo).
 *
 * What it leaves out (the run record of the explore shapes under reports/runs/, "Shape 1", says more): every
 * subject (it runs no implementation, and the real implementations cannot run on it as they are); the checker's
 * memory (its books of expected positions and open reads, which on the model alone repeat the model's state) and
 * the checks that need answers or settlements (I3, I4, I9, I13, I14 and the other transition rules); answers and
 * settlements themselves (nothing records them; bytesAccepted is not kept, and the real key leaves it out too);
 * paths to states, so no counterexample can be printed; spoil, abort, drain, endSync, writev (the writer's
 * further paths), the other policies, budgets and sizes, zero-size writes, the corrected algorithm.
 *
 * How to run (JDK 17, single-file source launcher, from the repository root):
 *     java -Xmx3g tools/FlatExploreProto.java [--depth 14] [--keying symmetric|binary|raw] [--threads 1|2]
 *          [--repeat N]
 * It prints, per depth, the distinct states so far (the root included), the transitions so far and the states
 * first reached at that depth, as the explorer's progress lines do, then states per CPU second (the workers'
 * thread CPU time, ThreadMXBean, like LevelExpander.cpuNanos) and the bytes per state of its set. With --repeat N
 * it runs the search N more times in the same JVM and prints each (the first run includes the JIT's warm-up).
 */

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

public final class FlatExploreProto {

    // ------------------------------------------------------------------ the bound
    static final int BUDGET = 2;
    static final int[] SIZES = {1, 2};
    static final int CONSUMERS = 3;

    // ------------------------------------------------------------------ the flat state: offsets into a byte[SL]
    static final int N_BUF = 0; // retained entries
    static final int BUF = 1; // their sizes, oldest first (4 slots; the bound needs 2)
    static final int BUF_CAP = 4;
    static final int BYTES = 5; // bufferedBytes
    static final int FLAGS = 6; // ENDED | CANCELLED | ERRORED
    static final int ERROR = 7; // the broadcast's error, while errored
    static final int WSTATE = 8; // writer state
    static final int WERROR = 9; // the writer's error, while ERRORED
    static final int MADE = 10; // consumers attached so far
    static final int TOLERATED = 11; // past the known finding reentrant-flush-strands-read
    static final int N_Q = 12; // queued writes
    static final int Q_OP = 13; // their operations (ranks), oldest first
    static final int Q_SIZE = 29; // their sizes
    static final int Q_CAP = 16;
    static final int N_ENDS = 45; // pending ends
    static final int ENDS = 46;
    static final int ENDS_CAP = 16;
    static final int N_WAIT = 62; // the waiting list (consumer ids, stale entries included)
    static final int WAIT = 63;
    static final int WAIT_CAP = 8;
    static final int CONS = 71; // consumer slots, by id
    static final int C_ATT = 0; // 1 while in the broadcast's consumers
    static final int C_DET = 1; // 0: not detached; else its answer: DET_DONE or 1 + an error code
    static final int C_CUR = 2; // cursor, relative to bufferStart (cleared once removed: never read again)
    static final int C_OUT = 3; // outstanding read's operation (rank), or NONE
    static final int C_NLATER = 4; // reads queued behind it
    static final int C_LATER = 5;
    static final int LATER_CAP = 14;
    static final int CS = C_LATER + LATER_CAP; // 19
    static final int SL = CONS + CONSUMERS * CS; // 128

    static final int ENDED = 1, CANCELLED = 2, ERRORED = 4;
    static final int OPEN = 0, CLOSING = 1, CLOSED = 2, W_ERRORED = 3;
    // Reasons: 1 "e1", 2 a reason whose value is null (fail(null) and cancel(null) alike), 3 "e2".
    static final int E1 = 1, ENULL = 2, E2 = 3;
    static final int DET_DONE = 1; // detached with no error; 1 + reason code otherwise
    static final int NONE = 0xFF;
    static final int NEW_OP = 62; // the operation being applied: above every rank, renumbered after it

    // Invariant bits of a violation mask.
    static final int I1 = 1 << 1, I2 = 1 << 2, I5 = 1 << 5, I7 = 1 << 7, I8 = 1 << 8, I10 = 1 << 10, I11 = 1 << 11,
            I12 = 1 << 12;

    // Operation codes.
    static final int OP_ATTACH = 0, OP_NEXT = 1, OP_DETACH = 2, OP_WRITESYNC = 3, OP_WRITE = 4, OP_END = 5,
            OP_FAIL = 6, OP_CANCEL = 7, OP_CANCEL_REASON = 8;

    /** The model threw (an impossible state, spec §2's "settled twice"): the child fails. Preallocated. */
    static final class Threw extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Threw() {
            super("model threw", null, false, false);
        }
    }

    static final Threw THREW = new Threw();

    // ------------------------------------------------------------------ one worker: the state it changes
    static final class Worker {
        final byte[] s = new byte[SL];
        long trimmed; // entries trimmed in this operation (for I7)
        long reached; // the furthest cursor a delivery in this operation moved to, relative to bufferStart before
        final long[] key = new long[Table.K];
        long transitions;
        int depth; // of the children being made
        int firstThrew = -1, firstFailed = -1, firstTolerated = -1;
        long threwChildren;
        long failedChildren;
        long toleratedChildren;

        // ---------------------------------------------------------- small questions
        int u(int i) {
            return s[i] & 0xFF;
        }

        boolean attached(int c) {
            return s[CONS + c * CS + C_ATT] != 0;
        }

        int cur(int c) {
            return s[CONS + c * CS + C_CUR];
        }

        boolean hasOut(int c) {
            return u(CONS + c * CS + C_OUT) != NONE;
        }

        boolean ended() {
            return (s[FLAGS] & ENDED) != 0;
        }

        // ---------------------------------------------------------- spec §2 procedures, ported
        /** scan: the smallest attached cursor, from end. */
        int scan() {
            int min = s[N_BUF];
            for (int c = 0; c < CONSUMERS; c++) {
                if (attached(c) && cur(c) < min) {
                    min = cur(c);
                }
            }
            return min;
        }

        void advance(int c) {
            s[CONS + c * CS + C_CUR]++;
            reached = Math.max(reached, cur(c) + trimmed); // the furthest position delivered in this operation (I7)
            trim();
        }

        void trim() {
            boolean anyone = false;
            for (int c = 0; c < CONSUMERS; c++) {
                anyone |= attached(c);
            }
            if (!anyone) {
                return; // retain guard (I7)
            }
            int min = scan();
            if (min < 0) {
                throw THREW; // a cursor behind bufferStart
            }
            if (min > 0) {
                int n = s[N_BUF];
                int dropped = 0;
                for (int i = 0; i < min; i++) {
                    dropped += s[BUF + i];
                }
                for (int i = min; i < n; i++) {
                    s[BUF + i - min] = s[BUF + i];
                }
                for (int i = n - min; i < n; i++) {
                    s[BUF + i] = 0;
                }
                s[N_BUF] = (byte) (n - min);
                s[BYTES] = (byte) (s[BYTES] - dropped);
                trimmed += min;
                for (int c = 0; c < CONSUMERS; c++) {
                    if (attached(c)) {
                        s[CONS + c * CS + C_CUR] -= min;
                    }
                }
                if (s[BYTES] < BUDGET) {
                    if (s[N_Q] > 0) {
                        flush();
                    }
                    // settling drains: none at this bound
                }
            }
        }

        void flush() {
            while (s[N_Q] > 0 && !ended() && s[BYTES] < BUDGET) {
                int op = s[Q_OP], size = s[Q_SIZE];
                popQueue();
                if (!offer(size)) {
                    pushQueueFront(op, size);
                    break;
                }
                // accepted: its settlement is not recorded
            }
            if (s[WSTATE] == CLOSING && s[N_Q] == 0) {
                endingTheBroadcast();
            }
        }

        void popQueue() {
            int n = s[N_Q];
            for (int i = 1; i < n; i++) {
                s[Q_OP + i - 1] = s[Q_OP + i];
                s[Q_SIZE + i - 1] = s[Q_SIZE + i];
            }
            s[Q_OP + n - 1] = 0;
            s[Q_SIZE + n - 1] = 0;
            s[N_Q] = (byte) (n - 1);
        }

        void pushQueueFront(int op, int size) {
            int n = s[N_Q];
            if (n == Q_CAP) {
                throw new IllegalStateException("queue capacity");
            }
            for (int i = n; i > 0; i--) {
                s[Q_OP + i] = s[Q_OP + i - 1];
                s[Q_SIZE + i] = s[Q_SIZE + i - 1];
            }
            s[Q_OP] = (byte) op;
            s[Q_SIZE] = (byte) size;
            s[N_Q] = (byte) (n + 1);
        }

        void queue(int op, int size) {
            int n = s[N_Q];
            if (n == Q_CAP) {
                throw new IllegalStateException("queue capacity");
            }
            s[Q_OP + n] = (byte) op;
            s[Q_SIZE + n] = (byte) size;
            s[N_Q] = (byte) (n + 1);
        }

        /** offer: true if appended (ACCEPTED), false if REFUSED (UNBOUNDED at or over budget, or ended). */
        boolean offer(int size) {
            if ((s[FLAGS] & (ENDED | CANCELLED)) != 0) {
                return false;
            }
            if (s[BYTES] >= BUDGET) {
                return false;
            }
            int n = s[N_BUF];
            if (n == BUF_CAP) {
                throw new IllegalStateException("buffer capacity");
            }
            s[BUF + n] = (byte) size;
            s[N_BUF] = (byte) (n + 1);
            s[BYTES] = (byte) (s[BYTES] + size);
            notifyAfterAppend();
            return true;
        }

        void waitAdd(int c) {
            int n = s[N_WAIT];
            if (n == WAIT_CAP) {
                throw new IllegalStateException("waiting list capacity");
            }
            s[WAIT + n] = (byte) c;
            s[N_WAIT] = (byte) (n + 1);
        }

        void waitClear() {
            for (int i = 0; i < s[N_WAIT]; i++) {
                s[WAIT + i] = 0;
            }
            s[N_WAIT] = 0;
        }

        void notifyAfterAppend() {
            // Step 1: take the list and leave an empty one (a nested notify sees the new list: model note M3).
            int n = s[N_WAIT];
            long taken = 0; // up to 8 ids, one byte each
            for (int i = 0; i < n; i++) {
                taken |= (long) s[WAIT + i] << (8 * i);
            }
            waitClear();
            for (int i = 0; i < n; i++) {
                int c = (int) (taken >>> (8 * i)) & 0xFF;
                if (!hasOut(c)) {
                    continue; // stale
                }
                if (cur(c) >= s[N_BUF]) {
                    waitAdd(c);
                    continue;
                }
                if (cur(c) < 0) {
                    throw THREW; // read outside the buffer
                }
                advance(c); // may trim, flush and notify again
                settleOutstanding(c);
                int base = CONS + c * CS;
                if (s[base + C_NLATER] > 0) {
                    s[base + C_OUT] = s[base + C_LATER];
                    popLater(c);
                    waitAdd(c);
                }
            }
        }

        void popLater(int c) {
            int base = CONS + c * CS;
            int n = s[base + C_NLATER];
            for (int i = 1; i < n; i++) {
                s[base + C_LATER + i - 1] = s[base + C_LATER + i];
            }
            s[base + C_LATER + n - 1] = 0;
            s[base + C_NLATER] = (byte) (n - 1);
        }

        void clearLater(int c) {
            int base = CONS + c * CS;
            for (int i = 0; i < s[base + C_NLATER]; i++) {
                s[base + C_LATER + i] = 0;
            }
            s[base + C_NLATER] = 0;
        }

        /** Settles c's outstanding read; none left is the model's "settled twice?" (it throws). */
        void settleOutstanding(int c) {
            int at = CONS + c * CS + C_OUT;
            if (u(at) == NONE) {
                throw THREW;
            }
            s[at] = (byte) NONE;
        }

        void removal(int c) {
            int base = CONS + c * CS;
            s[base + C_ATT] = 0;
            trim();
            s[base + C_CUR] = 0; // never read again: cleared so that the array names the state canonically
        }

        void endingTheBroadcast() {
            if (ended()) {
                return;
            }
            s[FLAGS] |= ENDED;
            int snapshot = 0;
            for (int c = 0; c < CONSUMERS; c++) {
                if (attached(c)) {
                    snapshot |= 1 << c;
                }
            }
            for (int c = 0; c < CONSUMERS; c++) {
                if ((snapshot & (1 << c)) == 0) {
                    continue;
                }
                if (!attached(c)) {
                    throw THREW; // left while end() served the others
                }
                if (!hasOut(c)) {
                    continue;
                }
                if (cur(c) < s[N_BUF]) {
                    advance(c); // only inside a re-entrant flush
                    settleOutstanding(c);
                } else {
                    settleOutstanding(c);
                    clearLater(c);
                    s[CONS + c * CS + C_DET] = DET_DONE;
                    removal(c);
                }
            }
            waitClear();
            completingTheEnd();
        }

        void completingTheEnd() {
            if (!ended() || s[WSTATE] != CLOSING) {
                return;
            }
            for (int c = 0; c < CONSUMERS; c++) {
                if (attached(c)) {
                    return;
                }
            }
            s[WSTATE] = CLOSED;
            clearEnds();
        }

        void clearEnds() {
            for (int i = 0; i < s[N_ENDS]; i++) {
                s[ENDS + i] = 0;
            }
            s[N_ENDS] = 0;
        }

        void clearQueue() {
            for (int i = 0; i < s[N_Q]; i++) {
                s[Q_OP + i] = 0;
                s[Q_SIZE + i] = 0;
            }
            s[N_Q] = 0;
        }

        void detachSteps(int c) {
            int base = CONS + c * CS;
            if (s[base + C_DET] == 0) {
                s[base + C_DET] = DET_DONE; // its error is unchanged: none while attached
            }
            if (hasOut(c)) {
                settleOutstanding(c);
            }
            clearLater(c);
            if (attached(c)) {
                removal(c);
            }
            completingTheEnd();
        }

        void failSteps1To3(int reason) {
            if (s[WSTATE] == W_ERRORED || s[WSTATE] == CLOSED) {
                return;
            }
            s[WSTATE] = W_ERRORED;
            s[WERROR] = (byte) reason;
            clearQueue();
            clearEnds();
        }

        /** fail step 4 and cancel step 4; reason 0: cancel without a reason (errors unchanged). */
        void detachAndRemoveEveryConsumer(int reason) {
            for (int c = 0; c < CONSUMERS; c++) {
                if (!attached(c)) {
                    continue;
                }
                int base = CONS + c * CS;
                if (hasOut(c)) {
                    s[base + C_OUT] = (byte) NONE;
                }
                clearLater(c);
                s[base + C_DET] = (byte) (reason != 0 ? 1 + reason : DET_DONE);
                s[base + C_ATT] = 0;
                s[base + C_CUR] = 0;
            }
            waitClear();
        }

        // ---------------------------------------------------------- the operations
        /** Applies one operation to s. Throws THREW where the model throws. */
        void apply(int op, int arg) {
            switch (op) {
                case OP_ATTACH -> {
                    int c = s[MADE];
                    s[MADE] = (byte) (c + 1);
                    int base = CONS + c * CS;
                    s[base + C_ATT] = 1;
                    s[base + C_CUR] = 0; // at bufferStart
                    s[base + C_OUT] = (byte) NONE;
                }
                case OP_NEXT -> {
                    int c = arg, base = CONS + c * CS;
                    if (s[base + C_DET] != 0) {
                        return; // step 1: answers from its record
                    }
                    if (cur(c) < s[N_BUF]) { // step 2
                        if (cur(c) < 0) {
                            throw THREW;
                        }
                        advance(c);
                        return;
                    }
                    if ((s[FLAGS] & ERRORED) != 0) { // step 3
                        s[base + C_DET] = (byte) (1 + s[ERROR]);
                        removal(c);
                        return;
                    }
                    if ((s[FLAGS] & (ENDED | CANCELLED)) != 0) { // step 4
                        detachSteps(c);
                        return;
                    }
                    if (hasOut(c)) { // step 5: PENDING
                        int n = s[base + C_NLATER];
                        if (n == LATER_CAP) {
                            throw new IllegalStateException("later reads capacity");
                        }
                        s[base + C_LATER + n] = NEW_OP;
                        s[base + C_NLATER] = (byte) (n + 1);
                        return;
                    }
                    s[base + C_OUT] = NEW_OP; // step 6: WAIT
                    waitAdd(c);
                }
                case OP_DETACH -> detachSteps(arg);
                case OP_WRITESYNC -> {
                    if (s[WSTATE] != OPEN) {
                        return; // REFUSED
                    }
                    offer(arg); // REFUSED queues nothing
                }
                case OP_WRITE -> {
                    if (s[WSTATE] != OPEN) {
                        return; // FAILED
                    }
                    if (!offer(arg)) {
                        queue(NEW_OP, arg); // UNBOUNDED: QUEUED
                    }
                }
                case OP_END -> {
                    int w = s[WSTATE];
                    if (w == W_ERRORED || w == CLOSED) {
                        return;
                    }
                    int n = s[N_ENDS];
                    if (n == ENDS_CAP) {
                        throw new IllegalStateException("ends capacity");
                    }
                    s[ENDS + n] = NEW_OP;
                    s[N_ENDS] = (byte) (n + 1);
                    if (w == OPEN) {
                        s[WSTATE] = CLOSING;
                        if (s[N_Q] == 0) {
                            endingTheBroadcast();
                        }
                    }
                }
                case OP_FAIL -> {
                    int w = s[WSTATE];
                    if (w == W_ERRORED || w == CLOSED) {
                        return;
                    }
                    failSteps1To3(arg);
                    if ((s[FLAGS] & ERRORED) == 0) {
                        s[FLAGS] |= ERRORED | ENDED;
                        s[ERROR] = (byte) arg;
                        detachAndRemoveEveryConsumer(arg);
                    }
                }
                case OP_CANCEL, OP_CANCEL_REASON -> {
                    if ((s[FLAGS] & CANCELLED) != 0) {
                        return;
                    }
                    s[FLAGS] |= CANCELLED | ENDED;
                    boolean given = op == OP_CANCEL_REASON;
                    if (given) {
                        s[FLAGS] |= ERRORED;
                        s[ERROR] = (byte) arg;
                    }
                    if (s[WSTATE] == OPEN || s[WSTATE] == CLOSING) {
                        s[WSTATE] = CLOSED;
                        clearQueue();
                        clearEnds(); // completed with bytesAccepted
                    }
                    detachAndRemoveEveryConsumer(given ? arg : 0);
                }
                default -> throw new IllegalArgumentException("op " + op);
            }
        }

        /** Renumbers the open operations by rank (0..n-1): their order is the state, not their numbers. */
        void renumber() {
            long mask = 0;
            int nq = s[N_Q], ne = s[N_ENDS];
            for (int i = 0; i < nq; i++) {
                mask |= 1L << s[Q_OP + i];
            }
            for (int i = 0; i < ne; i++) {
                mask |= 1L << s[ENDS + i];
            }
            for (int c = 0; c < CONSUMERS; c++) {
                int base = CONS + c * CS;
                if (u(base + C_OUT) != NONE) {
                    mask |= 1L << s[base + C_OUT];
                }
                for (int i = 0; i < s[base + C_NLATER]; i++) {
                    mask |= 1L << s[base + C_LATER + i];
                }
            }
            for (int i = 0; i < nq; i++) {
                s[Q_OP + i] = rank(mask, s[Q_OP + i]);
            }
            for (int i = 0; i < ne; i++) {
                s[ENDS + i] = rank(mask, s[ENDS + i]);
            }
            for (int c = 0; c < CONSUMERS; c++) {
                int base = CONS + c * CS;
                if (u(base + C_OUT) != NONE) {
                    s[base + C_OUT] = rank(mask, s[base + C_OUT]);
                }
                for (int i = 0; i < s[base + C_NLATER]; i++) {
                    s[base + C_LATER + i] = rank(mask, s[base + C_LATER + i]);
                }
            }
        }

        static byte rank(long mask, int op) {
            return (byte) Long.bitCount(mask & ((1L << op) - 1));
        }

        // ---------------------------------------------------------- the checks, on the array
        /**
         * The invariants broken after an operation, as a mask.
         *
         * @param attachedBefore  whether anyone was attached before it
         * @param maxCurBefore    the furthest attached cursor before it (relative to bufferStart before); with the
         *                        deliveries made during it ({@link #reached}), the positions the consumers reached
         * @param failOrCancel    whether it was a fail or cancel that took effect
         */
        int check(boolean attachedBefore, int maxCurBefore, boolean failOrCancel) {
            int v = 0;
            int n = s[N_BUF];
            int sum = 0;
            for (int i = 0; i < n; i++) {
                int size = s[BUF + i];
                sum += size;
                if (size <= 0) {
                    v |= I8;
                }
            }
            if (sum != s[BYTES]) {
                v |= I2;
            }
            boolean ended = ended();
            int min = Integer.MAX_VALUE;
            boolean anyone = false;
            for (int c = 0; c < CONSUMERS; c++) {
                int base = CONS + c * CS;
                if (s[base + C_ATT] == 0) {
                    continue;
                }
                anyone = true;
                int cur = s[base + C_CUR];
                min = Math.min(min, cur);
                if (cur < 0 || cur > n) {
                    v |= I1;
                }
                boolean open = u(base + C_OUT) != NONE || s[base + C_NLATER] > 0;
                if (open && cur < n) {
                    v |= I11;
                }
                if (open && ended) {
                    v |= I10;
                }
            }
            if (anyone && min != 0) {
                v |= I5;
            }
            if (!attachedBefore && trimmed != 0) {
                v |= I7;
            }
            if (attachedBefore && !anyone && trimmed > Math.max(maxCurBefore, reached)) {
                v |= I7;
            }
            if (failOrCancel && anyone) {
                v |= I10;
            }
            if (s[N_Q] > 0 && s[BYTES] < BUDGET) {
                v |= I12;
            }
            if (s[WSTATE] == CLOSING && s[N_Q] == 0 && !ended) {
                v |= I12;
            }
            return v;
        }

        // ---------------------------------------------------------- one transition
        /**
         * Copies parent into s, applies op and checks it.
         *
         * @return true if the child is kept (no breach, or a tolerated one), false if it fails
         */
        boolean step(byte[] from, int fromOff, int op, int arg) {
            System.arraycopy(from, fromOff, s, 0, SL);
            transitions++;
            boolean attachedBefore = false;
            int maxCur = 0;
            for (int c = 0; c < CONSUMERS; c++) {
                if (attached(c)) {
                    attachedBefore = true;
                    maxCur = Math.max(maxCur, cur(c));
                }
            }
            trimmed = 0;
            reached = 0;
            boolean effective = false;
            if (op == OP_FAIL) {
                effective = s[WSTATE] != W_ERRORED && s[WSTATE] != CLOSED;
            } else if (op == OP_CANCEL || op == OP_CANCEL_REASON) {
                effective = (s[FLAGS] & CANCELLED) == 0;
            }
            try {
                apply(op, arg);
            } catch (Threw t) {
                threwChildren++;
                if (firstThrew < 0) {
                    firstThrew = depth;
                }
                return false;
            }
            renumber();
            int v = check(attachedBefore, maxCur, effective);
            if (v != 0 && s[TOLERATED] == 0) {
                if (v == I11) {
                    s[TOLERATED] = 1; // the known finding: recorded, explored past
                    toleratedChildren++;
                    if (firstTolerated < 0) {
                        firstTolerated = depth;
                    }
                } else {
                    failedChildren++;
                    if (firstFailed < 0) {
                        firstFailed = depth;
                    }
                    return false;
                }
            }
            return true;
        }

        // ---------------------------------------------------------- the key
        /** Packs s into key (Table.K longs, nibbles), canonically for the keying. */
        void writeKey(int keying) {
            Arrays.fill(key, 0);
            pos = 0;
            int n = s[N_BUF];
            put(n);
            for (int i = 0; i < n; i++) {
                put(s[BUF + i]);
            }
            put(s[FLAGS] | (s[TOLERATED] << 3));
            put(s[ERROR]);
            put(s[WSTATE]);
            put(s[WERROR]);
            int made = s[MADE];
            int[] label = labels;
            if (keying == KEY_RAW) {
                put(made);
                for (int c = 0; c < made; c++) {
                    int base = CONS + c * CS;
                    put(s[base + C_ATT]);
                    put(s[base + C_DET]);
                    putConsumer(base);
                }
                putWaiters(null);
            } else {
                int next = 0;
                if (keying == KEY_SYMMETRIC) {
                    for (int c = 0; c < made; c++) {
                        if (attached(c)) {
                            label[c] = next++;
                        }
                    }
                    int attachedCount = next;
                    put(attachedCount);
                    for (int c = 0; c < made; c++) {
                        if (!attached(c)) {
                            label[c] = next++;
                        }
                    }
                    for (int c = 0; c < made; c++) { // attach order: ascending id
                        if (attached(c)) {
                            putConsumer(CONS + c * CS);
                        }
                    }
                } else {
                    for (int c = 0; c < made; c++) {
                        label[c] = c;
                    }
                    int att = 0;
                    for (int c = 0; c < made; c++) {
                        att |= attached(c) ? 1 << c : 0;
                    }
                    put(att);
                    for (int c = 0; c < made; c++) {
                        if (attached(c)) {
                            putConsumer(CONS + c * CS);
                        }
                    }
                }
                putWaiters(label);
                // The detached consumers' answers, a sorted multiset.
                int d0 = 0, d1 = 0, d2 = 0, dn = 0;
                for (int c = 0; c < made; c++) {
                    if (!attached(c)) {
                        int d = s[CONS + c * CS + C_DET];
                        if (dn == 0) {
                            d0 = d;
                        } else if (dn == 1) {
                            d1 = d;
                        } else {
                            d2 = d;
                        }
                        dn++;
                    }
                }
                // sort three
                if (dn > 1 && d0 > d1) {
                    int t = d0;
                    d0 = d1;
                    d1 = t;
                }
                if (dn > 2 && d1 > d2) {
                    int t = d1;
                    d1 = d2;
                    d2 = t;
                }
                if (dn > 1 && d0 > d1) {
                    int t = d0;
                    d0 = d1;
                    d1 = t;
                }
                put(dn);
                if (dn > 0) {
                    put(d0);
                }
                if (dn > 1) {
                    put(d1);
                }
                if (dn > 2) {
                    put(d2);
                }
            }
            int nq = s[N_Q];
            put(nq);
            for (int i = 0; i < nq; i++) {
                put(s[Q_OP + i]);
                put(s[Q_SIZE + i]);
            }
            int ne = s[N_ENDS];
            put(ne);
            for (int i = 0; i < ne; i++) {
                put(s[ENDS + i]);
            }
        }

        final int[] labels = new int[CONSUMERS];
        int pos;

        void putConsumer(int base) {
            put(s[base + C_CUR]);
            put((s[base + C_OUT] + 1) & 0xFF); // NONE+1 wraps to 0
            int nl = s[base + C_NLATER];
            put(nl);
            for (int i = 0; i < nl; i++) {
                put(s[base + C_LATER + i]);
            }
        }

        void putWaiters(int[] label) {
            int nw = s[N_WAIT];
            put(nw);
            for (int i = 0; i < nw; i++) {
                int c = s[WAIT + i];
                put(label == null ? c : label[c]);
                put(hasOut(c) ? 0 : s[CONS + c * CS + C_DET] != 0 ? 1 : 2);
            }
        }

        void put(int nibble) {
            if ((nibble & ~0xF) != 0) {
                throw new IllegalStateException("nibble " + nibble);
            }
            if (pos >= Table.K * 16) {
                throw new IllegalStateException("key longer than " + Table.K + " longs");
            }
            key[pos >>> 4] |= (long) nibble << ((pos & 15) << 2);
            pos++;
        }

        // ---------------------------------------------------------- expanding a state
        /** Expands one state with one thread; new children go to out (unless last). Returns states created. */
        long expand(byte[] from, int off, Table table, int keying, Arena out, boolean last) {
            long created = 0;
            int[] ops = OPS[from[off + MADE]];
            for (int j = 0; j < ops.length; j += 2) {
                if (!step(from, off, ops[j], ops[j + 1])) {
                    continue;
                }
                writeKey(keying);
                if (table.add(key)) {
                    created++;
                    if (!last) {
                        out.add(s);
                    }
                }
            }
            return created;
        }

        /** Expands one state for several threads: the children whose part does not hold them become candidates. */
        void expandInto(byte[] from, int off, Table[] parts, int keying, Cand mine, boolean last, int threads) {
            int[] ops = OPS[from[off + MADE]];
            for (int j = 0; j < ops.length; j += 2) {
                if (!step(from, off, ops[j], ops[j + 1])) {
                    continue;
                }
                writeKey(keying);
                long h = Table.hash(key);
                int p = part(h, threads);
                if (!parts[p].contains(key, h)) {
                    mine.add(key, s, p, last);
                }
            }
        }
    }

    /** The operations at a state where {@code made} consumers were attached, as (op, arg) pairs, in Scope's order. */
    static final int[][] OPS = new int[CONSUMERS + 1][];

    static {
        for (int made = 0; made <= CONSUMERS; made++) {
            int[] ops = new int[2 * ((made < CONSUMERS ? 1 : 0) + 2 * made + 2 * SIZES.length + 6)];
            int n = 0;
            if (made < CONSUMERS) {
                ops[n++] = OP_ATTACH;
                ops[n++] = 0;
            }
            for (int c = 0; c < made; c++) {
                ops[n++] = OP_NEXT;
                ops[n++] = c;
                ops[n++] = OP_DETACH;
                ops[n++] = c;
            }
            for (int size : SIZES) {
                ops[n++] = OP_WRITESYNC;
                ops[n++] = size;
                ops[n++] = OP_WRITE;
                ops[n++] = size;
            }
            int[] rest = {OP_END, 0, OP_FAIL, E1, OP_FAIL, ENULL, OP_CANCEL, 0, OP_CANCEL_REASON, E2,
                OP_CANCEL_REASON, ENULL};
            System.arraycopy(rest, 0, ops, n, rest.length);
            OPS[made] = ops;
        }
    }

    static final int KEY_SYMMETRIC = 0, KEY_BINARY = 1, KEY_RAW = 2;

    // ------------------------------------------------------------------ the set: open addressing over long[K] keys
    static final class Table {
        static final int K = 6; // longs per key: 96 nibbles
        long[] keys; // K per slot; slot empty when used[slot] == 0
        byte[] used;
        int mask;
        long size;

        Table(int log2) {
            keys = new long[(1 << log2) * K];
            used = new byte[1 << log2];
            mask = (1 << log2) - 1;
        }

        static long hash(long[] k) {
            long h = 0x9E3779B97F4A7C15L;
            for (int i = 0; i < K; i++) {
                h = (h ^ k[i]) * 0xBF58476D1CE4E5B9L;
                h ^= h >>> 31;
            }
            return h;
        }

        /** Adds key; true if it was not there. Not thread-safe. */
        boolean add(long[] k) {
            long h = hash(k);
            int slot = (int) h & mask;
            while (true) {
                if (used[slot] == 0) {
                    used[slot] = 1;
                    System.arraycopy(k, 0, keys, slot * K, K);
                    if (++size * 2 > mask + 1) {
                        grow();
                    }
                    return true;
                }
                int b = slot * K;
                boolean eq = true;
                for (int i = 0; i < K; i++) {
                    if (keys[b + i] != k[i]) {
                        eq = false;
                        break;
                    }
                }
                if (eq) {
                    return false;
                }
                slot = (slot + 1) & mask;
            }
        }

        /** Whether key is there; safe while nobody adds. */
        boolean contains(long[] k, long h) {
            int slot = (int) h & mask;
            while (true) {
                if (used[slot] == 0) {
                    return false;
                }
                int b = slot * K;
                boolean eq = true;
                for (int i = 0; i < K; i++) {
                    if (keys[b + i] != k[i]) {
                        eq = false;
                        break;
                    }
                }
                if (eq) {
                    return true;
                }
                slot = (slot + 1) & mask;
            }
        }

        void grow() {
            long[] oldKeys = keys;
            byte[] oldUsed = used;
            int cap = (mask + 1) * 2;
            keys = new long[cap * K];
            used = new byte[cap];
            mask = cap - 1;
            long[] k = new long[K];
            for (int slot = 0; slot < oldUsed.length; slot++) {
                if (oldUsed[slot] != 0) {
                    System.arraycopy(oldKeys, slot * K, k, 0, K);
                    int s = (int) hash(k) & mask;
                    while (used[s] != 0) {
                        s = (s + 1) & mask;
                    }
                    used[s] = 1;
                    System.arraycopy(k, 0, keys, s * K, K);
                }
            }
        }

        long bytes() {
            return (long) keys.length * 8 + used.length;
        }
    }

    // ------------------------------------------------------------------ a level's states, back to back
    static final class Arena {
        byte[] a = new byte[SL * 1024];
        int n;

        void add(byte[] s) {
            if ((n + 1) * SL > a.length) {
                a = Arrays.copyOf(a, Math.max(a.length * 2, (n + 1) * SL));
            }
            System.arraycopy(s, 0, a, n * SL, SL);
            n++;
        }

        void addFrom(byte[] from, int off) {
            if ((n + 1) * SL > a.length) {
                a = Arrays.copyOf(a, Math.max(a.length * 2, (n + 1) * SL));
            }
            System.arraycopy(from, off, a, n * SL, SL);
            n++;
        }
    }

    static long cpuNanos() {
        ThreadMXBean t = ManagementFactory.getThreadMXBean();
        return t.isCurrentThreadCpuTimeSupported() ? t.getCurrentThreadCpuTime() : System.nanoTime();
    }

    // ------------------------------------------------------------------ the search
    record Result(long states, long transitions, long cpuNanos, long[] perDepthStates, long[] perDepthTransitions,
            long[] perDepthNew, long tableBytes, long threw, long failed, long tolerated, long wallNanos,
            long peakLevelBytes) {}

    static Result search(int depth, int keying, int threads, boolean print) throws Exception {
        if (threads == 1) {
            return searchOne(depth, keying, print);
        }
        return searchTwo(depth, keying, threads, print);
    }

    static Result searchOne(int depth, int keying, boolean print) {
        long wall0 = System.nanoTime();
        Worker w = new Worker();
        Table table = new Table(16);
        // the root: an empty broadcast, OPEN writer, no consumer
        byte[] root = new byte[SL];
        for (int c = 0; c < CONSUMERS; c++) {
            root[CONS + c * CS + C_OUT] = (byte) NONE;
        }
        System.arraycopy(root, 0, w.s, 0, SL);
        w.writeKey(keying);
        table.add(w.key);
        Arena level = new Arena();
        level.add(root);
        long[] ps = new long[depth + 1], pt = new long[depth + 1], pn = new long[depth + 1];
        long cpu = 0;
        long peak = 0;
        for (int d = 0; d < depth && level.n > 0; d++) {
            peak = Math.max(peak, (long) level.a.length);
            long c0 = cpuNanos();
            boolean last = d + 1 == depth;
            w.depth = d + 1;
            Arena next = new Arena();
            long created = 0;
            for (int i = 0; i < level.n; i++) {
                created += w.expand(level.a, i * SL, table, keying, next, last);
            }
            level = next;
            cpu += cpuNanos() - c0;
            ps[d + 1] = table.size;
            pt[d + 1] = w.transitions;
            pn[d + 1] = created;
            if (print) {
                System.out.printf("  depth %2d: %,10d states %,12d transitions %,10d new at this depth   %.2f CPU s%n",
                        d + 1, table.size, w.transitions, created, cpu / 1e9);
            }
        }
        if (print) {
            System.out.printf("  first child where the model threw: depth %d; first past the known finding I11:"
                    + " depth %d; first with another breach: depth %d%n",
                    w.firstThrew, w.firstTolerated, w.firstFailed);
        }
        return new Result(table.size, w.transitions, cpu, ps, pt, pn, table.bytes(), w.threwChildren,
                w.failedChildren, w.toleratedChildren, System.nanoTime() - wall0, peak);
    }

    /**
     * Several threads. The set is cut in parts by bits of the hash. Phase 1: each thread expands its consecutive
     * share of the level, looks each child up (read only) in the part its hash names, and keeps the children not
     * there as candidates, in ordinal order. Phase 2: each thread owns one part and adds to it the candidates of
     * every thread for that part, threads in order, so that of the candidates with one key the smallest ordinal
     * wins, as LevelExpander's rule has it. Phase 3: each thread copies its winners, in order, into its share of the
     * next level, so that the next level is in ordinal order too: the states one thread would expand, in its order
     * (the symmetric key needs that to count as the explorer does, see the run record).
     */
    static Result searchTwo(int depth, int keying, int threads, boolean print) throws Exception {
        long wall0 = System.nanoTime();
        Table[] parts = new Table[threads];
        for (int p = 0; p < threads; p++) {
            parts[p] = new Table(15);
        }
        Worker[] workers = new Worker[threads];
        Cand[] cands = new Cand[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Worker();
            cands[t] = new Cand();
        }
        byte[] root = new byte[SL];
        for (int c = 0; c < CONSUMERS; c++) {
            root[CONS + c * CS + C_OUT] = (byte) NONE;
        }
        Worker w0 = workers[0];
        System.arraycopy(root, 0, w0.s, 0, SL);
        w0.writeKey(keying);
        parts[part(Table.hash(w0.key), threads)].add(w0.key);
        Arena[] level = {new Arena()};
        level[0].add(root);
        long[] ps = new long[depth + 1], pt = new long[depth + 1], pn = new long[depth + 1];
        long[] cpuOf = new long[threads];
        long cpu = 0;
        long peak = 0;
        for (int d = 0; d < depth; d++) {
            int sum = 0;
            long levelBytes = 0;
            for (Arena a : level) {
                sum += a.n;
                levelBytes += a.a.length;
            }
            peak = Math.max(peak, levelBytes);
            final int total = sum;
            if (total == 0) {
                break;
            }
            boolean last = d + 1 == depth;
            Arena[] levelNow = level;
            Arena[] next = new Arena[threads];
            long[] created = new long[threads];
            int perThread = (total + threads - 1) / threads;
            java.util.concurrent.CyclicBarrier barrier = new java.util.concurrent.CyclicBarrier(threads);
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int ti = t;
                ts[t] = new Thread(() -> {
                    long c0 = cpuNanos();
                    Worker w = workers[ti];
                    Cand mine = cands[ti];
                    mine.n = 0;
                    int from = ti * perThread, to = Math.min(total, from + perThread);
                    int idx = 0;
                    for (Arena a : levelNow) {
                        if (idx + a.n <= from || idx >= to) {
                            idx += a.n;
                            continue;
                        }
                        for (int i = 0; i < a.n; i++, idx++) {
                            if (idx >= from && idx < to) {
                                w.expandInto(a.a, i * SL, parts, keying, mine, last, threads);
                            }
                        }
                    }
                    long c1 = cpuNanos();
                    await(barrier); // phase 2: part ti takes every thread's candidates for it, threads in order
                    long c2 = cpuNanos();
                    long[] k = new long[Table.K];
                    for (int t2 = 0; t2 < threads; t2++) {
                        Cand c = cands[t2];
                        for (int i = 0; i < c.n; i++) {
                            if (c.part[i] != ti) {
                                continue;
                            }
                            System.arraycopy(c.keys, i * Table.K, k, 0, Table.K);
                            boolean won = parts[ti].add(k);
                            c.won[i] = (byte) (won ? 1 : 0);
                            if (won) {
                                created[ti]++;
                            }
                        }
                    }
                    long c3 = cpuNanos();
                    await(barrier); // phase 3: each thread's winners, in its order
                    long c4 = cpuNanos();
                    Arena out = new Arena();
                    if (!last) {
                        for (int i = 0; i < mine.n; i++) {
                            if (mine.won[i] != 0) {
                                out.addFrom(mine.states, i * SL);
                            }
                        }
                    }
                    next[ti] = out;
                    cpuOf[ti] += (c1 - c0) + (c3 - c2) + (cpuNanos() - c4);
                });
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join();
            }
            level = next;
            long states = 0, trans = 0, made = 0;
            cpu = 0;
            for (int p = 0; p < threads; p++) {
                states += parts[p].size;
                made += created[p];
                cpu += cpuOf[p];
            }
            for (Worker w : workers) {
                trans += w.transitions;
            }
            ps[d + 1] = states;
            pt[d + 1] = trans;
            pn[d + 1] = made;
            if (print) {
                System.out.printf("  depth %2d: %,10d states %,12d transitions %,10d new at this depth   %.2f CPU s%n",
                        d + 1, states, trans, made, cpu / 1e9);
            }
        }
        long states = 0, bytes = 0, trans = 0, threw = 0, failed = 0, tol = 0;
        for (Table t : parts) {
            states += t.size;
            bytes += t.bytes();
        }
        for (Worker w : workers) {
            trans += w.transitions;
            threw += w.threwChildren;
            failed += w.failedChildren;
            tol += w.toleratedChildren;
        }
        return new Result(states, trans, cpu, ps, pt, pn, bytes, threw, failed, tol, System.nanoTime() - wall0, peak);
    }

    static void await(java.util.concurrent.CyclicBarrier b) {
        try {
            b.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static int part(long h, int parts) {
        return (int) ((h >>> 40) % parts);
    }

    /** A thread's candidates of one level, in ordinal order: keys, states, the part each goes to, whether it won. */
    static final class Cand {
        long[] keys = new long[Table.K * 1024];
        byte[] states = new byte[SL * 1024];
        byte[] part = new byte[1024];
        byte[] won = new byte[1024];
        int n;

        void add(long[] k, byte[] s, int p, boolean last) {
            if (n == part.length) {
                int cap = part.length * 2;
                keys = Arrays.copyOf(keys, cap * Table.K);
                states = last ? states : Arrays.copyOf(states, cap * SL);
                part = Arrays.copyOf(part, cap);
                won = Arrays.copyOf(won, cap);
            }
            System.arraycopy(k, 0, keys, n * Table.K, Table.K);
            if (!last) {
                System.arraycopy(s, 0, states, n * SL, SL);
            }
            part[n] = (byte) p;
            n++;
        }
    }

    // ------------------------------------------------------------------ main
    public static void main(String[] args) throws Exception {
        int depth = 14, keying = KEY_SYMMETRIC, threads = 1, repeat = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--depth" -> depth = Integer.parseInt(args[++i]);
                case "--keying" -> keying = switch (args[++i]) {
                    case "symmetric" -> KEY_SYMMETRIC;
                    case "binary" -> KEY_BINARY;
                    case "raw" -> KEY_RAW;
                    default -> throw new IllegalArgumentException("keying: symmetric, binary or raw");
                };
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--repeat" -> repeat = Integer.parseInt(args[++i]);
                default -> depth = Integer.parseInt(args[i]);
            }
        }
        String[] keyings = {"symmetric", "binary", "raw"};
        System.out.printf("flat prototype, model alone: UNBOUNDED, budget %d, sizes {1,2}, %d consumers, depth %d, "
                + "%s key, %d thread(s), %d bytes per state array, %d-long keys%n",
                BUDGET, CONSUMERS, depth, keyings[keying], threads, SL, Table.K);
        for (int run = 0; run <= repeat; run++) {
            Result r = search(depth, keying, threads, run == 0);
            System.out.printf("run %d%s: %,d states, %,d transitions, %.2f CPU s, %.2f s wall: %,.0f states per"
                    + " CPU second (%,.0f transitions per CPU second); set %,d bytes (%.1f per state; keys of %d"
                    + " bytes); largest level held %,d bytes; children: %,d model threw, %,d broke an invariant"
                    + " (not kept), %,d past the known finding I11%n",
                    run, run == 0 ? " (includes warm-up)" : "", r.states(), r.transitions(), r.cpuNanos() / 1e9,
                    r.wallNanos() / 1e9, r.states() / (r.cpuNanos() / 1e9), r.transitions() / (r.cpuNanos() / 1e9),
                    r.tableBytes(), (double) r.tableBytes() / r.states(), Table.K * 8, r.peakLevelBytes(), r.threw(),
                    r.failed(), r.tolerated());
        }
    }
}
