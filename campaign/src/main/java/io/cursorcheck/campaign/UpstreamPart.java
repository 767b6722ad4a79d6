package io.cursorcheck.campaign;

import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.upstream.Reproductions;
import io.cursorcheck.conformance.upstream.UpstreamCheck;
import io.cursorcheck.properties.report.ReportRun;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The upstream part of the campaign and the {@code upstream} command: the fix of Node's
 * {@code broadcast.js} applied to a release's embedded source and shown ({@link UpstreamCheck});
 * writes {@code reports/upstream/}.
 */
public final class UpstreamPart implements Part {

    /**
     * Seconds of the conformance run, and again of the comparison, by default and at most in a campaign (how long the
     * part takes: docs/times.md).
     */
    public static final long CAMPAIGN_SECONDS = 60;

    /** The least seconds of each in a short campaign: enough for sequences that reach the re-entrant path. */
    static final long LEAST_SECONDS = 20;

    /** The seconds of each in a campaign whose lockstep part runs {@code lockstepMillis}: a third, within bounds. */
    public static long campaignSeconds(long lockstepMillis) {
        return Math.max(LEAST_SECONDS, Math.min(CAMPAIGN_SECONDS, lockstepMillis / 3000));
    }

    private final UpstreamCheck.Config config;
    private UpstreamCheck.Result result;

    public UpstreamPart(Release release, long seed, long millis, int maxSteps, String command) {
        this.config = new UpstreamCheck.Config(release, seed, millis, maxSteps, command);
    }

    /** The result once the part ran, else null. */
    UpstreamCheck.Result result() {
        return result;
    }

    @Override
    public String name() {
        return "upstream";
    }

    @Override
    public Verdict run(PrintStream log, ReportRun reports) throws Exception {
        long t0 = System.currentTimeMillis();
        result = UpstreamCheck.run(config, reports, log);
        UpstreamCheck.Result r = result;
        long showingBuiltin =
                r.before().stream().filter(Reproductions.Output::shows).count();
        long showingPatched =
                r.after().stream().filter(Reproductions.Output::shows).count();
        String summary = String.format(
                "%s patched: reproductions showing on the builtin %d of %d, patched %d;"
                        + " regression test builtin %s, patched %s; vs corrected model: %s;"
                        + " vs builtin: %,d sequences, %,d reach the re-entrant path, %,d differ (%,d without reaching it);"
                        + " negative control %s",
                config.release().id(),
                showingBuiltin,
                Reproductions.SCRIPTS.size(),
                showingPatched,
                r.builtin().summary(),
                r.patched().summary(),
                ConformanceCampaign.verdict(r.conformance()),
                r.comparison().sequences(),
                r.comparison().reachingReentrant(),
                r.comparison().differing(),
                r.comparison().differingOutsideReentrant(),
                r.control().caught() ? "caught" : "NOT CAUGHT");
        String md = UpstreamSection.markdown(new UpstreamSection.Facts(
                config.release().id(),
                Reproductions.SCRIPTS.size(),
                showingBuiltin,
                showingPatched,
                r.builtin().summary(),
                r.patched().summary(),
                ConformanceCampaign.verdict(r.conformance()),
                r.comparison().sequences(),
                r.comparison().reachingReentrant(),
                r.comparison().differing(),
                r.comparison().differingOutsideReentrant(),
                r.control().caught(),
                r.control().comparison().differingOutsideReentrant(),
                r.control().comparison().sequences()));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("passed", r.passed()); // with the started time of index.json: the part ran, and passed, this run
        json.put("release", config.release().id());
        json.put("reproductions", Reproductions.SCRIPTS.size());
        json.put("reproductionsShowingOnBuiltin", showingBuiltin);
        json.put("reproductionsShowingPatched", showingPatched);
        json.put("regressionBuiltin", r.builtin().summary());
        json.put("regressionPatched", r.patched().summary());
        json.put("conformance", ConformanceCampaign.verdict(r.conformance()));
        json.put("sequencesCompared", r.comparison().sequences());
        json.put("reachingReentrant", r.comparison().reachingReentrant());
        json.put("differing", r.comparison().differing());
        json.put("differingWithoutReentrant", r.comparison().differingOutsideReentrant());
        json.put("controlCaught", r.control().caught());
        return new Verdict(r.passed(), summary, md, json, r.problems(), System.currentTimeMillis() - t0);
    }
}
