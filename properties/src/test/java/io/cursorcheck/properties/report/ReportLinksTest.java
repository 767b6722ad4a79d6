package io.cursorcheck.properties.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.pages.ReportLinks;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The link walker, its control (a page with a broken link and one with a broken anchor are caught;
 * links that resolve are not), and the walk of the report pages committed under {@code reports/},
 * which a clone must be able to follow: no link to a missing, ignored or uncommitted file, none out
 * of the repository.
 */
class ReportLinksTest {

    @TempDir
    Path dir;

    @Test
    void aBrokenFileLinkAndABrokenAnchorAreCaught() throws IOException {
        write("index.md", """
                # Verification campaign

                [a page](sub/page.md), [its section](sub/page.md#why-merging-states-is-sound),
                [here](#verification-campaign), [a data file](sub/data.json), [a folder](sub),
                [the web](https://example.org/missing), `[code](not/a/link.md)`

                | a | table |
                |---|---|
                | [in a cell](sub/page.md#step-by-step-2) | x |
                """);
        write("sub/page.md", """
                # Page
                ## Why merging states is sound
                ## Step by step
                ## Step by step
                ## Step by step
                <a id="kept"></a>
                [up](../index.md#verification-campaign) [kept](#kept)
                """);
        write("sub/data.json", "{}\n");
        assertThat(ReportLinks.check(dir)).as("links that resolve").isEmpty();

        write(
                "broken-file.md",
                "# Broken\n\nSee [the index](index.md) and [the counterexample](counterexamples/x/gone.md).\n");
        write("broken-anchor.md", "# Broken\n\nSee [a section](sub/page.md#no-such-section) and [here](#nowhere).\n");
        List<ReportLinks.Broken> broken = ReportLinks.check(dir);
        assertThat(broken)
                .extracting(b -> dir.relativize(b.page()) + " " + b.link())
                .containsExactlyInAnyOrder(
                        "broken-file.md counterexamples/x/gone.md",
                        "broken-anchor.md sub/page.md#no-such-section",
                        "broken-anchor.md #nowhere");
        assertThat(broken)
                .filteredOn(b -> b.link().endsWith("gone.md"))
                .singleElement()
                .extracting(ReportLinks.Broken::why)
                .isEqualTo("no such file");
        assertThat(broken)
                .filteredOn(b -> b.link().endsWith("no-such-section"))
                .singleElement()
                .extracting(ReportLinks.Broken::why)
                .asString()
                .contains("no heading or anchor");
    }

    /**
     * A link with more {@code ..} than its page has folders above it is broken even when dropping the
     * extra ones (what {@link Path#normalize()} does at {@code /}) lands on a file that exists: a link
     * computed from a directory too deep must not pass because the pages sit near the root.
     */
    @Test
    void aLinkThatClimbsAboveTheFilesystemRootIsBrokenNotClamped() throws IOException {
        Path target = write("pages/docs/spec.md", "# Spec\n");
        Path pages = dir.resolve("pages").toAbsolutePath().normalize();
        String exact = "docs/spec.md";
        String clamped = "../".repeat(pages.getNameCount() + 2)
                + pages.getRoot()
                        .relativize(target.toAbsolutePath().normalize())
                        .toString()
                        .replace('\\', '/');
        write("pages/index.md", "[spec](" + exact + ") [the same, from too deep](" + clamped + ")\n");
        assertThat(pages.resolve(clamped).normalize())
                .as("what normalize() makes of it")
                .isEqualTo(target);
        assertThat(ReportLinks.check(pages))
                .extracting(ReportLinks.Broken::link, ReportLinks.Broken::why)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(clamped, "climbs above the filesystem root"));
    }

    @Test
    void aLinkOutOfTheBoundaryOrToAFileAbsentFromAClusterIsCaught() throws IOException {
        write(
                "repo/README.md",
                "[spec](../shared/SPEC.md) [kept](kept.md) [ignored](ignored.md) [abs](/etc/hosts)"
                        + " [out and back](../repo/kept.md)\n");
        write("shared/SPEC.md", "# Spec\n");
        write("repo/kept.md", "# Kept\n");
        write("repo/ignored.md", "# Ignored\n");
        Path repo = dir.resolve("repo");
        List<ReportLinks.Broken> broken = ReportLinks.check(
                List.of(repo.resolve("README.md")),
                repo,
                p -> p.getFileName().toString().equals("kept.md"));
        assertThat(broken)
                .extracting(ReportLinks.Broken::link, ReportLinks.Broken::why)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "../shared/SPEC.md",
                                "leaves " + repo.toAbsolutePath().normalize()),
                        org.assertj.core.groups.Tuple.tuple("ignored.md", "not in a clone (ignored or not committed)"),
                        org.assertj.core.groups.Tuple.tuple(
                                "/etc/hosts", "an absolute path: a page must link relatively"),
                        org.assertj.core.groups.Tuple.tuple(
                                "../repo/kept.md",
                                "leaves " + repo.toAbsolutePath().normalize()));
    }

    /**
     * The committed pages (README.md, docs/, and under {@code reports/} the README, findings,
     * conformance findings, runs and stress runs) link only to what a clone has: nothing missing,
     * ignored, uncommitted or outside the repository.
     */
    @Test
    void theCommittedPagesLinkOnlyToWhatACloneHas() throws Exception {
        Path root = SourceTree.root();
        Set<Path> tracked = tracked(root);
        List<Path> pages = committedPages(root, tracked);
        assertThat(pages)
                .as("committed pages to walk")
                .hasSizeGreaterThan(5)
                .contains(root.resolve("reports/stress/2026-11-29-gate-x10.md"));
        assertThat(ReportLinks.check(pages, root, tracked::contains))
                .as("broken links of committed pages")
                .isEmpty();
    }

    /**
     * Nor does their text name a file outside the repository: a command line or a report path that a
     * run printed with its absolute path (its checkout's, on its machine) is shown relative to the
     * project root.
     */
    @Test
    void theCommittedPagesNameNoAbsolutePath() throws Exception {
        Path root = SourceTree.root();
        List<String> found = new ArrayList<>();
        for (Path page : committedPages(root, tracked(root))) {
            absolutePaths(Files.readString(page, StandardCharsets.UTF_8))
                    .forEach(p -> found.add(root.relativize(page) + ": " + p));
        }
        assertThat(found).as("absolute paths in committed pages").isEmpty();
    }

    @Test
    void anAbsolutePathIsFoundAndARelativeOneOrAnAddressIsNot() {
        // The control of the check above, on the kinds of text the committed pages hold.
        assertThat(absolutePaths("""
                | jcstress | `org.openjdk.jcstress.Main -r /work/main/target/stress/html -jvmArgs -Dcursorcheck.root=/work/main` |
                See [the page](/home/u/cursorcheck/reports/x.md), `reports/stress/x.md`, ../docs/spec.md,
                https://github.com/org/repo/blob/main/x.md and <https://example.org/a/b>; writes to /dev/null.
                """))
                .containsExactly("/work/main/target/stress/html", "/work/main", "/home/u/cursorcheck/reports/x.md");
    }

    /** Folders a page may name by their absolute path: the system's own, which are the same on every machine. */
    private static final List<String> SYSTEM = List.of("/dev/", "/proc/", "/sys/");

    /**
     * The absolute file paths a text names: a {@code /}, at the start of a word, a code span, a link's
     * destination or an option's value, then two or more names. An address ({@code https://...}) is
     * not one: its slashes follow a colon or a slash.
     */
    private static List<String> absolutePaths(String text) {
        Matcher m = Pattern.compile("(?<=^|[\\s`(\\[=\"'<])/[A-Za-z0-9_.+-]+(?:/[A-Za-z0-9_.+-]*)+")
                .matcher(text);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            if (SYSTEM.stream().noneMatch(m.group()::startsWith)) {
                found.add(m.group());
            }
        }
        return found;
    }

    /** The pages the repository holds: README.md, docs/, and the committed ones under reports/. */
    private static List<Path> committedPages(Path root, Set<Path> tracked) throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(root.resolve("README.md"));
        pages.add(root.resolve("reports/README.md"));
        ReportLinks.pages(root.resolve("docs")).stream()
                .filter(tracked::contains)
                .forEach(pages::add);
        for (String d : List.of("reports/findings", "reports/conformance-findings", "reports/runs", "reports/stress")) {
            ReportLinks.pages(root.resolve(d)).stream()
                    .filter(tracked::contains)
                    .forEach(pages::add);
        }
        return pages;
    }

    /** The files git tracks, and every folder above them. */
    private static Set<Path> tracked(Path root) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "ls-files", "-z")
                .directory(root.toFile())
                .start();
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(git.waitFor()).as("git ls-files in %s", root).isZero();
        Set<Path> tracked = new HashSet<>();
        for (String f : out.split("\0")) {
            if (f.isEmpty()) {
                continue;
            }
            for (Path p = root.resolve(f).normalize(); p != null && p.startsWith(root); p = p.getParent()) {
                tracked.add(p);
            }
        }
        return tracked;
    }

    private Path write(String relative, String text) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
