package io.cursorcheck.conformance;

import io.cursorcheck.conformance.judge.OutsideGuarantees;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.engine.Deadline;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The faults a release shows after its first difference from the model (docs/spec.md §6, the whole trace). Past
 * that step the model can no longer be compared step by step, but the guarantees can: the release's own trace of
 * the whole sequence is judged by {@link OutsideGuarantees}, and a breach of a rule not seen up to the first
 * difference, nor recorded for a known finding the sequence hit there, nor broken by the model's own trace by then
 * (the consequences of a finding against the spec's algorithm), is a fault of its own, which the first difference
 * would otherwise hide.
 *
 * <p>Such a fault is shrunk on the release alone: operations are deleted (chunks, then single ones, to a fixed
 * point, renumbering later references: {@link Script#without}) while the release's trace of the shorter script
 * still breaks the same rule. The model plays no part, so nothing it answers decides the shape.
 */
final class LaterFaults {

    private LaterFaults() {}

    /**
     * A fault seen after the first difference of a sequence.
     *
     * @param rule   the guarantee broken
     * @param script the sequence up to and including the operation after which the breach shows
     * @param first  the step of the sequence's first difference
     * @param breach what the checker saw
     */
    record Fault(OutsideGuarantees.Rule rule, Script script, int first, OutsideGuarantees.Breach breach) {}

    /**
     * The faults of a whole sequence after its first difference, at most one per rule: breaches of rules not
     * seen through the first difference and not in {@code excused} (a known finding's recorded breaches).
     */
    static List<Fault> of(Lockstep.Whole whole, Set<OutsideGuarantees.Rule> excused) {
        if (!whole.first().failed() || !whole.continued()) {
            return List.of();
        }
        int first = whole.first().failure().step();
        List<OutsideGuarantees.Breach> breaches = OutsideGuarantees.check(whole.script(), whole.subject());
        Set<OutsideGuarantees.Rule> seen = OutsideGuarantees.rules(
                breaches.stream().filter(b -> b.step() <= first).toList());
        List<OutsideGuarantees.Breach> candidates = breaches.stream()
                .filter(b -> b.step() > first && !seen.contains(b.rule()) && !excused.contains(b.rule()))
                .toList();
        if (candidates.isEmpty()) {
            return List.of(); // most sequences: the model's trace need not be judged at all
        }
        // The model's own trace, judged by the same rules: past a finding against it the spec's algorithm breaks
        // guarantees too (a stranded read is later served out of order, spec §3), and a release that does what it
        // does there shows the finding's consequence, not a fault of its own.
        List<OutsideGuarantees.Breach> model = OutsideGuarantees.check(whole.script(), whole.outsideModel());
        Map<OutsideGuarantees.Rule, Fault> faults = new LinkedHashMap<>();
        for (OutsideGuarantees.Breach b : candidates) {
            boolean modelToo = model.stream().anyMatch(x -> x.rule() == b.rule() && x.step() <= b.step());
            if (!modelToo) {
                faults.putIfAbsent(b.rule(), new Fault(b.rule(), whole.script().prefix(b.step() + 1), first, b));
            }
        }
        return List.copyOf(faults.values());
    }

    /** The release's observations of the script, run alone, up to an operation that threw. */
    static List<Observation> alone(BroadcastFactory subject, Script script) {
        Session session = new Session(subject, script.options());
        List<Observation> seen = new ArrayList<>();
        for (int i = 0; i < script.length(); i++) {
            Observation o = session.apply(script.ops().get(i));
            seen.add(o);
            if (o.thrown() != null) {
                break;
            }
        }
        return seen;
    }

    /** The first breach of {@code rule} in the release's own trace of the script, or null. */
    static OutsideGuarantees.Breach breach(BroadcastFactory subject, Script script, OutsideGuarantees.Rule rule) {
        for (OutsideGuarantees.Breach b : OutsideGuarantees.check(script, alone(subject, script))) {
            if (b.rule() == rule) {
                return b;
            }
        }
        return null;
    }

    /**
     * A shrunk fault.
     *
     * @param script      the shortest script found, cut after the breach
     * @param breach      the breach it shows
     * @param evaluations runs of the release spent
     */
    record Shrunk(Script script, OutsideGuarantees.Breach breach, int evaluations) {}

    /**
     * Deletes operations while the release's own trace still breaks the rule: chunks halving down to single
     * operations, repeated to a fixed point, cut after the breach each time; bounded by runs and time.
     */
    static Shrunk shrink(BroadcastFactory subject, Fault fault, int maxRuns, long maxMillis) {
        long deadline = Deadline.after(System.currentTimeMillis(), maxMillis);
        Script best = fault.script();
        OutsideGuarantees.Breach at = fault.breach();
        int runs = 0;
        boolean progress = true;
        while (progress && runs < maxRuns && System.currentTimeMillis() < deadline) {
            progress = false;
            for (int chunk = Math.max(1, best.length() / 2); chunk >= 1; chunk /= 2) {
                for (int from = best.length() - chunk; from >= 0; from -= chunk) {
                    if (runs >= maxRuns || System.currentTimeMillis() >= deadline) {
                        break;
                    }
                    List<Integer> removed = new ArrayList<>();
                    for (int i = from; i < from + chunk; i++) {
                        removed.add(i);
                    }
                    Script candidate = best.without(removed);
                    if (candidate.length() == 0) {
                        continue;
                    }
                    runs++;
                    OutsideGuarantees.Breach b = breach(subject, candidate, fault.rule());
                    if (b != null) {
                        best = candidate.prefix(b.step() + 1);
                        at = b;
                        progress = true;
                        from = Math.min(from, best.length()); // the script got shorter: go on below the cut
                    }
                }
                if (chunk == 1) {
                    break;
                }
            }
        }
        return new Shrunk(best, at, runs);
    }
}
