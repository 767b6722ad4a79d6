package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Violation;
import io.cursorcheck.spi.Invariant;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The first thing that went wrong in a lockstep run, and which side it is blamed on.
 *
 * @param kind      what kind of failure
 * @param step      the index of the failing operation in its script
 * @param signature what identifies this failure across scripts: the kind plus the broken
 *                  invariants, the exception type and message shape, or the divergence aspect;
 *                  shrinking keeps it, and known findings are matched by it
 * @param detail    one paragraph saying what was seen
 * @param model     the model's observation at the failing step
 * @param subject   the subject's observation at the failing step (the model's own, in a
 *                  finding against the model found while it ran alone)
 */
public record Failure(Kind kind, int step, String signature, String detail, Observation model, Observation subject) {

    /** Who is blamed. */
    public enum Kind {
        /** The model broke an invariant: a finding about the semantics (docs/spec.md, and so Node). */
        MODEL_INVARIANT("the model itself breaks an invariant (a finding about the spec)"),
        /** The model threw something the spec does not specify: a finding about the semantics. */
        MODEL_THREW("the model itself throws (a finding about the spec)"),
        /** The subject answered or ended up differently from the model. */
        DIVERGENCE("the subject diverges from the model"),
        /** The subject threw something the spec does not specify, the model did not. */
        SUBJECT_THREW("the subject throws where the model does not"),
        /** The subject agreed with the model on everything observable but broke an invariant. */
        SUBJECT_INVARIANT("the subject breaks an invariant the model keeps"),
        /**
         * The subject agreed with the model and kept every invariant, but scanned its consumers at
         * other operations than its reference implementation (a {@link ScanCheck} subject only).
         */
        SUBJECT_SCANS("the subject scans its consumers at other operations than its reference implementation");

        private final String meaning;

        Kind(String meaning) {
            this.meaning = meaning;
        }

        /** What this kind means, in words. */
        public String meaning() {
            return meaning;
        }

        /** Whether this kind is a finding against the model rather than a subject's bug. */
        public boolean againstModel() {
            return this == MODEL_INVARIANT || this == MODEL_THREW;
        }
    }

    /** The invariants broken at the failing step by the side that is blamed, empty for other kinds. */
    public List<Violation> violations() {
        return switch (kind) {
            case MODEL_INVARIANT -> model.violations();
            case SUBJECT_INVARIANT -> subject.violations();
            default -> List.of();
        };
    }

    /** The first broken invariant, or null. */
    public Invariant invariant() {
        List<Violation> v = violations();
        return v.isEmpty() ? null : v.get(0).invariant();
    }

    /** A one-line title for reports. */
    public String title() {
        return switch (kind) {
            case MODEL_INVARIANT, SUBJECT_INVARIANT ->
                (kind == Kind.MODEL_INVARIANT ? "the model" : "the subject")
                        + " breaks "
                        + violations().stream()
                                .map(v -> v.invariant().name() + " "
                                        + v.invariant().title())
                                .distinct()
                                .collect(Collectors.joining(", "));
            case MODEL_THREW -> "the model throws " + model.thrown().type();
            case SUBJECT_THREW -> "the subject throws " + subject.thrown().type();
            case DIVERGENCE ->
                "the subject diverges from the model: "
                        + (signature.startsWith("DIVERGENCE:answer")
                                ? "a different answer to "
                                : signature.startsWith("DIVERGENCE:probe")
                                        ? "a different probe after "
                                        : "a different state after ")
                        + model.op().script();
            case SUBJECT_SCANS ->
                "the subject's scan count differs from its reference's after "
                        + model.op().script();
        };
    }

    static String invariantSignature(Kind kind, List<Violation> violations) {
        return kind + ":"
                + violations.stream()
                        .map(v -> v.invariant().name())
                        .collect(Collectors.toCollection(TreeSet::new))
                        .stream()
                        .collect(Collectors.joining("+"));
    }

    static String thrownSignature(Kind kind, Observation.Thrown thrown) {
        return kind + ":" + thrown.type() + ": " + shape(thrown.message());
    }

    /** A message with its numbers replaced by N, so one kind of failure has one signature. */
    static String shape(String message) {
        return Objects.toString(message).replaceAll("\\d+", "N");
    }
}
