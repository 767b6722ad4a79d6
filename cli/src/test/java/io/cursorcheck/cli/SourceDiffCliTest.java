package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.release.Release;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code source-diff} on two real releases of the campaign (installed under {@code target/runtimes/} once): the diff
 * of every function changed, or of the one named, on standard output with the counts on standard error; a function
 * neither release has is bad input (exit 2, naming the option and the value). Asserts the diff's form, not Node's
 * code.
 */
class SourceDiffCliTest {

    private static final String OLDER = "26.10.0";
    private static final String NEWER = Release.NEWEST_NODE_VERSION;

    @BeforeAll
    static void install() throws Exception {
        new Release("node", OLDER).install(System.out);
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

    @Test
    void everyFunctionChangedOrTheOneNamedIsDiffed() {
        BadInputCliTest.Outcome all = run("source-diff", "--from", OLDER, "--to", "node-" + NEWER);
        assertThat(all.exit()).as(all.err()).isZero();
        // the verdict, not the text, in a failure's message: it would quote Node's code
        assertThat(all.out().startsWith("--- ")
                        && all.out().contains("\n+++ node-" + NEWER + " broadcast.js: ")
                        && all.out().contains("\n@@ -"))
                .as("a unified diff, function by function")
                .isTrue();
        assertThat(all.err()).contains("function(s) of broadcast.js changed from node-" + OLDER + " to node-" + NEWER);
        String first = all.err()
                .lines()
                .filter(l -> l.startsWith("  "))
                .findFirst()
                .orElseThrow()
                .strip()
                .replaceFirst(" \\((added|removed|changed), .*$", "");
        BadInputCliTest.Outcome one = run("source-diff", "--from", OLDER, "--to", NEWER, "--function", first);
        assertThat(one.exit()).as(one.err()).isZero();
        assertThat(one.out().contains(" broadcast.js: " + first + "\n")
                        && !one.out().equals(all.out()))
                .as("the diff of %s alone", first)
                .isTrue();
        BadInputCliTest.Outcome same = run("source-diff", "--from", NEWER, "--to", NEWER);
        assertThat(same.exit()).isZero();
        assertThat(same.out()).isEmpty();
        assertThat(same.err()).contains("have the same broadcast.js");
    }

    @Test
    void aFunctionNeitherReleaseHasIsBadInput() {
        BadInputCliTest.Outcome o =
                run("source-diff", "--from", OLDER, "--to", NEWER, "--function", "Broadcast#noSuchThing");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(BadInputCliTest.problems(
                        o, List.of("--function", "'Broadcast#noSuchThing'", "neither", "the functions of node-")))
                .isEmpty();
        BadInputCliTest.Outcome near = run("source-diff", "--from", OLDER, "--to", NEWER, "--function", "cancel");
        assertThat(near.exit()).isEqualTo(2);
        assertThat(BadInputCliTest.problems(near, List.of("--function", "'cancel'", "did you mean: ", "#cancel")))
                .isEmpty();
    }
}
