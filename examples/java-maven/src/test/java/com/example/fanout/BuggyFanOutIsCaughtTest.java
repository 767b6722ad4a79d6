package com.example.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.junit.CursorCheck;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import java.lang.reflect.Constructor;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The negative control: the check must catch {@link FanOut} with one realistic slip, and report it with a
 * counterexample and its page, not by crashing.
 *
 * <p>The slip: after notify serves a consumer's outstanding read, the consumer goes back on the waiting list
 * only if it has further reads queued; {@code BuggyFanOut} tests the condition the wrong way round, so a read
 * queued behind another is never served by a later write (a stranded read, spec I11). The buggy twin is
 * made from {@code FanOut.java} itself: this test changes that one condition in a copy, renames the class,
 * and compiles it, so the control always checks the code under test with one character changed.
 */
class BuggyFanOutIsCaughtTest {

    private static final Path SOURCE = Path.of("src", "main", "java", "com", "example", "fanout", "FanOut.java");
    private static final String CORRECT = "if (!c.reads.isEmpty()) {\n                waiters.add(c);";
    private static final String SLIP = "if (c.reads.isEmpty()) {\n                waiters.add(c);";

    @Test
    void theCheckFailsOnABuggyBufferWithACounterexamplePage() throws Exception {
        DynamicTest lockstep = CursorCheck.of("fan-out-buggy", buggyTwin()).tests()
                .filter(t -> t.getDisplayName().contains(": lockstep with the model")).findFirst().orElseThrow();
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
        // The page speaks to this project: its replay runs in this build, no bin/cursorcheck (not here).
        assertThat(Files.readString(file)).contains("fan-out-buggy", "-Dcursorcheck.replay=target/cursorcheck/")
                .doesNotContain("bin/cursorcheck");
        System.out.println("caught as expected:\n" + failure.getMessage());
    }

    @Test
    void theBuggyBufferFailsAHandWrittenExampleNamedInTheFailure() throws Exception {
        List<String> failures = new java.util.ArrayList<>();
        for (DynamicTest example : CursorCheck.of("fan-out-buggy", buggyTwin()).tests()
                .filter(t -> t.getDisplayName().contains(": example ")).toList()) {
            try {
                example.getExecutable().execute();
            } catch (AssertionError e) { // anything else (a crash) propagates and fails this test
                failures.add(e.getMessage());
            } catch (Throwable t) {
                throw new AssertionError("an example crashed instead of failing", t);
            }
        }
        assertThat(failures).as("the examples the buggy buffer fails").isNotEmpty()
                .allSatisfy(m -> assertThat(m).startsWith("example ").contains(" fails on fan-out-buggy: "));
        System.out.println("caught by " + failures.size() + " example(s), the first:\n" + failures.get(0));
    }

    /** Compiles FanOut.java with the slip as BuggyFanOut, and returns its factory. */
    private static Function<Options, Broadcast> buggyTwin() throws Exception {
        String source = Files.readString(SOURCE);
        // Exactly one place: a control that patched nothing would check the correct code and prove nothing.
        assertThat(source.split(java.util.regex.Pattern.quote(CORRECT), -1)).as("the slip's anchor in " + SOURCE)
                .hasSize(2);
        String buggy = source.replace(CORRECT, SLIP).replaceAll("\\bFanOut\\b", "BuggyFanOut");
        Path dir = Path.of("target", "buggy-twin");
        Path file = dir.resolve("com/example/fanout/BuggyFanOut.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, buggy);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, List.of("-d", dir.toString(), "-classpath",
                System.getProperty("java.class.path"), file.toString()).toArray(String[]::new));
        assertThat(status).as("javac on " + file).isZero();
        URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                BuggyFanOutIsCaughtTest.class.getClassLoader());
        Constructor<?> constructor = loader.loadClass("com.example.fanout.BuggyFanOut").getConstructor(Options.class);
        return options -> {
            try {
                return (Broadcast) constructor.newInstance(options);
            } catch (java.lang.reflect.InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException refused) {
                    throw refused; // the constructor's own answer (null options are refused), not a reflection problem
                }
                throw new IllegalStateException("cannot make a BuggyFanOut", e);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot make a BuggyFanOut", e);
            }
        };
    }
}
