package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.cursorcheck.conformance.protocol.ProgramSubject;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stopped run stops everything it started. Each case starts a real run through {@code bin/cursorcheck}
 * that has children: {@code subject} on the correct Python example, started as
 * {@code sh -c 'sleep 300 & exec python3 ...'}, so that the JVM has a child (Python) with a child of its own
 * (a sleep), and every restart of the subject leaves an orphaned sleep in the run's process group. Once the
 * subject runs and the run has opened its report (a folder in the staging folder), the case records the whole run (the launcher, its descendants, and every process in the
 * JVM's process group), stops it one way, and checks that within a bounded wait no recorded process is
 * alive and the previous report is whole: nothing published, the staging folder left for the next run.
 *
 * <p>The stops: SIGTERM to the launcher; SIGINT to a launcher started in the background of a
 * non-interactive shell (which starts it with SIGINT ignored); SIGKILL to the launcher's parent. The
 * control is the same survivor check on a tree started without the mechanism ({@code sh -c 'sleep 300 &
 * sleep 300'}, its shell alone ended), which it must see surviving.
 *
 * <p>Linux only, like the launcher's mechanism (process groups read from {@code /proc}, {@code setsid},
 * {@code env --default-signal}); needs {@code python3}, as {@link SubjectCliTest} does.
 */
class LauncherStopTest {

    /** How long the whole run has to be gone after the stop; it is usually gone within a second or two. */
    private static final Duration GONE_WITHIN = Duration.ofSeconds(20);

    /** How long the run has to start its subject (a JVM start, then Python). */
    private static final Duration STARTS_WITHIN = Duration.ofSeconds(60);

    private static final String PREVIOUS = "the previous report\n";

    @TempDir
    Path tmp;

    private Path reports;

    @BeforeEach
    void previousReport() throws IOException {
        assertThat(Path.of("/proc/self/stat"))
                .as("this test needs Linux's /proc, as the launcher's mechanism does")
                .isReadable();
        reports = tmp.resolve("reports");
        Files.createDirectories(reports.resolve("subjects/stopped"));
        Files.writeString(reports.resolve("index.md"), PREVIOUS);
        Files.writeString(reports.resolve("subjects/stopped/index.md"), PREVIOUS);
    }

    /** The launcher's command line for the run, as shell words. */
    private String launcherLine() {
        Path script = SourceTree.root()
                .resolve("examples/python")
                .resolve(ProgramSubject.EXAMPLES.stream()
                        .filter(ProgramSubject.Example::correct)
                        .findFirst()
                        .orElseThrow()
                        .script());
        return quote(SourceTree.root().resolve("bin/cursorcheck").toString())
                + " subject --name stopped --seconds 120 --seed 7 -- sh -c "
                + quote("sleep 300 & exec python3 " + quote(script.toString()));
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** A shell running {@code line}, with the launcher on this test's classpath and reports in the temp folder. */
    private Process shell(String line) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", line)
                .directory(tmp.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectError(tmp.resolve("shell.err").toFile());
        Map<String, String> env = pb.environment();
        env.put("CURSORCHECK_CLASSPATH", System.getProperty("java.class.path"));
        env.put("CURSORCHECK_JAVA_OPTS", "-D" + Reports.DIR_PROPERTY + "=" + reports);
        return pb.start();
    }

    @Test
    void sigtermToTheLauncherEndsTheWholeRun() throws Exception {
        Process launcher = shell(
                "exec " + launcherLine() + " 2>" + quote(tmp.resolve("run.err").toString()));
        Set<ProcessHandle> run = runningRun(launcher.toHandle());
        signal("TERM", launcher.pid());
        assertStopped(run);
    }

    @Test
    void sigintToALauncherInTheBackgroundOfAScriptEndsTheWholeRun() throws Exception {
        // a non-interactive shell starts a background job with SIGINT ignored
        Process script = shell(
                launcherLine() + " 2>" + quote(tmp.resolve("run.err").toString()) + " >/dev/null & echo $!; wait");
        long launcherPid;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(script.getInputStream(), StandardCharsets.UTF_8))) {
            launcherPid = Long.parseLong(out.readLine().strip());
        }
        ProcessHandle launcher = ProcessHandle.of(launcherPid).orElseThrow();
        Set<ProcessHandle> run = runningRun(launcher);
        run.add(script.toHandle());
        signal("INT", launcherPid);
        assertStopped(run);
    }

    @Test
    void sigkillToTheLaunchersParentEndsTheWholeRun() throws Exception {
        Process parent =
                shell(launcherLine() + " 2>" + quote(tmp.resolve("run.err").toString()) + "; exit $?");
        ProcessHandle launcher = awaitChild(parent.toHandle());
        Set<ProcessHandle> run = runningRun(launcher);
        parent.destroyForcibly();
        assertStopped(run);
    }

    @Test
    void theSurvivorCheckSeesATreeStartedWithoutTheMechanismSurvive() throws Exception {
        Process control = new ProcessBuilder("sh", "-c", "sleep 300 & sleep 300").start();
        Set<ProcessHandle> tree = new LinkedHashSet<>();
        try {
            long deadline = System.nanoTime() + STARTS_WITHIN.toNanos();
            while (control.descendants().count() < 2) {
                assertThat(System.nanoTime() < deadline)
                        .as("the control's sleeps started")
                        .isTrue();
                Thread.sleep(20);
            }
            tree.add(control.toHandle());
            control.descendants().forEach(tree::add);
            control.destroy(); // its shell alone, as a stop without the mechanism would
            // a short wait: a survivor of a short wait survives a long one too, and the control must be cheap
            assertThat(survivors(tree, Duration.ofSeconds(1)))
                    .as("the sleeps of a tree stopped without the mechanism are seen surviving")
                    .hasSize(2);
        } finally {
            tree.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** The launcher's one child, once it has started it (the parent shell runs the launcher, not exec). */
    private static ProcessHandle awaitChild(ProcessHandle parent) throws InterruptedException {
        long deadline = System.nanoTime() + STARTS_WITHIN.toNanos();
        while (true) {
            Optional<ProcessHandle> child = parent.children().findFirst();
            if (child.isPresent()) {
                return child.get();
            }
            if (System.nanoTime() > deadline || !parent.isAlive()) {
                fail("setup: the shell did not start the launcher");
            }
            Thread.sleep(20);
        }
    }

    /**
     * Waits until the run's subject runs (Python and its sleep), then records the run: the launcher, its
     * descendants, and every process in the JVM's process group (orphans of earlier subjects included).
     */
    private Set<ProcessHandle> runningRun(ProcessHandle launcher) throws Exception {
        long deadline = System.nanoTime() + STARTS_WITHIN.toNanos();
        while (true) {
            List<ProcessHandle> below = launcher.descendants().toList();
            // the launcher's child, or the launcher itself where it runs the JVM in its place
            Optional<ProcessHandle> jvm = Stream.concat(Stream.of(launcher), below.stream())
                    .filter(h -> h.equals(launcher)
                            || h.parent().map(launcher::equals).orElse(false))
                    .filter(h -> command(h).contains("io.cursorcheck.cli.Main"))
                    .findFirst();
            boolean python = below.stream().anyMatch(h -> command(h).contains("python3"));
            boolean sleep = below.stream().anyMatch(h -> command(h).matches("(\\S*/)?sleep 300"));
            if (jvm.isPresent() && python && sleep && reportRunOpen()) {
                Set<ProcessHandle> run = new LinkedHashSet<>();
                run.add(launcher);
                run.addAll(launcher.descendants().toList());
                run.addAll(processGroup(jvm.get().pid()));
                assertThat(run).as("the recorded run").hasSizeGreaterThanOrEqualTo(3);
                return run;
            }
            if (System.nanoTime() > deadline || !launcher.isAlive()) {
                // stopped the way the launcher is built for (SIGKILL to its descendants would kill its watcher
                // and leave the orphans of the JVM's process group behind)
                launcher.destroy();
                fail(
                        "setup: the run did not start its subject within %s (launcher alive: %s); its errors:%n%s",
                        STARTS_WITHIN, launcher.isAlive(), errors());
            }
            Thread.sleep(50);
        }
    }

    /** Whether the run has opened its report run (a folder in the staging folder): the subject passed its handshake. */
    private boolean reportRunOpen() throws IOException {
        Path staging = reports.resolve(Reports.STAGING);
        if (!Files.isDirectory(staging)) {
            return false;
        }
        try (Stream<Path> runs = Files.list(staging)) {
            return runs.anyMatch(Files::isDirectory);
        }
    }

    /** The command line from {@code /proc} (ProcessHandle.Info leaves out the arguments of a long one: a JVM's). */
    private static String command(ProcessHandle h) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(h.pid()), "cmdline"), StandardCharsets.UTF_8)
                    .replace('\0', ' ')
                    .strip();
        } catch (IOException gone) {
            return "";
        }
    }

    /** Every process whose process group is {@code pgid}, from {@code /proc/<pid>/stat}. */
    private static List<ProcessHandle> processGroup(long pgid) throws IOException {
        List<ProcessHandle> members = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .toList()) {
                String stat;
                try {
                    stat = Files.readString(p.resolve("stat"));
                } catch (IOException gone) {
                    continue;
                }
                // after the command name (which may hold spaces): state, ppid, pgrp
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                if (Long.parseLong(fields[2]) == pgid) {
                    ProcessHandle.of(Long.parseLong(p.getFileName().toString())).ifPresent(members::add);
                }
            }
        }
        return members;
    }

    private static void signal(String name, long pid) throws Exception {
        // bash's kill builtin: no kill executable needed
        Process kill = new ProcessBuilder("bash", "-c", "kill -" + name + " " + pid)
                .inheritIO()
                .start();
        assertThat(kill.waitFor()).as("kill -%s %d", name, pid).isZero();
    }

    /** The recorded processes still alive after waiting up to {@code within} for them to go. */
    private static List<ProcessHandle> survivors(Set<ProcessHandle> recorded, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        List<ProcessHandle> alive =
                recorded.stream().filter(ProcessHandle::isAlive).toList();
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            alive = alive.stream().filter(ProcessHandle::isAlive).toList();
        }
        return alive;
    }

    /** No recorded process survives, the run said it was interrupted, and the previous report is whole. */
    private void assertStopped(Set<ProcessHandle> run) throws Exception {
        List<ProcessHandle> alive = survivors(run, GONE_WITHIN);
        try {
            assertThat(alive.stream().map(h -> h.pid() + " " + command(h)).toList())
                    .as("processes of the stopped run still alive after %s", GONE_WITHIN)
                    .isEmpty();
        } finally {
            alive.forEach(ProcessHandle::destroyForcibly);
        }
        assertThat(errors()).contains("interrupted before the run was complete");
        assertThat(published())
                .as("the reports folder after the stop: the previous report, nothing published")
                .isEqualTo(Map.of("index.md", PREVIOUS, "subjects/stopped/index.md", PREVIOUS));
        assertThat(reports.resolve(Reports.STAGING))
                .as("the staging folder, left for the next run")
                .isDirectory();
    }

    private String errors() throws IOException {
        Path err = tmp.resolve("run.err");
        return Files.exists(err) ? Files.readString(err) : "(none)";
    }

    /** The reports folder's files outside the staging folder and the lock, with their contents. */
    private Map<String, String> published() throws IOException {
        try (Stream<Path> files = Files.walk(reports)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !reports.relativize(f).startsWith(Reports.STAGING))
                    .filter(f -> !f.getFileName().toString().equals(".lock"))
                    .collect(Collectors.toMap(
                            f -> reports.relativize(f).toString(),
                            f -> {
                                try {
                                    return Files.readString(f);
                                } catch (IOException e) {
                                    throw new IllegalStateException(e);
                                }
                            },
                            (a, b) -> a,
                            TreeMap::new));
        }
    }
}
