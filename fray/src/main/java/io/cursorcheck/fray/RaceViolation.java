package io.cursorcheck.fray;

/**
 * A run ended with an outcome its race forbids: the check failed for the right reason (an
 * AssertionError, so JUnit and Fray report it as a failed assertion, not as a crash).
 */
public final class RaceViolation extends AssertionError {

    private static final long serialVersionUID = 1L;

    /** The forbidden outcome. */
    private final String outcome;

    /** A violation of {@code race} by {@code subject} with {@code outcome}. */
    public RaceViolation(Race race, String subject, String outcome) {
        super(race.shortName() + " on " + subject + ": forbidden outcome [" + outcome + "]; allowed " + race.allowed()
                + " (" + race.hypothesis() + ")");
        this.outcome = outcome;
    }

    /** The forbidden outcome, e.g. {@code e0/5, e0/5, I5}. */
    public String outcome() {
        return outcome;
    }
}
