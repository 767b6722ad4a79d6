package io.cursorcheck.conformance.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.release.Release;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fix on the newest Node 26.x: the edit applies to its embedded broadcast.js as {@code diff}
 * sees it, and the regression test fails on the builtin by its assertions (each test, by name) and
 * passes with the patched source. The control: a broadcast.js that does not load fails the run, but
 * not by an assertion, so it is never taken for the builtin's failure.
 */
class UpstreamFixTest {

    private static Path node;
    private static UpstreamPatch patch;

    @BeforeAll
    static void make() throws Exception {
        node = Release.NEWEST_NODE.install(System.out);
        patch = UpstreamPatch.make(Release.NEWEST_NODE, node, SourceEdit.load(SourceEdit.flushOnce()));
    }

    @Test
    void theHunksAreWhatDiffShows() throws Exception {
        Process diff = new ProcessBuilder(
                        "diff",
                        "-U0",
                        patch.builtin().toString(),
                        patch.patched().toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(diff.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(diff.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String hunks = out.lines()
                .filter(l -> !l.startsWith("---") && !l.startsWith("+++"))
                .reduce("", (a, l) -> a + l + "\n");
        assertThat(hunks).isEqualTo(patch.result().unifiedZero());
        assertThat(hunks).doesNotContain("\n-").doesNotContain("\n ");
    }

    @Test
    void theRegressionTestFailsOnTheBuiltinByEachOfItsAssertions(@TempDir Path dir) throws Exception {
        RegressionTest.Outcome o = RegressionTest.run(new NodeWithSource(node, null), dir, "builtin");
        assertThat(o.tests())
                .as(o.output() + o.stderr())
                .containsOnlyKeys(RegressionTest.TESTS)
                .allSatisfy((name, status) -> assertThat(status).isEqualTo(RegressionTest.Status.FAILED_ASSERTION));
        assertThat(o.unknown()).isEmpty();
        assertThat(o.everyTestFailedByAssertion()).isTrue();
        assertThat(o.passed()).isFalse();
        assertThat(o.summary()).isEqualTo("FAIL: 4 of 4 tests fail by an assertion");
        // the first test's assertion, as the runner printed it: read C is still pending
        assertThat(o.messages().get(RegressionTest.TESTS.get(0)))
                .isEqualTo("actual [ 1, 2, 'pending' ], expected [ 1, 2, 3 ]");
        // the fourth: after the spoiled read on the failed broadcast both consumers are still attached
        assertThat(o.messages().get(RegressionTest.TESTS.get(3))).isEqualTo("actual 2, expected 0");
    }

    @Test
    void theRegressionTestPassesWithThePatchedSource(@TempDir Path dir) throws Exception {
        RegressionTest.Outcome o = RegressionTest.run(new NodeWithSource(node, patch.patched()), dir, "patched");
        assertThat(o.tests())
                .as(o.output() + o.stderr())
                .allSatisfy((name, status) -> assertThat(status).isEqualTo(RegressionTest.Status.PASSED));
        assertThat(o.passed()).isTrue();
        assertThat(o.summary()).isEqualTo("PASS: 4 of 4 tests pass");
    }

    @Test
    void everyReproductionShowsItsSymptomOnTheBuiltinAndNoneWithThePatchedSource() throws Exception {
        java.util.List<Reproductions.Output> before = Reproductions.run(new NodeWithSource(node, null));
        java.util.List<Reproductions.Output> after = Reproductions.run(new NodeWithSource(node, patch.patched()));
        assertThat(before)
                .allSatisfy(o -> assertThat(o.verdict()).as(o.output()).isEqualTo(Reproductions.Verdict.SHOWS));
        assertThat(after)
                .allSatisfy(o -> assertThat(o.verdict()).as(o.output()).isEqualTo(Reproductions.Verdict.DOES_NOT_SHOW));
        assertThat(UpstreamCheck.reproductionProblems(before, after)).isEmpty();
        // control: with the loader given a file that does not load, no script gives a verdict either way
        Path broken = Files.createTempFile("broken", ".js");
        try {
            Files.writeString(broken, "this is not JavaScript {\n");
            assertThat(Reproductions.run(new NodeWithSource(node, broken)))
                    .allSatisfy(
                            o -> assertThat(o.verdict()).as(o.output()).isEqualTo(Reproductions.Verdict.NO_VERDICT));
        } finally {
            Files.delete(broken);
        }
    }

    @Test
    void controlASourceThatDoesNotLoadIsNeitherAFailNorAPass(@TempDir Path dir) throws Exception {
        Path broken = dir.resolve("broken.js");
        Files.writeString(broken, "this is not JavaScript {\n");
        RegressionTest.Outcome o = RegressionTest.run(new NodeWithSource(node, broken), dir, "broken");
        assertThat(o.passed()).isFalse();
        assertThat(o.everyTestFailedByAssertion()).isFalse();
        assertThat(o.tests().values()).doesNotContain(RegressionTest.Status.FAILED_ASSERTION);
        assertThat(o.summary())
                .startsWith("neither: ")
                .contains(NodeWithSource.SOURCE_ERROR)
                .contains(broken.toString());
    }

    @Test
    void controlATestThatThrowsIsAnErrorNotAnAssertionFailure(@TempDir Path dir) throws Exception {
        Path thrower = dir.resolve("test-throws.mjs");
        Files.writeString(
                thrower,
                "import { test } from 'node:test';\n"
                        + String.join(
                                "",
                                RegressionTest.TESTS.stream()
                                        .map(n -> "test('" + n
                                                + "', () => { throw new TypeError('x'); });\n") // no name has a quote
                                        .toList()));
        RegressionTest.Outcome o =
                RegressionTest.run(new NodeWithSource(node, patch.patched()), thrower, dir, "throws");
        assertThat(o.tests().values()).containsOnly(RegressionTest.Status.ERROR);
        assertThat(o.everyTestFailedByAssertion()).isFalse();
        assertThat(o.passed()).isFalse();
    }
}
