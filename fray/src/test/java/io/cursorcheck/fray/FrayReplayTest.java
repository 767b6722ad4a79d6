package io.cursorcheck.fray;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.ConcurrencyTest;

/**
 * Replays one saved failure: {@code -Dcursorcheck.fray.replay=DIR}, DIR a folder that FrayLedger saved
 * ({@code reports/stress/fray/<subject>/<race>/}), whose {@code recording/} the replay command copied to
 * {@value #RECORDING} (Fray's annotation takes a constant path). Runs the scene the folder names on
 * Fray's recorded randomness, prints the trace, and passes only if the replay ends with the same
 * forbidden outcome as the saved run. Disabled without the property.
 */
@EnabledIfSystemProperty(named = FrayReplayTest.REPLAY, matches = ".+")
@ExtendWith({FrayTestExtension.class, FrayLedger.class})
class FrayReplayTest {

    /** The system property naming the saved folder. */
    static final String REPLAY = "cursorcheck.fray.replay";
    /** Where the replay command puts the recording, relative to the module. */
    static final String RECORDING = "target/fray-replay/recording";

    private static Properties scene;

    @BeforeAll
    static void readScene() throws IOException {
        Path dir = Path.of(System.getProperty(REPLAY));
        Path file = dir.resolve("scene.properties");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    "--replay " + dir + ": no scene.properties there (not a saved Fray failure)");
        }
        scene = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            scene.load(in);
        }
        if (Boolean.parseBoolean(scene.getProperty("memoryOps", "false"))) {
            // a schedule of one mode means nothing in the other: tools/fray-replay.sh runs MemoryOpsReplayTest for it
            throw new IllegalArgumentException("--replay " + dir + ": saved with memory accesses as switching points"
                    + " (memoryOps=true); MemoryOpsReplayTest replays it, not the extension's mode");
        }
        Race race = Race.named(scene.getProperty("race"));
        Warmup.once(race, scene.getProperty("subject"));
    }

    @ConcurrencyTest(replay = RECORDING)
    void replay() {
        Race race = Race.named(scene.getProperty("race"));
        String subject = scene.getProperty("subject");
        String saved = scene.getProperty("outcome", "");
        String outcome;
        try {
            outcome = SceneRun.run(race, subject);
        } catch (RaceViolation v) {
            outcome = v.outcome();
        }
        System.out.println("Replay of " + race.shortName() + " on " + subject + " (thread: operation -> answer | state"
                + " after it):\n" + String.join("\n", SceneRun.current().trace().lines()));
        if (!outcome.equals(saved)) {
            throw new AssertionError(
                    "REPLAY DID NOT REPRODUCE: outcome [" + outcome + "], the saved run had [" + saved + "]");
        }
        System.out.println("REPLAY REPRODUCED: the same forbidden outcome [" + outcome + "] as the saved run");
    }
}
