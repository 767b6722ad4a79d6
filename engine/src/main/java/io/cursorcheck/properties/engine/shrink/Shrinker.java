package io.cursorcheck.properties.engine.shrink;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Deadline;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.spi.Options;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reduces a failing script to a 1-minimal one that fails the same way: removing any single
 * operation, or simplifying any argument or the budget, makes that failure disappear.
 *
 * <p>"The same way" means the same {@link Failure.Kind} and, except for divergences, the same
 * signature (broken invariants, or exception type and message shape), so a shrink never slides
 * from one bug to another. Passes, repeated to a fixed point:
 * <ol>
 * <li>cut the script after the failing operation;</li>
 * <li>delete chunks of operations, halving the chunk size down to single operations (removing an
 *     {@code attach()} removes the operations on its consumer and renumbers later consumers);</li>
 * <li>simplify arguments: each size to the smallest that still fails, consumers to lower
 *     numbers, reasons to the first of {@code "e1", null, 0, "e2"}, {@code cancel(reason)} to
 *     {@code cancel()}; {@code writev(a, b)} to {@code write(a+b)} ({@code writevSync} to
 *     {@code writeSync}), to fewer chunks and to smaller chunks; {@code endSync()} to {@code end()};
 *     an {@code abort(#n)} or {@code spoil(#n)} to one naming an earlier step;</li>
 * <li>lower the budget to the smallest that still fails.</li>
 * </ol>
 * Deleting steps renumbers the operations later aborts and spoils name ({@link Script#without}), so a
 * shrunk script names the same operations as the one it came from.
 * Candidates run with the shrinker's {@link Tolerance}, the one the failure was found with: a failure
 * found after a known finding the run continued past shrinks under the same rule (spec §3).
 * Deterministic: the same script and failure always shrink to the same result. Bounded: it stops
 * after {@code maxEvaluations} lockstep runs or {@code maxMillis}, returning the best so far.
 */
public final class Shrinker {

    private static final Object[] REASONS = {"e1", null, 0, "e2"};

    private final BroadcastFactory subject;
    private final int maxEvaluations;
    private final long maxMillis;
    private final Tolerance tolerance;

    /**
     * A shrinker whose candidates end at every finding against the model.
     *
     * @param subject        what the script runs against, with the model
     * @param maxEvaluations most lockstep runs to spend
     * @param maxMillis      most wall-clock time to spend ({@code Long.MAX_VALUE}: no limit)
     * @throws IllegalArgumentException if either bound is below 1
     */
    public Shrinker(BroadcastFactory subject, int maxEvaluations, long maxMillis) {
        this(subject, maxEvaluations, maxMillis, Tolerance.NONE);
    }

    /**
     * A shrinker whose candidates continue past the findings {@code tolerance} names.
     *
     * @param subject        what the script runs against, with the model
     * @param maxEvaluations most lockstep runs to spend
     * @param maxMillis      most wall-clock time to spend ({@code Long.MAX_VALUE}: no limit)
     * @param tolerance      the known findings to continue past, as when the failure was found
     * @throws IllegalArgumentException if either bound is below 1
     */
    public Shrinker(BroadcastFactory subject, int maxEvaluations, long maxMillis, Tolerance tolerance) {
        if (maxEvaluations < 1) {
            throw new IllegalArgumentException("shrinker: maxEvaluations must be >= 1, was " + maxEvaluations);
        }
        if (maxMillis < 1) {
            throw new IllegalArgumentException("shrinker: maxMillis must be >= 1, was " + maxMillis);
        }
        this.subject = subject;
        this.maxEvaluations = maxEvaluations;
        this.maxMillis = maxMillis;
        this.tolerance = java.util.Objects.requireNonNull(tolerance, "tolerance");
    }

    /**
     * The shrunk run.
     *
     * @param run         the lockstep run of the shrunk script, ending in the failure
     * @param original    the length of the script that was shrunk
     * @param evaluations lockstep runs spent
     * @param complete    false if a bound stopped the shrink before a fixed point
     */
    public record Result(Lockstep.Run run, int original, int evaluations, boolean complete) {
        /** The shrunk script. */
        public Script script() {
            return run.script();
        }
    }

    /**
     * Shrinks a failing run.
     *
     * @throws IllegalArgumentException if the run did not fail
     */
    public Result shrink(Lockstep.Run failing) {
        return shrink(failing, r -> true);
    }

    /**
     * Shrinks a failing run, keeping only candidates that fail the same way and also satisfy
     * {@code keep}: e.g. a run where the model hits a known finding and the subject answers there in
     * one particular way, which the failure's signature (the model's) does not say.
     *
     * @throws IllegalArgumentException if the run did not fail, or does not satisfy {@code keep}
     */
    public Result shrink(Lockstep.Run failing, java.util.function.Predicate<Lockstep.Run> keep) {
        if (!failing.failed()) {
            throw new IllegalArgumentException("only a failing run can be shrunk");
        }
        if (!keep.test(failing)) {
            throw new IllegalArgumentException("the run to shrink does not satisfy the predicate to keep");
        }
        return new Search(failing, keep).run();
    }

    private final class Search {
        final Failure target;
        final int original;
        final long deadline = Deadline.after(System.currentTimeMillis(), maxMillis); // Long.MAX_VALUE: no limit
        final Map<Script, Lockstep.Run> tried = new HashMap<>();
        int evaluations;
        boolean bounded;
        Lockstep.Run best;

        final java.util.function.Predicate<Lockstep.Run> keep;

        Search(Lockstep.Run failing, java.util.function.Predicate<Lockstep.Run> keep) {
            this.keep = keep;
            this.target = failing.failure();
            this.original = failing.script().length();
            this.best = failing;
        }

        Result run() {
            boolean changed = true;
            while (changed && !exhausted()) {
                changed = deleteChunks();
                changed |= simplifyArguments();
                changed |= lowerBudget();
            }
            return new Result(best, original, evaluations, !bounded);
        }

        /** Runs a candidate; if it fails the same way, it becomes the best (cut at its failure). */
        boolean attempt(Script candidate) {
            if (exhausted()) {
                return false;
            }
            Lockstep.Run r = tried.get(candidate);
            if (r == null) {
                evaluations++;
                r = Lockstep.run(subject, candidate, tolerance);
                tried.put(candidate, r);
            }
            if (!sameFailure(r.failure()) || !keep.test(r)) {
                return false;
            }
            if (r.script().length() < best.script().length() || r.script().equals(candidate)) {
                best = r;
                return true;
            }
            return false;
        }

        boolean sameFailure(Failure f) {
            return Shrinker.sameFailure(subject, target, f);
        }

        boolean exhausted() {
            if (evaluations >= maxEvaluations || System.currentTimeMillis() > deadline) {
                bounded = true;
            }
            return bounded;
        }

        boolean deleteChunks() {
            boolean changed = false;
            for (int size = Math.max(1, best.script().length() / 2); size >= 1; size /= 2) {
                int start = 0;
                while (start < best.script().length() && !exhausted()) {
                    List<Integer> chunk = new ArrayList<>();
                    for (int i = start; i < Math.min(start + size, best.script().length()); i++) {
                        chunk.add(i);
                    }
                    Script before = best.script();
                    if (attempt(before.without(chunk)) && !best.script().equals(before)) {
                        changed = true; // retry the same start against the shorter script
                    } else {
                        start += size;
                    }
                }
            }
            return changed;
        }

        boolean simplifyArguments() {
            boolean changed = false;
            for (int i = 0; i < best.script().length() && !exhausted(); i++) {
                Op op = best.script().ops().get(i);
                boolean sized = op instanceof Op.Write
                        || op instanceof Op.WriteSync
                        || op instanceof Op.Writev
                        || op instanceof Op.WritevSync;
                if (subject.capabilities().unitSizes() && sized) {
                    continue; // the subject takes entries of size 1 only
                }
                for (Op simpler : simpler(op)) {
                    Script before = best.script();
                    if (attempt(before.with(i, simpler)) && !best.script().equals(before)) {
                        changed = true;
                        break;
                    }
                }
            }
            return changed;
        }

        boolean lowerBudget() {
            Options options = best.script().options();
            for (long budget = 1; budget < options.budget() && !exhausted(); budget++) {
                if (attempt(best.script().withOptions(Options.of(budget, options.policy())))) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * Whether {@code f} is the same failure as {@code target} for the shrinker (and the shortest search
     * after it): the same kind and, except for a divergence of a subject that is not observable only, the
     * same signature.
     */
    static boolean sameFailure(BroadcastFactory subject, Failure target, Failure f) {
        // An observable-only subject's divergence signature names its shape: keep it, so that each
        // kind of difference from an external subject shrinks to its own counterexample.
        boolean anyDivergence = f != null
                && f.kind() == Failure.Kind.DIVERGENCE
                && !subject.capabilities().observableOnly();
        return f != null
                && f.kind() == target.kind()
                && (anyDivergence || f.signature().equals(target.signature()));
    }

    /** Simpler versions of an operation, simplest first. */
    static List<Op> simpler(Op op) {
        List<Op> out = new ArrayList<>();
        if (op instanceof Op.WriteSync w) {
            for (int s = 0; s < w.size(); s++) {
                out.add(new Op.WriteSync(s));
            }
        } else if (op instanceof Op.Write w) {
            for (int s = 0; s < w.size(); s++) {
                out.add(new Op.Write(s));
            }
        } else if (op instanceof Op.WritevSync w) {
            out.add(new Op.WriteSync(sum(w.sizes())));
            out.addAll(simplerChunks(w.sizes()).stream()
                    .map(c -> (Op) new Op.WritevSync(c))
                    .toList());
        } else if (op instanceof Op.Writev w) {
            out.add(new Op.Write(sum(w.sizes())));
            out.addAll(simplerChunks(w.sizes()).stream()
                    .map(c -> (Op) new Op.Writev(c))
                    .toList());
        } else if (op instanceof Op.EndSync) {
            out.add(new Op.End());
        } else if ((op instanceof Op.Abort || op instanceof Op.Spoil) && op.target() > 0) {
            for (int t = 0; t < op.target(); t++) {
                out.add(Script.retargeted(op, t)); // an earlier step: a valid target stays valid
            }
        } else if (op instanceof Op.Next n && n.consumer() > 0) {
            for (int c = 0; c < n.consumer(); c++) {
                out.add(new Op.Next(c));
            }
        } else if (op instanceof Op.Detach d && d.consumer() > 0) {
            for (int c = 0; c < d.consumer(); c++) {
                out.add(new Op.Detach(c));
            }
        } else if (op instanceof Op.Fail f) {
            for (Object r : simplerReasons(f.reason())) {
                out.add(new Op.Fail(r));
            }
        } else if (op instanceof Op.Cancel c && c.hasReason()) {
            out.add(new Op.Cancel(false, null));
            for (Object r : simplerReasons(c.reason())) {
                out.add(new Op.Cancel(true, r));
            }
        }
        return out;
    }

    /**
     * The sum of the chunks, saturated: a sum beyond {@code int} is bad input to a writev, and the write
     * it shrinks to must stay so rather than wrap to a valid size.
     */
    private static int sum(List<Integer> sizes) {
        long sum = 0;
        for (int s : sizes) {
            sum += s;
        }
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, sum));
    }

    /** Chunk lists simpler than {@code sizes}: one chunk fewer (each in turn), then each chunk smaller (simplest first). */
    private static List<List<Integer>> simplerChunks(List<Integer> sizes) {
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
            List<Integer> fewer = new ArrayList<>(sizes);
            fewer.remove(i);
            out.add(fewer);
        }
        for (int i = 0; i < sizes.size(); i++) {
            int size = sizes.get(i);
            // Every smaller size up to 64; above, a few (a hand-written chunk of 2^31-1 must not make 2^31 candidates).
            List<Integer> candidates = size <= 64
                    ? java.util.stream.IntStream.range(0, Math.max(0, size))
                            .boxed()
                            .toList()
                    : List.of(0, 1, size / 2, size - 1);
            for (int s : candidates) {
                List<Integer> smaller = new ArrayList<>(sizes);
                smaller.set(i, s);
                out.add(smaller);
            }
        }
        return out;
    }

    private static List<Object> simplerReasons(Object reason) {
        List<Object> out = new ArrayList<>();
        for (Object r : REASONS) {
            if (java.util.Objects.equals(r, reason)) {
                break;
            }
            out.add(r);
        }
        return out;
    }
}
