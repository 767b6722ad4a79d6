package io.cursorcheck.conformance.judge;

import io.cursorcheck.conformance.protocol.SubjectProtocolError;
import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.Session;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.io.Json;
import io.cursorcheck.spi.Algorithm;
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
 * on the release's own answers there, never on the model's failure alone. The steps before agree with the
 * model in outside terms (else the finding is not reached), so at the step the question is whether the
 * release does what the model does there, the model being the algorithm that breaks the invariant:
 * <ul>
 * <li><b>has it</b> when it answers there as the model does, in outside terms ({@link OutsideView}: the
 *     answer with its settlements, and the probe), whether or not the outside checker
 *     ({@link OutsideGuarantees}) can see the breach in that trace: its rules are off where they could
 *     not be sound (a stranded read after {@code end}, {@code fail} or {@code cancel}, under DROP_OLDEST,
 *     for batched deliveries, ...), and a release that does what the broken algorithm does has the
 *     finding whatever the checker sees;</li>
 * <li><b>does not have it</b> only when it answers otherwise than the model there <em>and</em> breaks no
 *     guarantee through the step;</li>
 * <li>when it answers otherwise and breaks a guarantee, the finding's broken behaviour as recorded once,
 *     from a real run, in the finding's {@code on-release.json} ({@link Recorded}, written by
 *     {@code bin/cursorcheck node --version V --record-findings}) decides: <b>has it</b> when its breaches
 *     through the step include every recorded one (a longer script may make more of the same bug visible:
 *     a skipped entry is known only once another consumer got it), else <b>differs otherwise</b>: a new
 *     shape, shrunk and classified like any difference (its reproduction shows it, since the release
 *     differs from the model there).</li>
 * </ul>
 * Where the model <em>threw</em> at the step ({@code MODEL_THREW}, e.g. reentrant-end-settles-read-twice)
 * there is no model answer to compare with, so only the recorded breaches decide: <b>does not have it</b>
 * when the release breaks no guarantee through the step, <b>has it</b> when its breaches include every
 * recorded one, else <b>differs otherwise</b>.
 */
public final class FindingJudge {

    /** The file, in a finding's directory, that records its broken behaviour on a release. */
    public static final String FILE = "on-release.json";
    /** The format tag of that file. */
    static final String FORMAT = "cursorcheck-finding-on-release/1";

    private FindingJudge() {}

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
    public record Recorded(
            String finding,
            String release,
            int step,
            String answer,
            String shape,
            Set<OutsideGuarantees.Rule> breaches,
            List<String> details,
            String command) {

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
                rules.add(java.util.Arrays.stream(OutsideGuarantees.Rule.values())
                        .filter(r -> r.id().equals(id))
                        .findFirst()
                        .orElseThrow(() -> new IllegalStateException(file + ": field breaches names \"" + id
                                + "\", which is no rule of OutsideGuarantees")));
            }
            List<String> details = new ArrayList<>();
            list(file, m, "details").forEach(d -> details.add(String.valueOf(d)));
            return new Recorded(
                    text(file, m, "finding"),
                    text(file, m, "release"),
                    Math.toIntExact(whole(file, m, "step")),
                    text(file, m, "answer"),
                    text(file, m, "shape"),
                    rules,
                    details,
                    text(file, m, "command"));
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
                throw new IllegalStateException(
                        file + ": field " + field + " must be a whole number >= 0, was " + m.get(field));
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
    public record Verdict(
            FindingOnRelease.Judgement judgement, List<OutsideGuarantees.Breach> breaches, String evidence) {}

    /**
     * Judges one run that reached, or was meant to reach, a known finding's step: the finding's own
     * script replayed on the release, or a random sequence whose model failure is the finding. The
     * rules are those of the class javadoc.
     *
     * @param finding  the finding
     * @param recorded its record, or null (then a release that differs from the model and breaks a guarantee
     *                 "differs otherwise", and where the model threw nothing can be "has it")
     * @param run      the lockstep run against the release
     */
    public static Verdict judge(KnownFindings.Finding finding, Recorded recorded, Lockstep.Run run) {
        return judge(finding, recorded, run, Algorithm.AS_RELEASED);
    }

    /**
     * As {@link #judge(KnownFindings.Finding, Recorded, Lockstep.Run)}, for a run whose reference was the model
     * of {@code algorithm} ({@link Variant#referenceFor}): the model's answer at the step is that model's.
     */
    public static Verdict judge(
            KnownFindings.Finding finding, Recorded recorded, Lockstep.Run run, Algorithm algorithm) {
        if (SubjectProtocolError.ended(run)) {
            return new Verdict(
                    FindingOnRelease.Judgement.NOT_REACHED, List.of(), "the run stopped at a protocol error");
        }
        if (!run.failed() || !run.failure().signature().equals(finding.signature())) {
            return new Verdict(
                    FindingOnRelease.Judgement.NOT_REACHED,
                    List.of(),
                    run.failed()
                            ? "the release differs before the finding's step, at step "
                                    + run.failure().step() + ": "
                                    + run.failure().signature()
                            : "the model did not reach the finding");
        }
        int step = run.failure().step();
        List<OutsideGuarantees.Breach> breaches = Differences.breaches(run, step);
        Set<OutsideGuarantees.Rule> rules = OutsideGuarantees.rules(breaches);
        Observation s = run.subject().get(step);
        String answer = OutsideView.answer(OutsideView.ordered(s)) + " (probe " + s.probe() + ")";
        String visible = breaches.isEmpty()
                ? "no guarantee is seen broken from outside through the step"
                : "breaks " + ids(rules) + " (" + breaches.get(0).detail() + ")";
        Observation model = modelSeen(run, step, algorithm);
        String broken =
                run.failure().signature().substring(run.failure().signature().indexOf(':') + 1);
        if (model != null) {
            if (sameAnswer(run, step, model)) {
                return new Verdict(
                        FindingOnRelease.Judgement.HAS_IT,
                        breaches,
                        "at step " + step + " the release" + " answers as the model, which breaks " + broken
                                + " there: " + answer + "; " + visible);
            }
            if (breaches.isEmpty()) {
                return new Verdict(
                        FindingOnRelease.Judgement.DOES_NOT_HAVE_IT,
                        breaches,
                        "at step " + step
                                + " the release answers " + answer + " where the model, which breaks " + broken
                                + " there,"
                                + " answers " + OutsideView.answer(model) + " (probe " + modelProbe(run, step)
                                + "), and it"
                                + " breaks no guarantee through the step");
            }
        } else if (breaches.isEmpty()) {
            return new Verdict(
                    FindingOnRelease.Judgement.DOES_NOT_HAVE_IT,
                    breaches,
                    "no guarantee broken through step "
                            + step
                            + " (the model throws there, so it gives no answer to compare with); there the release"
                            + " answers " + answer);
        }
        String seen = ids(rules) + " at step " + step + " (" + breaches.get(0).detail() + "); the release answers "
                + answer + (model == null ? "" : ", not as the model");
        if (recorded != null && rules.containsAll(recorded.breaches())) {
            return new Verdict(
                    FindingOnRelease.Judgement.HAS_IT,
                    breaches,
                    "breaks " + seen + ", as recorded on " + recorded.release());
        }
        return new Verdict(
                FindingOnRelease.Judgement.DIFFERS_OTHERWISE,
                breaches,
                "breaks " + seen
                        + (recorded == null
                                ? "; no broken behaviour is recorded for the finding (" + FILE + ")"
                                : "; recorded on " + recorded.release() + ": " + ids(recorded.breaches())));
    }

    /**
     * The model's answer at the finding's step as the outside sees it (entries named by their write,
     * settlements in operation order), or null when the model gives none there: it threw.
     */
    private static Observation modelSeen(Lockstep.Run run, int step, Algorithm algorithm) {
        Observation m = run.model().get(step);
        if (run.failure().kind() == Failure.Kind.MODEL_THREW || m.thrown() != null || m.snapshot() == null) {
            return null;
        }
        // The model after operations 0..step names the entries it delivered by the write that stored them; it
        // is deterministic, so the replay is the run's model.
        Session replay =
                new Session(Variant.referenceFor(algorithm), run.script().options());
        for (int i = 0; i <= step; i++) {
            replay.apply(run.script().ops().get(i));
        }
        return OutsideView.ordered(OutsideView.of((ScanningModel) replay.broadcast(), m));
    }

    /** The probe the model's state gives after the step. */
    private static Probe modelProbe(Lockstep.Run run, int step) {
        return Probe.of(run.model().get(step).snapshot(), run.script().options());
    }

    /** Whether the release answers at the step as the model, in outside terms: the answer and the probe. */
    private static boolean sameAnswer(Lockstep.Run run, int step, Observation model) {
        Observation s = run.subject().get(step);
        return model.sameAnswer(OutsideView.ordered(s)) && modelProbe(run, step).equals(s.probe());
    }

    /** Rule ids joined, e.g. {@code stranded-read+non-spec-error}. */
    public static String ids(Set<OutsideGuarantees.Rule> rules) {
        return String.join("+", rules.stream().map(OutsideGuarantees.Rule::id).toList());
    }

    /**
     * The record of a finding's broken behaviour, from its own script replayed on a release: the guarantees
     * the release breaks through the finding's step, and its answer there.
     *
     * @throws IllegalStateException when the release does not reach the step or breaks no guarantee through it:
     *                               there is nothing broken to record
     */
    public static Recorded record(KnownFindings.Finding finding, String release, Lockstep.Run run, String command) {
        Verdict v = judge(finding, null, run);
        if (v.judgement() == FindingOnRelease.Judgement.NOT_REACHED
                || v.breaches().isEmpty()) {
            throw new IllegalStateException("known finding " + finding.name() + " on " + release + ": nothing broken to"
                    + " record (" + v.judgement().words() + ": " + v.evidence() + ")");
        }
        int step = run.failure().step();
        return new Recorded(
                finding.name(),
                release,
                step,
                OutsideView.answer(OutsideView.ordered(run.subject().get(step))),
                OutsideView.shape(
                                run.script().ops().get(step),
                                run.model().get(step),
                                OutsideView.ordered(run.subject().get(step)))
                        .replaceFirst("^[^:]*: model .* / subject ", ""),
                OutsideGuarantees.rules(v.breaches()),
                v.breaches().stream().map(OutsideGuarantees.Breach::toString).toList(),
                command);
    }
}
