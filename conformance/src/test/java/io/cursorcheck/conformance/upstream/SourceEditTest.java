package io.cursorcheck.conformance.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SourceEdit} on a made-up source: where our lines go, how hunks number them, and each refusal. */
class SourceEditTest {

    private static final String SOURCE = "one\ntwo {\nthree\nfour\n";

    private static SourceEdit edit(SourceEdit.Insertion... insertions) {
        return new SourceEdit("test", "a test edit", "internal/x", List.of(insertions));
    }

    @Test
    void insertsBeforeAndAfterAnchorsAndNumbersTheHunksAsDiffDoes() {
        SourceEdit.Patched p = edit(
                        new SourceEdit.Insertion("two {\n", false, List.of("a", "b")),
                        new SourceEdit.Insertion("four", true, List.of("c")))
                .apply(SOURCE, "node-0.0.0");
        assertThat(p.text()).isEqualTo("one\ntwo {\na\nb\nthree\nc\nfour\n");
        // diff -U0 of SOURCE and the text above: 2 lines after line 2 (new lines 3-4), 1 after line 3 (new line 6)
        assertThat(p.unifiedZero()).isEqualTo("@@ -2,0 +3,2 @@\n+a\n+b\n@@ -3,0 +6 @@\n+c\n");
    }

    @Test
    void refusesAMissingAnchorNamingItAndTheRelease() {
        assertThatThrownBy(() -> edit(new SourceEdit.Insertion("five\n", false, List.of("x")))
                        .apply(SOURCE, "node-26.7.0"))
                .isInstanceOf(EditDoesNotApplyException.class)
                .hasMessage(
                        "the edit 'test' does not apply to node-26.7.0's source: its anchor 'five\\n' does not occur");
    }

    @Test
    void refusesAnAnchorThatOccursTwice() {
        assertThatThrownBy(() ->
                        edit(new SourceEdit.Insertion("o", true, List.of("x"))).apply(SOURCE, "node-1.0.0"))
                .isInstanceOf(EditDoesNotApplyException.class)
                .hasMessageContaining("its anchor 'o' occurs more than once (at lines 1 and 2)");
    }

    @Test
    void refusesAnAnchorThatWouldSplitALine() {
        assertThatThrownBy(() -> edit(new SourceEdit.Insertion("wo {", true, List.of("x")))
                        .apply(SOURCE, "node-1.0.0"))
                .hasMessageContaining("does not start a line");
        assertThatThrownBy(() -> edit(new SourceEdit.Insertion("two {", false, List.of("x")))
                        .apply(SOURCE, "node-1.0.0"))
                .hasMessageContaining("does not end with a line break");
    }

    @Test
    void theFlushOnceEditLoads() throws Exception {
        SourceEdit e = SourceEdit.load(SourceEdit.flushOnce());
        assertThat(e.name()).isEqualTo("flush-once");
        assertThat(e.module()).isEqualTo("internal/streams/iter/broadcast");
        assertThat(e.insertions()).hasSize(4);
        // the negative control leaves out the last insertion: it must stay the one that clears the flag
        assertThat(e.insertions().get(3).lines()).containsExactly("    this.#flushing = false;");
    }
}
