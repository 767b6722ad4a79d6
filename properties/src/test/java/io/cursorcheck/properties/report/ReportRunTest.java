package io.cursorcheck.properties.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.io.Json;
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
 * {@link ReportRun} and {@link ReportLock}: a run is published whole as a folder of its own and
 * {@code latest} moves to it; an aborted, failed, crashed or interrupted run publishes nothing and says
 * so; no published page is rewritten by a later run; two runs cannot write one reports directory at once.
 */
class ReportRunTest {

    @TempDir
    Path reports;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(said, true, StandardCharsets.UTF_8);
    private Path previous;
    private Map<String, String> before;

    /**
     * The previous run (an index that links into counterexamples/, published through a ReportRun, so
     * that latest points to it) and committed records beside it, which no run may touch.
     */
    @BeforeEach
    void previousReport() throws IOException {
        write(reports, "runs/2026-01-01-ci.md", "# a committed record\n");
        write(reports, "findings/f/README.md", "# a committed finding\n");
        write(reports, "README.md", "# what the runs write\n");
        try (ReportRun run = ReportRun.open(reports, "bin/cursorcheck check --seed 1", log)) {
            write(run.dir(), "index.md", "# old index\n[old](counterexamples/v/old.md)\n");
            write(run.dir(), "counterexamples/v/old.md", "# old counterexample\n");
            write(run.dir(), "counterexamples/v/old.json", "{}\n");
            run.commit();
            previous = run.folder();
        }
        before = tree(reports);
        said.reset();
    }

    @Test
    void nothingIsPublishedBeforeTheCommitThenTheRunIsAFolderOfItsOwnAndLatestPointsToIt() throws Exception {
        assertThat(previous.getFileName().toString()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-check");
        assertThat(Reports.latestRun(reports)).isEqualTo(previous);
        Path folder;
        try (ReportRun run = ReportRun.open(reports, "bin/cursorcheck campaign --seconds 5 --seed 7", log)) {
            folder = run.folder();
            assertThat(folder.getParent()).isEqualTo(reports.toAbsolutePath().normalize());
            assertThat(folder.getFileName().toString())
                    .endsWith("-campaign")
                    .isNotEqualTo(previous.getFileName().toString());
            Path cx = run.wholeDirectory("counterexamples");
            write(cx, "w/new.md", "# new counterexample\n");
            write(run.dir(), "index.md", "# new index\n[new](counterexamples/w/new.md)\n");
            write(run.dir(), "stress/gate.md", "# a new stress run");
            assertThat(tree(reports))
                    .as("the reports directory before the commit")
                    .isEqualTo(before);
            run.commit();
            assertThat(run.committed()).isTrue();
        }
        Map<String, String> after = tree(reports);
        String name = folder.getFileName().toString();
        String line = "\nWritten by the run `" + name + "/`, started ";
        assertThat(after.get(name + "/index.md"))
                .startsWith("# new index\n[new](counterexamples/w/new.md)\n" + line)
                .endsWith(": `bin/cursorcheck campaign --seconds 5 --seed 7` ([run.json](run.json))\n");
        assertThat(after.get(name + "/counterexamples/w/new.md"))
                .as("a page deeper down links the run's facts relatively")
                .contains(line)
                .endsWith("([run.json](../../run.json))\n");
        assertThat(after.get(name + "/stress/gate.md"))
                .as("a page without a last newline")
                .startsWith("# a new stress run\n" + line);
        Map<?, ?> facts = (Map<?, ?>) Json.parse(after.get(name + "/run.json"));
        assertThat(facts.get("folder")).isEqualTo(name);
        assertThat(facts.get("command")).isEqualTo("bin/cursorcheck campaign --seconds 5 --seed 7");
        assertThat((String) facts.get("started")).matches("\\d{4}-.*Z");
        assertThat(after)
                .as("the previous run's folder and the records, untouched")
                .containsAllEntriesOf(withoutLatest(before));
        assertThat(after.get(Reports.LATEST)).isEqualTo("-> " + name);
        String list = after.get(ReportRun.RUNS_PAGE);
        assertThat(list)
                .as("the list of runs, newest first")
                .contains("[" + name + "](" + name + "/index.md)", "`bin/cursorcheck check --seed 1`");
        assertThat(list.indexOf(name))
                .isLessThan(list.indexOf(previous.getFileName().toString()));
        assertThat(Reports.latestRun(reports)).isEqualTo(folder);
        assertThat(Files.list(reports.resolve(Reports.STAGING)).toList())
                .as("staging removed")
                .isEmpty();

        try (ReportRun run = ReportRun.open(reports, "bin/cursorcheck node --version 26.12.1", log)) {
            write(run.dir(), "conformance/node-26.12.1/index.md", "# a release\n");
            write(run.dir(), "conformance/index.md", "# the index\n");
            run.commit();
            assertThat(Files.readString(reports.resolve(ReportRun.RUNS_PAGE)))
                    .as("a run without a top page: its shallowest index")
                    .contains("(" + run.folder().getFileName() + "/conformance/index.md)");
        }
    }

    @Test
    void aWholeDirectoryLeftEmptyPublishesNoFolder() throws IOException {
        Path folder;
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            run.wholeDirectory("counterexamples/v");
            run.wholeDirectory("counterexamples/never-written");
            write(run.dir(), "index.md", "# new index\n");
            run.commit();
            folder = run.folder();
        }
        assertThat(folder.resolve("index.md")).exists();
        assertThat(folder.resolve("counterexamples/v")).as("no empty folder").doesNotExist();
        assertThat(folder.resolve("counterexamples/never-written")).doesNotExist();
    }

    /**
     * A whole directory taken back publishes none of what was written there; what an earlier run
     * published there can be carried over unchanged, its pages still naming the run that wrote them.
     */
    @Test
    void aWholeDirectoryTakenBackDropsWhatWasWrittenAndAnEarlierRunsCanBeCarriedOver() throws IOException {
        Path folder;
        try (ReportRun run = ReportRun.open(reports, "test", log)) {
            Path v = run.wholeDirectory("counterexamples/v");
            write(v, "partial.md", "# half of a new run\n");
            run.keepPublished("counterexamples/v");
            Path from = run.previous("counterexamples/v").orElseThrow();
            assertThat(from).isEqualTo(previous.resolve("counterexamples/v"));
            assertThat(run.previous("conformance/index.json")).isEmpty();
            assertThat(run.carryOver(from, "counterexamples/v")).isTrue();
            assertThat(run.carryOver(from, "counterexamples/v"))
                    .as("never over what is there")
                    .isFalse();
            write(run.dir(), "index.md", "# new index\n");
            run.commit();
            folder = run.folder();
        }
        String carried = Files.readString(folder.resolve("counterexamples/v/old.md"), StandardCharsets.UTF_8);
        assertThat(carried)
                .as("carried over, naming the run that wrote it")
                .isEqualTo(before.get(previous.getFileName() + "/counterexamples/v/old.md"))
                .contains("Written by the run `" + previous.getFileName() + "/`")
                .doesNotContain(folder.getFileName().toString());
        assertThat(folder.resolve("counterexamples/v/partial.md")).doesNotExist();
        assertThat(tree(reports)).containsAllEntriesOf(withoutLatest(before));
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
    void aRunThatFailsPublishesNothingAndSaysWhereItsPartialOutputIs() throws IOException {
        assertThatThrownBy(() -> ReportRun.write(reports, "test", log, run -> {
                    Path cx = run.wholeDirectory("counterexamples");
                    write(cx, "w/new.md", "# new counterexample\n");
                    write(run.dir(), "index.md", "# new index\n");
                    throw new IllegalStateException("the subject crashed");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the subject crashed");
        assertThat(tree(reports)).as("the previous run and latest").isEqualTo(before);
        assertThat(said.toString(StandardCharsets.UTF_8))
                .contains("the run stopped on an error, reported next")
                .contains("nothing was published in")
                .contains("earlier runs and latest are untouched")
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
                .contains("interrupted before the run was complete: nothing was published in")
                .contains("earlier runs and latest are untouched")
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

    /** A rename of the run's folder that fails: nothing is published, latest and the previous run stay. */
    @Test
    void aFailedPublishLeavesThePreviousRunAndLatestWhole() throws IOException {
        Path dir = reports.toAbsolutePath().normalize();
        ReportRun.Mover failsMovingIn = (from, to) -> {
            if (from.startsWith(dir.resolve(Reports.STAGING))) {
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
            assertThat(tree(reports)).as("right after the failed commit").isEqualTo(before);
            assertThat(failed)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("publishing the report failed")
                    .hasMessageContaining("no space left on device")
                    .hasMessageContaining("nothing of this run was published")
                    .hasMessageContaining("the earlier runs and latest are untouched")
                    .hasMessageContaining("this run is in");
            assertThat(run.committed()).isFalse();
        }
        assertThat(tree(reports)).as("after close").isEqualTo(before);
        assertThat(staging.resolve("counterexamples/w/new.md"))
                .as("this run's output, kept for a look")
                .exists();
        said.reset();
        ReportRun.open(reports, "the next run", log).close();
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("removed");
        assertThat(tree(reports)).isEqualTo(before);
    }

    /** The run's folder in place but latest not moved: the message says both, latest still names a whole run. */
    @Test
    void aFailedMoveOfLatestSaysTheRunIsPublishedAndLatestIsTheOldOne() throws IOException {
        ReportRun.Mover failsOnLatest = (from, to) -> {
            if (to.getFileName().toString().equals(Reports.LATEST)) {
                throw new IOException("a test's failing rename");
            }
            Files.move(from, to, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        };
        try (ReportRun run = ReportRun.open(reports, "test", log, failsOnLatest)) {
            write(run.dir(), "index.md", "# new index\n");
            assertThatThrownBy(run::commit)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("the run is published in")
                    .hasMessageContaining(run.folder().getFileName().toString())
                    .hasMessageContaining("still points to the previous run");
            assertThat(run.folder().resolve("index.md")).exists();
        }
        assertThat(Reports.latestRun(reports)).isEqualTo(previous);
    }

    /**
     * Retention: after a run is published the newest {@link ReportRun#KEEP} run folders stay, and the
     * newest of each command (a campaign outlives many checks); older ones go, never the one latest points
     * to, never a committed record.
     */
    @Test
    void theNewestRunsAreKeptNeverTheOneLatestPointsToNorARecord() throws IOException {
        Path campaign;
        try (ReportRun run = ReportRun.open(reports, "bin/cursorcheck campaign --seconds 10", log)) {
            write(run.dir(), "index.md", "# the campaign\n");
            run.commit();
            campaign = run.folder();
        }
        List<Path> folders = new ArrayList<>();
        for (int i = 0; i < ReportRun.KEEP + 2; i++) {
            try (ReportRun run = ReportRun.open(reports, "bin/cursorcheck check --seed " + i, log)) {
                write(run.dir(), "index.md", "# run " + i + "\n");
                run.commit();
                folders.add(run.folder());
            }
        }
        List<Path> runs = Reports.runs(reports);
        List<Path> newestFirst = new ArrayList<>(folders);
        java.util.Collections.reverse(newestFirst);
        List<Path> expected = new ArrayList<>(newestFirst.subList(0, ReportRun.KEEP));
        expected.add(campaign);
        assertThat(runs)
                .as("the newest KEEP, and the newest of each command beyond them")
                .isEqualTo(expected);
        assertThat(previous).as("an older check").doesNotExist();
        assertThat(folders.get(1)).as("an older check").doesNotExist();
        assertThat(tree(reports))
                .containsEntry("runs/2026-01-01-ci.md", "# a committed record\n")
                .containsEntry("findings/f/README.md", "# a committed finding\n")
                .containsEntry("README.md", "# what the runs write\n");

        // latest left on the oldest kept run (as a run whose move of latest was lost leaves it): it survives.
        Path oldest = runs.get(runs.size() - 2); // the oldest check: only latest can keep it
        Path link = reports.resolve(Reports.LATEST);
        Files.delete(link);
        Files.createSymbolicLink(link, oldest.getFileName());
        ReportRun.Mover keepsLatest = (from, to) -> {
            if (to.getFileName().toString().equals(Reports.LATEST)) {
                Files.delete(from); // the rename of latest lost: it still points to the oldest run
            } else {
                Files.move(from, to, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
        };
        try (ReportRun run = ReportRun.open(reports, "one more", log, keepsLatest)) {
            write(run.dir(), "index.md", "# one more\n");
            run.commit();
        }
        assertThat(oldest)
                .as("the folder latest points to, though beyond the newest KEEP")
                .exists();
        assertThat(Reports.runs(reports)).hasSize(ReportRun.KEEP + 2).contains(campaign);
    }

    @Test
    void aFolderIsNamedByTheCommandsWord() {
        assertThat(ReportRun.kind("bin/cursorcheck node --version 26.12.1 --seconds 5"))
                .isEqualTo("node");
        assertThat(ReportRun.kind("bin/cursorcheck campaign --seconds 5")).isEqualTo("campaign");
        assertThat(ReportRun.kind("mvn verify (StressGateTest)")).isEqualTo("mvn-verify");
        assertThat(ReportRun.kind("Racer 1")).isEqualTo("racer-1");
        assertThat(ReportRun.kind("  ")).isEqualTo("run");
        assertThat(ReportRun.kind("7 runs")).as("never read as a serial").isEqualTo("run-7-runs");
        assertThat(ReportRun.kindOf("2026-01-01T00-00-00-10-node")).isEqualTo("node");
        assertThat(ReportRun.kindOf("2026-01-01T00-00-00-mvn-verify")).isEqualTo("mvn-verify");
        List<String> names = new ArrayList<>(List.of(
                "2026-01-01T00-00-01-check",
                "2026-01-01T00-00-00-10-node",
                "2026-01-01T00-00-00-2-history",
                "2026-01-01T00-00-00-node"));
        names.sort(ReportRun.ORDER);
        assertThat(names)
                .as("by time, then by serial in the same second, whatever the kinds")
                .containsExactly(
                        "2026-01-01T00-00-00-node",
                        "2026-01-01T00-00-00-2-history",
                        "2026-01-01T00-00-00-10-node",
                        "2026-01-01T00-00-01-check");
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
                Path folder = run.folder();
                assertThat(folder.getFileName()).isEqualTo(run.dir().getFileName());
                assertThat(Reports.published(staged)).isEqualTo(folder.resolve("counterexamples/v/x.md"));
                assertThat(Reports.runOf(staged)).isEqualTo(folder);
                assertThat(Reports.runOf(folder.resolve("counterexamples/v/x.md")))
                        .isEqualTo(folder);
                assertThat(Reports.runOf(reports.resolve("runs/x.md")))
                        .as("a record is no run's")
                        .isEqualTo(reports.toAbsolutePath().normalize());
                assertThat(Reports.link(run.dir(), staged)).isEqualTo("counterexamples/v/x.md");
                assertThat(Reports.link(run.dir().resolve("conformance"), staged))
                        .isEqualTo("../counterexamples/v/x.md");
                assertThat(Reports.link(run.dir(), reports.resolve("findings/f/README.md")))
                        .as("from a run's top to a record")
                        .isEqualTo("../findings/f/README.md");
                assertThat(run.staged(folder.resolve("stress/a.md")))
                        .isEqualTo(run.dir().resolve("stress/a.md"));
                assertThat(run.staged(reports.resolve("stress/a.md")))
                        .as("named as in the reports directory")
                        .isEqualTo(run.dir().resolve("stress/a.md"));
                assertThat(Reports.published(reports.resolve("plain.md")))
                        .isEqualTo(reports.resolve("plain.md").toAbsolutePath().normalize());
                assertThat(Reports.published(run.dir()))
                        .as("the staging directory itself")
                        .isEqualTo(folder);
                run.commit();
                assertThat(Reports.lastRun()).isEqualTo(folder);
            }
        });
    }

    /**
     * Only the reports directory's own staging folder maps to a run's folder: a checkout under a folder
     * that happens to be named {@code .staging} keeps its paths, and a link from a staged page into the
     * checkout is the one the published page needs.
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
            Path run = dir.resolve(Reports.STAGING).resolve("2026-01-01T00-00-00-check");
            assertThat(Reports.published(run.resolve("counterexamples/v/x.md")))
                    .isEqualTo(dir.resolve("2026-01-01T00-00-00-check/counterexamples/v/x.md"));
            assertThat(Reports.link(run, spec)).isEqualTo("../../docs/spec.md");
            assertThat(Reports.link(run.resolve("counterexamples/v"), spec)).isEqualTo("../../../../docs/spec.md");
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

    /**
     * Every file under {@code dir} outside the staging folder and the lock, with its text; {@code latest}
     * as {@code "-> <folder>"}.
     */
    private static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.toList()) {
                String rel = dir.relativize(p).toString();
                if (rel.startsWith(Reports.STAGING) || rel.equals(ReportLock.FILE)) {
                    continue;
                }
                if (Files.isSymbolicLink(p)) {
                    files.put(rel, "-> " + Files.readSymbolicLink(p));
                } else if (Files.isRegularFile(p)) {
                    files.put(rel, Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        }
        return files;
    }

    private static Map<String, String> withoutLatest(Map<String, String> tree) {
        Map<String, String> m = new TreeMap<>(tree);
        m.remove(Reports.LATEST);
        m.remove(ReportRun.RUNS_PAGE); // the list of runs, rewritten by every run
        return m;
    }
}
