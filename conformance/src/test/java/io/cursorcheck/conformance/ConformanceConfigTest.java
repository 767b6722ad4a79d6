package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.Release;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The conformance library refuses a bad configuration itself, naming the field and its value (the
 * command line checks its options the same way), and a run without a time limit runs: its deadline
 * saturates instead of wrapping into the past, where it ran no sequence and reported "conforms".
 */
class ConformanceConfigTest {

    private static final Release LABEL = new Release("node", "0.0.1");
    private static final PrintStream LOG = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void aConfigNamesTheFieldAndItsValue() {
        assertThatThrownBy(() -> new Conformance.Config(LABEL, 1, -1, 1, 60, null, LOG))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("conformance: millis must be >= 0, was -1");
        assertThatThrownBy(() -> new Conformance.Config(LABEL, 1, 1_000, -5, 60, null, LOG))
                .hasMessage("conformance: sequences must be >= 0, was -5");
        assertThatThrownBy(() -> new Conformance.Config(LABEL, 1, 1_000, 1, 0, null, LOG))
                .hasMessage("conformance: maxSteps must be >= 1, was 0");
        // No release is a subject given by its command (ProgramSubject); only installing one needs a release.
        assertThat(new Conformance.Config(null, 1, 1_000, 1, 60, null, LOG).release())
                .isNull();
        assertThatThrownBy(() -> Conformance.run(new Conformance.Config(null, 1, 1_000, 1, 60, null, LOG)))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("conformance: release must be given to install one, was null");
        assertThatThrownBy(() -> new Conformance.Config(LABEL, 1, 1_000, 1, 60, null, null))
                .hasMessage("conformance: log must be given, was null");
        // the control: the bounds themselves are accepted (no time, or none but the sequences)
        assertThat(new Conformance.Config(LABEL, 1, 0, 0, 1, null, LOG).millis())
                .isZero();
        assertThat(new Conformance.Config(LABEL, 1, Long.MAX_VALUE, Long.MAX_VALUE, 1, null, LOG).millis())
                .isEqualTo(Long.MAX_VALUE);
    }

    /** {@code millis = Long.MAX_VALUE} means no time limit: the sequences asked for all run. */
    @Test
    void aRunWithoutATimeLimitRunsEverySequenceAskedFor() throws Exception {
        try (ExternalSubject broken = new ExternalSubject("fake", FakeSubject.command("--always", "garbage"), 1_500)) {
            Conformance.Result r =
                    Conformance.run(new Conformance.Config(LABEL, 7, Long.MAX_VALUE, 2, 20, null, LOG), broken, null);
            assertThat(r.sequences())
                    .as("the deadline did not wrap into the past")
                    .isEqualTo(2);
        }
    }
}
