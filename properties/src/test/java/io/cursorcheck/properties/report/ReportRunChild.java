package io.cursorcheck.properties.report;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A run in a JVM of its own, for {@link ReportRunTest}: opens a {@link ReportRun} of the reports
 * directory given, writes part of a report (a page in a whole directory, and the index), says
 * {@code READY} on standard output, then waits to be stopped: killed (a crash), sent SIGINT
 * (Ctrl-C), or, after a minute, ends without publishing.
 */
public final class ReportRunChild {

    private ReportRunChild() {}

    /**
     * Runs it.
     *
     * @param args the reports directory, then the command to record in the lock
     */
    public static void main(String[] args) throws Exception {
        try (ReportRun run = ReportRun.open(Path.of(args[0]), args[1], System.out)) {
            Path dir = run.wholeDirectory("counterexamples");
            Files.writeString(
                    Files.createDirectories(dir.resolve("child")).resolve("partial.md"),
                    "# partial\n",
                    StandardCharsets.UTF_8);
            Files.writeString(
                    run.dir().resolve("index.md"), "# the child's index, never published\n", StandardCharsets.UTF_8);
            System.out.println("READY " + ProcessHandle.current().pid());
            System.out.flush();
            Thread.sleep(60_000);
        }
    }
}
