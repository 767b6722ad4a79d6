package io.cursorcheck.cli;

import io.cursorcheck.properties.engine.Campaign;
import io.cursorcheck.properties.report.IndexPage;
import io.cursorcheck.properties.engine.ReportRun;
import java.io.PrintStream;

/** The lockstep part of the campaign: every variant against the model, controls, known findings. */
final class LockstepPart implements Part {

    private final Campaign.Config config;

    LockstepPart(Campaign.Config config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "lockstep";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws Exception {
        Campaign.Config c = config;
        Campaign.Result r = Campaign.run(new Campaign.Config(c.millis(), c.seed(), c.threads(), c.maxSteps(), c.weights(),
                reports.dir(), c.log()));
        for (Campaign.VariantPart p : r.variants()) {
            log.printf("  %-17s %,12d ops %,10.0f ops/s  %s%n", p.variant().id(), p.result().operations(),
                    p.result().operationsPerSecond(), p.verdict());
        }
        long killed = r.controls().stream().filter(v -> v.killed()).count();
        String summary = String.format("%d variants, %d of %d negative controls caught, %d of %d known findings"
                        + " reproduce", r.variants().size(), killed, r.controls().size(),
                r.findings().stream().filter(Campaign.FindingPart::reproduces).count(), r.findings().size());
        return new Verdict(r.passed(), summary, IndexPage.markdown(r), IndexPage.json(r), r.problems(), r.millis());
    }
}
