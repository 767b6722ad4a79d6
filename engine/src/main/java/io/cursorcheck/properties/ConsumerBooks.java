package io.cursorcheck.properties;

import static io.cursorcheck.properties.CheckStep.isInvalidEntry;
import static io.cursorcheck.properties.CheckStep.sizeAt;

import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.Snapshot.ConsumerState;
import java.util.ArrayList;

/**
 * The consumers' rules: I4 (reads answered, settled in order and delivering the expected position and size;
 * a consumer's reads counted and never lost), I7 and I10 on attach, I14 (no spoiled entry delivered); it keeps,
 * per consumer it has seen, the open reads and the position the consumer must get next.
 *
 * <p>A few consumers at most, so plain arrays and linear lookups: the explorer copies this per transition.
 * Looking a consumer up opens its book the first time, as the key then shows.
 */
final class ConsumerBooks {

    private static final long NOWHERE = Long.MIN_VALUE;

    private static final int KEY_BOOK = 1;
    private static final int KEY_BOOKS_END = 2;

    // Per consumer it has seen, in the order it first saw them.
    private final ArrayList<Book> books;

    /** One consumer: its open reads (operation numbers, oldest first) and the position it must get next. */
    private static final class Book {
        final int id;
        final OpList reads;
        long next = NOWHERE;

        Book(int id, OpList reads) {
            this.id = id;
            this.reads = reads;
        }
    }

    ConsumerBooks() {
        this.books = new ArrayList<>();
    }

    /** A copy of {@code other}; the read lists copied on write. */
    private ConsumerBooks(ConsumerBooks other) {
        this.books = new ArrayList<>(other.books.size());
        for (int i = 0; i < other.books.size(); i++) {
            Book b = other.books.get(i);
            Book copy = new Book(b.id, b.reads.copy());
            copy.next = b.next;
            books.add(copy);
        }
    }

    ConsumerBooks copy() {
        return new ConsumerBooks(this);
    }

    /** How many reads are open, over every consumer. */
    int openCount() {
        int open = 0;
        for (int i = 0; i < books.size(); i++) {
            open += books.get(i).reads.size;
        }
        return open;
    }

    /** Copies every open read into {@code pending} from {@code n} on, and returns the new count. */
    int copyOpen(long[] pending, int n) {
        for (int j = 0; j < books.size(); j++) {
            Book b = books.get(j);
            System.arraycopy(b.reads.ops, 0, pending, n, b.reads.size);
            n += b.reads.size;
        }
        return n;
    }

    /**
     * Writes, per consumer attached in {@code before}, its next position relative to bufferStart and its open
     * reads by rank in {@code pending} (sorted, {@code n} long), closed by a mark.
     */
    void writeKey(KeyWriter k, Snapshot before, long[] pending, int n) {
        long start = before.bufferStart();
        for (int j = 0; j < books.size(); j++) { // indexed: no iterator per key
            Book b = books.get(j);
            if (before.consumer(b.id) == null) {
                continue; // detached: never looked at again
            }
            k.symbol(KEY_BOOK); // books one by one, closed by KEY_BOOKS_END
            k.consumer(b.id);
            k.flag(b.next != NOWHERE);
            if (b.next != NOWHERE) {
                k.number(b.next - start);
            }
            k.count(b.reads.size);
            for (int i = 0; i < b.reads.size; i++) {
                k.number(java.util.Arrays.binarySearch(pending, 0, n, b.reads.ops[i]));
            }
        }
        k.symbol(KEY_BOOKS_END);
    }

    /** I10 and I7 of attach: the new consumer is attached, at bufferStart; its book starts there, empty. */
    void attach(CheckStep s, int id) {
        Book book = book(id);
        book.reads.size = 0;
        ConsumerState c = s.a.consumer(id);
        if (c == null) {
            s.fail(Invariant.I10, "c" + id + " is not attached right after attach()");
            return;
        }
        book.next = c.cursor();
        if (c.cursor() != s.b.bufferStart()) {
            s.fail(
                    Invariant.I7,
                    "c" + id + " attached at " + c.cursor() + ", not at bufferStart " + s.b.bufferStart()
                            + ": it cannot read everything retained");
        }
    }

    /** What next(c{@code id}) answered, as operation {@code n}: a delivery, or a read opened behind the others. */
    void nextAnswered(CheckStep s, int id, Outcome o, long n) {
        switch (o.kind()) {
            case DATA -> deliver(s, id, o, "next(c" + id + ")");
            case WAIT -> {
                if (reads(id).size > 0) {
                    s.fail(
                            Invariant.I4,
                            "next(c" + id + ") answered WAIT while c" + id + " already has " + reads(id).size
                                    + " open read(s)");
                }
                openRead(id, n);
            }
            case PENDING -> {
                if (reads(id).size == 0) {
                    s.fail(
                            Invariant.I4,
                            "next(c" + id + ") answered PENDING but c" + id
                                    + " has no outstanding read to queue behind");
                }
                openRead(id, n);
            }
            case FAILED -> {
                if (isInvalidEntry(o)) {
                    s.readFoundSpoiled = true;
                }
            }
            default -> {}
        }
    }

    /**
     * Settles {@code settled} if it is an open read: the oldest of its consumer's (I4), delivering or finding a
     * spoiled entry.
     *
     * @return whether it was an open read
     */
    boolean settle(CheckStep s, Settlement settled) {
        long n = settled.op();
        Book owner = ownerOf(n);
        if (owner == null) {
            return false;
        }
        OpList fifo = owner.reads;
        if (fifo.ops[0] != n) {
            s.fail(
                    Invariant.I4,
                    "read #" + n + " of c" + owner.id + " settled before its earlier read #" + fifo.ops[0]);
        }
        fifo.remove(n);
        if (settled.outcome().kind() == Outcome.Kind.DATA) {
            deliver(s, owner.id, settled.outcome(), "read #" + n);
        } else if (isInvalidEntry(settled.outcome())) {
            s.readFoundSpoiled = true;
        }
        return true;
    }

    private void deliver(CheckStep s, int id, Outcome data, String how) {
        long p = data.value();
        if (s.b.spoiledEntries().contains(p)) {
            s.fail(Invariant.I14, how + " delivered position " + p + " to c" + id + ", whose entry was spoiled");
        }
        Book book = book(id);
        long expected = book.next;
        if (expected != NOWHERE && p != expected && !(p > expected && s.evicting)) {
            s.fail(
                    Invariant.I4,
                    how + " delivered position " + p + " to c" + id + ", which expected " + expected
                            + (p > expected ? " (positions " + expected + ".." + (p - 1) + " skipped)" : ""));
        }
        Integer size = sizeAt(s.b, p);
        if (size == null) {
            size = sizeAt(s.a, p);
        }
        if (size != null && size != data.size()) {
            s.fail(
                    Invariant.I4,
                    how + " delivered position " + p + " with " + data.size() + "B, but the entry there has " + size
                            + "B");
        }
        book.next = p + 1;
        s.delivered(id);
    }

    /** I4: a consumer gone from {@code a} with open reads lost them; reported once, then forgotten. */
    void checkGone(CheckStep s, Snapshot a) {
        for (int i = 0; i < books.size(); i++) {
            Book b = books.get(i);
            if (b.reads.size > 0 && a.consumer(b.id) == null) {
                s.fail(Invariant.I4, "c" + b.id + " is gone with read(s) " + b.reads + " never settled");
                b.reads.size = 0;
            }
        }
    }

    /** The eviction forced laggards forward: their next delivery starts at the new cursor. */
    void evicted(Snapshot after) {
        for (int i = 0; i < after.consumers().size(); i++) {
            ConsumerState c = after.consumers().get(i);
            Book b = book(c.id());
            b.next = b.next == NOWHERE ? c.cursor() : Math.max(b.next, c.cursor());
        }
    }

    /** How many reads consumer {@code id} made that are not settled. */
    int openReads(int id) {
        return reads(id).size;
    }

    /** The furthest position consumer {@code c} has reached: the next it must get, or its cursor if none known. */
    long reached(ConsumerState c) {
        long next = book(c.id()).next;
        return next == NOWHERE ? c.cursor() : next;
    }

    /** The book of consumer {@code id}, opened empty the first time. */
    private Book book(int id) {
        for (int i = 0; i < books.size(); i++) {
            Book b = books.get(i);
            if (b.id == id) {
                return b;
            }
        }
        Book b = new Book(id, new OpList());
        books.add(b);
        return b;
    }

    private OpList reads(int id) {
        return book(id).reads;
    }

    /** The consumer with open read {@code op}, or null if no read of that number is open. */
    private Book ownerOf(long op) {
        for (int i = 0; i < books.size(); i++) {
            if (books.get(i).reads.contains(op)) {
                return books.get(i);
            }
        }
        return null;
    }

    private void openRead(int id, long op) {
        reads(id).add(op);
    }
}
