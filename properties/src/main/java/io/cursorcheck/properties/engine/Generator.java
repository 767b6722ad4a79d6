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
 * <p>Deterministic: the same seed and the same model answers give the same operations.
 *
 * <p>Not final: a test double extends it to re-create a generator that hides a pattern, the
 * negative control of the conformance run's coverage check.
 */
public class Generator {

    private static final Object[] REASONS = {"e1", "e2", null, 0};
    private static final int[] BUDGETS = {1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 8, 16};

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
     * Draws the next operation.
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
        boolean writing = op instanceof Op.Write || op instanceof Op.WriteSync;
        if (writing && model.writerState() != WriterState.OPEN && random.nextInt(4) > 0) {
            op = draw(random, model, consumers, options); // a closed writer answers every write alike: read instead
        }
        return op;
    }

    private int badInput() {
        return capabilities.observableOnly() ? 0 : weights.badInput();
    }

    private Op draw(SplittableRandom random, Snapshot model, int consumers, Options options) {
        int pick = random.nextInt(weights.total());
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
        return random.nextInt(3) == 0 ? new Op.Cancel(false, null)
                : new Op.Cancel(true, REASONS[random.nextInt(REASONS.length)]);
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
