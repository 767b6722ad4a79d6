package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.spi.Algorithm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tolerance is general: every known finding in which the model breaks an invariant without throwing is
 * continued past (the stranded read's I11 and, e.g., the spoiled read that leaves a cursor past the end, I1),
 * none in which it throws, and none under the corrected algorithm.
 */
class ToleranceTest {

    private static void finding(Path root, String name, String kind, String signature) throws IOException {
        Path dir = Files.createDirectories(root.resolve("reports/findings").resolve(name));
        String stored = Files.readString(io.cursorcheck.properties.source.SourceTree.root()
                .resolve("reports/findings/reentrant-flush-strands-read/counterexample.json"));
        Files.writeString(
                dir.resolve("counterexample.json"),
                stored.replace("\"kind\": \"MODEL_INVARIANT\"", "\"kind\": \"" + kind + "\"")
                        .replace("\"signature\": \"MODEL_INVARIANT:I11\"", "\"signature\": \"" + signature + "\""));
    }

    private static Failure modelBroke(String signature) {
        return new Failure(Failure.Kind.MODEL_INVARIANT, 3, signature, signature, null, null);
    }

    @Test
    void everyNonThrowingModelFindingIsContinuedPastAndNoOther(@TempDir Path root) throws IOException {
        finding(root, "reentrant-flush-strands-read", "MODEL_INVARIANT", "MODEL_INVARIANT:I11");
        finding(root, "spoiled-read-leaves-cursor-past-end", "MODEL_INVARIANT", "MODEL_INVARIANT:I1");
        finding(root, "reentrant-end-settles-read-twice", "MODEL_THREW", "MODEL_THREW:ImpossibleStateException");
        KnownFindings known = KnownFindings.load(root);
        assertThat(known.all()).hasSize(3);
        Tolerance t = Tolerance.of(known, Algorithm.AS_RELEASED);
        assertThat(t.signatures()).containsExactly("MODEL_INVARIANT:I1", "MODEL_INVARIANT:I11");
        assertThat(t.tolerates(modelBroke("MODEL_INVARIANT:I1"))).isTrue();
        assertThat(t.tolerates(modelBroke("MODEL_INVARIANT:I11"))).isTrue();
        // The control: a breach no known finding names still ends the sequence.
        assertThat(t.tolerates(modelBroke("MODEL_INVARIANT:I2"))).isFalse();
        assertThat(t.tolerates(modelBroke("MODEL_INVARIANT:I1+I11"))).isFalse();
        assertThat(Tolerance.of(known, Algorithm.CORRECTED).isEmpty()).isTrue();
    }
}
