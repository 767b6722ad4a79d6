package io.cursorcheck.properties;

import io.cursorcheck.model.CodecBytes;
import io.cursorcheck.spi.Snapshot;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;

/**
 * PROTOTYPE, for tools/CodecExploreProto.java only (not built by Maven, not used by the suite): an exact codec of
 * an {@link InvariantChecker}'s memory between operations, "route 2" of the explore-shapes record: the consumers'
 * books (each consumer's id, next expected position and open reads, in the order the checker first saw them) and
 * the writer's books (pending writes, ends, drains, spoiled writes). The snapshot before ({@code before}) is not
 * encoded: it is the model's snapshot of the decoded state, which the caller sets ({@link #setBefore}). It decodes
 * into one checker, reused: its book objects pooled by consumer id. It lives in the checker's package (on the
 * classpath) to reach the package-private classes; their private fields through method handles, made once.
 * The memory only {@link InvariantChecker#mirrored} reads (the last step's breaches) is not kept: it is never read
 * before the next check overwrites it, with no subject.
 */
public final class CheckerCodec {

    private static final MethodHandle BEFORE;
    private static final MethodHandle BOOKS;
    private static final MethodHandle WRITERS;
    private static final MethodHandle BOOK_LIST;
    private static final MethodHandle[] WRITER_LISTS = new MethodHandle[4];
    private static final MethodHandle NEW_BOOK;
    private static final MethodHandle BOOK_ID;
    private static final MethodHandle BOOK_READS;
    private static final MethodHandle BOOK_NEXT;
    private static final MethodHandle SET_BOOK_NEXT;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            MethodHandles.Lookup ic = MethodHandles.privateLookupIn(InvariantChecker.class, l);
            BEFORE = ic.findSetter(InvariantChecker.class, "before", Snapshot.class);
            BOOKS = ic.findGetter(InvariantChecker.class, "books", ConsumerBooks.class);
            WRITERS = ic.findGetter(InvariantChecker.class, "writers", WriterBooks.class);
            MethodHandles.Lookup cb = MethodHandles.privateLookupIn(ConsumerBooks.class, l);
            BOOK_LIST = cb.findGetter(ConsumerBooks.class, "books", ArrayList.class);
            MethodHandles.Lookup wb = MethodHandles.privateLookupIn(WriterBooks.class, l);
            String[] names = {"pendingWrites", "pendingEnds", "pendingDrains", "spoiledWrites"};
            for (int i = 0; i < 4; i++) {
                WRITER_LISTS[i] = wb.findGetter(WriterBooks.class, names[i], OpList.class);
            }
            Class<?> book = Class.forName("io.cursorcheck.properties.ConsumerBooks$Book");
            MethodHandles.Lookup bl = MethodHandles.privateLookupIn(book, l);
            NEW_BOOK = bl.findConstructor(book, MethodType.methodType(void.class, int.class, OpList.class))
                    .asType(MethodType.methodType(Object.class, int.class, OpList.class));
            BOOK_ID = bl.findGetter(book, "id", int.class).asType(MethodType.methodType(int.class, Object.class));
            BOOK_READS = bl.findGetter(book, "reads", OpList.class)
                    .asType(MethodType.methodType(OpList.class, Object.class));
            BOOK_NEXT = bl.findGetter(book, "next", long.class).asType(MethodType.methodType(long.class, Object.class));
            SET_BOOK_NEXT = bl.findSetter(book, "next", long.class)
                    .asType(MethodType.methodType(void.class, Object.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final InvariantChecker checker;
    private final ArrayList<Object> books;
    private final OpList[] writerLists = new OpList[4];
    private Object[] pool = new Object[4];
    private OpList[] poolReads = new OpList[4];

    /** A codec that decodes into {@code checker}, which it then owns (never copied). */
    @SuppressWarnings("unchecked")
    public CheckerCodec(InvariantChecker checker) {
        this.checker = checker;
        try {
            this.books = (ArrayList<Object>) (ArrayList<?>) BOOK_LIST.invokeExact((ConsumerBooks) BOOKS.invokeExact(checker));
            WriterBooks w = (WriterBooks) WRITERS.invokeExact(checker);
            for (int i = 0; i < 4; i++) {
                writerLists[i] = (OpList) WRITER_LISTS[i].invokeExact(w);
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Writes the memory of {@code c} (any checker). */
    @SuppressWarnings("unchecked")
    public static void encode(InvariantChecker c, CodecBytes out) {
        try {
            ArrayList<Object> bs = (ArrayList<Object>) (ArrayList<?>) BOOK_LIST.invokeExact((ConsumerBooks) BOOKS.invokeExact(c));
            out.putInt(bs.size());
            for (int i = 0; i < bs.size(); i++) {
                Object b = bs.get(i);
                out.putInt((int) BOOK_ID.invokeExact(b));
                out.putLong((long) BOOK_NEXT.invokeExact(b));
                put((OpList) BOOK_READS.invokeExact(b), out);
            }
            WriterBooks w = (WriterBooks) WRITERS.invokeExact(c);
            for (int i = 0; i < 4; i++) {
                put((OpList) WRITER_LISTS[i].invokeExact(w), out);
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static void put(OpList l, CodecBytes out) {
        out.putInt(l.size);
        for (int i = 0; i < l.size; i++) {
            out.putLong(l.ops[i]);
        }
    }

    private static void get(OpList l, CodecBytes in) {
        int n = in.getInt();
        if (l.ops.length < n) {
            l.ops = new long[Math.max(2, n)]; // the pooled lists are never shared: written in place
        }
        for (int i = 0; i < n; i++) {
            l.ops[i] = in.getLong();
        }
        l.size = n;
    }

    /** Rewrites this codec's checker's books from {@code in}. */
    public void decodeInto(CodecBytes in) {
        try {
            books.clear();
            for (int k = in.getInt(); k > 0; k--) {
                int id = in.getInt();
                Object b = book(id);
                SET_BOOK_NEXT.invokeExact(b, in.getLong());
                get(poolReads[id], in);
                books.add(b);
            }
            for (int i = 0; i < 4; i++) {
                get(writerLists[i], in);
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Sets the checker's snapshot before the next operation. */
    public void setBefore(Snapshot before) {
        try {
            BEFORE.invokeExact(checker, before);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private Object book(int id) throws Throwable {
        if (id >= pool.length) {
            pool = java.util.Arrays.copyOf(pool, Math.max(id + 1, pool.length * 2));
            poolReads = java.util.Arrays.copyOf(poolReads, pool.length);
        }
        if (pool[id] == null) {
            OpList reads = new OpList();
            pool[id] = (Object) NEW_BOOK.invokeExact(id, reads);
            poolReads[id] = reads;
        }
        return pool[id];
    }
}
