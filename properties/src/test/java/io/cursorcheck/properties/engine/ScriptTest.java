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
        List<Op> ops = List.of(new Op.Attach(), new Op.Next(0), new Op.Next(Op.FOREIGN), new Op.Next(Op.NULL),
                new Op.Detach(0), new Op.WriteSync(0), new Op.Write(-1), new Op.End(), new Op.Fail("e1"),
                new Op.Fail(null), new Op.Fail(0), new Op.Cancel(false, null), new Op.Cancel(true, null),
                new Op.Cancel(true, 0), new Op.Cancel(true, "r"), new Op.WritevSync(List.of(1, 2)),
                new Op.Writev(List.of()), new Op.Writev(List.of(3, -1)), new Op.EndSync(), new Op.Drain(),
                new Op.Abort(6), new Op.Abort(-1), new Op.Spoil(5), new Op.Spoil(99));
        Script s = new Script(Options.of(3, Policy.DROP_OLDEST), ops);
        assertThat(Script.parse(s.options(), s.lines())).isEqualTo(s);
        assertThat(Script.parse(Script.parseOptions(s.options().toString()), s.toString())).isEqualTo(s);
    }

    @Test
    void badLinesAreRejectedNamingTheLine() {
        assertThatThrownBy(() -> Script.parseOp("next(x1)")).hasMessageContaining("x1");
        assertThatThrownBy(() -> Script.parseOp("write(two)")).hasMessageContaining("write(two)");
        assertThatThrownBy(() -> Script.parseOp("attach(1)")).hasMessageContaining("attach(1)");
        assertThatThrownBy(() -> Script.parseOp("launch()")).hasMessageContaining("launch");
        assertThatThrownBy(() -> Script.parseOp("abort(3)")).hasMessageContaining("#N").hasMessageContaining("'3'");
        assertThatThrownBy(() -> Script.parseOp("spoil(#x)")).hasMessageContaining("spoil(#x)");
        assertThatThrownBy(() -> Script.parseOp("writev(1,,2)")).hasMessageContaining("writev(1,,2)");
        assertThatThrownBy(() -> Script.parseOp("endSync(1)")).hasMessageContaining("endSync(1)");
        assertThatThrownBy(() -> Script.parseOptions("budget=0, policy=STRICT")).hasMessageContaining("budget");
    }
}
