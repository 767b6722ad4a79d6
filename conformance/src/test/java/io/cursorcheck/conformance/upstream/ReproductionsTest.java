package io.cursorcheck.conformance.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.conformance.release.Release;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner of the reproductions on the newest Node: a script that never exits is stopped at the
 * timeout and named, even when it has filled more output than a pipe holds first (the hang the runner
 * once had: it read the output to its end before the timed wait). The control: a script that prints as
 * much and exits is run and its output kept, so the timeout is what stops the first.
 */
class ReproductionsTest {

    /** The timeout these tests give a script. */
    private static final long TIMEOUT_SECONDS = 5;
    /** Output printed before the script loops or exits: 128 KiB, more than a pipe's buffer (64 KiB on Linux), less than the runner keeps. */
    private static final String PRINT_A_LOT = "process.stdout.write('x'.repeat(1 << 17) + '\\n');\n";

    @TempDir
    static Path dir;

    private static NodeWithSource node;

    @BeforeAll
    static void install() throws Exception {
        node = new NodeWithSource(Release.NEWEST_NODE.install(System.out), null);
    }

    private static Reproductions.Script script(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return new Reproductions.Script(name, "a test script", file.toString());
    }

    @Test
    // On its own thread: a read blocked on a pipe does not answer an interrupt, so a hang fails here, not the build.
    @Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aScriptThatNeverExitsIsStoppedAndNamed() throws Exception {
        Reproductions.Script loops = script("loops.mjs", PRINT_A_LOT + "for (;;) {}\n");
        assertThatThrownBy(() -> Reproductions.run(node, List.of(loops), TIMEOUT_SECONDS))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(loops.script() + " did not finish within " + TIMEOUT_SECONDS + " s: ")
                .hasMessageContaining(loops.path().toString());
    }

    /** The control: the same output, then an exit: its status and output are kept. */
    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aScriptThatExitsIsRunToItsEnd() throws Exception {
        Reproductions.Script exits = script("exits.mjs", PRINT_A_LOT + "console.log('done'); process.exitCode = 4;\n");
        List<Reproductions.Output> outputs = Reproductions.run(node, List.of(exits), TIMEOUT_SECONDS * 12);
        assertThat(outputs).hasSize(1);
        assertThat(outputs.get(0).exit()).isEqualTo(4);
        assertThat(outputs.get(0).output()).isEqualTo("x".repeat(1 << 17) + "\ndone\n");
    }
}
