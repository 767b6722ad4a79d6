package io.cursorcheck.fray;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Replays one failure saved with memory accesses as switching points ({@code memoryOps=true} in its
 * scene.properties; tools/fray-replay.sh picks this test for it): the scene the folder names, on the scheduler
 * and randomness of its {@code recording/}, in the same mode ({@link MemoryOpsLauncher#replay}). Prints the
 * trace, and passes only if the replay ends with the same forbidden outcome as the saved run. Disabled without
 * {@value FrayReplayTest#REPLAY}.
 */
@Tag("FrayTest")
@EnabledIfSystemProperty(named = FrayReplayTest.REPLAY, matches = ".+")
class MemoryOpsReplayTest {

    @Test
    void replay() throws IOException {
        Path dir = Path.of(System.getProperty(FrayReplayTest.REPLAY));
        Path file = dir.resolve("scene.properties");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    "--replay " + dir + ": no scene.properties there (not a saved Fray failure)");
        }
        Properties scene = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            scene.load(in);
        }
        if (!Boolean.parseBoolean(scene.getProperty("memoryOps", "false"))) {
            throw new IllegalArgumentException("--replay " + dir
                    + ": saved in the extension's mode (no memoryOps=true);" + " FrayReplayTest replays it");
        }
        Race race = Race.named(scene.getProperty("race"));
        String subject = scene.getProperty("subject");
        String saved = scene.getProperty("outcome", "");
        Warmup.once(race, subject);
        String[] outcome = new String[1];
        MemoryOpsLauncher.Result r = MemoryOpsLauncher.replay(
                () -> {
                    try {
                        outcome[0] = SceneRun.run(race, subject);
                    } catch (RaceViolation v) {
                        outcome[0] =
                                v.outcome(); // graded below against the saved outcome, not reported to Fray as a bug
                    }
                },
                dir.resolve("recording"),
                Path.of("target", "fray-replay", "report"));
        System.out.println("Replay of " + race.shortName() + " on " + subject + ", memory accesses as switching points"
                + " (thread: operation -> answer | state after it):\n"
                + String.join("\n", SceneRun.current().trace().lines()));
        if (r.failure() != null) {
            throw new AssertionError(
                    "REPLAY DID NOT REPRODUCE: Fray reported " + r.failure()
                            + ", the saved run had the forbidden outcome [" + saved + "]",
                    r.failure());
        }
        if (!saved.equals(outcome[0])) {
            throw new AssertionError(
                    "REPLAY DID NOT REPRODUCE: outcome [" + outcome[0] + "], the saved run had [" + saved + "]");
        }
        System.out.println("REPLAY REPRODUCED: the same forbidden outcome [" + outcome[0] + "] as the saved run");
    }
}
