package io.cursorcheck.bench;

import io.cursorcheck.bench.BenchResults.Ratio;
import io.cursorcheck.bench.BenchTargets.ApiVersusPhysical;
import io.cursorcheck.bench.BenchTargets.Claim;
import io.cursorcheck.bench.BenchTargets.EveryPoint;
import io.cursorcheck.bench.BenchTargets.OneRatio;
import io.cursorcheck.bench.BenchVerdict.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges the targets of {@link BenchTargets} on one run's numbers: each ratio with its spread between JVMs
 * ({@link RatioInterval}), met or not met only when the whole spread agrees, and no verdict on a result that is
 * not steady ({@link SteadyState}) or failed.
 */
final class BenchJudge {

    private final BenchResults results;

    BenchJudge(BenchResults results) {
        this.results = results;
    }

    /** Every target of {@link BenchTargets#ALL}, judged, in its order. */
    List<BenchVerdict> verdicts() {
        List<BenchVerdict> v = new ArrayList<>();
        for (Claim c : BenchTargets.ALL) {
            if (c instanceof OneRatio o) {
                v.add(oneRatio(o));
            } else if (c instanceof EveryPoint e) {
                v.add(everyPoint(e));
            } else {
                v.add(apiVersusPhysical((ApiVersusPhysical) c));
            }
        }
        return v;
    }

    private BenchVerdict oneRatio(OneRatio o) {
        JmhJson.Result a = results.result(o.pattern(), o.numerator(), o.consumers());
        JmhJson.Result b = results.result(o.pattern(), o.denominator(), o.consumers());
        Ratio r = results.ratio(a, b);
        String numbers = String.format(
                Locale.ROOT,
                "%s %s ns, %s %s ns",
                o.numeratorLabel(),
                a == null ? "?" : BenchResults.ns(a.score()),
                o.denominatorLabel(),
                b == null ? "?" : BenchResults.ns(b.score()));
        if (!r.measured()) {
            return new BenchVerdict(o.name(), "not measured in this profile", Outcome.NOT_MEASURED, "");
        }
        if (r.interval() == null) {
            return new BenchVerdict(o.name(), numbers, Outcome.NOT_JUDGED, "not judged: " + r.notJudged() + ".");
        }
        Outcome outcome =
                o.atLeast() ? r.interval().atLeast(o.factor()) : r.interval().atMost(o.factor());
        String bound = String.format(
                Locale.ROOT,
                "%s %sx",
                o.atLeast() ? ">=" : "<=",
                o.factor() == (int) o.factor() ? String.valueOf((int) o.factor()) : String.valueOf(o.factor()));
        String lead = switch (outcome) {
            case MET -> "";
            case NOT_MET -> "the whole interval misses " + bound + ": ";
            default -> "the interval straddles " + bound + ": ";
        };
        return new BenchVerdict(o.name(), r.interval() + " (" + numbers + ")", outcome, lead + o.why());
    }

    /** Every measured point of the claim's variants (at its consumer counts, or all) against the API floor. */
    private BenchVerdict everyPoint(EveryPoint e) {
        int points = 0;
        RatioInterval worst = null;
        String worstAt = "";
        List<String> over = new ArrayList<>();
        List<String> straddling = new ArrayList<>();
        List<String> unsteady = new ArrayList<>();
        Map<String, Integer> overBy = new LinkedHashMap<>();
        for (Pattern p : Pattern.values()) {
            for (int n : results.consumers(p)) {
                if (e.only() != null && !e.only().contains(n)) {
                    continue;
                }
                for (String t : e.variants()) {
                    JmhJson.Result variant = results.result(p, t, n);
                    JmhJson.Result floor = results.result(p, Target.API, n);
                    Ratio r = results.ratio(variant, floor);
                    if (!r.measured()) {
                        continue;
                    }
                    if (r.interval() == null) {
                        unsteady.add(t + " " + p + " n=" + n + results.failedMark(variant, floor));
                        continue;
                    }
                    points++;
                    RatioInterval i = r.interval();
                    if (worst == null || i.point() > worst.point()) {
                        worst = i;
                        worstAt = t + " " + p + " n=" + n;
                    }
                    String at = String.format(Locale.ROOT, "%s %s n=%d %.1fx", t, p, n, i.point());
                    switch (i.atMost(e.factor())) {
                        case NOT_MET -> {
                            over.add(at);
                            overBy.merge(t, 1, Integer::sum);
                        }
                        case UNDECIDED ->
                            straddling.add(at + String.format(Locale.ROOT, " [%.2fx, %.2fx]", i.low(), i.high()));
                        default -> {}
                    }
                }
            }
        }
        String notJudged = notJudged("not judged", unsteady);
        if (points == 0) {
            return noPoint(e.name(), unsteady, notJudged);
        }
        String measured = String.format(
                Locale.ROOT,
                "%d points judged; worst %s (%s); %d wholly over %.1fx, %d straddling",
                points,
                worst,
                worstAt,
                over.size(),
                e.factor(),
                straddling.size());
        StringBuilder why = new StringBuilder();
        if (!over.isEmpty()) {
            why.append("over: ").append(list(over)).append(". ");
        }
        if (!straddling.isEmpty()) {
            why.append("undecided: ").append(list(straddling)).append(". ");
        }
        why.append(notJudged);
        overBy.keySet()
                .forEach(t -> why.append(t)
                        .append(": ")
                        .append(BenchTargets.WHY_SLOW.get(t))
                        .append(". "));
        return new BenchVerdict(
                e.name(),
                measured,
                everyPointOutcome(over, straddling, unsteady),
                why.toString().trim());
    }

    private BenchVerdict apiVersusPhysical(ApiVersusPhysical a) {
        int points = 0;
        RatioInterval worst = null;
        String worstAt = "";
        List<String> over = new ArrayList<>();
        List<String> straddling = new ArrayList<>();
        List<String> unsteady = new ArrayList<>();
        for (Pattern p : Pattern.values()) {
            for (int n : results.consumers(p)) {
                JmhJson.Result api = results.result(p, Target.API, n);
                JmhJson.Result physical = results.result(p, Target.PHYSICAL, n);
                Ratio r = results.ratio(api, physical);
                if (!r.measured()) {
                    continue;
                }
                if (r.interval() == null) {
                    unsteady.add(p + " n=" + n + results.failedMark(api, physical));
                    continue;
                }
                points++;
                RatioInterval i = r.interval();
                if (worst == null || i.point() > worst.point()) {
                    worst = i;
                    worstAt = p + " n=" + n;
                }
                switch (i.atMost(a.factor())) {
                    case NOT_MET -> over.add(p + " n=" + n);
                    case UNDECIDED -> straddling.add(p + " n=" + n);
                    default -> {}
                }
            }
        }
        String notJudged = notJudged("Not judged", unsteady);
        if (points == 0) {
            return noPoint(a.name(), unsteady, notJudged);
        }
        JmhJson.Result lock = results.result(Pattern.LOCKSTEP, Target.API, 1);
        String alloc = lock == null || Double.isNaN(lock.allocated())
                ? ""
                : String.format(
                        Locale.ROOT,
                        " At LOCKSTEP n=1 the API floor allocates %.0f B per operation, the physical floor none.",
                        lock.allocated());
        String factor = String.format(Locale.ROOT, "%.0fx", a.factor());
        String lead = (over.isEmpty() ? "" : "wholly over " + factor + ": " + list(over) + ". ")
                + (straddling.isEmpty() ? "" : "straddling " + factor + ": " + list(straddling) + ". ")
                + notJudged;
        return new BenchVerdict(
                a.name(),
                String.format(Locale.ROOT, "%d points judged; worst %s (%s)", points, worst, worstAt),
                everyPointOutcome(over, straddling, unsteady),
                lead + "The rest goes to the API itself, the same for every variant: an interface call,"
                        + " the handle check, the operation counter, the reply and outcome records (allocated unless"
                        + " escape analysis removes them), and the shared bookkeeping of BroadcastCore (detached and"
                        + " errored checks, the waiter and settlement lists)." + alloc);
    }

    private String notJudged(String lead, List<String> unsteady) {
        return unsteady.isEmpty()
                ? ""
                : lead + " (NOT STEADY" + (results.failedCount() == 0 ? "" : " or FAILED") + "): " + list(unsteady)
                        + ". ";
    }

    private static BenchVerdict noPoint(String target, List<String> unsteady, String notJudged) {
        return unsteady.isEmpty()
                ? new BenchVerdict(target, "not measured in this profile", Outcome.NOT_MEASURED, "")
                : new BenchVerdict(target, "no steady point", Outcome.NOT_JUDGED, notJudged.trim());
    }

    /**
     * A target over many points: not met if a steady point wholly misses it (more points cannot undo that), else
     * not judged if one is NOT STEADY (the target claims every point, and a point left out could miss it: a "met"
     * over the steady subset would flip with the subset from run to run), else undecided if one straddles it, else
     * met. Not judged comes before undecided: both give no verdict, and a point the run could not measure steadily
     * leaves the claim open whatever the steady points show (the other order flipped a verdict between two runs:
     * bench/SETTINGS.md).
     */
    private static Outcome everyPointOutcome(List<String> over, List<String> straddling, List<String> unsteady) {
        return !over.isEmpty()
                ? Outcome.NOT_MET
                : !unsteady.isEmpty() ? Outcome.NOT_JUDGED : !straddling.isEmpty() ? Outcome.UNDECIDED : Outcome.MET;
    }

    private static String list(List<String> items) {
        return String.join(", ", items.size() > 12 ? items.subList(0, 12) : items)
                + (items.size() > 12 ? ", ... (" + (items.size() - 12) + " more)" : "");
    }
}
