package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.pages.Reproduction;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Algorithm;
import org.junit.jupiter.api.Test;

/**
 * The model answers a reproduction prints are those of the run's reference: on a script where the
 * corrected model (spec §8) answers otherwise than the as-released one, a corrected run's reproduction
 * shows the corrected model's answer, with the entries named by their writes.
 */
class ReferenceModelTest {

    /** A flush caused by a detach whose trim signals drain inside it (found by SubjectComparisonTest). */
    private static final Script SCRIPT = Script.parse(
            Script.parseOptions("budget=4, policy=UNBOUNDED"),
            "c0 = attach()\nwriteSync(8)\nwriteSync(0)\nc1 = attach()\nnext(c0)\nnext(c0)\nnext(c0)\nwrite(5)\n"
                    + "write(1)\ndetach(c1)");

    @Test
    void aCorrectedRunsAnswersAreTheCorrectedModels() {
        Lockstep.Run corrected = Lockstep.run(Variant.MODEL_CORRECTED, SCRIPT);
        Lockstep.Run released = Lockstep.run(Variant.MODEL, SCRIPT);
        int last = SCRIPT.length() - 1;
        String answer = Reproduction.modelAnswer(corrected, last, Algorithm.CORRECTED);
        System.out.println("corrected: " + answer + "\nas released: " + Reproduction.modelAnswer(released, last));
        assertThat(answer)
                .isEqualTo("DONE, settles #5 -> DATA(#7, 5B), settles #6 -> DATA(#8, 1B), settles #7 ->"
                        + " ACCEPTED, settles #8 -> ACCEPTED");
        assertThat(Reproduction.modelAnswer(released, last))
                .as("the as-released model answers otherwise there")
                .isEqualTo("DONE, settles #5 -> DATA(#7, 5B), settles #7 -> ACCEPTED, settles #8 -> ACCEPTED");
    }
}
