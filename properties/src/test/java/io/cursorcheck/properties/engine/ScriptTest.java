package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.Op;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptTest {

    @Test
    void everyOperationPrintsAndParsesBack() {
        List<Op> ops = List.of(
                new Op.Attach(),
                new Op.Next(0),
                new Op.Next(Op.FOREIGN),
                new Op.Next(Op.NULL),
                new Op.Detach(0),
                new Op.WriteSync(0),
                new Op.Write(-1),
                new Op.End(),
                new Op.Fail("e1"),
                new Op.Fail(null),
                new Op.Fail(0),
                new Op.Cancel(false, null),
                new Op.Cancel(true, null),
                new Op.Cancel(true, 0),
                new Op.Cancel(true, "r"),
                new Op.WritevSync(List.of(1, 2)),
                new Op.Writev(List.of()),
                new Op.Writev(List.of(3, -1)),
                new Op.EndSync(),
                new Op.Drain(),
                new Op.Abort(6),
                new Op.Abort(-1),
                new Op.Spoil(5),
                new Op.Spoil(99));
        Script s = new Script(Options.of(3, Policy.DROP_OLDEST), ops);
        assertThat(Script.parse(s.options(), s.lines())).isEqualTo(s);
        assertThat(Script.parse(Script.parseOptions(s.options().toString()), s.toString()))
                .isEqualTo(s);
    }

    @Test
    void badLinesAreRejectedNamingTheLine() {
        assertThatThrownBy(() -> Script.parseOp("next(x1)")).hasMessageContaining("x1");
        assertThatThrownBy(() -> Script.parseOp("write(two)")).hasMessageContaining("write(two)");
        assertThatThrownBy(() -> Script.parseOp("attach(1)")).hasMessageContaining("attach(1)");
        assertThatThrownBy(() -> Script.parseOp("launch()")).hasMessageContaining("launch");
        assertThatThrownBy(() -> Script.parseOp("abort(3)"))
                .hasMessageContaining("#N")
                .hasMessageContaining("'3'");
        assertThatThrownBy(() -> Script.parseOp("spoil(#x)")).hasMessageContaining("spoil(#x)");
        assertThatThrownBy(() -> Script.parseOp("writev(1,,2)")).hasMessageContaining("writev(1,,2)");
        assertThatThrownBy(() -> Script.parseOp("endSync(1)")).hasMessageContaining("endSync(1)");
        assertThatThrownBy(() -> Script.parseOptions("budget=0, policy=STRICT")).hasMessageContaining("budget");
    }

    private static Script script(String text) {
        return Script.parse(Options.of(2, Policy.STRICT), text);
    }

    @Test
    void removingAStepRenumbersTheOperationsLaterStepsName() {
        Script s = script("c0 = attach()\nwriteSync(2)\nwrite(1)\nwrite(2)\nabort(#3)\nspoil(#1)\nabort(#2)");
        // Step 1 goes: write(1) was #2 and is #1, write(2) was #3 and is #2; spoil(#1) named the removed step: gone.
        assertThat(s.without(List.of(1)).lines())
                .containsExactly("c0 = attach()", "write(1)", "write(2)", "abort(#2)", "abort(#1)");
        // Step 2 goes: the abort of it goes too, the others keep their operations.
        assertThat(s.without(List.of(2)).lines())
                .containsExactly("c0 = attach()", "writeSync(2)", "write(2)", "abort(#2)", "spoil(#1)");
        // Removing the attach removes nothing an abort names; numbers still move down by one.
        assertThat(s.without(List.of(0)).lines())
                .containsExactly("writeSync(2)", "write(1)", "write(2)", "abort(#2)", "spoil(#0)", "abort(#1)");
    }

    @Test
    void aStepRemovedWithItsConsumerRenumbersToo() {
        Script s = script("c0 = attach()\nc1 = attach()\nnext(c0)\nwrite(1)\nnext(c1)\nwrite(1)\nabort(#5)\nspoil(#3)");
        // Removing c0's attach removes next(c0) as well: two steps before the writes.
        assertThat(s.without(List.of(0)).lines())
                .containsExactly("c0 = attach()", "write(1)", "next(c0)", "write(1)", "abort(#3)", "spoil(#1)");
    }

    @Test
    void anOperationNamedByAStepRemovedThroughAnEarlierRemovalCascades() {
        // spoil(#2) names abort(#1), which goes with write(1): the spoil goes too rather than name another step.
        Script s = script("c0 = attach()\nwrite(1)\nabort(#1)\nspoil(#2)\ndrain()");
        assertThat(s.without(List.of(1)).lines()).containsExactly("c0 = attach()", "drain()");
    }

    @Test
    void badInputStaysBadInputWhenStepsAreRemoved() {
        // abort(#4) at step 3 names a later step; abort(#-1) a negative one; abort(#2) at step 2 itself.
        Script s = script("c0 = attach()\nwrite(1)\nabort(#2)\nabort(#4)\nabort(#-1)");
        Script shorter = s.without(List.of(1));
        assertThat(shorter.lines()).containsExactly("c0 = attach()", "abort(#1)", "abort(#3)", "abort(#-1)");
        for (int i = 0; i < shorter.length(); i++) {
            int target = shorter.ops().get(i).target();
            assertThat(target == Integer.MIN_VALUE || target < 0 || target >= i)
                    .as("step %d names no earlier step", i)
                    .isTrue();
        }
    }

    @Test
    void describedNamesWhatTheStepWas() {
        Script s = script("c0 = attach()\nwriteSync(2)\nwrite(2)\nabort(#2)\nspoil(#9)\nnext(c0)");
        assertThat(s.described(3)).isEqualTo("abort(#2) — write(2) at step 2");
        assertThat(s.described(4)).isEqualTo("spoil(#9) — no earlier step");
        assertThat(s.described(5)).isEqualTo("next(c0)");
        assertThat(s.described(0)).isEqualTo("c0 = attach()");
    }
}
