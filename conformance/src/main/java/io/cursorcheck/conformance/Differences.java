package io.cursorcheck.conformance;

import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Lockstep;

/** The kinds of difference between a release and the model, each with its verdict. */
public final class Differences {

    private Differences() {
    }

    /** Who is wrong about a difference. */
    public enum Verdict {
        /** The release breaks a guarantee it gives (SPEC's invariants, its own docs or tests). */
        RELEASE_BREAKS_A_GUARANTEE,
        /** An older API or semantics that later releases changed on purpose: history, not a bug of the model. */
        EARLIER_SEMANTICS,
        /** The model misreads the release: fixed in the model, with a regression example. */
        MODEL_MISREAD,
        /** Not yet decided: a person must look. */
        UNDECIDED
    }

    /** A kind of difference. */
    public enum Kind {
        /** Not matched by any rule below. */
        UNCLASSIFIED("unclassified", "a difference no rule explains yet", Verdict.UNDECIDED, null, "");

        private final String id;
        private final String title;
        private final Verdict verdict;
        private final String invariant;
        private final String explanation;

        Kind(String id, String title, Verdict verdict, String invariant, String explanation) {
            this.id = id;
            this.title = title;
            this.verdict = verdict;
            this.invariant = invariant;
            this.explanation = explanation;
        }

        /** A short stable name, used in file names. */
        public String id() {
            return id;
        }

        /** One line. */
        public String title() {
            return title;
        }

        /** Who is wrong. */
        public Verdict verdict() {
            return verdict;
        }

        /** The SPEC invariant or section at stake, or null. */
        public String invariant() {
            return invariant;
        }

        /** What happens and why this verdict. */
        public String explanation() {
            return explanation;
        }
    }

    /** Classifies a shrunk difference. */
    public static Kind classify(Hello hello, Counterexample cx, Lockstep.Run run) {
        return Kind.UNCLASSIFIED;
    }
}
