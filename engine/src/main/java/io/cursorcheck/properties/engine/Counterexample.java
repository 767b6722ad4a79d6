package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Violation;
import io.cursorcheck.properties.io.Json;
import io.cursorcheck.spi.Options;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A shrunk failure as it is stored and replayed: the subject, the options, the operations, how it
 * was found, and what the model and the subject did at the failing step.
 *
 * <p>The JSON file is the source of truth for replay; every other field is there for people and
 * tools and is recomputed when the file is replayed.
 *
 * @param subject     the subject's id ({@code cached-count}, a mutant's id, ...)
 * @param script      the reported script: the shortest search's if one ran, else the shrunk one
 * @param seed        the seed of the random sequence that found it, or null
 * @param maxSteps    the sequence length bound of that random run, or 0
 * @param weights     the generator weights of that run, or null
 * @param original    the length of the script before shrinking
 * @param evaluations lockstep runs the shrink took (the shortest search's are counted in its states)
 * @param failure     the failure of the shrunk script
 * @param source      how it was found, in words, when not by a random sequence (e.g. the explorer's
 *                    scope), or null
 * @param continuedPast the signatures of the known findings the run continued past before the failure
 *                    (spec §3, "After a finding"), which replay continues past too; empty if none
 * @param minimality  what the shortest search after the shrinker did ({@link io.cursorcheck.properties.engine.shrink.ShortestSearch}), or null if
 *                    none ran (a subject that cannot be forked, the search switched off, the explorer's own)
 */
public record Counterexample(
        String subject,
        Script script,
        Long seed,
        int maxSteps,
        String weights,
        int original,
        int evaluations,
        Failure failure,
        String source,
        List<String> continuedPast,
        Minimality minimality) {

    /** Copies the list of findings continued past. */
    public Counterexample {
        continuedPast = List.copyOf(continuedPast);
    }

    /** A counterexample no shortest search ran on. */
    public Counterexample(
            String subject,
            Script script,
            Long seed,
            int maxSteps,
            String weights,
            int original,
            int evaluations,
            Failure failure,
            String source,
            List<String> continuedPast) {
        this(subject, script, seed, maxSteps, weights, original, evaluations, failure, source, continuedPast, null);
    }

    /** A counterexample found without continuing past any finding. */
    public Counterexample(
            String subject,
            Script script,
            Long seed,
            int maxSteps,
            String weights,
            int original,
            int evaluations,
            Failure failure,
            String source) {
        this(subject, script, seed, maxSteps, weights, original, evaluations, failure, source, List.of());
    }

    /** The rule its script replays under: the findings it continued past. */
    public Tolerance tolerance() {
        return Tolerance.of(continuedPast);
    }

    /** The file format's name and version. */
    public static final String FORMAT = "cursorcheck-counterexample/1";

    /**
     * A stable short name: the failure kind and a hash of the subject, options and operations; {@code shortest-}
     * first for the explorer's (a source and no seed), not for a random sequence continued past a finding.
     */
    public String slug() {
        String kind = switch (failure.kind()) {
            case MODEL_INVARIANT ->
                "model-" + failure.signature().substring(failure.signature().indexOf(':') + 1);
            case MODEL_THREW -> "model-throws";
            case DIVERGENCE -> "divergence";
            case SUBJECT_THREW -> "throws";
            case SUBJECT_INVARIANT ->
                failure.signature().substring(failure.signature().indexOf(':') + 1);
            case SUBJECT_SCANS -> "scans";
        };
        int hash = (subject + "|" + script).hashCode();
        return (source == null || seed != null ? "" : "shortest-") + kind + "-"
                + String.format("%08x", hash).substring(2);
    }

    /** The JSON document. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", FORMAT);
        m.put("subject", subject);
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("budget", script.options().budget());
        options.put("policy", script.options().policy().name());
        m.put("options", options);
        m.put("operations", script.lines());
        if (!continuedPast.isEmpty()) { // only then: a file found without continuing keeps its old form
            m.put("continuedPast", continuedPast);
        }
        Map<String, Object> found = new LinkedHashMap<>();
        found.put("seed", seed == null ? null : Long.toUnsignedString(seed));
        found.put("maxSteps", maxSteps);
        found.put("weights", weights);
        found.put("originalLength", original);
        found.put("shrinkRuns", evaluations);
        found.put("source", source);
        if (minimality != null) { // only then: a file no search ran on keeps its old form
            found.put("shortest", minimality.toJson());
        }
        m.put("foundBy", found);
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("kind", failure.kind().name());
        f.put("signature", failure.signature());
        f.put("step", failure.step());
        f.put("detail", failure.detail());
        List<Object> violations = new ArrayList<>();
        for (Violation v : failure.violations()) {
            Map<String, Object> vm = new LinkedHashMap<>();
            vm.put("invariant", v.invariant().name());
            vm.put("title", v.invariant().title());
            vm.put("detail", v.detail());
            violations.add(vm);
        }
        f.put("violations", violations);
        f.put("expected", side(failure.model()));
        f.put("actual", side(failure.subject()));
        m.put("failure", f);
        return m;
    }

    private static Map<String, Object> side(Observation o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("answer", o.answer());
        m.put("state", o.snapshot() == null ? null : o.snapshot().toString());
        return m;
    }

    /** Writes the JSON file. */
    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, Json.write(toJson()), StandardCharsets.UTF_8);
    }

    /**
     * What replay needs from a counterexample file: the subject's id, the script, and the seed
     * and bounds it was found with.
     *
     * @param subject  the subject's id
     * @param script   the operations with their options
     * @param seed     the sequence seed, or null
     * @param maxSteps the sequence bound, or 0
     * @param weights  the weights, or null
     * @param signature the recorded failure signature, or null
     * @param continuedPast the known findings the run continued past, empty if none
     */
    public record Stored(
            String subject,
            Script script,
            Long seed,
            int maxSteps,
            String weights,
            String signature,
            List<String> continuedPast) {
        /** Copies the list. */
        public Stored {
            continuedPast = List.copyOf(continuedPast);
        }

        /** A stored counterexample found without continuing past any finding. */
        public Stored(String subject, Script script, Long seed, int maxSteps, String weights, String signature) {
            this(subject, script, seed, maxSteps, weights, signature, List.of());
        }

        /** The rule its script replays under: the findings it continued past. */
        public Tolerance tolerance() {
            return Tolerance.of(continuedPast);
        }
    }

    /**
     * Reads a counterexample file, checking every field replay uses.
     *
     * @throws java.nio.file.NoSuchFileException if there is no such file
     * @throws IOException                       if it cannot be read
     * @throws IllegalArgumentException          naming the file and the field or step that is wrong:
     *                                           a directory, an empty, truncated or non-JSON file, a
     *                                           document that is not an object, a missing or mistyped
     *                                           field, a bad seed or policy, no operation, a script that
     *                                           names a consumer it never attached
     */
    public static Stored read(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(file + ": is a directory, not a counterexample file");
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalArgumentException(file + ": not UTF-8 text, so not a counterexample file", e);
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException(
                    file + ": is empty; a counterexample file is a JSON object with format " + FORMAT);
        }
        Object doc;
        try {
            doc = Json.parse(text);
        } catch (RuntimeException e) { // whatever the parser throws on bad text: truncated, not JSON at all
            String why =
                    e.getMessage() == null ? "" : ": " + e.getMessage().strip().replaceAll("\\s*\\R\\s*", " ");
            throw new IllegalArgumentException(file + ": not JSON (truncated or malformed)" + why, e);
        }
        try {
            return stored(doc);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static Stored stored(Object doc) {
        Map<?, ?> m = object(doc, null);
        if (!FORMAT.equals(m.get("format"))) {
            throw new IllegalArgumentException(
                    "field 'format' must be \"" + FORMAT + "\", was " + shown(m.get("format")));
        }
        Object subject = m.get("subject");
        if (!(subject instanceof String s) || s.isBlank()) {
            throw new IllegalArgumentException(
                    "field 'subject' must name a variant, mutant or release, was " + shown(subject));
        }
        Map<?, ?> options = object(m.get("options"), "options");
        Object budget = options.get("budget");
        if (!(budget instanceof Long b) || b < 1) {
            throw new IllegalArgumentException(
                    "field 'options.budget' must be a whole number >= 1, was " + shown(budget));
        }
        Object policy = options.get("policy");
        if (!(policy instanceof String p)) {
            throw new IllegalArgumentException("field 'options.policy' must be a policy name, was " + shown(policy));
        }
        Options parsed;
        try {
            parsed = Options.of(b, Script.policy(p));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("field 'options.policy': " + e.getMessage(), e);
        }
        Object operations = m.get("operations");
        if (!(operations instanceof List<?> lines) || lines.stream().anyMatch(l -> !(l instanceof String))) {
            throw new IllegalArgumentException(
                    "field 'operations' must be a list of operation lines (strings), was " + shown(operations));
        }
        if (lines.isEmpty()) { // a failure happens at an operation: a replay of none would pass having run nothing
            throw new IllegalArgumentException("field 'operations' is empty; a counterexample fails at one of its"
                    + " operations, so it has at least one");
        }
        Script script =
                Script.parse(parsed, lines.stream().map(String.class::cast).toList());
        Map<?, ?> found = m.get("foundBy") == null ? Map.of() : object(m.get("foundBy"), "foundBy");
        Map<?, ?> failure = m.get("failure") == null ? Map.of() : object(m.get("failure"), "failure");
        return new Stored(
                s,
                script,
                seed(found.get("seed")),
                maxSteps(found.get("maxSteps")),
                string(found.get("weights"), "foundBy.weights"),
                string(failure.get("signature"), "failure.signature"),
                continuedPast(m.get("continuedPast")));
    }

    private static List<String> continuedPast(Object value) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list) || list.stream().anyMatch(l -> !(l instanceof String))) {
            throw new IllegalArgumentException(
                    "field 'continuedPast' must be a list of finding signatures (strings)," + " was " + shown(value));
        }
        List<String> signatures = list.stream().map(String.class::cast).toList();
        try {
            Tolerance.of(signatures);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("field 'continuedPast': " + e.getMessage(), e);
        }
        return signatures;
    }

    private static Map<?, ?> object(Object value, String field) {
        if (value instanceof Map<?, ?> map) {
            return map;
        }
        if (field == null) {
            throw new IllegalArgumentException("a counterexample file is a JSON object with format " + FORMAT
                    + ", this one holds " + (value instanceof List ? "an array" : shown(value)));
        }
        throw new IllegalArgumentException(
                "field '" + field + "' must be an object, was " + (value == null ? "missing" : shown(value)));
    }

    private static Long seed(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return value instanceof Long l ? l : Long.parseUnsignedLong(String.valueOf(value));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "field 'foundBy.seed' must be an unsigned 64-bit number, was " + shown(value), e);
        }
    }

    private static int maxSteps(Object value) {
        if (value == null) {
            return 0;
        }
        if (!(value instanceof Long n) || n < 0 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("field 'foundBy.maxSteps' must be a whole number from 0 to "
                    + Integer.MAX_VALUE + ", was " + shown(value));
        }
        return n.intValue();
    }

    private static String string(Object value, String field) {
        if (value != null && !(value instanceof String)) {
            throw new IllegalArgumentException("field '" + field + "' must be a string, was " + shown(value));
        }
        return (String) value;
    }

    /** A value as the file has it, briefly: strings quoted, long ones cut. */
    private static String shown(Object value) {
        String s = value instanceof String str
                ? "\"" + str + "\""
                : value instanceof Map ? "an object" : value instanceof List ? "a list" : String.valueOf(value);
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
