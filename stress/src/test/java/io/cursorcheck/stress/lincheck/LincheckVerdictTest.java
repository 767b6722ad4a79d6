package io.cursorcheck.stress.lincheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.stress.lincheck.CheckOutcome.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Lincheck gate's grading, on made-up checks (the real ones run in {@link LincheckTest}): only
 * a real variant that passed and a twin that was caught are as expected; an error fails the gate
 * for either; and what a check's JVM writes reads back whole, or as an error when it is not whole.
 */
class LincheckVerdictTest {

    private static final CheckOutcome CAUGHT =
            new CheckOutcome(Status.CAUGHT, "not linearizable", "= Invalid execution results =");

    private static LincheckRun.Check check(String subject, boolean twin, CheckOutcome outcome) {
        return new LincheckRun.Check(subject, LincheckRun.Strategy.MODEL_CHECKING, twin, "settings", 1, outcome);
    }

    @Test
    void passesOnlyWhenRealVariantsPassAndTwinsAreCaught() {
        LincheckRun.Check real = check("Published", false, CheckOutcome.passed());
        LincheckRun.Check twin = check("split-last-read", true, CAUGHT);
        assertThat(LincheckVerdict.of(List.of(real, twin)).passed()).isTrue();
        assertThat(LincheckVerdict.of(List.of()).passed())
                .as("no check proves nothing")
                .isFalse();

        LincheckVerdict uncaught =
                LincheckVerdict.of(List.of(real, check("split-last-read", true, CheckOutcome.passed())));
        assertThat(uncaught.passed()).isFalse();
        assertThat(uncaught.problems()).singleElement().asString().contains("NOT caught");

        LincheckVerdict bug = LincheckVerdict.of(List.of(check("Published", false, CAUGHT), twin));
        assertThat(bug.notLinearizable()).hasSize(1);
        assertThat(bug.problems()).singleElement().asString().contains("NOT linearizable");
    }

    @Test
    void anErrorFailsTheGateForATwinAsForARealVariant() {
        CheckOutcome crashed = CheckOutcome.error("the check's JVM exited (code 1) without a result", "Error: ...");
        LincheckRun.Check brokenTwin = check("split-last-read", true, crashed);
        LincheckVerdict v = LincheckVerdict.of(List.of(check("Published", false, CheckOutcome.passed()), brokenTwin));
        assertThat(v.passed()).isFalse();
        assertThat(v.errors()).containsExactly(brokenTwin);
        assertThat(brokenTwin.asExpected()).isFalse();
        assertThat(brokenTwin.verdict()).contains("ERROR").doesNotContain("caught");
        assertThat(LincheckVerdict.of(List.of(check("Published", false, crashed)))
                        .passed())
                .isFalse();
    }

    @Test
    void aHangIsAnErrorLabelledAsSuch() {
        CheckOutcome hung =
                CheckOutcome.error(CheckOutcome.HUNG + ": Lincheck reports that the execution has hung", "");
        LincheckRun.Check c = check("Published", false, hung);
        assertThat(hung.hung()).isTrue();
        assertThat(c.verdict()).contains("hung").doesNotContain("linearizable");
        assertThat(LincheckVerdict.of(List.of(c)).problems())
                .singleElement()
                .asString()
                .contains("ERROR, HUNG");
        assertThat(CheckOutcome.error("setup error", "").hung()).isFalse();
    }

    @Test
    void theResultFileReadsBackWholeOrAsAnError() {
        CheckOutcome back = CheckOutcome.parse(List.of(CAUGHT.serialize().split("\n", -1)));
        assertThat(back).isEqualTo(CAUGHT);
        assertThat(CheckOutcome.parse(List.of("CAUGHT")).status()).isEqualTo(Status.ERROR);
        assertThat(CheckOutcome.parse(List.of()).status()).isEqualTo(Status.ERROR);
        assertThat(CheckOutcome.parse(List.of("failed", "x")).status())
                .as("the old format is no verdict")
                .isEqualTo(Status.ERROR);
        assertThatThrownBy(() -> new CheckOutcome(Status.PASSED, "two\nlines", ""))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
