package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Violation;
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
 * @param script      the shrunk script
 * @param seed        the seed of the random sequence that found it, or null
 * @param maxSteps    the sequence length bound of that random run, or 0
 * @param weights     the generator weights of that run, or null
 * @param original    the length of the script before shrinking
 * @param evaluations lockstep runs the shrink took
 * @param failure     the failure of the shrunk script
 * @param source      how it was found, in words, when not by a random sequence (e.g. the explorer's
 *                    scope), or null
 */
public record Counterexample(String subject, Script script, Long seed, int maxSteps, String weights, int original,
                             int evaluations, Failure failure, String source) {

    /** The file format's name and version. */
    public static final String FORMAT = "cursorcheck-counterexample/1";

    /** A stable short name: the failure kind and a hash of the subject, options and operations. */
    public String slug() {
        String kind = switch (failure.kind()) {
            case MODEL_INVARIANT -> "model-" + failure.signature().substring(failure.signature().indexOf(':') + 1);
            case MODEL_THREW -> "model-throws";
            case DIVERGENCE -> "divergence";
            case SUBJECT_THREW -> "throws";
            case SUBJECT_INVARIANT -> failure.signature().substring(failure.signature().indexOf(':') + 1);
            case SUBJECT_SCANS -> "scans";
        };
        int hash = (subject + "|" + script).hashCode();
        return (source == null ? "" : "shortest-") + kind + "-" + String.format("%08x", hash).substring(2);
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
        Map<String, Object> found = new LinkedHashMap<>();
        found.put("seed", seed == null ? null : Long.toUnsignedString(seed));
        found.put("maxSteps", maxSteps);
        found.put("weights", weights);
        found.put("originalLength", original);
        found.put("shrinkRuns", evaluations);
        found.put("source", source);
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
     */
    public record Stored(String subject, Script script, Long seed, int maxSteps, String weights, String signature) {
    }

    /**
     * Reads a counterexample file.
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    @SuppressWarnings("unchecked")
    public static Stored read(Path file) throws IOException {
        Object doc = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        try {
            Map<String, Object> m = (Map<String, Object>) doc;
            if (!FORMAT.equals(m.get("format"))) {
                throw new IllegalArgumentException("format is " + m.get("format") + ", expected " + FORMAT);
            }
            Map<String, Object> options = (Map<String, Object>) m.get("options");
            Script script = Script.parse(Script.parseOptions("budget=" + options.get("budget") + ", policy="
                    + options.get("policy")), (List<String>) m.get("operations"));
            Map<String, Object> found = (Map<String, Object>) m.getOrDefault("foundBy", Map.of());
            Object seed = found.get("seed");
            Object maxSteps = found.get("maxSteps");
            Map<String, Object> failure = (Map<String, Object>) m.getOrDefault("failure", Map.of());
            return new Stored((String) m.get("subject"), script,
                    seed == null ? null : Long.parseUnsignedLong(seed.toString()),
                    maxSteps == null ? 0 : ((Number) maxSteps).intValue(), (String) found.get("weights"),
                    (String) failure.get("signature"));
        } catch (ClassCastException | NullPointerException e) {
            throw new IllegalArgumentException(file + " is not a counterexample file: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }
}
