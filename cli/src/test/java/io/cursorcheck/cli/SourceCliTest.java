package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.release.SourceLoadException;
import io.cursorcheck.spi.Algorithm;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code node --source FILE} with a file that does not load, on the newest Node (installed under
 * target/runtimes): one line naming the file and the cause, exit 2, no stack trace, nothing run. The
 * files are written here, in the test's directory; a good file (a one-line re-export of the release's
 * own module, no Node text) is the control that loads.
 */
class SourceCliTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void install() throws Exception {
        Release.NEWEST_NODE.install(System.out);
    }

    private static BadInputCliTest.Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = new Main(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(List.of(args));
        return new BadInputCliTest.Outcome(
                exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "syntax.js|exports.broadcast = function (|does not compile: SyntaxError",
                "missing-module.js|const x = require('internal/streams/iter/no-such-module'); exports.broadcast = () => x;"
                        + "|a module it requires is missing in this release",
                "no-export.js|exports.somethingElse = 1;|exports no broadcast() function (its exports: somethingElse)",
                "throws.js|throw new RangeError('boom');|throws while it loads: RangeError: boom",
            })
    void aFileThatDoesNotLoadIsOneLineAndExit2(String name, String text, String cause) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        BadInputCliTest.Outcome o =
                run("node", "--version", Release.NEWEST_NODE.version(), "--source", file.toString(), "--seconds", "5");
        System.out.println(o.err());
        assertThat(BadInputCliTest.problems(o, List.of("--source", file.toString(), cause)))
                .isEmpty();
    }

    /**
     * A file that loops while it loads (so standard error never closes): the load
     * check stops the release at its timeout and names the file, exit 2, instead of waiting for ever. The
     * timeout is set to 3 s through its property: the file never loads, so only the wait is shorter.
     */
    @Test
    // On its own thread: a read blocked on a pipe does not answer an interrupt, so a hang fails here, not the build.
    @Timeout(value = 4, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFileThatLoopsWhileItLoadsIsOneLineAndExit2() throws Exception {
        Path file = dir.resolve("loops.js");
        Files.writeString(file, "for (;;) {}\n", StandardCharsets.UTF_8);
        String previous = System.getProperty(BroadcastSource.LOAD_SECONDS_PROPERTY);
        System.setProperty(BroadcastSource.LOAD_SECONDS_PROPERTY, "3");
        BadInputCliTest.Outcome o;
        try {
            o = run("node", "--version", Release.NEWEST_NODE.version(), "--source", file.toString(), "--seconds", "5");
        } finally {
            restore(BroadcastSource.LOAD_SECONDS_PROPERTY, previous);
        }
        System.out.println(o.err());
        assertThat(BadInputCliTest.problems(o, List.of("--source", file.toString(), "did not load within 3 s")))
                .isEmpty();
    }

    /** A bad load time (a system property) is bad input, named with its value, before anything is installed. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0", "-1", "ten", "3601"})
    void aBadLoadTimeIsNamed(String value) {
        String previous = System.getProperty(BroadcastSource.LOAD_SECONDS_PROPERTY);
        System.setProperty(BroadcastSource.LOAD_SECONDS_PROPERTY, value);
        BadInputCliTest.Outcome o;
        try {
            o = run("node", "--version", "99.0.0", "--source", "builtin");
        } finally {
            restore(BroadcastSource.LOAD_SECONDS_PROPERTY, previous);
        }
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err())
                .contains(BroadcastSource.LOAD_SECONDS_PROPERTY)
                .contains("'" + value + "'")
                .doesNotContain("Exception")
                .doesNotContain("99.0.0");
    }

    private static void restore(String property, String previous) {
        if (previous == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, previous);
        }
    }

    /**
     * A timed self-check ends with the count-bounded command that reruns its sequences; run as printed, it
     * compares the same number of sequences and operations, and says the same of the re-entrant path (the
     * seeds and scripts themselves are compared in {@code SubjectComparisonTest}, where they differ).
     */
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aTimedSelfCheckPrintsTheCountBoundedRerunOfItsSequences() {
        BadInputCliTest.Outcome timed = run(
                "node",
                "--version",
                Release.NEWEST_NODE.version(),
                "--self-check",
                "--seconds",
                "3",
                "--seed",
                "-7",
                "--max-steps",
                "40");
        System.out.println(timed.out() + timed.err());
        assertThat(timed.exit()).as(timed.err()).isZero();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "ran ([0-9,]+) sequences; rerun exactly these: "
                                + "bin/cursorcheck (node --version \\S+ --self-check --seed -7 --sequences (\\d+) --max-steps 40)\n")
                .matcher(timed.out());
        assertThat(m.find()).as("the rerun line in:%n%s", timed.out()).isTrue();
        assertThat(m.group(1).replace(",", "")).isEqualTo(m.group(3));
        BadInputCliTest.Outcome counted = run(m.group(2).split(" "));
        System.out.println(counted.out() + counted.err());
        assertThat(counted.exit()).as(counted.err()).isZero();
        assertThat(counted.out()).doesNotContain("rerun exactly these");
        assertThat(comparisonCounts(counted.out())).isEqualTo(comparisonCounts(timed.out()));
    }

    /** The comparison's lines less its time: the header's counts and the re-entrant and difference counts. */
    private static List<String> comparisonCounts(String out) {
        return out.lines()
                .filter(l -> l.contains(" vs ") || l.startsWith("  ") && l.contains("sequence(s)"))
                .map(l -> l.replaceFirst(" in [0-9.]+ s$", ""))
                .toList();
    }

    /** A missing file is refused before anything starts, naming the value given. */
    @Test
    void aMissingFileIsRefusedFirst() {
        Path gone = dir.resolve("gone.js");
        BadInputCliTest.Outcome o =
                run("node", "--version", Release.NEWEST_NODE.version(), "--source", gone.toString());
        assertThat(BadInputCliTest.problems(o, List.of("--source", gone.toString(), "no such file")))
                .isEmpty();
    }

    /**
     * The loader's "cannot be read" (as root every file is readable, so a directory given past the command
     * line's check stands in for an unreadable file): the library's exception names the file and the cause.
     */
    @Test
    void anUnreadableSourceIsNamedWithItsCause() throws Exception {
        Path binary = Release.NEWEST_NODE.install(System.out);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ExternalSubject.ofSource(
                                Release.NEWEST_NODE, binary, new BroadcastSource(dir), Algorithm.AS_RELEASED)
                        .close())
                .isInstanceOf(SourceLoadException.class)
                .hasMessageStartingWith("--source " + dir + ": cannot be read: ")
                .hasMessageContaining("EISDIR")
                .hasMessageNotContaining("\n");
    }

    /** The control: a file that loads (it hands on the release's own broadcast) starts, with its own id. */
    @Test
    void aFileThatLoadsStarts() throws Exception {
        Path file = dir.resolve("relay.js");
        Files.writeString(
                file,
                "exports.broadcast = require('internal/streams/iter/broadcast').broadcast;\n",
                StandardCharsets.UTF_8);
        Path binary = Release.NEWEST_NODE.install(System.out);
        try (ExternalSubject s = ExternalSubject.ofSource(
                Release.NEWEST_NODE, binary, BroadcastSource.parse(file.toString()), Algorithm.CORRECTED)) {
            assertThat(s.id()).isEqualTo("node-26.12.1+relay-corrected");
            assertThat(s.algorithm()).isEqualTo(Algorithm.CORRECTED);
            assertThat(s.hello().api()).isEqualTo("budget");
            assertThat(s.source().sha256()).hasSize(64);
        }
    }
}
