package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.mutants.SourceTree;
import io.cursorcheck.properties.report.ReportLinks;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every link of every page that real, short runs write resolves: {@code check} of a negative
 * control and of dirty-flag (counterexample pages), a small {@code explore --variant}, the kill
 * matrix of two mutants, a short campaign (its index links counterexamples, findings and the
 * parts' pages), and a two-second conformance run of the newest Node (release page, index, known
 * findings; Node is installed from npm under {@code target/runtimes} if missing, as
 * {@code NodeConformanceTest} does). They write into a temporary reports directory
 * ({@code -Dcursorcheck.reports}) holding links to the committed {@code findings/} and
 * {@code conformance-findings/} that pages link to. The walk's control on this real output: one
 * counterexample page the campaign's index links to is removed, and exactly that link is reported.
 */
class ReportPagesTest {

    private static Path reports;
    private static String previous;

    @BeforeAll
    static void temporaryReports() throws IOException {
        reports = Files.createTempDirectory("cursorcheck-reports");
        Path committed = SourceTree.root().resolve("reports");
        for (String kept : List.of("findings", "conformance-findings")) {
            Files.createSymbolicLink(reports.resolve(kept), committed.resolve(kept));
        }
        previous = System.getProperty(Reports.DIR_PROPERTY);
        System.setProperty(Reports.DIR_PROPERTY, reports.toString());
    }

    @AfterAll
    static void restore() throws IOException {
        if (previous == null) {
            System.clearProperty(Reports.DIR_PROPERTY);
        } else {
            System.setProperty(Reports.DIR_PROPERTY, previous);
        }
        try (Stream<Path> walk = Files.walk(reports)) {
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
        assertThat(run("check", "--variant", "detach-forgets-count", "--runs", "300", "--seed", "7")).isEqualTo(1);
        assertThat(run("check", "--variant", "dirty-flag", "--runs", "300", "--seed", "7")).isEqualTo(1);
        assertThat(run("explore", "--variant", "dirty-flag", "--consumers", "2", "--depth", "7")).isEqualTo(1);
        assertThat(run("mutants", "--only", "detach-forgets-count,advance-compares-new-cursor", "--sequences", "300",
                "--seed", "7")).isZero();
        assertThat(run("campaign", "--seconds", "10", "--seed", "7", "--skip",
                "mutants,explore,stress,conformance,bench")).isZero();
        assertThat(run("node", "--version", "26.12.1", "--seconds", "2", "--seed", "1")).isIn(0, 1);

        for (String page : List.of("index.md", "mutants.md", "explore-dirty-flag.md", "conformance/index.md",
                "conformance/node-26.12.1/index.md")) {
            assertThat(reports.resolve(page)).as("a page the runs write").isRegularFile();
            assertThat(ReportLinks.links(Files.readString(reports.resolve(page)))).as("links of %s", page).isNotEmpty();
        }
        try (Stream<Path> cx = Files.walk(reports.resolve("counterexamples"))) {
            assertThat(cx.filter(p -> p.toString().endsWith(".md")).count()).as("counterexample pages").isPositive();
        }
        assertThat(reports.resolve(Reports.STAGING)).as("every run published").isEmptyDirectory();
        assertThat(ReportLinks.check(reports)).as("broken links of the pages the runs wrote").isEmpty();

        // The control, on the same output: a counterexample the index links to goes, and its link is caught.
        Path index = reports.resolve("index.md");
        String link = ReportLinks.links(Files.readString(index)).stream()
                .filter(l -> l.startsWith("counterexamples/")).findFirst().orElseThrow();
        Files.delete(reports.resolve(link));
        assertThat(ReportLinks.check(reports)).extracting(ReportLinks.Broken::page, ReportLinks.Broken::link)
                .contains(org.assertj.core.groups.Tuple.tuple(index, link));
    }
}
