package io.cursorcheck.properties.report;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.Violation;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;

/**
 * The step-by-step trace of a lockstep run, as plain text for a terminal.
 *
 * <p>A subject that shows no state (an external one: a release of Node or Bun) is traced as the
 * run compared it: its real answers and settlements next to the model's in outside terms (an
 * entry named by the write that stored it), and its probe after each step next to the probe the
 * model's state gives.
 */
public final class Trace {

    private Trace() {}

    /** One block per operation: the operation, both answers, both states (or probes); the failing step marked. */
    public static String of(Lockstep.Run run, String subject) {
        StringBuilder b = new StringBuilder();
        b.append("model: ScanningModel, subject: ").append(subject).append('\n');
        boolean outside = run.subject().stream().anyMatch(o -> o.probe() != null);
        if (outside) {
            b.append("(")
                    .append(subject)
                    .append(
                            " shows no state: entries are named by the write that stored them, and"
                                    + " its probe, consumerCount and canWrite, is shown next to the one the model's state gives)\n");
        }
        b.append("// ").append(run.script().options()).append('\n');
        Failure f = run.failure();
        Session model = outside ? new Session(Variant.MODEL, run.script().options()) : null; // names entries by write
        for (int i = 0; i < run.model().size(); i++) {
            Observation m = run.model().get(i);
            Observation s = run.subject().get(i);
            boolean failing = f != null && f.step() == i;
            boolean past = run.tolerated() != null && run.tolerated().step() == i;
            b.append(String.format(
                    "#%-3d %-22s%s%s%n",
                    i,
                    run.script().described(i),
                    past ? "  <-- known finding " + run.tolerated().signature() + ", continued past" : "",
                    failing ? "  <-- " + f.kind() : ""));
            String ma;
            String sa;
            if (outside) {
                model.apply(run.script().ops().get(i));
                ma = m.thrown() != null
                        ? Compact.answer(m)
                        : OutsideView.answer(OutsideView.ordered(OutsideView.of((ScanningModel) model.broadcast(), m)));
                sa = s.thrown() != null ? Compact.answer(s) : OutsideView.answer(OutsideView.ordered(s));
            } else {
                ma = Compact.answer(m);
                sa = Compact.answer(s);
            }
            String ms = Compact.state(m.snapshot());
            b.append("       model:    ").append(ma).append('\n');
            if (m != s) {
                b.append("       subject:  ")
                        .append(sa.equals(ma) ? "(same)" : sa + "   <-- differs")
                        .append('\n');
            }
            b.append("       state:    ").append(ms).append('\n');
            if (outside) {
                String mp = m.snapshot() == null
                        ? "(none: the model threw)"
                        : Probe.of(m.snapshot(), run.script().options()).toString();
                String sp = s.probe() == null ? "(none)" : s.probe().toString();
                b.append("       probe:    ").append(mp).append('\n');
                b.append("       subject:  ")
                        .append(sp.equals(mp) ? "(same)" : sp + "   <-- differs")
                        .append('\n');
            } else if (m != s) {
                String ss = Compact.state(s.snapshot());
                if (!ss.equals(ms)) {
                    b.append("       subject:  ").append(ss).append("   <-- differs\n");
                }
            }
        }
        if (run.tolerated() != null) {
            b.append("\nknown finding at step #")
                    .append(run.tolerated().step())
                    .append(": ")
                    .append(run.tolerated().detail())
                    .append("; the comparison went on past it (spec §3, after a finding)")
                    .append('\n');
        }
        if (f != null) {
            b.append('\n')
                    .append(f.kind())
                    .append(" at step #")
                    .append(f.step())
                    .append(": ")
                    .append(f.kind().meaning())
                    .append('\n')
                    .append("  ")
                    .append(f.detail())
                    .append('\n');
            for (Violation v : f.violations()) {
                b.append("  ")
                        .append(v.invariant().name())
                        .append(" ")
                        .append(v.invariant().title())
                        .append(": \"")
                        .append(v.invariant().sentence())
                        .append("\"\n");
            }
        } else {
            b.append(
                    run.tolerated() == null
                            ? "\nno failure: model and subject agree, every invariant holds after every step\n"
                            : "\nno failure after it: model and subject agree after every step, and the subject breaks no"
                                    + " invariant the model keeps\n");
        }
        return b.toString();
    }
}
