package io.cursorcheck.conformance;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.properties.engine.Failure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The differences of a subject that is no release ({@link Conformance.Config#release()} null), grouped by
 * cause. One slip in a program shows in many shapes (signatures: the operation and the kinds each side
 * answered), and a reader fixes causes, not shapes; so a subject's pages and console show one group per
 * cause, each by its shortest shrunk script.
 *
 * <p>The grouping key ({@link #key}), the same on the page, the console and in the pages' file names:
 * <ul>
 * <li>a difference that breaks a guarantee the outside checker names ({@link Differences.Verdict#RELEASE_BREAKS_A_GUARANTEE},
 *     a crash included): its kind, e.g. {@code stranded-read}. The guarantee is the cause.</li>
 * <li>any other difference (no rule of the outside checker names it; a release's earlier semantics excuse no
 *     subject, so their kinds count here too): the family of its failure signature, the first thing that
 *     differs, without the operation it differed at, since one slipped count shows at a write, a read and a
 *     detach alike:
 *     <ul>
 *     <li>{@code probe-<field>}: both answered alike, the probe differs in that field ({@code canwrite},
 *         {@code consumers}, or both joined by {@code +});</li>
 *     <li>{@code answer-outcome}: the operation's own outcome is of another kind ({@code DATA} against
 *         {@code FAILED});</li>
 *     <li>{@code answer-settlements}: the same outcome, but other reads, writes or drains settled with it;</li>
 *     <li>{@code answer-values}: the same kinds throughout, other values (another entry, size or reason);</li>
 *     <li>{@code invariant-<ids>}: the subject broke invariants the model kept;</li>
 *     <li>anything else: the signature's kind and aspect, e.g. {@code divergence-state}.</li>
 *     </ul></li>
 * </ul>
 * Causes are listed breaches first (a named guarantee says more than a field), then by their shortest shrunk
 * script (the quickest to read and fix), the first found among equals; within a cause the shortest shrunk
 * script comes first, again the first found among equals.
 */
public final class Causes {

    private Causes() {}

    /**
     * One cause and its shapes.
     *
     * @param key    the grouping key ({@link Causes})
     * @param title  what the cause is, in words
     * @param shapes its differences, the shortest shrunk script first
     */
    public record Cause(String key, String title, List<Conformance.Difference> shapes) {

        /** The shape that shows the cause best: the one with the shortest shrunk script. */
        public Conformance.Difference shortest() {
            return shapes.get(0);
        }

        /** The random sequences that ended in any of its shapes. */
        public long hits() {
            return shapes.stream().mapToLong(Conformance.Difference::hits).sum();
        }

        /**
         * The pages of its other shapes, each once, without the shortest's (an exact repeat of a shrunk
         * script shares the earlier shape's page); empty when the run wrote no pages.
         */
        public List<Path> otherPages() {
            Set<Path> pages = new LinkedHashSet<>();
            for (Conformance.Difference d : shapes.subList(1, shapes.size())) {
                if (d.page() != null && !d.page().equals(shortest().page())) {
                    pages.add(d.page());
                }
            }
            return List.copyOf(pages);
        }
    }

    /** The differences grouped by cause, in the order {@link Causes} gives. */
    public static List<Cause> of(List<Conformance.Difference> differences) {
        Map<String, List<Conformance.Difference>> byKey = new LinkedHashMap<>();
        for (Conformance.Difference d : differences) {
            byKey.computeIfAbsent(key(d.kind(), d.counterexample().failure()), k -> new ArrayList<>())
                    .add(d);
        }
        List<Cause> causes = new ArrayList<>();
        byKey.forEach((key, ds) -> {
            List<Conformance.Difference> sorted = new ArrayList<>(ds);
            sorted.sort(Comparator.comparingInt(
                    d -> d.counterexample().script().length())); // stable: the first found among equals
            causes.add(new Cause(key, title(sorted.get(0).kind(), key), List.copyOf(sorted)));
        });
        causes.sort(Comparator.<Cause>comparingInt(c -> breach(c.shortest().kind()) ? 0 : 1)
                .thenComparingInt(c -> c.shortest().counterexample().script().length())); // stable as well
        return List.copyOf(causes);
    }

    /** Whether a kind names a guarantee the difference breaks, which is then its cause. */
    static boolean breach(Differences.Kind kind) {
        return kind.verdict() == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE;
    }

    /**
     * The cause of one difference of a subject: its kind when that breaks a guarantee, else the family of the
     * failure's signature ({@link Causes}). Lower case, letters, digits, '+' and '-' only: it names files.
     */
    public static String key(Differences.Kind kind, Failure failure) {
        if (breach(kind)) {
            return kind.id();
        }
        String signature = failure.signature();
        if (failure.kind() == Failure.Kind.DIVERGENCE && signature.startsWith(PROBE)) {
            return "probe-" + probeFields(afterOperation(signature.substring(PROBE.length())));
        }
        if (failure.kind() == Failure.Kind.DIVERGENCE && signature.startsWith(ANSWER)) {
            String shape = afterOperation(signature.substring(ANSWER.length()));
            int slash = shape.indexOf(" / subject ");
            if (shape.startsWith("model ") && slash > 0) {
                return "answer-" + answerField(shape.substring("model ".length(), slash), shape.substring(slash + 11));
            }
        }
        if (failure.kind() == Failure.Kind.SUBJECT_INVARIANT || failure.kind() == Failure.Kind.MODEL_INVARIANT) {
            return "invariant-" + fileName(signature.substring(signature.indexOf(':') + 1));
        }
        String[] parts = signature.split(":", 3); // e.g. DIVERGENCE:state, or a prefix and a finding's name
        return fileName(parts.length > 1 ? parts[0] + "-" + parts[1] : parts[0]);
    }

    private static final String PROBE = "DIVERGENCE:probe:";
    private static final String ANSWER = "DIVERGENCE:answer:";

    /** {@code write: canWrite true/false} without {@code write: }. */
    private static String afterOperation(String s) {
        int colon = s.indexOf(": ");
        return colon < 0 ? s : s.substring(colon + 2);
    }

    /** The probe's differing fields, e.g. {@code canwrite} from {@code canWrite true/false}. */
    private static String probeFields(String shape) {
        List<String> fields = new ArrayList<>();
        for (String part : shape.split(", ")) {
            fields.add(part.equals("no probe") ? "missing" : part.split(" ")[0]);
        }
        return fileName(String.join("+", fields));
    }

    /** Which part of an answer differs first: the outcome's kind, the settlements' kinds, or only values. */
    private static String answerField(String model, String subject) {
        String[] m = model.split(" settles ", 2);
        String[] s = subject.split(" settles ", 2);
        if (!m[0].equals(s[0])) {
            return "outcome";
        }
        String ms = m.length > 1 ? m[1] : "";
        String ss = s.length > 1 ? s[1] : "";
        return ms.equals(ss) ? "values" : "settlements";
    }

    private static String fileName(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9+]+", "-").replaceAll("^-|-$", "");
    }

    /** A cause's title: its kind's for a breach, else what the signature family says. */
    static String title(Differences.Kind kind, String key) {
        if (breach(kind)) {
            return kind.title() + (kind.invariant() == null ? "" : " (" + kind.invariant() + ")");
        }
        if (key.startsWith("probe-")) {
            return "both answer alike, but the probe differs afterwards ("
                    + key.substring(6).replace("+", ", ").replace("canwrite", "canWrite") + ")";
        }
        return switch (key) {
            case "answer-outcome" -> "an operation's own outcome is of another kind than the model's";
            case "answer-settlements" ->
                "an operation answers like the model but settles other pending reads, writes or drains with it";
            case "answer-values" ->
                "an answer of the same kinds as the model's with other values (entry, size, reason)";
            default ->
                key.startsWith("invariant-")
                        ? "the subject breaks invariants the model keeps (" + key.substring(10) + ")"
                        : "the subject differs from the model (" + key + ")";
        };
    }
}
