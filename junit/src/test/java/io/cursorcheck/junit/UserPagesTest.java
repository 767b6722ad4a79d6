package io.cursorcheck.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.impl.CachedCountBroadcast;
import io.cursorcheck.impl.DirtyFlagBroadcast;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * A page the entry point writes speaks to a user of the entry point: no {@code bin/cursorcheck}, no paste into
 * this repository; a replay command for the user's own build and a regression test for the user's own test
 * code, both of which work: they fail on the broadcast that failed (dirty-flag, the control) and pass on a
 * correct one (cached-count).
 */
class UserPagesTest {

    @TempDir
    Path pages;

    @Test
    void aPageWrittenByTheEntryPointGivesTheUsersReplayAndARegressionTestThatWork() throws Throwable {
        AssertionFailedError caught = lockstepFailure(CursorCheck.of("dirty-flag-user", DirtyFlagBroadcast::new)
                .withSequences(2_000)
                .withPages(pages));
        Path page = Path.of(caught.getMessage()
                .lines()
                .map(String::strip)
                .filter(l -> l.startsWith("page: "))
                .findFirst()
                .orElseThrow()
                .substring("page: ".length()));
        String text = Files.readString(page);
        assertThat(text)
                .doesNotContain("bin/cursorcheck", "properties/src/test", "Subjects.named")
                .contains(
                        "mvn -B verify -Dtest='UserPagesTest' -Dcursorcheck.replay=",
                        "Paste into your own test code",
                        "CursorCheck.of(\"dirty-flag-user\", YourBroadcast::new).replay(");

        // The regression test's script, as a user pastes it: fails on the buggy broadcast, passes on a correct one.
        Matcher block = Pattern.compile("\\.replay\\(\"\"\"\\n(.*?)\\n\\s*\"\"\"", Pattern.DOTALL)
                .matcher(text);
        assertThat(block.find()).as("the regression test's script in %s", page).isTrue();
        String script = block.group(1);
        assertThatThrownBy(() -> CursorCheck.of("dirty-flag-user", DirtyFlagBroadcast::new)
                        .replay(script))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("fails the replayed script")
                .hasMessageContaining("at step");
        CursorCheck.of("cached-count-user", CachedCountBroadcast::new).replay(script); // passes: no exception

        // The replay command's file, through the system property: the same verdicts.
        Matcher command = Pattern.compile("-Dcursorcheck\\.replay=(\\S+?)`").matcher(text);
        assertThat(command.find()).isTrue();
        Path json = Path.of(command.group(1));
        // The pages sit outside the project directory here (a temporary directory), so the path is absolute.
        assertThat(json).isRegularFile().isEqualTo(Path.of(page.toString().replaceAll("\\.md$", ".json")));
        String before = System.setProperty(CursorCheck.REPLAY_PROPERTY, json.toString());
        try {
            AssertionFailedError replayed = lockstepFailure(
                    CursorCheck.of("dirty-flag-user", DirtyFlagBroadcast::new).withPages(pages), "replay");
            assertThat(replayed.getMessage()).contains("fails the replay of " + json);
            runNamed(
                    CursorCheck.of("cached-count-user", CachedCountBroadcast::new)
                            .withPages(pages),
                    "replay");
        } finally {
            if (before == null) {
                System.clearProperty(CursorCheck.REPLAY_PROPERTY);
            } else {
                System.setProperty(CursorCheck.REPLAY_PROPERTY, before);
            }
        }
    }

    @Test
    void aBadScriptOrAMissingFileIsAClearExceptionNamingIt() {
        CursorCheck check =
                CursorCheck.of("cached-count-user", CachedCountBroadcast::new).withPages(pages);
        assertThatThrownBy(() -> check.replay("c0 = attach()"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("starts with its options")
                .hasMessageContaining("was 'c0 = attach()'");
        assertThatThrownBy(() -> check.replay("// budget=1, policy=STRICT\nnext(c0)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("consumer c0 was never attached");
        String before = System.setProperty(
                CursorCheck.REPLAY_PROPERTY, pages.resolve("none.json").toString());
        try {
            assertThatThrownBy(() -> runNamed(check, "replay"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no counterexample file")
                    .hasMessageContaining("none.json");
        } finally {
            if (before == null) {
                System.clearProperty(CursorCheck.REPLAY_PROPERTY);
            } else {
                System.setProperty(CursorCheck.REPLAY_PROPERTY, before);
            }
        }
    }

    private static AssertionFailedError lockstepFailure(CursorCheck check) throws Exception {
        return lockstepFailure(check, "lockstep");
    }

    /** Runs the test whose name holds {@code part}: it must fail with an assertion (a crash propagates). */
    private static AssertionFailedError lockstepFailure(CursorCheck check, String part) throws Exception {
        try {
            runNamed(check, part);
        } catch (AssertionFailedError e) {
            return e;
        } catch (Throwable t) {
            throw new AssertionError("crashed instead of failing with a counterexample", t);
        }
        throw new AssertionError("the test '" + part + "' passed on a broadcast that must fail it");
    }

    private static void runNamed(CursorCheck check, String part) throws Throwable {
        List<DynamicTest> named = check.tests()
                .filter(t -> t.getDisplayName().contains(": " + part))
                .toList();
        assertThat(named).as("the test '%s'", part).hasSize(1);
        named.get(0).getExecutable().execute();
    }
}
