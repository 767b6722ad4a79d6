package io.cursorcheck.conformance;

/**
 * What a release does where a known finding against the model (reports/findings/) strikes: judged
 * on the release's own answers at the finding's step, never on the model's failure.
 *
 * @param finding   the finding's name (its directory under {@code reports/findings/})
 * @param judgement what the release does there
 * @param evidence  one line: the release's answer at the step, or why it was not reached
 */
public record FindingOnRelease(String finding, Judgement judgement, String evidence) {

    /** What a release does at a known finding's step. */
    public enum Judgement {
        /** It answers as the finding records the broken behaviour. */
        HAS_IT("has it"),
        /** It answers as the guarantee says. */
        DOES_NOT_HAVE_IT("does not have it"),
        /** It answers neither way: a new shape, shrunk and classified as a difference. */
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
        if (finding == null || judgement == null || evidence == null) {
            throw new IllegalArgumentException("a finding on a release needs its name, judgement and evidence");
        }
    }
}
