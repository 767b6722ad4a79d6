/*
 * CodecExploreProto: a measured PROTOTYPE of "route 2" for the exhaustive explorer (the explore-shapes record under
 * reports/runs/, "Shape 1", route 2): keep the real classes, store each state as BYTES, and per transition DECODE
 * the parent into one REUSED object graph instead of forking a new one, step through the real code, then encode the
 * child if it is new. It measures what decoding buys over forking; it is not a product, the suite does not use it.
 *
 * What it runs. A breadth-first search, level by level, one thread, like engine/.../search/LevelExpander.java with
 * one thread, over the model ALONE (no subject), at the bound of
 *     bin/cursorcheck explore --variant model --consumers 3 --sizes 1,2 --depth 14 --policy unbounded
 *         --keying binary --threads 1
 * (budget 2, the as-released algorithm, the operations of explore/.../Scope.java#operations without the writer's
 * further paths: attach while fewer than 3 attached; next(c) and detach(c) for every consumer attached so far;
 * writeSync(s), write(s) for s in {1,2}; end(); fail("e1"); fail(null); cancel(); cancel("e2"); cancel(null)).
 * Everything but the fork is the explorer's own code: a real LockstepPair of Variant.MODEL with the Tolerance the
 * explorer builds from the known findings (so a child breaking I11 is kept, past the finding, and a child where the
 * model throws is counted and neither kept nor expanded), LockstepPair#step (Session#perform, the real
 * ScanningModel's methods, its snapshot, the real InvariantChecker), LockstepPair#writeKey with no renaming (the
 * binary key), StateKeyBuilder#probe and the engine's StateSet (find, then add).
 *
 * --mode codec (route 2). The level is an arena of bytes, one encoded state after another (no object per state).
 * One LockstepPair is made once and reused: per transition its model is rewritten from the parent's bytes by
 * io.cursorcheck.model.ModelCodec (tools/codec/, in the model's package for its package-private state), its
 * checker's books by io.cursorcheck.properties.CheckerCodec (tools/codec/, private fields through method handles
 * made once), the checker's snapshot before is the model's snapshot of the decoded parent (taken once per parent
 * and shared by its children, as a fork shares it), the session's handles are refilled with the model's pooled
 * consumers, and the pair's "past a finding" flag is set (all three private: method handles made once). After a
 * child where the model threw, the reused pair is made anew (its private per-operation lists may be dirty).
 * --mode fork (the explorer's way, in the same loop, for a comparison in one JVM): the level is a list of pairs,
 * and each child is parent.fork() (Session#fork: ScanningModel#fork and InvariantChecker#copy).
 * --mode both runs fork then codec, in one JVM, --repeat times each. --mode verify runs the fork search and takes
 * every transition the codec's way too (the parent encoded, decoded into a reused pair, the same operation
 * stepped), and stops at the first child on which the two ways differ: failure, key or encoding.
 *
 * What it leaves out: paths (no Path per state, so no counterexample: the explorer keeps one per kept child), the
 * failures' records (counted, not kept), more than one thread, every subject, the other bounds. The op lists are
 * made once per number of consumers (the explorer makes one per state).
 *
 * How to run (JDK 17, from the repository root, after bin/cursorcheck help has built the modules):
 *     CP="cli/target/classes:$(cat target/cli.classpath)"
 *     javac -d <dir> -cp "$CP" tools/CodecExploreProto.java tools/codec/io/cursorcheck/model/*.java \
 *         tools/codec/io/cursorcheck/properties/*.java
 *     java -cp "<dir>:$CP" CodecExploreProto [--depth 14] [--mode codec|fork|both|verify] [--repeat N]
 * It prints per depth the distinct states so far (the root included), the transitions so far and the states first
 * reached at that depth, as the explorer's progress lines do, then states per CPU second of the searching thread
 * (ThreadMXBean, like LevelExpander.cpuNanos) and the bytes the levels' arenas held. The first search of a JVM
 * includes the JIT's warm-up.
 */

import io.cursorcheck.model.CodecBytes;
import io.cursorcheck.model.ModelCodec;
import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.CheckerCodec;
import io.cursorcheck.properties.InvariantChecker;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.engine.key.KeyProbe;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.properties.engine.key.StateSet;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Snapshot;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public final class CodecExploreProto {

    static final long STRIDE = 1L << 20;
    static final int CONSUMERS = 3;
    static final int[] SIZES = {1, 2};

    static final MethodHandle HANDLES;
    static final MethodHandle CHECKER;
    static final MethodHandle SET_TOLERATED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            MethodHandles.Lookup s = MethodHandles.privateLookupIn(Session.class, l);
            HANDLES = s.findGetter(Session.class, "handles", List.class);
            CHECKER = s.findGetter(Session.class, "checker", InvariantChecker.class);
            SET_TOLERATED = MethodHandles.privateLookupIn(LockstepPair.class, l)
                    .findSetter(LockstepPair.class, "tolerated", Failure.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static Options options = Options.of(2, Policy.UNBOUNDED);
    static Tolerance tolerance;
    static List<List<Op>> opsByMade = new ArrayList<>();

    static List<Op> ops(int made) {
        List<Op> ops = new ArrayList<>();
        if (made < CONSUMERS) {
            ops.add(new Op.Attach());
        }
        for (int c = 0; c < made; c++) {
            ops.add(new Op.Next(c));
            ops.add(new Op.Detach(c));
        }
        for (int s : SIZES) {
            ops.add(new Op.WriteSync(s));
            ops.add(new Op.Write(s));
        }
        ops.add(new Op.End());
        ops.add(new Op.Fail("e1"));
        ops.add(new Op.Fail(null));
        ops.add(new Op.Cancel(false, null));
        ops.add(new Op.Cancel(true, "e2"));
        ops.add(new Op.Cancel(true, null));
        return List.copyOf(ops);
    }

    static long cpuNanos() {
        ThreadMXBean t = ManagementFactory.getThreadMXBean();
        return t.getCurrentThreadCpuTime();
    }

    /** The one pair reused by the codec mode, with its parts. */
    static final class Reused {
        final LockstepPair pair;
        final ScanningModel model;
        final List<ConsumerHandle> handles;
        final InvariantChecker checker;
        final ModelCodec modelCodec;
        final CheckerCodec checkerCodec;

        @SuppressWarnings("unchecked")
        Reused() {
            pair = new LockstepPair(Variant.MODEL, options, tolerance);
            Session s = pair.model();
            model = (ScanningModel) s.broadcast();
            try {
                handles = (List<ConsumerHandle>) HANDLES.invokeExact(s);
                checker = (InvariantChecker) CHECKER.invokeExact(s);
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
            modelCodec = new ModelCodec(model);
            checkerCodec = new CheckerCodec(checker);
        }

        void encode(CodecBytes out) {
            out.reset();
            modelCodec.encode(model, handles, out);
            CheckerCodec.encode(checker, out);
            out.putFlag(pair.tolerated() != null);
        }

        /** Decodes; returns the "past a finding" flag. */
        boolean decode(CodecBytes in, Failure pastSentinel) {
            modelCodec.decodeInto(in, handles);
            checkerCodec.decodeInto(in);
            boolean past = in.getFlag();
            try {
                SET_TOLERATED.invokeExact(pair, (Failure) (past ? pastSentinel : null));
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
            return past;
        }
    }

    /** A level of encoded states: one arena, offsets into it. */
    static final class Arena {
        byte[] bytes = new byte[1 << 16];
        int used;
        int[] offsets = new int[1 << 10];
        int count;

        void add(byte[] src, int len) {
            if (used + len > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, used + len));
            }
            System.arraycopy(src, 0, bytes, used, len);
            if (count == offsets.length) {
                offsets = Arrays.copyOf(offsets, count * 2);
            }
            offsets[count++] = used;
            used += len;
        }
    }

    record Result(long states, long transitions, long cpuNanos, long threw, long pastFinding, long maxArenaBytes,
            long encodedBytes, long encodedStates, int depth) {}

    static Result searchCodec(int maxDepth, boolean print) {
        long c0 = cpuNanos();
        StateKeyBuilder builder = new StateKeyBuilder();
        StateSet set = new StateSet();
        Reused r = new Reused();
        CodecBytes buf = new CodecBytes();
        r.pair.writeKey(builder, null);
        set.add(builder.probe(), -1L);
        Arena level = new Arena();
        r.encode(buf);
        level.add(buf.array(), buf.length());
        Failure sentinel = null;
        long transitions = 0;
        long threw = 0;
        long past = 0;
        long expanded = 0;
        long maxArena = 0;
        long encodedBytes = 0;
        long encodedStates = 0;
        for (int depth = 0; depth < maxDepth && level.count > 0; depth++) {
            boolean last = depth + 1 == maxDepth;
            Arena next = new Arena();
            long created = 0;
            for (int i = 0; i < level.count; i++) {
                int at = level.offsets[i];
                Snapshot before = null;
                List<Op> ops = null;
                long first = (expanded + i) * STRIDE;
                for (int j = 0; ops == null || j < ops.size(); j++) {
                    buf.readFrom(level.bytes, at);
                    r.decode(buf, sentinel);
                    if (before == null) {
                        before = r.model.snapshot();
                        ops = opsByMade.get(r.pair.consumers());
                    }
                    r.checkerCodec.setBefore(before);
                    Op op = ops.get(j);
                    Failure f = r.pair.step(depth, op);
                    transitions++;
                    boolean thrown = r.pair.lastModel().thrown() != null;
                    if (f == null) {
                        if (r.pair.toleratedAtLastStep() != null) {
                            past++;
                            if (sentinel == null) {
                                sentinel = r.pair.tolerated();
                            }
                        }
                        r.pair.writeKey(builder, null);
                        KeyProbe p = builder.probe();
                        if (set.find(p) == StateSet.NO_ENTRY) {
                            set.add(p, first + j);
                            created++;
                            if (!last) {
                                r.encode(buf);
                                encodedBytes += buf.length();
                                encodedStates++;
                                next.add(buf.array(), buf.length());
                            }
                        }
                    }
                    if (f != null && f.kind() == Failure.Kind.MODEL_THREW) {
                        threw++;
                    }
                    if (thrown) {
                        r = new Reused(); // its private per-operation state may be dirty after a throw
                    }
                }
            }
            expanded += level.count;
            maxArena = Math.max(maxArena, (long) level.bytes.length + 4L * level.offsets.length
                    + next.bytes.length + 4L * next.offsets.length);
            if (print) {
                System.out.printf("depth %d: %,d states, %,d transitions, %,d new, %.2f CPU s%n", depth + 1,
                        set.size(), transitions, created, (cpuNanos() - c0) / 1e9);
            }
            level = next;
        }
        return new Result(set.size(), transitions, cpuNanos() - c0, threw, past, maxArena, encodedBytes, encodedStates,
                maxDepth - 1);
    }

    /** Encodes any pair of the model alone (not only the reused one). */
    @SuppressWarnings("unchecked")
    static void encodePair(LockstepPair pair, ModelCodec codec, CodecBytes out) {
        Session s = pair.model();
        try {
            out.reset();
            codec.encode((ScanningModel) s.broadcast(), (List<ConsumerHandle>) HANDLES.invokeExact(s), out);
            CheckerCodec.encode((InvariantChecker) CHECKER.invokeExact(s), out);
            out.putFlag(pair.tolerated() != null);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    static long verified;

    static Result searchFork(int maxDepth, boolean print) {
        return searchFork(maxDepth, print, false);
    }

    /**
     * The explorer's way (fork per child); with {@code verify}, every transition is also taken the codec's way
     * (the parent encoded, decoded into the reused pair, the same operation stepped) and the two children must
     * agree: the same failure or none, the same key, the same encoding.
     */
    static Result searchFork(int maxDepth, boolean print, boolean verify) {
        long c0 = cpuNanos();
        StateKeyBuilder builder = new StateKeyBuilder();
        StateSet set = new StateSet();
        LockstepPair root = new LockstepPair(Variant.MODEL, options, tolerance);
        root.writeKey(builder, null);
        set.add(builder.probe(), -1L);
        List<LockstepPair> level = new ArrayList<>(List.of(root));
        long transitions = 0;
        long threw = 0;
        long past = 0;
        long expanded = 0;
        for (int depth = 0; depth < maxDepth && !level.isEmpty(); depth++) {
            boolean last = depth + 1 == maxDepth;
            List<LockstepPair> next = new ArrayList<>();
            long created = 0;
            for (int i = 0; i < level.size(); i++) {
                LockstepPair parent = level.get(i);
                level.set(i, null);
                List<Op> ops = opsByMade.get(parent.consumers());
                long first = (expanded + i) * STRIDE;
                byte[] parentBytes = null;
                if (verify) {
                    encodePair(parent, reusedForVerify.modelCodec, vbuf);
                    parentBytes = Arrays.copyOf(vbuf.array(), vbuf.length());
                }
                for (int j = 0; j < ops.size(); j++) {
                    LockstepPair child = parent.fork();
                    Failure f = child.step(depth, ops.get(j));
                    transitions++;
                    if (verify) {
                        verifyOne(parentBytes, depth, ops.get(j), child, f, builder);
                    }
                    if (f != null && f.kind() == Failure.Kind.MODEL_THREW) {
                        threw++;
                    }
                    if (f != null) {
                        continue;
                    }
                    if (child.toleratedAtLastStep() != null) {
                        past++;
                    }
                    child.writeKey(builder, null);
                    KeyProbe p = builder.probe();
                    if (set.find(p) == StateSet.NO_ENTRY) {
                        set.add(p, first + j);
                        created++;
                        if (!last) {
                            next.add(child);
                        }
                    }
                }
            }
            expanded += level.size();
            if (print) {
                System.out.printf("depth %d: %,d states, %,d transitions, %,d new, %.2f CPU s%n", depth + 1,
                        set.size(), transitions, created, (cpuNanos() - c0) / 1e9);
            }
            level = next;
        }
        return new Result(set.size(), transitions, cpuNanos() - c0, threw, past, 0, 0, 0, 0);
    }

    static Reused reusedForVerify;
    static final CodecBytes vbuf = new CodecBytes();
    static Failure verifySentinel;

    static void verifyOne(byte[] parentBytes, int depth, Op op, LockstepPair child, Failure f, StateKeyBuilder b) {
        Reused r = reusedForVerify;
        vbuf.readFrom(parentBytes, 0);
        r.decode(vbuf, verifySentinel);
        r.checkerCodec.setBefore(r.model.snapshot());
        Failure g = r.pair.step(depth, op);
        if ((f == null) != (g == null) || f != null && !f.signature().equals(g.signature())) {
            throw new IllegalStateException("verify: " + op + " failed as " + f + " by fork, " + g + " by codec");
        }
        if (child.tolerated() != null && verifySentinel == null) {
            verifySentinel = child.tolerated();
        }
        if (f == null) {
            child.writeKey(b, null);
            var k1 = b.probe().toKey();
            r.pair.writeKey(b, null);
            var k2 = b.probe().toKey();
            if (!k1.equals(k2)) {
                throw new IllegalStateException("verify: keys differ after " + op + ":\n" + k1 + "\n" + k2);
            }
            encodePair(child, r.modelCodec, vbuf);
            byte[] e1 = Arrays.copyOf(vbuf.array(), vbuf.length());
            r.encode(vbuf);
            byte[] e2 = Arrays.copyOf(vbuf.array(), vbuf.length());
            if (!Arrays.equals(e1, e2)) {
                throw new IllegalStateException("verify: encodings differ after " + op);
            }
        }
        verified++;
        if (r.pair.lastModel().thrown() != null) {
            reusedForVerify = new Reused();
        }
    }

    public static void main(String[] args) {
        int depth = 14;
        String mode = "codec";
        int repeat = 1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--depth" -> depth = Integer.parseInt(args[++i]);
                case "--mode" -> mode = args[++i];
                case "--repeat" -> repeat = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        tolerance = Tolerance.of(KnownFindings.load(Path.of("")), Variant.MODEL.algorithm());
        System.out.println("tolerance: " + tolerance.signatures());
        for (int made = 0; made <= CONSUMERS; made++) {
            opsByMade.add(ops(made));
        }
        if (mode.equals("verify")) {
            reusedForVerify = new Reused();
            Result r = searchFork(depth, true, true);
            System.out.printf("verify: %,d states, %,d transitions, %,d taken both ways and equal (failure, key,"
                    + " encoding)%n", r.states(), r.transitions(), verified);
            return;
        }
        List<String> modes = mode.equals("both") ? List.of("fork", "codec") : List.of(mode);
        for (String m : modes) {
            for (int run = 1; run <= repeat; run++) {
                System.out.printf("== mode %s, search %d of %d (depth %d)%n", m, run, repeat, depth);
                Result r = m.equals("fork") ? searchFork(depth, run == 1) : searchCodec(depth, run == 1);
                System.out.printf("%s search %d: %,d states, %,d transitions, %.2f CPU s of the searching thread,"
                                + " %,.0f states per CPU s; children where the model threw %,d, first past a finding %,d%s%n",
                        m, run, r.states(), r.transitions(), r.cpuNanos() / 1e9, r.states() / (r.cpuNanos() / 1e9),
                        r.threw(), r.pastFinding(),
                        m.equals("codec") ? String.format(", %,d bytes encoded (%.1f per state of depth 1 to %d), the"
                                + " largest two levels' arenas %,d bytes", r.encodedBytes(),
                                (double) r.encodedBytes() / Math.max(1, r.encodedStates()), r.depth(), r.maxArenaBytes()) : "");
            }
        }
    }
}
