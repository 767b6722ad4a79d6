package io.cursorcheck.bench;

import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.SplittableRandom;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One deterministic access pattern over a {@link Target}: {@link #step} performs one operation
 * (one consumer advance, plus the writes the pattern needs for it; see {@link Pattern}) and
 * returns the position read. The workload knows every cursor by construction, which is what lets
 * it hand the floors their trims for free.
 *
 * <p>Not thread-safe: one benchmark thread owns it.
 */
final class Workload {

    /** The straggler's lag in CATCHUP. */
    static final int CATCHUP_LAG = 256;
    /** DROP_OLDEST_STALLED's budget, in one-byte entries. */
    static final int DROP_BUDGET = 64;

    private final Target t;
    private final Pattern pattern;
    private final int n;
    private final Blackhole bh;

    private long end; // entries written (the driver's copy of the buffer's end)
    private int k; // LOCKSTEP/RANDOM/DROP: the slot whose turn it is
    private long round;
    private int[][] orders; // RANDOM
    private int slowest; // JUMP/CHURN: slot of the slowest consumer, at position base
    private long base;
    private long cur; // JUMP/CHURN: the moving consumer's cursor
    private boolean churnDetachNext;

    Workload(String target, Pattern pattern, int consumers, Blackhole bh) {
        this(Target.create(target, options(pattern), consumers), pattern, consumers, bh);
    }

    /** Over a target made with {@link #options}: WorkloadTest passes one that counts what the pattern does. */
    Workload(Target target, Pattern pattern, int consumers, Blackhole bh) {
        this.pattern = pattern;
        this.n = consumers;
        this.bh = bh;
        this.t = target;
        for (int i = 0; i < n; i++) {
            t.attach(i);
        }
        switch (pattern) {
            case RANDOM -> {
                SplittableRandom random = new SplittableRandom(42);
                orders = new int[16][n];
                for (int[] order : orders) {
                    for (int i = 0; i < n; i++) {
                        order[i] = i;
                    }
                    for (int i = n - 1; i > 0; i--) {
                        int j = random.nextInt(i + 1);
                        int x = order[i];
                        order[i] = order[j];
                        order[j] = x;
                    }
                }
            }
            case JUMP, CHURN -> {
                // Slot i at position i: consumer i reads i entries (O(n^2) reads, once per fork).
                for (int i = 1; i < n; i++) {
                    for (long p = 0; p < i; p++) {
                        read(i, p);
                    }
                }
                cur = 0;
                churnDetachNext = false;
            }
            case DROP_OLDEST_STALLED -> k = n > 1 ? 1 : 0;
            default -> {}
        }
    }

    static Options options(Pattern pattern) {
        return pattern == Pattern.DROP_OLDEST_STALLED
                ? Options.of(DROP_BUDGET, Policy.DROP_OLDEST)
                : Options.of(Long.MAX_VALUE / 4, Policy.UNBOUNDED);
    }

    /** One operation of the pattern; returns the position read (or written). */
    long step() {
        switch (pattern) {
            case LOCKSTEP:
                return lockstep(k);
            case RANDOM:
                return lockstep(orders[(int) (round & 15)][k]);
            case JUMP:
                return jump();
            case CHURN:
                return churn();
            case DROP_OLDEST_STALLED:
                return dropOldest();
            case CATCHUP:
                throw new IllegalStateException("CATCHUP runs through prepareCatchup and catchup");
            default:
                throw new IllegalStateException("unknown pattern " + pattern);
        }
    }

    /** CATCHUP, untimed: the writer appends the lag and every consumer but slot 0 reads it. */
    void prepareCatchup() {
        t.trimHint(end); // the straggler caught up last time: everyone is at end
        long from = end;
        for (int j = 0; j < CATCHUP_LAG; j++) {
            write();
        }
        for (int i = 1; i < n; i++) {
            for (long p = from; p < end; p++) {
                t.next(i, bh);
            }
        }
    }

    /**
     * CATCHUP, timed: the straggler reads its lag; returns a checksum of the positions. After each
     * read the floors drop the entry it passed, as a tracker's trim does, so the drop is timed for
     * everyone.
     */
    long catchup() {
        long sum = 0;
        for (int j = 0; j < CATCHUP_LAG; j++) {
            long p = t.next(0, bh);
            t.trimHint(p + 1);
            sum += p;
        }
        return sum;
    }

    private long lockstep(int i) {
        if (k == 0) {
            t.trimHint(end); // everyone is at end between rounds
            write();
        }
        long p = t.next(i, bh);
        if (++k == n) {
            k = 0;
            round++;
        }
        return p;
    }

    private long jump() {
        long p = read(slowest, cur);
        if (++cur == base + n) { // one past the fastest: the next slot is the slowest now
            slowest = slowest + 1 == n ? 0 : slowest + 1;
            base++;
            cur = base;
            t.trimHint(base);
        }
        return p;
    }

    private long churn() {
        if (churnDetachNext) {
            churnDetachNext = false;
            t.detach(slowest);
            long at = n > 1 ? base + 1 : base; // where a variant's trim leaves bufferStart (none with nobody left)
            t.trimHint(at);
            t.attach(slowest);
            cur = at;
            if (cur == base + n) {
                advanceChurn();
            }
            return at;
        }
        long p = read(slowest, cur);
        if (++cur == base + n) {
            advanceChurn();
        }
        return p;
    }

    private void advanceChurn() {
        slowest = slowest + 1 == n ? 0 : slowest + 1;
        base++;
        cur = base;
        churnDetachNext = true;
    }

    private long dropOldest() {
        if (n == 1) {
            write();
            return end;
        }
        if (k == 1) {
            write(); // over budget from the 64th round on: evicts one entry, moves the stalled consumer 0
        }
        long p = t.next(k, bh);
        if (++k == n) {
            k = 1;
        }
        return p;
    }

    /** Reads position {@code p} for slot {@code i}, writing it first if it is the end. */
    private long read(int i, long p) {
        if (p == end) {
            write();
        }
        return t.next(i, bh);
    }

    private void write() {
        if (!t.write(1, bh)) {
            throw new IllegalStateException("write refused at " + end);
        }
        end++;
    }
}
