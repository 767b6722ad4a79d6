package io.cursorcheck.conformance;

import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.engine.Json;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Judges a release at a known finding's step (a finding against the model, {@code reports/findings/}):
 * on the release's own answers there, never on the model's failure. The broken behaviour a finding
 * stands for on a release is recorded once, from a real run, in the finding's
 * {@code on-release.json} ({@link Recorded}, written by {@code bin/cursorcheck node --version V
 * --record-findings}): the breaches of the guarantees ({@link OutsideGuarantees}) the release
 * shows at the step. A release then
 * <ul>
 * <li><b>has it</b> when its breaches through the step include every recorded one (a longer script may
 *     make more of the same bug visible: a skipped entry is known only once another consumer got it);</li>
 * <li><b>does not have it</b> when it breaks no guarantee through the step;</li>
 * <li><b>differs otherwise</b> when it breaks guarantees there, but not all the recorded ones: a new shape, shrunk and
 *     classified like any difference.</li>
 * </ul>
 */
public final class FindingJudge {

    /** The file, in a finding's directory, that records its broken behaviour on a release. */
    public static final String FILE = "on-release.json";
    /** The format tag of that file. */
    static final String FORMAT = "cursorcheck-finding-on-release/1";

    private FindingJudge() {
    }

    /**
     * A finding's broken behaviour as one release showed it at the finding's step.
     *
     * @param finding  the finding's name
     * @param release  the release it was recorded on, e.g. {@code node-26.12.1}
     * @param step     the finding's step
     * @param answer   the release's answer there, in outside terms
     * @param shape    the kinds of that answer (its own outcome and the kinds it settled)
     * @param breaches the rules the outside checker found broken through the step, the broken shape
     * @param details  what each breach saw
     * @param command  the command that recorded it
     */
    public record Recorded(String finding, String release, int step, String answer, String shape,
                           Set<OutsideGuarantees.Rule> breaches, List<String> details, String command) {

        /** Reads a finding's record, or null when it has none. */
        public static Recorded read(KnownFindings.Finding f) throws IOException {
            Path file = f.directory().resolve(FILE);
            if (!Files.isRegularFile(file)) {
                return null;
            }
            Object parsed;
            try {
                parsed = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(file + ": not JSON (" + e.getMessage() + ")", e);
            }
            if (!(parsed instanceof Map<?, ?> m) || !FORMAT.equals(m.get("format"))) {
                throw new IllegalStateException(file + ": field format must be \"" + FORMAT + "\", was "
                        + (parsed instanceof Map<?, ?> o ? o.get("format") : parsed));
            }
            Set<OutsideGuarantees.Rule> rules = new TreeSet<>();
            for (Object id : list(file, m, "breaches")) {
                rules.add(java.util.Arrays.stream(OutsideGuarantees.Rule.values()).filter(r -> r.id().equals(id))
                        .findFirst().orElseThrow(() -> new IllegalStateException(file + ": field breaches names \"" + id
                                + "\", which is no rule of OutsideGuarantees")));
            }
            List<String> details = new ArrayList<>();
            list(file, m, "details").forEach(d -> details.add(String.valueOf(d)));
            return new Recorded(text(file, m, "finding"), text(file, m, "release"),
                    Math.toIntExact(whole(file, m, "step")), text(file, m, "answer"), text(file, m, "shape"), rules,
                    details, text(file, m, "command"));
        }

        /** Writes it into the finding's directory, replacing the old record only once the new one is complete. */
        public Path write(KnownFindings.Finding f) throws IOException {
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("format", FORMAT);
            j.put("finding", finding);
            j.put("release", release);
            j.put("step", (long) step);
            j.put("answer", answer);
            j.put("shape", shape);
            j.put("breaches", breaches.stream().map(OutsideGuarantees.Rule::id).toList());
            j.put("details", details);
            j.put("command", command);
            Path file = f.directory().resolve(FILE);
            Path tmp = f.directory().resolve(FILE + ".tmp");
            Files.writeString(tmp, Json.write(j), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        }

        private static List<?> list(Path file, Map<?, ?> m, String field) {
            if (!(m.get(field) instanceof List<?> l)) {
                throw new IllegalStateException(file + ": field " + field + " must be an array, was " + m.get(field));
            }
            return l;
        }

        private static String text(Path file, Map<?, ?> m, String field) {
            if (!(m.get(field) instanceof String s)) {
                throw new IllegalStateException(file + ": field " + field + " must be a string, was " + m.get(field));
            }
            return s;
        }

        private static long whole(Path file, Map<?, ?> m, String field) {
            if (!(m.get(field) instanceof Long n) || n < 0) {
                throw new IllegalStateException(file + ": field " + field + " must be a whole number >= 0, was "
                        + m.get(field));
            }
            return n;
        }
    }

    /**
     * What the release did at the finding's step in one run.
     *
     * @param judgement what it did
     * @param breaches  the breaches it showed through the step (empty unless reached)
     * @param evidence  one line saying so
     */
    public record Verdict(FindingOnRelease.Judgement judgement, List<OutsideGuarantees.Breach> breaches,
                          String evidence) {
    }

    /**
     * Judges one run that reached, or was meant to reach, a known finding's step: the finding's own
     * script replayed on the release, or a random sequence whose model failure is the finding.
     *
     * @param finding  the finding
     * @param recorded its record, or null (then only "does not have it" or "differs otherwise" can come out)
     * @param run      the lockstep run against the release
     */
    public static Verdict judge(KnownFindings.Finding finding, Recorded recorded, Lockstep.Run run) {
        if (SubjectProtocolError.ended(run)) {
            return new Verdict(FindingOnRelease.Judgement.NOT_REACHED, List.of(), "the run stopped at a protocol error");
        }
        if (!run.failed() || !run.failure().signature().equals(finding.signature())) {
            return new Verdict(FindingOnRelease.Judgement.NOT_REACHED, List.of(), run.failed()
                    ? "the release differs before the finding's step, at step " + run.failure().step() + ": "
                    + run.failure().signature() : "the model did not reach the finding");
        }
        int step = run.failure().step();
        List<OutsideGuarantees.Breach> breaches = Differences.breaches(run, step);
        String answer = OutsideView.answer(OutsideView.ordered(run.subject().get(step)));
        if (breaches.isEmpty()) {
            return new Verdict(FindingOnRelease.Judgement.DOES_NOT_HAVE_IT, breaches, "no guarantee broken through step "
                    + step + "; there the release answers " + answer);
        }
        Set<OutsideGuarantees.Rule> rules = OutsideGuarantees.rules(breaches);
        String seen = ids(rules) + " at step " + step + " (" + breaches.get(0).detail() + "); the release answers "
                + answer;
        if (recorded != null && rules.containsAll(recorded.breaches())) {
            return new Verdict(FindingOnRelease.Judgement.HAS_IT, breaches, "breaks " + seen + ", as recorded on "
                    + recorded.release());
        }
        return new Verdict(FindingOnRelease.Judgement.DIFFERS_OTHERWISE, breaches, "breaks " + seen
                + (recorded == null ? "; no broken behaviour is recorded for the finding (" + FILE + ")"
                : "; recorded on " + recorded.release() + ": " + ids(recorded.breaches())));
    }

    /** Rule ids joined, e.g. {@code stranded-read+non-spec-error}. */
    static String ids(Set<OutsideGuarantees.Rule> rules) {
        return String.join("+", rules.stream().map(OutsideGuarantees.Rule::id).toList());
    }

    /**
     * The record of a finding's broken behaviour, from its own script replayed on a release.
     *
     * @throws IllegalStateException when the release does not reach the step or breaks no guarantee there:
     *                               there is nothing broken to record
     */
    public static Recorded record(KnownFindings.Finding finding, String release, Lockstep.Run run, String command) {
        Verdict v = judge(finding, null, run);
        if (v.judgement() != FindingOnRelease.Judgement.DIFFERS_OTHERWISE) {
            throw new IllegalStateException("known finding " + finding.name() + " on " + release + ": nothing broken to"
                    + " record (" + v.judgement().words() + ": " + v.evidence() + ")");
        }
        int step = run.failure().step();
        return new Recorded(finding.name(), release, step, OutsideView.answer(OutsideView.ordered(run.subject().get(step))),
                OutsideView.shape(run.script().ops().get(step), run.model().get(step), OutsideView.ordered(
                        run.subject().get(step))).replaceFirst("^[^:]*: model .* / subject ", ""),
                OutsideGuarantees.rules(v.breaches()), v.breaches().stream().map(OutsideGuarantees.Breach::toString)
                .toList(), command);
    }
}
