package io.cursorcheck.properties.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ReportRun} and {@link ReportLock}: a run publishes only when complete; an aborted,
 * failed, crashed or interrupted run leaves the previous report whole and says so; two runs cannot
 * write one reports directory at once.
 */
class ReportRunTest {

    @TempDir
    Path reports;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(said, true, StandardCharsets.UTF_8);
    private Map<String, String> before;

    /** The previous report: an index that links into counterexamples/, a page of another run, a stress page. */
    @BeforeEach
    void previousReport() throws IOException {
        write(reports, "index.md", "# old index\n[old](counterexamples/v/old.md)\n");
        write(reports, "counterexamples/v/old.md", "# old counterexample\n");
        write(reports, "counterexamples/v/old.json", "{}\n");
        write(reports, "explore.md", "# old explore\n");
        write(reports, "stress/2026-01-01-gate.md", "# an older stress run\n");
        before = tree(reports);
    }

    @Test
    void nothingIsPublishedBeforeTheCommitThenEverythingIs() throws Exception {
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            Path cx = run.wholeDirectory("counterexamples");
            write(cx, "w/new.md", "# new counterexample\n");
            write(run.dir(), "index.md", "# new index\n[new](counterexamples/w/new.md)\n");
            write(run.dir(), "stress/2026-02-02-gate.md", "# a new stress run\n");
            assertThat(tree(reports))
                    .as("the reports directory before the commit")
                    .isEqualTo(before);
            run.commit();
            assertThat(run.committed()).isTrue();
        }
        Map<String, String> after = tree(reports);
        assertThat(after)
                .containsEntry("index.md", "# new index\n[new](counterexamples/w/new.md)\n")
                .containsEntry("counterexamples/w/new.md", "# new counterexample\n")
                .containsEntry("stress/2026-02-02-gate.md", "# a new stress run\n")
                .as("merged: files of other runs stay")
                .containsEntry("stress/2026-01-01-gate.md", "# an older stress run\n")
                .containsEntry("explore.md", "# old explore\n")
                .as("a whole directory is replaced, not merged")
                .doesNotContainKeys("counterexamples/v/old.md", "counterexamples/v/old.json");
        assertThat(Files.list(reports.resolve(Reports.STAGING)).toList())
                .as("staging removed")
                .isEmpty();
    }

    @Test
    void aWholeDirectoryLeftEmptyRemovesTheOldOneAndPublishesNoFolder() throws IOException {
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            run.wholeDirectory("counterexamples/v");
            run.wholeDirectory("counterexamples/never-written");
            write(run.dir(), "index.md", "# new index\n");
            run.commit();
        }
        assertThat(tree(reports))
                .doesNotContainKeys("counterexamples/v/old.md", "counterexamples/v/old.json")
                .containsEntry("index.md", "# new index\n")
                .containsEntry("explore.md", "# old explore\n");
        assertThat(reports.resolve("counterexamples/v"))
                .as("the old folder, replaced by nothing")
                .doesNotExist();
        assertThat(reports.resolve("counterexamples/never-written"))
                .as("no empty folder")
                .doesNotExist();
    }

    @Test
    void aWholeDirectoryTakenBackKeepsThePublishedOneAndDropsWhatWasWritten() throws IOException {
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            Path v = run.wholeDirectory("counterexamples/v");
            write(v, "partial.md", "# half of a new run\n");
            run.keepPublished("counterexamples/v");
            write(run.dir(), "index.md", "# new index\n");
            run.commit();
        }
        assertThat(tree(reports))
                .containsEntry("counterexamples/v/old.md", "# old counterexample\n")
                .containsEntry("counterexamples/v/old.json", "{}\n")
                .containsEntry("index.md", "# new index\n")
                .doesNotContainKey("counterexamples/v/partial.md");
    }

    @Test
    void takingBackADirectoryNeverDeclaredIsAnError() throws IOException {
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            assertThatThrownBy(() -> run.keepPublished("counterexamples/v"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("counterexamples/v was not declared");
        }
    }

    @Test
    void linesAboutTheReportAreSaidOnceItIsPublishedAndNeverIfItIsGivenUp() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            write(run.dir(), "explore.md", "# new explore\n");
            run.whenPublished(print, "report: explore.md");
            run.whenPublished(print, "  replay: bin/cursorcheck replay x.json");
            assertThat(out.toString(StandardCharsets.UTF_8))
                    .as("before the commit")
                    .isEmpty();
            run.commit();
            assertThat(out.toString(StandardCharsets.UTF_8))
                    .as("after it, in order")
                    .isEqualTo("report: explore.md\n  replay: bin/cursorcheck replay x.json\n");
            assertThatThrownBy(() -> run.whenPublished(print, "late")).isInstanceOf(IllegalStateException.class);
        }
        out.reset();
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            write(run.dir(), "explore.md", "# newer explore\n");
            run.whenPublished(print, "report: explore.md");
            run.abort("given up");
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).as("a run given up").isEmpty();
    }

    @Test
    void aRunThatFailsReplacesNothingAndSaysWhereItsPartialOutputIs() throws IOException {
        assertThatThrownBy(() -> ReportRun.write(reports, "test", log, run -> {
                    Path cx = run.wholeDirectory("counterexamples");
                    write(cx, "w/new.md", "# new counterexample\n");
                    write(run.dir(), "index.md", "# new index\n");
                    throw new IllegalStateException("the subject crashed");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the subject crashed");
        assertThat(tree(reports)).as("the previous report").isEqualTo(before);
        assertThat(said.toString(StandardCharsets.UTF_8))
                .contains("the run stopped on an error, reported next")
                .contains("nothing in")
                .contains("was replaced, the previous report is whole")
                .contains("partial output is in")
                .contains(Reports.STAGING);
        List<Path> left = Files.list(reports.resolve(Reports.STAGING)).toList();
        assertThat(left).as("the partial output is kept for a look").hasSize(1);
        assertThat(left.get(0).resolve("counterexamples/w/new.md")).exists();

        said.reset();
        ReportRun.open(reports, "the next run", log).close();
        assertThat(left.get(0)).as("the next run removes it").doesNotExist();
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("removed").contains("did not finish");
    }

    @Test
    void aRunClosedWithoutCommitPublishesNothing() throws IOException {
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            write(run.dir(), "index.md", "# new index\n");
        }
        assertThat(tree(reports)).isEqualTo(before);
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("ended before its report was complete");
    }

    @Test
    void aCrashedRunLeavesThePreviousReportWholeAndTheNextRunCleansUp() throws Exception {
        Child child = child("crash test");
        child.kill(); // SIGKILL: no hook, no message; the OS drops the lock
        assertThat(tree(reports)).as("the previous report after a crash").isEqualTo(before);
        try (Stream<Path> staging = Files.list(reports.resolve(Reports.STAGING))) {
            assertThat(staging.toList()).as("the dead run's staging directory").hasSize(1);
        }
        try (ReportRun run = ReportRun.open(reports, "the next run", log)) {
            assertThat(said.toString(StandardCharsets.UTF_8))
                    .contains("removed")
                    .contains("did not finish");
            try (Stream<Path> staging = Files.list(reports.resolve(Reports.STAGING))) {
                assertThat(staging.toList())
                        .as("only the new run's staging directory")
                        .containsExactly(run.dir());
            }
        }
    }

    @Test
    void ctrlCDuringARunLeavesThePreviousReportWholeAndSaysSo() throws Exception {
        Child child = child("sigint test");
        Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(child.pid()))
                .inheritIO()
                .start();
        assertThat(kill.waitFor()).isZero();
        String out = child.rest();
        assertThat(child.process().waitFor(30, TimeUnit.SECONDS))
                .as("the child ends on SIGINT")
                .isTrue();
        assertThat(out)
                .contains("interrupted before the run was complete: nothing in")
                .contains("was replaced, the previous report is whole")
                .contains("partial output is in")
                .contains(Reports.STAGING);
        assertThat(tree(reports)).as("the previous report after Ctrl-C").isEqualTo(before);
    }

    @Test
    void aSecondProcessIsRefusedNamingTheFirst() throws Exception {
        Child child = child("bin/cursorcheck campaign --minutes 3");
        try {
            assertThatThrownBy(() -> ReportRun.open(reports, "second", log))
                    .isInstanceOf(ReportLock.Busy.class)
                    .hasMessageContaining("is being written by another run")
                    .hasMessageContaining("pid " + child.pid())
                    .hasMessageContaining("bin/cursorcheck campaign --minutes 3");
        } finally {
            child.kill();
        }
        assertThat(tree(reports)).isEqualTo(before);
        ReportRun.open(reports, "after the first ended", log).close(); // the OS released the dead one's lock
    }

    @Test
    void aSecondRunInTheSameJvmIsRefusedNamingTheFirst() throws Exception {
        try (ReportRun first = ReportRun.open(reports, "first run", log)) {
            write(first.dir(), "index.md", "# first\n");
            assertThatThrownBy(() -> ReportRun.open(reports, "second run", log))
                    .isInstanceOf(ReportLock.Busy.class)
                    .hasMessageContaining("another run in this process")
                    .hasMessageContaining("first run");
            first.commit();
        }
        try (ReportRun second = ReportRun.open(reports, "second run", log)) {
            assertThat(second.dir()).exists();
        }
    }

    @Test
    void ofRunsRacingForTheDirectoryExactlyOneWrites() throws Exception {
        int racers = 4;
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(racers);
        AtomicInteger busy = new AtomicInteger();
        List<ReportRun> won = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < racers; i++) {
            int n = i;
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    won.add(ReportRun.open(reports, "racer " + n, log));
                } catch (ReportLock.Busy e) {
                    busy.incrementAndGet();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    done.countDown();
                }
            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(won).hasSize(1);
        assertThat(busy.get()).isEqualTo(racers - 1);
        won.get(0).close();
        for (Thread t : threads) {
            t.join();
        }
    }

    @Test
    void aRunThatDiedBetweenTheTwoRenamesOfAWholeDirectoryIsRepairedByTheNextRun() throws IOException {
        // What commit leaves if the process dies after moving the old directory aside and before moving the
        // new one in: the journal names it, the old one is in <run>.old/0, the reports directory lacks it.
        Path aside = reports.resolve(Reports.STAGING).resolve("20260101-000000-1-1.old");
        Files.createDirectories(aside);
        Files.move(reports.resolve("counterexamples"), aside.resolve("0"));
        Files.writeString(aside.resolve("journal"), "0\tcounterexamples\n", StandardCharsets.UTF_8);
        write(reports.resolve(Reports.STAGING), "20260101-000000-1-1/counterexamples/w/new.md", "# new\n");
        assertThat(reports.resolve("counterexamples")).doesNotExist();

        ReportRun.open(reports, "the next run", log).close();
        assertThat(tree(reports)).as("the old directory is back").isEqualTo(before);
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("restored").contains("counterexamples");
    }

    /**
     * A move that fails between the two renames of a whole directory (the old one moved aside, the new
     * one not moved in): commit puts the old one back before it throws, so the index that links into
     * it never points at a missing folder, not even until the next run.
     */
    @Test
    void aFailedPublishPutsTheDirectoryItMovedAsideBackAtOnce() throws IOException {
        ReportRun.Mover failsMovingIn = (from, to) -> {
            Path dir = reports.toAbsolutePath().normalize();
            if (to.equals(dir.resolve("counterexamples")) && from.startsWith(dir.resolve(Reports.STAGING))) {
                throw new IOException("no space left on device (a test's failing move)");
            }
            Files.move(from, to, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        };
        Path staging;
        try (ReportRun run = ReportRun.open(reports, "test", log, failsMovingIn)) {
            staging = run.dir();
            write(run.wholeDirectory("counterexamples"), "w/new.md", "# new counterexample\n");
            write(run.dir(), "index.md", "# new index\n[new](counterexamples/w/new.md)\n");
            Throwable failed = org.assertj.core.api.Assertions.catchThrowable(run::commit);
            assertThat(tree(reports))
                    .as("the previous report, right after the failed commit")
                    .isEqualTo(before);
            assertThat(failed)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("publishing the report failed at counterexamples")
                    .hasMessageContaining("no space left on device")
                    .hasMessageContaining("in place from this run: nothing")
                    .hasMessageContaining("put back the previous")
                    .hasMessageContaining("which had been moved aside")
                    .hasMessageContaining("the rest of this run is in");
            assertThat(run.committed()).isFalse();
        }
        assertThat(tree(reports)).as("the previous report after close").isEqualTo(before);
        assertThat(staging.resolve("counterexamples/w/new.md"))
                .as("this run's output, kept for a look")
                .exists();
        assertThat(staging.resolveSibling(staging.getFileName() + ".old"))
                .as("nothing left aside")
                .doesNotExist();

        said.reset();
        ReportRun.open(reports, "the next run", log).close();
        assertThat(said.toString(StandardCharsets.UTF_8))
                .as("nothing was left for the next run to restore")
                .doesNotContain("restored")
                .contains("removed");
        assertThat(tree(reports)).isEqualTo(before);
    }

    @Test
    void pagesArePublishedLastDeepestFirstAndEachIndexAfterItsSiblings() {
        List<Path> files = Stream.of(
                        "index.md",
                        "index.json",
                        "explore.md",
                        "conformance/index.md",
                        "conformance/index.json",
                        "counterexamples/v/a.md",
                        "counterexamples/v/a.json",
                        "stress/x.md")
                .map(Path::of)
                .toList();
        List<String> order = ReportRun.publishingOrder(files, List.of(Path.of("conformance/node-26.12.1"))).stream()
                .map(Path::toString)
                .toList();
        assertThat(order)
                .containsExactly(
                        "conformance/index.json",
                        "counterexamples/v/a.json",
                        "index.json",
                        "conformance/node-26.12.1",
                        "counterexamples/v/a.md",
                        "stress/x.md",
                        "conformance/index.md",
                        "explore.md",
                        "index.md");
    }

    @Test
    void aWholeDirectoryMustBeInsideTheReportsAndNotNested() throws IOException {
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            assertThatThrownBy(() -> run.wholeDirectory("../elsewhere"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("../elsewhere");
            assertThatThrownBy(() -> run.wholeDirectory(Reports.STAGING)).isInstanceOf(IllegalArgumentException.class);
            run.wholeDirectory("conformance/node-26.12.1");
            assertThatThrownBy(() -> run.wholeDirectory("conformance"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("nested");
        }
    }

    @Test
    void aCommittedOrAbortedRunCannotBePublishedAgain() throws IOException {
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            run.abort("given up");
            assertThatThrownBy(run::commit)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("aborted");
        }
        assertThat(tree(reports)).isEqualTo(before);
    }

    @Test
    void namesAndLinksAreThoseOfThePublishedFiles() throws IOException {
        withReportsDir(reports, () -> {
            try (ReportRun run = ReportRun.open(reports, "test", log)) {
                Path staged = run.dir().resolve("counterexamples/v/x.md");
                assertThat(Reports.published(staged))
                        .isEqualTo(reports.toAbsolutePath().normalize().resolve("counterexamples/v/x.md"));
                assertThat(Reports.link(run.dir(), staged)).isEqualTo("counterexamples/v/x.md");
                assertThat(Reports.link(run.dir().resolve("conformance"), staged))
                        .isEqualTo("../counterexamples/v/x.md");
                assertThat(run.staged(reports.resolve("stress/a.md")))
                        .isEqualTo(run.dir().resolve("stress/a.md"));
                assertThat(Reports.published(reports.resolve("plain.md")))
                        .isEqualTo(reports.resolve("plain.md").toAbsolutePath().normalize());
                assertThat(Reports.published(run.dir()))
                        .as("the staging directory itself")
                        .isEqualTo(reports.toAbsolutePath().normalize());
            }
        });
    }

    /**
     * Only the reports directory's own staging folder maps to the reports directory: a checkout under
     * a folder that happens to be named {@code .staging} keeps its paths, and a link from a staged page
     * into the checkout is the one the published page needs.
     */
    @Test
    void onlyTheReportsDirectorysOwnStagingFolderIsMapped() throws IOException {
        Path checkout = reports.resolve(Reports.STAGING).resolve("checkout");
        Path dir = checkout.resolve("reports");
        withReportsDir(dir, () -> {
            Path spec = checkout.resolve("docs/spec.md");
            assertThat(Reports.published(spec))
                    .as("a file of the checkout, not of a run")
                    .isEqualTo(spec);
            Path run = dir.resolve(Reports.STAGING).resolve("20260101-000000-1-1");
            assertThat(Reports.published(run.resolve("counterexamples/v/x.md")))
                    .isEqualTo(dir.resolve("counterexamples/v/x.md"));
            assertThat(Reports.link(run, spec)).isEqualTo("../docs/spec.md");
            assertThat(Reports.link(run.resolve("counterexamples/v"), spec)).isEqualTo("../../../docs/spec.md");
            Path other = reports.resolve("elsewhere").resolve(Reports.STAGING).resolve("r/a.md");
            assertThat(Reports.published(other))
                    .as("another directory's .staging folder")
                    .isEqualTo(other);
        });
    }

    /** Runs {@code body} with {@code -Dcursorcheck.reports} pointing at {@code dir}, then restores it. */
    private static void withReportsDir(Path dir, IoBody body) throws IOException {
        String previous = System.getProperty(Reports.DIR_PROPERTY);
        System.setProperty(Reports.DIR_PROPERTY, dir.toString());
        try {
            body.run();
        } finally {
            if (previous == null) {
                System.clearProperty(Reports.DIR_PROPERTY);
            } else {
                System.setProperty(Reports.DIR_PROPERTY, previous);
            }
        }
    }

    /** A test body that may throw an IOException. */
    @FunctionalInterface
    private interface IoBody {
        void run() throws IOException;
    }

    /** A child run and its standard output, read up to its READY line. */
    private record Child(Process process, BufferedReader out) {
        long pid() {
            return process.pid();
        }

        String rest() throws IOException {
            StringBuilder b = new StringBuilder();
            for (String line; (line = out.readLine()) != null; ) {
                b.append(line).append('\n');
            }
            return b.toString();
        }

        void kill() throws InterruptedException {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Starts a {@link ReportRunChild} on the reports directory and waits until it has written its partial report. */
    private Child child(String command) throws IOException {
        // env --default-signal=INT: a JVM started from a background job of a non-interactive shell inherits
        // SIGINT ignored, and would then never see the Ctrl-C this test sends.
        Process p = new ProcessBuilder(
                        "env",
                        "--default-signal=INT",
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ReportRunChild.class.getName(),
                        reports.toString(),
                        command)
                .redirectErrorStream(true)
                .start();
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        StringBuilder seen = new StringBuilder();
        while ((line = in.readLine()) != null) {
            seen.append(line).append('\n');
            if (line.startsWith("READY")) {
                return new Child(p, in);
            }
        }
        throw new IllegalStateException("the child run ended before it was ready:\n" + seen);
    }

    private static void write(Path dir, String relative, String text) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Every file under {@code dir} outside the staging folder and the lock, with its text. */
    private static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String rel = dir.relativize(p).toString();
                if (!rel.startsWith(Reports.STAGING) && !rel.equals(ReportLock.FILE)) {
                    files.put(rel, Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        }
        return files;
    }
}
