package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.cursorcheck.properties.pages.ReportLinks;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.report.SpecLinks;
import io.cursorcheck.properties.source.SourceTree;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every link of every page that real, short runs write resolves: {@code check} of a negative
 * control and of dirty-flag (counterexample pages), a small {@code explore --variant}, the kill
 * matrix of two mutants, a short campaign (its index links counterexamples, findings and the
 * parts' pages), a short upstream check (its page for Node's maintainers), and a two-second conformance run of the newest Node (release page, index, known
 * findings; Node is installed from npm under {@code target/runtimes} if missing, as
 * {@code NodeConformanceTest} does).
 *
 * <p>The runs write into a scratch copy of the project's layout ({@code -Dcursorcheck.root}): its
 * folders are links to the real ones, but {@code reports/} is fresh (with links to the committed
 * folders that pages link to), and so are {@code target/} (but for the Node runtimes) and the
 * example store. So the pages sit at the depth they have in production and contain the links they
 * contain there ({@code ../docs/spec.md}), and the walk stays inside the scratch root: a link that
 * climbs out of it is broken, never clamped.
 *
 * <p>Two controls on this real output: one counterexample page the campaign's index links to is
 * removed, and exactly that link is reported; and a copy of the index whose spec links are computed
 * from the run's staging directory (two levels too deep, the regression {@link Reports#link} guards
 * against) is reported broken.
 */
class ReportPagesTest {

    /** What the scratch root leaves out of the project: what runs write, and git's own. */
    private static final Set<String> NOT_SHARED = Set.of("reports", "target", ".cursorcheck", ".git");

    private static Path root;
    private static Path reports;
    private static final Map<String, String> PREVIOUS = new HashMap<>();

    @BeforeAll
    static void scratchProject() throws IOException {
        Path real = SourceTree.root();
        root = Files.createTempDirectory("cursorcheck-project").toAbsolutePath().normalize();
        try (Stream<Path> top = Files.list(real)) {
            for (Path p : top.toList()) {
                if (!NOT_SHARED.contains(p.getFileName().toString())) {
                    Files.createSymbolicLink(root.resolve(p.getFileName()), p);
                }
            }
        }
        reports = Files.createDirectories(root.resolve("reports"));
        for (String kept : List.of("README.md", "findings", "conformance-findings", "runs")) {
            Files.createSymbolicLink(
                    reports.resolve(kept), real.resolve("reports").resolve(kept));
        }
        Path runtimes = Files.createDirectories(real.resolve("target/runtimes")); // Node, installed once
        Files.createSymbolicLink(Files.createDirectories(root.resolve("target")).resolve("runtimes"), runtimes);
        for (String property : List.of("cursorcheck.root", Reports.DIR_PROPERTY)) {
            PREVIOUS.put(property, System.getProperty(property));
        }
        System.setProperty("cursorcheck.root", root.toString());
        System.clearProperty(Reports.DIR_PROPERTY); // reports/ under the scratch root, as in production
        assertThat(Reports.dir()).isEqualTo(reports);
    }

    @AfterAll
    static void restore() throws IOException {
        PREVIOUS.forEach((property, value) -> {
            if (value == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, value);
            }
        });
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p); // the symbolic links go, not what they point at
            }
        }
    }

    private static int run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        int exit = new Main(print, print).run(List.of(args));
        System.out.print(out.toString(StandardCharsets.UTF_8));
        return exit;
    }

    @Test
    void everyLinkOfEveryPageRealRunsWriteResolves() throws Exception {
        assertThat(run("check", "--variant", "detach-forgets-count", "--runs", "300", "--seed", "7"))
                .isEqualTo(1);
        assertThat(run("check", "--variant", "dirty-flag", "--runs", "300", "--seed", "7"))
                .isEqualTo(1);
        Path check = Reports.latestRun(reports);
        assertThat(run("explore", "--variant", "dirty-flag", "--consumers", "2", "--depth", "7"))
                .isEqualTo(1);
        Path explore = Reports.latestRun(reports);
        assertThat(run(
                        "mutants",
                        "--only",
                        "detach-forgets-count,advance-compares-new-cursor",
                        "--sequences",
                        "300",
                        "--seed",
                        "7"))
                .isZero();
        Path mutants = Reports.latestRun(reports);
        assertThat(run(
                        "campaign",
                        "--seconds",
                        "10",
                        "--seed",
                        "7",
                        "--skip",
                        "mutants,explore,stress,fray,twins,conformance,subjects,history,upstream,bench"))
                .isZero();
        Path campaign = Reports.latestRun(reports);
        String campaignIndex = Files.readString(campaign.resolve("index.md"));
        // The upstream page from the upstream command itself, 2 s of each run: the campaign's part writes the same
        // page through the same check but at least 20 s of each, and its index section's link to the page is
        // pinned by the campaign's IndexSectionsTest. A short run may miss the re-entrant path (exit 1): the page
        // and its links are the same.
        assertThat(run("upstream", "--seconds", "2", "--seed", "7")).isIn(0, 1);
        Path upstream = Reports.latestRun(reports);
        // A program's pages (the campaign's subjects part gives each example at least 20 s; 200 sequences of the
        // buggy one write the same kinds of page, on any machine).
        List<String> buggy = io.cursorcheck.conformance.protocol.ProgramSubject.EXAMPLES.stream()
                .filter(e -> !e.correct())
                .findFirst()
                .orElseThrow()
                .command();
        List<String> subject = new java.util.ArrayList<>(
                List.of("subject", "--name", "buggy", "--sequences", "200", "--seed", "7", "--"));
        subject.addAll(buggy);
        assertThat(run(subject.toArray(String[]::new))).isEqualTo(1);
        Path subjectRun = Reports.latestRun(reports);
        assertThat(run("node", "--version", "26.12.1", "--seconds", "2", "--seed", "1"))
                .isIn(0, 1);
        // The history of one release for 5 s (the command's least is a minute): its page, and the index's link to it.
        io.cursorcheck.properties.report.ReportRun.write(
                reports,
                "a history of one release",
                System.err,
                run -> io.cursorcheck.conformance.History.run(
                        List.of(io.cursorcheck.conformance.release.Release.NEWEST_NODE),
                        List.of(),
                        1,
                        5_000,
                        60,
                        run,
                        System.err,
                        "bin/cursorcheck history --releases node-26.12.1 --seed 1"));
        Path history = Reports.latestRun(reports);
        assertThat(Files.readString(history.resolve("conformance/index.md"))).contains("](history.md)");

        for (Path page : List.of(
                campaign.resolve("index.md"),
                mutants.resolve("mutants.md"),
                explore.resolve("explore-dirty-flag.md"),
                history.resolve("conformance/index.md"),
                history.resolve("conformance/node-26.12.1/index.md"),
                history.resolve("conformance/history.md"),
                upstream.resolve("upstream/README.md"),
                subjectRun.resolve("subjects/buggy/index.md"))) {
            assertThat(page).as("a page the runs write").isRegularFile();
            assertThat(ReportLinks.links(Files.readString(page)))
                    .as("links of %s", page)
                    .isNotEmpty();
        }
        assertThat(Files.readString(campaign.resolve("index.md")))
                .as("the campaign's index, never rewritten by the runs after it")
                .isEqualTo(campaignIndex)
                .contains("Written by the run `" + campaign.getFileName() + "/`");
        try (Stream<Path> cx = Files.walk(check.resolve("counterexamples"))) {
            assertThat(cx.filter(p -> p.toString().endsWith(".md")).count())
                    .as("counterexample pages")
                    .isPositive();
        }
        assertThat(reports.resolve(Reports.STAGING)).as("every run published").isEmptyDirectory();
        Path index = campaign.resolve("index.md");
        String spec = "../../" + SpecLinks.PATH;
        assertThat(ReportLinks.links(Files.readString(index)))
                .as("the index's spec link, as in production")
                .contains(spec + "#2-operations");
        assertThat(ReportLinks.check(reports, root))
                .as("broken links of the pages the runs wrote")
                .isEmpty();

        // Control 1: the index with its spec links computed from a staging directory instead of the published
        // place, one level too deep. Each of them climbs out of the project and is caught; nothing else is.
        String tooDeep = reports.resolve(Reports.STAGING)
                .resolve("a-run")
                .relativize(root.resolve(SpecLinks.PATH))
                .toString()
                .replace('\\', '/');
        assertThat(tooDeep).isEqualTo("../" + spec);
        Path staged = campaign.resolve("index-linked-from-staging.md");
        Files.writeString(staged, Files.readString(index).replace("](" + spec, "](" + tooDeep));
        List<ReportLinks.Broken> broken = ReportLinks.check(reports, root);
        assertThat(broken)
                .as("the index's copy linked from the staging directory")
                .isNotEmpty()
                .allSatisfy(b -> {
                    assertThat(b.page()).isEqualTo(staged);
                    assertThat(b.link()).startsWith(tooDeep);
                    assertThat(b.why()).isEqualTo("leaves " + root);
                });
        assertThat(broken).extracting(ReportLinks.Broken::link).contains(tooDeep + "#2-operations");
        Files.delete(staged);

        // Control 2, on the same output: a counterexample the index links to goes, and its link is caught.
        String link = ReportLinks.links(Files.readString(index)).stream()
                .filter(l -> l.startsWith("counterexamples/"))
                .findFirst()
                .orElseThrow();
        Files.delete(campaign.resolve(link));
        assertThat(ReportLinks.check(reports, root))
                .extracting(ReportLinks.Broken::page, ReportLinks.Broken::link)
                .contains(tuple(index, link));
    }
}
