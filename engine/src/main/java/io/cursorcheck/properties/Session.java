package io.cursorcheck.properties;

import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Forkable;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * One broadcast driven by a script: applies {@link Op}s, resolves consumer references to
 * handles, takes a snapshot after every operation and runs the {@link InvariantChecker} on it.
 *
 * <p>A subject that is {@linkplain BroadcastFactory.Capabilities#observableOnly() observable only}
 * has no snapshot: its session records the subject's {@link Probe} instead and checks no
 * invariant on it (the model's session, run beside it, still does).
 *
 * <p>Exceptions thrown by an operation are caught and reported in the {@link Observation}; after
 * one that the spec ({@code docs/spec.md}) does not specify the broadcast's state is undefined and the session refuses
 * further operations.
 *
 * <p>Single-threaded.
 */
public final class Session {

    private final BroadcastFactory factory;
    private final Options options;
    private final Broadcast broadcast;
    private final boolean showsSnapshot; // false for a subject that is observable only
    // Null for a subject that shows no snapshot, and for a mirrored one until its pair parts (see mirror).
    private InvariantChecker checker;
    private final List<ConsumerHandle> handles;
    private ConsumerHandle foreign;
    private boolean broken;

    /** A session on a fresh broadcast made by {@code factory}. */
    public Session(BroadcastFactory factory, Options options) {
        this(factory, options, true);
    }

    /**
     * A session on a fresh broadcast made by {@code factory}, with a checker of its own or, for a pair's subject,
     * mirrored: checked through its model's checker ({@link #mirror}) until the two part ({@link #part}).
     *
     * @param factory what makes the broadcast
     * @param options its options
     * @param checked whether the session checks its own invariants; false: mirrored
     */
    public Session(BroadcastFactory factory, Options options, boolean checked) {
        this.factory = factory;
        this.options = options;
        this.broadcast = factory.create(options);
        this.handles = new ArrayList<>();
        this.showsSnapshot = !factory.capabilities().observableOnly();
        this.checker = showsSnapshot && checked ? new InvariantChecker(options, broadcast.snapshot()) : null;
    }

    private Session(Session other, Forkable.Fork fork) {
        this.factory = other.factory;
        this.options = other.options;
        this.broadcast = fork.broadcast();
        this.showsSnapshot = other.showsSnapshot;
        this.checker = other.checker == null ? null : other.checker.copy();
        this.handles = new ArrayList<>(other.handles.size() + 1); // sized: the explorer forks per transition
        for (ConsumerHandle h : other.handles) {
            handles.add(fork.handles().apply(h));
        }
        this.foreign = other.foreign; // a handle of another broadcast stays foreign to the copy
        this.broken = other.broken;
    }

    /**
     * An independent copy of this session: its broadcast forked, its handles and its checker
     * copied, so the copy goes on from this state.
     *
     * @throws UnsupportedOperationException if the broadcast is not {@link Forkable}
     */
    public Session fork() {
        if (!(broadcast instanceof Forkable f)) {
            throw new UnsupportedOperationException(factory.id() + " cannot be forked: it is not Forkable");
        }
        return new Session(this, f.fork());
    }

    /**
     * Writes the canonical name of this session's state, without its detached consumers: the broadcast's
     * {@link Forkable#writeKey} and, if this session checks invariants, what the checker remembers
     * ({@link InvariantChecker#writeKey}, since that too decides later verdicts; a mirrored session's checker is its
     * model's, which the model's key holds). The detached consumers
     * ({@link #detachedKey}) are left to the caller, which pairs them across sessions
     * ({@link io.cursorcheck.properties.engine.LockstepPair#key}).
     *
     * @throws UnsupportedOperationException if the broadcast is not {@link Forkable}
     */
    public void writeKey(KeyWriter k) {
        forkable("name its state").writeKey(k);
        k.flag(checker != null);
        if (checker != null) {
            checker.writeKey(k);
        }
    }

    /**
     * Whether the broadcast writes every consumer of its key through {@link KeyWriter#consumer}
     * ({@link Forkable#namesConsumersThroughWriter()}), so that consumers may be renamed.
     */
    public boolean namesConsumersThroughWriter() {
        return broadcast instanceof Forkable f && f.namesConsumersThroughWriter();
    }

    /** The broadcast's id ({@link ConsumerHandle#id()}) of the consumer made by the {@code index}-th attach. */
    public int consumerId(int index) {
        return handles.get(index).id();
    }

    /**
     * What the consumer made by the {@code index}-th attach answers on its own account once
     * detached, or null while it is attached (its state is in the broadcast's key).
     */
    public String detachedKey(int index) {
        String key = forkable("name its state").consumerKey(handles.get(index));
        return key.equals("attached") ? null : key;
    }

    private Forkable forkable(String what) {
        if (!(broadcast instanceof Forkable f)) {
            throw new UnsupportedOperationException(factory.id() + " cannot " + what + ": it is not Forkable");
        }
        return f;
    }

    /** The broadcast under test. */
    public Broadcast broadcast() {
        return broadcast;
    }

    /** How many consumers the script has attached so far. */
    public int consumers() {
        return handles.size();
    }

    /** Whether the broadcast can be forked and named ({@link #fork()}, {@link #writeKey}). */
    public boolean forkable() {
        return broadcast instanceof Forkable;
    }

    /** Whether an operation threw something the spec does not specify; no further operation runs. */
    public boolean broken() {
        return broken;
    }

    /**
     * What one operation did, before any invariant is checked.
     *
     * @param op         the operation
     * @param reply      what it returned; null for attach and for an operation that threw
     * @param consumerId the broadcast's id of the consumer it named or made, or -1
     * @param thrown     what it threw, or null
     * @param after      the snapshot after it; null if it broke the session or the session shows no snapshot
     */
    public record Performed(Op op, Reply reply, int consumerId, Observation.Thrown thrown, Snapshot after) {

        /** Whether this and {@code other} answered alike and left equal snapshots: what a mirror needs. */
        public boolean sameAs(Performed other) {
            return after != null
                    && consumerId == other.consumerId
                    && java.util.Objects.equals(reply, other.reply)
                    && java.util.Objects.equals(thrown, other.thrown)
                    && after.equals(other.after);
        }
    }

    /**
     * Applies one operation and checks every invariant.
     *
     * @throws IllegalStateException if the session is broken, or the operation names a consumer
     *                               the script has not attached
     */
    public Observation apply(Op op) {
        return check(perform(op));
    }

    /**
     * Applies one operation without checking it: {@link #check} or {@link #mirror} does that next, before the
     * session's next operation.
     *
     * @throws IllegalStateException if the session is broken, or the operation names a consumer
     *                               the script has not attached
     */
    public Performed perform(Op op) {
        if (broken) {
            throw new IllegalStateException("the broadcast threw earlier; its state is undefined");
        }
        int ref = op.consumer();
        if (ref != Integer.MIN_VALUE && ref >= handles.size()) {
            throw new IllegalStateException(op.script() + " names c" + ref + ", but the script attached only "
                    + handles.size() + " consumer(s)");
        }
        Reply reply = null;
        int consumerId = -1;
        Observation.Thrown thrown = null;
        try {
            if (op instanceof Op.Attach) {
                ConsumerHandle h = broadcast.attach();
                handles.add(h);
                consumerId = h.id();
            } else {
                ConsumerHandle h = ref == Integer.MIN_VALUE ? null : handle(ref);
                consumerId = h == null || ref < 0 ? -1 : h.id();
                reply = invoke(op, h);
            }
        } catch (RuntimeException | StackOverflowError e) {
            thrown = new Observation.Thrown(e.getClass().getSimpleName(), e.getMessage(), e);
            broken = !thrown.specified();
        }
        Snapshot after = broken || !showsSnapshot ? null : broadcast.snapshot();
        return new Performed(op, reply, consumerId, thrown, after);
    }

    /**
     * Checks what {@link #perform} did with this session's own checker.
     *
     * @throws IllegalStateException if the session is mirrored (its checker is its model's)
     */
    public Observation check(Performed p) {
        if (broken) {
            return new Observation(p.op(), null, -1, p.thrown(), null, List.of());
        }
        int attachedId = p.op() instanceof Op.Attach ? p.consumerId() : -1;
        if (!showsSnapshot) {
            return new Observation(
                    p.op(), p.reply(), attachedId, p.thrown(), null, List.of(), ((Probe.Source) broadcast).probe());
        }
        if (checker == null) {
            throw new IllegalStateException(factory.id() + "'s session is mirrored: check it through its model's");
        }
        List<Violation> violations = checker.check(
                p.op(),
                p.thrown() == null ? p.consumerId() : -1,
                p.reply(),
                p.after(),
                broadcast.diagnostics().minCache());
        return new Observation(p.op(), p.reply(), attachedId, p.thrown(), p.after(), violations);
    }

    /**
     * Checks this session's operation through its model's checker, for a pair whose subject has so far answered
     * alike and shown equal snapshots at every step, this one included ({@link Performed#sameAs}), so that a
     * checker of its own would have been fed exactly the model checker's inputs but for the minimum cache, and
     * would hold the model checker's memory: its breaches are the model's with the cache rule (I6) judged on this
     * session's cache ({@link InvariantChecker#checkMirrored}). The model's check must run first.
     *
     * @param p     what this session did
     * @param model the model's session, right after it checked the same operation
     * @throws IllegalStateException if the session checks itself, or the model has no checker
     */
    public Observation mirror(Performed p, Session model) {
        if (checker != null || !showsSnapshot) {
            throw new IllegalStateException(factory.id() + "'s session is not mirrored");
        }
        if (model.checker == null) {
            throw new IllegalStateException(model.factory.id() + "'s session has no checker to mirror");
        }
        List<Violation> violations =
                model.checker.mirrored(broadcast.diagnostics().minCache());
        int attachedId = p.op() instanceof Op.Attach ? p.consumerId() : -1;
        return new Observation(p.op(), p.reply(), attachedId, p.thrown(), p.after(), violations);
    }

    /**
     * Gives a mirrored session a checker of its own, from its model's as it was before the step on which the two
     * part (answer or state differ), or a fresh one if they start apart: from then on the session checks itself
     * ({@link #check}).
     *
     * @param modelBefore a copy of the model's checker before that step, or a checker of this session's first state
     */
    public void part(InvariantChecker modelBefore) {
        if (checker != null || !showsSnapshot) {
            throw new IllegalStateException(factory.id() + "'s session is not mirrored");
        }
        checker = modelBefore;
    }

    /** Whether this session is mirrored: it shows snapshots but has no checker of its own (yet). */
    public boolean mirrored() {
        return showsSnapshot && checker == null;
    }

    /** A copy of this session's checker in its present state, for a mirrored session that parts from it. */
    public InvariantChecker checkerCopy() {
        if (checker == null) {
            throw new IllegalStateException(factory.id() + "'s session has no checker");
        }
        return checker.copy();
    }

    private Reply invoke(Op op, ConsumerHandle h) {
        if (op instanceof Op.Next) {
            return broadcast.next(h);
        } else if (op instanceof Op.Detach) {
            return broadcast.detach(h);
        } else if (op instanceof Op.WriteSync w) {
            return broadcast.writeSync(w.size());
        } else if (op instanceof Op.Write w) {
            return broadcast.write(w.size());
        } else if (op instanceof Op.WritevSync w) {
            return broadcast.writevSync(ints(w.sizes()));
        } else if (op instanceof Op.Writev w) {
            return broadcast.writev(ints(w.sizes()));
        } else if (op instanceof Op.End) {
            return broadcast.end();
        } else if (op instanceof Op.EndSync) {
            return broadcast.endSync();
        } else if (op instanceof Op.Drain) {
            return broadcast.drain();
        } else if (op instanceof Op.Abort a) {
            return broadcast.abort(a.operation());
        } else if (op instanceof Op.Spoil s) {
            return broadcast.spoil(s.operation());
        } else if (op instanceof Op.Fail f) {
            return broadcast.fail(f.reason());
        } else if (op instanceof Op.Cancel c) {
            return c.hasReason() ? broadcast.cancel(c.reason()) : broadcast.cancel();
        }
        throw new IllegalStateException("unknown operation " + op);
    }

    private static int[] ints(List<Integer> sizes) {
        int[] a = new int[sizes.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = sizes.get(i);
        }
        return a;
    }

    private ConsumerHandle handle(int ref) {
        if (ref == Op.NULL) {
            return null;
        }
        if (ref == Op.FOREIGN) {
            if (foreign == null) {
                foreign = factory.create(options).attach();
            }
            return foreign;
        }
        return handles.get(ref);
    }
}
