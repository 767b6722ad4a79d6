package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.Op;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What the explorer enumerates: the broadcast's options, the entry sizes writes may use, how many
 * consumers may be attached in all, and how many operations deep it goes.
 *
 * <p>At each state the operations are: {@code attach()} while fewer than {@code consumers} were
 * attached; {@code next(c)} and {@code detach(c)} for every consumer attached so far (detached ones
 * included); {@code writeSync(s)} and {@code write(s)} for every size; {@code end()};
 * {@code fail("e1")} and {@code fail(null)}; {@code cancel()}, {@code cancel("e2")} and
 * {@code cancel(null)}. One non-null reason is enough: the spec treats every reason alike, whatever its
 * value; a null reason is a reason too, and easy to confuse with none (a mutant of the catalogue does).
 *
 * <p>With {@code writerPaths} (the writer's further paths) also: {@code drain()};
 * {@code endSync()}; {@code writevSync} and {@code writev} of the chunk shapes {@link #CHUNKS} (no
 * chunk, and two chunks of 1: the one shape whose entry sums several, at the gate's budget);
 * {@code abort(#n)} of each operation pending in the model's state now (its queued writes, then its
 * pending ends); {@code spoil(#n)} of each write whose entry is retained or queued and not yet
 * spoiled. The last two are enumerated from the model's state by rank, so two states with the same
 * key have the same transitions; the {@code #n} of each is the absolute operation number on the path
 * that reached the state, which is what a counterexample's script names. Without it, the bound is the
 * one it always was (a bound with the new operations is a separate scope, {@link #writerPaths}).
 *
 * @param policy    the backpressure policy
 * @param budget    the byte budget
 * @param sizes     the entry sizes writes use
 * @param consumers how many attaches in all
 * @param depth     the longest sequence explored
 * @param writerPaths whether the writer's further paths are explored too (drain, endSync, writev,
 *                    writevSync, abort, spoil)
 */
public record Scope(Policy policy, long budget, List<Integer> sizes, int consumers, int depth, boolean writerPaths) {

    /** The chunk shapes of writev and writevSync in a scope with the writer's further paths. */
    public static final List<List<Integer>> CHUNKS = List.of(List.of(), List.of(1, 1));

    /**
     * Checks the bounds, naming the field and its value. The messages use the parameters only:
     * the fields are not assigned yet, and {@link #toString()} would read a null {@code sizes}.
     *
     * @throws IllegalArgumentException for a null policy or sizes, a budget, consumers or depth
     *                                  below 1, no size, or a negative size
     */
    public Scope {
        if (policy == null) {
            throw new IllegalArgumentException("scope: policy must not be null");
        }
        if (sizes == null
                || sizes.isEmpty()
                || sizes.stream().anyMatch(Objects::isNull)) { // List.of(..).contains(null) throws
            throw new IllegalArgumentException("scope: sizes must hold at least one size and no null, was " + sizes);
        }
        sizes = List.copyOf(sizes);
        for (int size : sizes) {
            if (size < 0) {
                throw new IllegalArgumentException("scope: sizes must be >= 0, was " + sizes + " (" + size + ")");
            }
        }
        if (budget < 1) {
            throw new IllegalArgumentException("scope: budget must be >= 1, was " + budget);
        }
        if (consumers < 1) {
            throw new IllegalArgumentException("scope: consumers must be >= 1, was " + consumers);
        }
        if (depth < 1) {
            throw new IllegalArgumentException("scope: depth must be >= 1, was " + depth);
        }
    }

    /** A scope of the operations every bound explores, without the writer's further paths. */
    public Scope(Policy policy, long budget, List<Integer> sizes, int consumers, int depth) {
        this(policy, budget, sizes, consumers, depth, false);
    }

    /**
     * The gate's bound: three consumers, budget 2, sizes 0, 1, 2, eleven operations deep (about 157,000 states
     * over the four policies per variant; two consumers had about 55,000).
     */
    public static Scope gate(Policy policy) {
        return new Scope(policy, 2, List.of(0, 1, 2), 3, 11);
    }

    /** The campaign's deeper bound: four consumers, budget 2, sizes 1, 2, twelve deep. */
    public static Scope campaign(Policy policy) {
        return new Scope(policy, 2, List.of(1, 2), 4, 12);
    }

    /**
     * The explorer's reach: four consumers, budget 2, sizes 1, 2, fourteen deep. The deepest bound the campaign
     * holds, for the subjects the mission is about (the cached count as released and corrected), where the deep
     * bound ({@link #campaign}) serves every conforming variant.
     */
    public static Scope reach(Policy policy) {
        return new Scope(policy, 2, List.of(1, 2), 4, 14);
    }

    /**
     * The writer-paths bound: the writer's further paths (abort, drain, spoil, writev, endSync) with
     * every other operation, two consumers, budget 2, sizes 0, 1, 2, seven operations deep (the known
     * finding spoiled-read-leaves-cursor-past-end is 7 deep). A separate bound rather than the gate's with more
     * operations: at eleven deep, the extra operations multiply the states past the gate's time.
     */
    public static Scope writerPaths(Policy policy) {
        return new Scope(policy, 2, List.of(0, 1, 2), 2, 7, true);
    }

    /** The campaign's writer-paths bound: as {@link #writerPaths}, eight operations deep. */
    public static Scope writerPathsDeep(Policy policy) {
        return new Scope(policy, 2, List.of(0, 1, 2), 2, 8, true);
    }

    /** The same scope with {@code count} attaches in all. */
    public Scope withConsumers(int count) {
        return new Scope(policy, budget, sizes, count, depth, writerPaths);
    }

    /** The same scope, explored only {@code shallower} operations deep. */
    public Scope withDepth(int shallower) {
        return new Scope(policy, budget, sizes, consumers, shallower, writerPaths);
    }

    /** The same scope under another policy. */
    public Scope with(Policy other) {
        return new Scope(other, budget, sizes, consumers, depth, writerPaths);
    }

    /** The operations this scope explores, as a page lists them. */
    public String operationNames() {
        return "attach, next, detach, writeSync, write, end, fail, cancel"
                + (writerPaths
                        ? ", writevSync, writev, endSync, drain, abort (of each pending operation),"
                                + " spoil (of each spoilable write)"
                        : "");
    }

    /** The broadcast's options. */
    public Options options() {
        return Options.of(budget, policy);
    }

    /** The operations enabled when {@code made} consumers have been attached, naming no earlier operation. */
    List<Op> operations(int made) {
        return operations(made, List.of(), List.of());
    }

    /**
     * The operations enabled when {@code made} consumers have been attached, in a state whose model
     * has these pending operations and spoilable writes (ignored without the writer's further paths).
     *
     * @param pending   the model's pending operations: queued writes, then pending ends
     * @param spoilable the model's writes whose entry is retained or queued and not spoiled
     */
    List<Op> operations(int made, List<Long> pending, List<Long> spoilable) {
        List<Op> ops = new ArrayList<>();
        if (made < consumers) {
            ops.add(new Op.Attach());
        }
        for (int c = 0; c < made; c++) {
            ops.add(new Op.Next(c));
            ops.add(new Op.Detach(c));
        }
        for (int s : sizes) {
            ops.add(new Op.WriteSync(s));
            ops.add(new Op.Write(s));
        }
        ops.add(new Op.End());
        ops.add(new Op.Fail("e1"));
        ops.add(new Op.Fail(null));
        ops.add(new Op.Cancel(false, null));
        ops.add(new Op.Cancel(true, "e2"));
        ops.add(new Op.Cancel(true, null));
        if (writerPaths) {
            for (List<Integer> chunks : CHUNKS) {
                ops.add(new Op.WritevSync(chunks));
                ops.add(new Op.Writev(chunks));
            }
            ops.add(new Op.EndSync());
            ops.add(new Op.Drain());
            for (long n : pending) {
                ops.add(new Op.Abort(Math.toIntExact(n)));
            }
            for (long n : spoilable) {
                ops.add(new Op.Spoil(Math.toIntExact(n)));
            }
        }
        return ops;
    }

    @Override
    public String toString() {
        return policy + ", budget " + budget + ", sizes {"
                + sizes.stream().map(String::valueOf).collect(Collectors.joining(",")) + "}, " + consumers
                + " consumer(s), depth " + depth
                + (writerPaths ? ", writer paths" : "");
    }
}
