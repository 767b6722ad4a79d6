package io.cursorcheck.bench;

/**
 * One target of the benchmark table ({@link BenchTargets}), judged on one run's numbers by {@link BenchJudge}.
 *
 * @param target  the target as the page states it
 * @param measured the numbers it was judged on, or why there are none
 * @param outcome met, not met, undecided, not judged or not measured
 * @param why     why the outcome is what it is
 */
public record BenchVerdict(String target, String measured, Outcome outcome, String why) {

    /** How a row kept for the record, not a target, begins: a definition replaced because it cannot test its claim. */
    public static final String FOR_THE_RECORD = "for the record, the old definition: ";

    /** Whether this row is kept for the record only ({@link #FOR_THE_RECORD}): it counts as no target. */
    public boolean forTheRecord() {
        return target.startsWith(FOR_THE_RECORD);
    }

    /** A target's verdict: met and not met only when the whole spread agrees ({@link RatioInterval}). */
    public enum Outcome {
        /** The whole interval of every ratio judged clears the target. */
        MET("met"),
        /** The whole interval of a ratio judged misses the target. */
        NOT_MET("**not met**"),
        /** An interval straddles the target: this run cannot tell. */
        UNDECIDED("undecided"),
        /** Measured, but a result it needs is NOT STEADY ({@link SteadyState}): kept out of the verdict. */
        NOT_JUDGED("not judged"),
        /** The profile did not run what the target needs. */
        NOT_MEASURED("not measured");

        private final String shown;

        Outcome(String shown) {
            this.shown = shown;
        }

        /** How the page shows it. */
        public String shown() {
            return shown;
        }
    }
}
