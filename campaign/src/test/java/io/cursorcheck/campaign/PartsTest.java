package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.engine.Weights;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The registry of the campaign's parts: {@code --skip}'s names in the order the parts run, and the parts
 * built from the settings in that order, without the ones left out. The parts that need a tool of the
 * machine (npm, a JDK 25, python3, the registry) are left out here, so that no preflight check runs.
 */
class PartsTest {

    /** The parts that check the machine before the campaign runs. */
    private static final List<String> CHECKED =
            List.of("fray", "twins", "conformance", "subjects", "history", "upstream");

    private static Parts.Settings settings(boolean pit) {
        return new Parts.Settings(
                10_000,
                7,
                1,
                60,
                60,
                Weights.DEFAULT,
                pit,
                "bin/cursorcheck campaign --seconds 10 --seed 7",
                1,
                1,
                60_000,
                "bin/cursorcheck twins",
                seconds -> "bin/cursorcheck upstream --seconds " + seconds,
                new PrintStream(OutputStream.nullOutputStream()));
    }

    private static List<String> kinds(List<Part> parts) {
        return parts.stream().map(p -> p.getClass().getSimpleName()).toList();
    }

    @Test
    void skipTakesEveryPartButLockstepInTheOrderTheyRun() {
        assertThat(Parts.SKIPPABLE)
                .containsExactly(
                        "mutants",
                        "explore",
                        "stress",
                        "fray",
                        "twins",
                        "conformance",
                        "subjects",
                        "history",
                        "upstream",
                        "bench");
        assertThat(Parts.descriptions()).hasSize(12).first().asString().startsWith("lockstep: ");
        assertThat(Parts.descriptions()).allSatisfy(d -> assertThat(d).matches("[a-z]+: \\S.*"));
    }

    @Test
    void buildsThePartsNotLeftOutInTheOrderTheyRun() throws Exception {
        assertThat(kinds(Parts.build(settings(false), CHECKED)))
                .containsExactly("LockstepPart", "MutantsCommand", "ExplorePart", "StressCommand", "BenchCommand");
        List<String> all = new java.util.ArrayList<>(Parts.SKIPPABLE);
        assertThat(kinds(Parts.build(settings(false), all))).containsExactly("LockstepPart");
        // PIT is opt-in, after the kill matrix
        assertThat(kinds(Parts.build(settings(true), all))).containsExactly("LockstepPart", "PitCommand");
        List<String> someLeft = new java.util.ArrayList<>(CHECKED);
        someLeft.add("explore");
        someLeft.add("bench");
        assertThat(kinds(Parts.build(settings(true), someLeft)))
                .containsExactly("LockstepPart", "MutantsCommand", "PitCommand", "StressCommand");
    }

    @Test
    void lockstepAndUnknownPartsCannotBeLeftOut() {
        assertThatThrownBy(() -> Parts.build(settings(false), List.of("lockstep")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lockstep");
        assertThatThrownBy(() -> Parts.build(settings(false), List.of("pit")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pit");
        assertThatThrownBy(() -> Parts.build(settings(false), List.of("lunch")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lunch");
    }
}
