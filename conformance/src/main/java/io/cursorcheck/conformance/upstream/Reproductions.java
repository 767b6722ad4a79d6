package io.cursorcheck.conformance.upstream;

import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The minimal reproductions of the three symptoms of the re-entrant flush and of the spoiled read on a
 * failed broadcast (the suite's kept {@code reproduce.mjs} scripts), run on a release with a given {@code broadcast.js}: what each
 * prints is what the upstream report shows a maintainer.
 */
public final class Reproductions {

    /** How long one script may take. */
    static final long TIMEOUT_SECONDS = 60;
    /** Bytes of a script's output kept; the reproductions print a few lines. */
    private static final int OUTPUT_KEPT = 256 * 1024;

    /**
     * One symptom's reproduction.
     *
     * @param name   the finding's name
     * @param symptom what breaks, in a few words
     * @param script the script, relative to the source tree
     */
    public record Script(String name, String symptom, String script) {
        /** Its path. */
        public Path path() {
            return SourceTree.root().resolve(script);
        }
    }

    /** The name of the reproduction the report shows whole (the shortest path to the re-entrant flush). */
    public static final String NESTED_END = "nested-end-in-notify";

    /**
     * The three symptoms of the re-entrant flush and the one of a spoiled read on a failed broadcast, in the
     * order the report lists them.
     */
    public static final List<Script> SCRIPTS = List.of(
            new Script(
                    "reentrant-flush-strands-read",
                    "a read stays pending although its entry is buffered",
                    "reports/findings/reentrant-flush-strands-read/reproduce.mjs"),
            new Script(
                    "reentrant-end-settles-read-twice",
                    "a read gets the wrong entry, and a write whose entry was" + " delivered is rejected",
                    "reports/findings/reentrant-end-settles-read-twice/reproduce.mjs"),
            new Script(
                    NESTED_END,
                    "a read gets done instead of a buffered entry, its write is rejected and" + " end() under-reports",
                    "reports/conformance-findings/nested-end-in-notify/reproduce.mjs"),
            new Script(
                    "spoiled-read-leaves-cursor-past-end",
                    "after fail(), a read of a detached entry clears the buffer"
                            + " and leaves consumers attached to it",
                    "reports/findings/spoiled-read-leaves-cursor-past-end/reproduce.mjs"));

    /** The first words of a script's last line, its verdict: {@code shows} or {@code does-not-show} follows. */
    public static final String VERDICT = "cursorcheck-reproduction: ";

    /** The exit status of a script whose symptom showed. */
    public static final int SHOWS_STATUS = 1;

    /** What a script says of its symptom. */
    public enum Verdict {
        /** Its last line says {@code shows} and it exited with {@link #SHOWS_STATUS}. */
        SHOWS,
        /** Its last line says {@code does-not-show} and it exited with 0. */
        DOES_NOT_SHOW,
        /**
         * Neither: no verdict line, or a status that does not match it (a crash, a hang cut short, a
         * script that does not load). Never counted as either answer.
         */
        NO_VERDICT
    }

    /**
     * What a script printed.
     *
     * @param script  the script
     * @param command the command line
     * @param exit    its exit status
     * @param output  its stdout and stderr
     */
    public record Output(Script script, String command, int exit, String output) {
        /**
         * The script's verdict, read from its last non-empty line and its exit status; both must agree,
         * so that a crash after the line, or a line printed by something else, is no answer.
         */
        public Verdict verdict() {
            List<String> lines =
                    output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
            String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
            if (last.equals(VERDICT + "shows") && exit == SHOWS_STATUS) {
                return Verdict.SHOWS;
            }
            if (last.equals(VERDICT + "does-not-show") && exit == 0) {
                return Verdict.DOES_NOT_SHOW;
            }
            return Verdict.NO_VERDICT;
        }

        /** Whether the symptom showed (a script without a verdict did not show it, nor did it show its absence). */
        public boolean shows() {
            return verdict() == Verdict.SHOWS;
        }

        /** The verdict in words, with the exit status when there is none. */
        public String verdictWords() {
            return switch (verdict()) {
                case SHOWS -> "shows the symptom";
                case DOES_NOT_SHOW -> "does not show the symptom";
                case NO_VERDICT ->
                    "gave no verdict (exit status " + exit + ", no matching `" + VERDICT.strip() + "` last line)";
            };
        }
    }

    private Reproductions() {}

    /** Runs every script with the source. */
    public static List<Output> run(NodeWithSource source) throws IOException, InterruptedException {
        return run(source, SCRIPTS, TIMEOUT_SECONDS);
    }

    /**
     * Runs the scripts with the source, each for {@code timeoutSeconds} at most. Their output goes to a
     * file, read once the script has exited: a script that never exits never closes a pipe, so reading one
     * before the timed wait would wait for ever instead of timing out.
     *
     * @throws IOException naming the script and its command line, when one is missing or does not finish in time
     */
    static List<Output> run(NodeWithSource source, List<Script> scripts, long timeoutSeconds)
            throws IOException, InterruptedException {
        List<Output> outputs = new ArrayList<>();
        for (Script s : scripts) {
            if (!Files.isRegularFile(s.path())) {
                throw new IOException("the reproduction " + s.script() + " is missing");
            }
            List<String> command = source.command(List.of(s.path().toString()));
            Path outputFile = Files.createTempFile("cursorcheck-reproduction", ".out");
            byte[] out;
            int exit;
            try {
                Process p = ChildProcesses.start(
                        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(outputFile.toFile()));
                p.getOutputStream().close();
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    p.waitFor();
                    throw new IOException(s.script() + " did not finish within " + timeoutSeconds + " s: "
                            + NodeWithSource.shell(command));
                }
                exit = p.exitValue();
                try (InputStream in = Files.newInputStream(outputFile)) {
                    out = in.readNBytes(OUTPUT_KEPT);
                }
            } finally {
                Files.deleteIfExists(outputFile);
            }
            outputs.add(
                    new Output(s, source.typed(List.of(s.script())), exit, new String(out, StandardCharsets.UTF_8)));
        }
        return outputs;
    }
}
