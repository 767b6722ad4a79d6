package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.properties.engine.Failure;
import org.junit.jupiter.api.Test;

/**
 * The grouping key of a subject's differences ({@link Causes#key}): a breach of a guarantee by its kind, any
 * other difference by what differs first, whatever the operation, so that one slip seen at a write, a read
 * and a detach is one cause; a release's earlier semantics excuse no subject, so their kinds group by the
 * signature too.
 */
class CausesTest {

    private static String key(Differences.Kind kind, Failure.Kind failure, String signature) {
        return Causes.key(kind, new Failure(failure, 0, signature, "", null, null));
    }

    private static String unclassified(String signature) {
        return key(Differences.Kind.UNCLASSIFIED, Failure.Kind.DIVERGENCE, signature);
    }

    @Test
    void aProbeGroupsByItsFieldsWhateverTheOperation() {
        assertThat(unclassified("DIVERGENCE:probe:write: canWrite true/false")).isEqualTo("probe-canwrite");
        assertThat(unclassified("DIVERGENCE:probe:detach: canWrite true/false")).isEqualTo("probe-canwrite");
        assertThat(unclassified("DIVERGENCE:probe:next: consumers fewer, canWrite true/false"))
                .isEqualTo("probe-consumers+canwrite");
        assertThat(unclassified("DIVERGENCE:probe:next: no probe")).isEqualTo("probe-missing");
    }

    @Test
    void anAnswerGroupsByWhatDiffersFirstWhateverTheOperation() {
        assertThat(unclassified("DIVERGENCE:answer:next: model DONE / subject DATA"))
                .isEqualTo("answer-outcome");
        assertThat(unclassified("DIVERGENCE:answer:next: model DATA / subject FAILED settles FAILED"))
                .isEqualTo("answer-outcome");
        assertThat(unclassified("DIVERGENCE:answer:detach: model DONE settles DRAINED / subject DONE"))
                .isEqualTo("answer-settlements");
        assertThat(unclassified("DIVERGENCE:answer:next: model DATA settles ACCEPTED,DATA / subject DATA"))
                .isEqualTo("answer-settlements");
        assertThat(unclassified("DIVERGENCE:answer:next: model DATA / subject DATA"))
                .isEqualTo("answer-values");
        assertThat(unclassified("DIVERGENCE:answer:end: model PENDING settles DATA / subject PENDING settles DATA"))
                .isEqualTo("answer-values");
    }

    @Test
    void aBreachGroupsByItsKindAndEarlierSemanticsExcuseNoSubject() {
        assertThat(key(
                        Differences.Kind.STRANDED_READ,
                        Failure.Kind.DIVERGENCE,
                        "DIVERGENCE:answer:next: model DATA / subject WAIT"))
                .isEqualTo("stranded-read");
        assertThat(key(Differences.Kind.CRASH, Failure.Kind.SUBJECT_THREW, "SUBJECT_THREW:TypeError: x"))
                .isEqualTo("crash");
        assertThat(key(
                        Differences.Kind.END_AT_ONCE,
                        Failure.Kind.DIVERGENCE,
                        "DIVERGENCE:answer:end: model PENDING / subject COMPLETED"))
                .as("an earlier semantics of a release is a subject's difference like any")
                .isEqualTo("answer-outcome");
    }

    @Test
    void otherFailuresGroupByTheirSignaturesKindAndAspectAndEveryKeyNamesAFile() {
        assertThat(key(Differences.Kind.UNCLASSIFIED, Failure.Kind.SUBJECT_INVARIANT, "SUBJECT_INVARIANT:I4+I5"))
                .isEqualTo("invariant-i4+i5");
        assertThat(unclassified("DIVERGENCE:state")).isEqualTo("divergence-state");
        assertThat(key(
                        Differences.Kind.UNCLASSIFIED,
                        Failure.Kind.DIVERGENCE,
                        "KNOWN-FINDING-DIFFERS:some-finding: rule-a, rule-b"))
                .isEqualTo("known-finding-differs-some-finding");
        for (String s : new String[] {
            "DIVERGENCE:probe:write: canWrite true/false", "DIVERGENCE:state", "KNOWN-FINDING-DIFFERS:x: y"
        }) {
            assertThat(unclassified(s)).matches("[a-z0-9+-]+");
        }
    }
}
