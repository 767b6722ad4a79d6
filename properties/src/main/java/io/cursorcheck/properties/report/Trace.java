package io.cursorcheck.properties.report;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.Violation;
import java.util.List;

/** The step-by-step trace of a lockstep run, as plain text for a terminal. */
public final class Trace {

    private Trace() {
    }

    /** One block per operation: the operation, both answers, both states; the failing step marked. */
    public static String of(Lockstep.Run run, String subject) {
        StringBuilder b = new StringBuilder();
        b.append("model: ScanningModel, subject: ").append(subject).append('\n');
        b.append("// ").append(run.script().options()).append('\n');
        List<String> lines = run.script().lines();
        Failure f = run.failure();
        for (int i = 0; i < run.model().size(); i++) {
            Observation m = run.model().get(i);
            Observation s = run.subject().get(i);
            boolean failing = f != null && f.step() == i;
            b.append(String.format("#%-3d %-22s%s%n", i, lines.get(i), failing ? "  <-- " + f.kind() : ""));
            String ma = Compact.answer(m);
            String sa = Compact.answer(s);
            String ms = Compact.state(m.snapshot());
            String ss = Compact.state(s.snapshot());
            b.append("       model:    ").append(ma).append('\n');
            if (m != s) {
                b.append("       subject:  ").append(sa.equals(ma) ? "(same)" : sa + "   <-- differs").append('\n');
            }
            b.append("       state:    ").append(ms).append('\n');
            if (m != s && !ss.equals(ms)) {
                b.append("       subject:  ").append(ss).append("   <-- differs\n");
            }
        }
        if (f != null) {
            b.append('\n').append(f.kind()).append(" at step #").append(f.step()).append(": ")
                    .append(f.kind().meaning()).append('\n').append("  ").append(f.detail()).append('\n');
            for (Violation v : f.violations()) {
                b.append("  ").append(v.invariant().name()).append(" ").append(v.invariant().title()).append(": \"")
                        .append(v.invariant().sentence()).append("\"\n");
            }
        } else {
            b.append("\nno failure: model and subject agree, every invariant holds after every step\n");
        }
        return b.toString();
    }
}
