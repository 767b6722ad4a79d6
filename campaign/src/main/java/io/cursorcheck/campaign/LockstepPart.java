package io.cursorcheck.campaign;

import io.cursorcheck.properties.campaign.Campaign;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.pages.IndexPage;
import io.cursorcheck.properties.report.ReportRun;
import java.io.PrintStream;

/** The lockstep part of the campaign: every variant against the model, controls, known findings. */
public final class LockstepPart implements Part {

    private final long millis;
    private final long seed;
    private final int threads;
    private final int maxSteps;
    private final Weights weights;

    /**
     * The part's settings, as {@link Campaign.Config} takes them but for the reports directory, which
     * is the run's staging directory, and the log its progress lines go to, both known only when the part runs.
     */
    public LockstepPart(long millis, long seed, int threads, int maxSteps, Weights weights) {
        this.millis = millis;
        this.seed = seed;
        this.threads = threads;
        this.maxSteps = maxSteps;
        this.weights = weights;
    }

    @Override
    public String name() {
        return "lockstep";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws Exception {
        Campaign.Result r =
                Campaign.run(new Campaign.Config(millis, seed, threads, maxSteps, weights, reports.dir(), log));
        for (Campaign.VariantPart p : r.variants()) {
            log.printf(
                    "  %-17s %,12d ops %,10.0f ops/s  %s%n",
                    p.variant().id(), p.result().operations(), p.result().operationsPerSecond(), p.verdict());
        }
        long killed = r.controls().stream().filter(v -> v.killed()).count();
        String summary = String.format(
                "%d variants, %d of %d negative controls caught, %d of %d known findings" + " reproduce",
                r.variants().size(),
                killed,
                r.controls().size(),
                r.findings().stream().filter(Campaign.FindingPart::reproduces).count(),
                r.findings().size());
        return new Verdict(r.passed(), summary, IndexPage.markdown(r), IndexPage.json(r), r.problems(), r.millis());
    }
}
