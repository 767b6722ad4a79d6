package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Draws random operations, aware of the model's state: mostly valid consumers, sometimes a
 * detached, foreign or null one; entry sizes clustered around a small budget (0, 1, budget-1,
 * budget, budget+1, ...) so eviction, overshoot and refusals happen often.
 *
 * <p>It draws only what the subject can take ({@link BroadcastFactory.Capabilities}): no bad
 * input for an observable-only subject, writes of size 1 for one that counts entries. Every
 * pattern the spec covers is drawn for every subject: reads of a consumer whose read is still
 * open, writes that queue, reads that flush them.
 *
 * <p>The writer's further paths: {@code writev} and {@code writevSync} of 0 to 3 chunks
 * whose sum clusters as a write's size does; {@code endSync()}; {@code drain()}, mostly while the
 * writer is open; {@code abort(#n)} mostly of an operation pending now (a queued write or a pending
 * end), sometimes of any earlier step (no effect); {@code spoil(#n)} mostly of a write whose entry is
 * retained or queued, sometimes of any earlier step; and, as bad input, either naming a step that
 * is not earlier. Naming an operation needs the step being drawn and the model's pending and
 * spoilable operations ({@link Targets}); without them no abort and no spoil is drawn.
 *
 * <p>Deterministic: the same seed and the same model answers give the same operations. With the
 * weights of the further paths 0 it draws exactly what it drew before them.
 *
 * <p>Not final: a test double extends it to re-create a generator that hides a pattern, the
 * negative control of the conformance run's coverage check.
 */
public class Generator {

    private static final Object[] REASONS = {"e1", "e2", null, 0};
    private static final int[] BUDGETS = {1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 8, 16};

    /**
     * The targets of the call being drawn, for the four-argument {@link #next} that a test double
     * overrides: {@link #next(SplittableRandom, Snapshot, int, Options, Targets)} sets them around
     * its call, so that a double's override still sees every draw. Per thread: one generator serves
     * every worker of a random run.
     */
    private static final ThreadLocal<Targets> TARGETS = ThreadLocal.withInitial(() -> Targets.NONE);

    private final Weights weights;
    private final BroadcastFactory.Capabilities capabilities;

    /** A generator with these weights, for a subject that takes every operation. */
    public Generator(Weights weights) {
        this(weights, BroadcastFactory.Capabilities.FULL);
    }

    /** A generator with these weights, for a subject with these capabilities. */
    public Generator(Weights weights, BroadcastFactory.Capabilities capabilities) {
        this.weights = weights;
        this.capabilities = capabilities;
    }

    /** The weights in use. */
    public Weights weights() {
        return weights;
    }

    /** Draws the options of one sequence: any policy, a small budget. */
    public Options options(SplittableRandom random) {
        Policy policy = Policy.values()[random.nextInt(Policy.values().length)];
        return Options.of(BUDGETS[random.nextInt(BUDGETS.length)], policy);
    }

    /**
     * What an {@code abort(#n)} or a {@code spoil(#n)} may name at this step.
     *
     * @param step      the step being drawn (its operation number), or -1 if unknown (then neither is drawn)
     * @param pending   the operation numbers pending now (queued writes, then pending ends), from the model
     * @param spoilable the operation numbers of the writes whose entry is retained or queued and not spoiled
     */
    public record Targets(int step, List<Long> pending, List<Long> spoilable) {
        /** Nothing known: no abort, no spoil. */
        public static final Targets NONE = new Targets(-1, List.of(), List.of());

        /** Copies the lists. */
        public Targets {
            pending = List.copyOf(pending);
            spoilable = List.copyOf(spoilable);
        }
    }

    /**
     * Draws the operation of step {@code targets.step()}, which may name an earlier one (an abort, a spoil).
     *
     * @param random    the sequence's random source
     * @param model     the model's snapshot now
     * @param consumers how many consumers the script attached so far (attached or not)
     * @param options   the sequence's options
     * @param targets   the step and what an abort or spoil may name
     */
    public final Op next(SplittableRandom random, Snapshot model, int consumers, Options options, Targets targets) {
        TARGETS.set(targets);
        try {
            return next(random, model, consumers, options);
        } finally {
            TARGETS.remove();
        }
    }

    /**
     * Draws the next operation, naming no earlier one unless called from
     * {@link #next(SplittableRandom, Snapshot, int, Options, Targets)}.
     *
     * @param random    the sequence's random source
     * @param model     the model's snapshot now
     * @param consumers how many consumers the script attached so far (attached or not)
     * @param options   the sequence's options
     */
    public Op next(SplittableRandom random, Snapshot model, int consumers, Options options) {
        if (consumers == 0 && random.nextInt(3) > 0) {
            return new Op.Attach(); // a script without consumers only writes
        }
        Op op = draw(random, model, consumers, options);
        boolean writing = op instanceof Op.Write
                || op instanceof Op.WriteSync
                || op instanceof Op.Writev
                || op instanceof Op.WritevSync
                || op instanceof Op.Drain;
        if (writing && model.writerState() != WriterState.OPEN && random.nextInt(4) > 0) {
            op = draw(random, model, consumers, options); // a closed writer answers every write alike: read instead
        }
        return op;
    }

    private int badInput() {
        return capabilities.observableOnly() ? 0 : weights.badInput();
    }

    private Op draw(SplittableRandom random, Snapshot model, int consumers, Options options) {
        Targets targets = TARGETS.get();
        boolean naming = targets.step() >= 0;
        int pick = random.nextInt(weights.total() - (naming ? 0 : weights.abort() + weights.spoil()));
        if ((pick -= weights.attach()) < 0) {
            return new Op.Attach();
        }
        if ((pick -= weights.next()) < 0) {
            return consumers == 0 ? new Op.Attach() : new Op.Next(consumer(random, model, consumers));
        }
        if ((pick -= weights.detach()) < 0) {
            return consumers == 0 ? new Op.Attach() : new Op.Detach(consumer(random, model, consumers));
        }
        if ((pick -= weights.writeSync()) < 0) {
            return new Op.WriteSync(size(random, options));
        }
        if ((pick -= weights.write()) < 0) {
            return new Op.Write(size(random, options));
        }
        if ((pick -= weights.end()) < 0) {
            return new Op.End();
        }
        if ((pick -= weights.fail()) < 0) {
            return new Op.Fail(REASONS[random.nextInt(REASONS.length)]);
        }
        if ((pick -= weights.cancel()) < 0) {
            return random.nextInt(3) == 0
                    ? new Op.Cancel(false, null)
                    : new Op.Cancel(true, REASONS[random.nextInt(REASONS.length)]);
        }
        if ((pick -= weights.writevSync()) < 0) {
            return new Op.WritevSync(chunks(random, options));
        }
        if ((pick -= weights.writev()) < 0) {
            return new Op.Writev(chunks(random, options));
        }
        if ((pick -= weights.endSync()) < 0) {
            return new Op.EndSync();
        }
        if ((pick -= weights.drain()) < 0) {
            return new Op.Drain();
        }
        if ((pick -= weights.abort()) < 0) {
            int target = target(random, targets, targets.pending());
            return target == Integer.MIN_VALUE ? new Op.Attach() : new Op.Abort(target);
        }
        int target = target(random, targets, targets.spoilable());
        return target == Integer.MIN_VALUE ? new Op.Attach() : new Op.Spoil(target);
    }

    /**
     * The operation an abort or spoil names: mostly one of {@code likely} (what it takes effect on
     * now), sometimes any earlier step, and as bad input a step that is not earlier (this one, a later
     * one, or a negative number). {@link Integer#MIN_VALUE} when there is none to name (step 0).
     */
    private int target(SplittableRandom random, Targets targets, List<Long> likely) {
        int step = targets.step();
        if (random.nextInt(100) < badInput()) {
            return random.nextInt(4) == 0 ? -1 - random.nextInt(2) : step + random.nextInt(3);
        }
        if (!likely.isEmpty() && (step == 0 || random.nextInt(5) > 0)) {
            return (int) (long) likely.get(random.nextInt(likely.size()));
        }
        return step == 0 ? Integer.MIN_VALUE : random.nextInt(step);
    }

    /**
     * The chunks of a writev: 0 to 3, whose sum is drawn as a write's size and split at random (bad
     * input: one chunk negative). An entry-counting subject takes chunks summing to exactly one unit
     * ({@code [1]}, {@code [1, 0]} or {@code [0, 1]}): its entries count 1 each whatever their bytes, so
     * a summed size above 1 would not mean the same to it (spec §6, writev on the entry-count API).
     */
    private List<Integer> chunks(SplittableRandom random, Options options) {
        if (capabilities.unitSizes()) {
            return switch (random.nextInt(3)) {
                case 0 -> List.of(1);
                case 1 -> List.of(1, 0);
                default -> List.of(0, 1);
            };
        }
        int n = random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(3);
        if (n == 0) {
            return List.of();
        }
        int total = size(random, options);
        List<Integer> chunks = new ArrayList<>();
        if (total < 0) { // bad input: one negative chunk among sizes that are fine
            int at = random.nextInt(n);
            for (int i = 0; i < n; i++) {
                chunks.add(i == at ? total : random.nextInt(3));
            }
            return chunks;
        }
        int left = total;
        for (int i = 0; i < n - 1; i++) {
            int part = random.nextInt(left + 1);
            chunks.add(part);
            left -= part;
        }
        chunks.add(left);
        return chunks;
    }

    private int consumer(SplittableRandom random, Snapshot model, int consumers) {
        if (random.nextInt(100) < badInput()) {
            return random.nextBoolean() ? Op.FOREIGN : Op.NULL;
        }
        List<Integer> attached = new ArrayList<>();
        for (Snapshot.ConsumerState c : model.consumers()) {
            attached.add(c.id());
        }
        boolean someDetached = attached.size() < consumers;
        if (attached.isEmpty() || someDetached && random.nextInt(100) < weights.detachedRef()) {
            return random.nextInt(consumers); // any consumer, likely a detached one
        }
        return attached.get(random.nextInt(attached.size()));
    }

    private int size(SplittableRandom random, Options options) {
        if (random.nextInt(100) < badInput()) {
            return -1 - random.nextInt(2);
        }
        if (capabilities.unitSizes()) {
            return 1;
        }
        int budget = (int) Math.min(options.budget(), 1 << 20);
        return switch (random.nextInt(8)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> Math.max(0, budget - 1);
            case 3 -> budget;
            case 4 -> budget + 1;
            case 5 -> 2 * budget;
            default -> 1 + random.nextInt(budget + 2);
        };
    }
}
