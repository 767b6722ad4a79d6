package com.example.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.impl.DirtyFlagBroadcast;
import io.cursorcheck.junit.CursorCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The negative control: the same check on a buffer with a real cursor-tracking bug (Node's tracking
 * before 26.2.0, a cached minimum behind a dirty flag) must fail, with a counterexample and its page,
 * and not by crashing.
 */
class BuggyFanOutIsCaughtTest {

    @Test
    void theCheckFailsOnABuggyBufferWithACounterexamplePage() throws Exception {
        DynamicTest lockstep = CursorCheck.of("fan-out-dirty-flag", DirtyFlagBroadcast::new).tests()
                .filter(t -> t.getDisplayName().contains("lockstep")).findFirst().orElseThrow();
        AssertionFailedError failure = null;
        try {
            lockstep.getExecutable().execute();
        } catch (AssertionFailedError e) {
            failure = e; // anything else (a crash, a setup error) propagates and fails this test
        } catch (Throwable t) {
            throw new AssertionError("the check crashed instead of reporting a counterexample", t);
        }
        assertThat(failure).as("the buggy buffer must be caught").isNotNull();
        assertThat(failure.getMessage()).contains("script:", "page: ", "-Dcursorcheck.seed=");
        String page = failure.getMessage().lines().map(String::strip).filter(l -> l.startsWith("page: ")).findFirst()
                .orElseThrow().substring("page: ".length());
        Path file = Path.of(page);
        assertThat(file).isRegularFile().startsWith(Path.of("target", "cursorcheck").toAbsolutePath());
        assertThat(Files.readString(file)).contains("fan-out-dirty-flag");
        System.out.println("caught as expected:\n" + failure.getMessage());
    }
}
