package io.cursorcheck.conformance.judge;

/**
 * What a release does where a known finding against the model (reports/findings/) strikes: judged
 * on the release's own answers at the finding's step, compared with the model's there ({@link FindingJudge}).
 *
 * @param finding   the finding's name (its directory under {@code reports/findings/})
 * @param judgement what the release does there
 * @param evidence  one line: the release's answer at the step, or why it was not reached
 * @param sequences random sequences whose model failure was this finding, by what the release did at its step
 * @param recordedOn the release the finding's broken behaviour was recorded on ({@code on-release.json}), or ""
 */
public record FindingOnRelease(
        String finding,
        Judgement judgement,
        String evidence,
        java.util.Map<Judgement, Long> sequences,
        String recordedOn) {

    /** A judgement with no random sequence counted and no record. */
    public FindingOnRelease(String finding, Judgement judgement, String evidence) {
        this(finding, judgement, evidence, java.util.Map.of(), "");
    }

    /** Random sequences that hit the finding, whatever the release did there. */
    public long hits() {
        return sequences.values().stream().mapToLong(Long::longValue).sum();
    }

    /** What a release does at a known finding's step. */
    public enum Judgement {
        /**
         * It answers at the step as the model does (the broken algorithm), or, answering otherwise or where the
         * model threw, breaks every guarantee recorded for the finding ({@link FindingJudge}).
         */
        HAS_IT("has it"),
        /** It answers otherwise than the model at the step and breaks no guarantee through it. */
        DOES_NOT_HAVE_IT("does not have it"),
        /**
         * It answers otherwise than the model and breaks guarantees, but not every recorded one: a new shape,
         * shrunk and classified as a difference.
         */
        DIFFERS_OTHERWISE("differs otherwise"),
        /** The release never got to the finding's step (it differed before, or broke the protocol). */
        NOT_REACHED("not reached");

        private final String words;

        Judgement(String words) {
            this.words = words;
        }

        /** How a page says it. */
        public String words() {
            return words;
        }
    }

    /** Checks the fields. */
    public FindingOnRelease {
        if (finding == null || judgement == null || evidence == null || sequences == null || recordedOn == null) {
            throw new IllegalArgumentException("a finding on a release needs its name, judgement, evidence and counts");
        }
        sequences = java.util.Map.copyOf(sequences);
    }
}
