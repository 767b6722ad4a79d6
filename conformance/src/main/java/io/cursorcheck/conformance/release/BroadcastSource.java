package io.cursorcheck.conformance.release;

import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Algorithm;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code broadcast.js} loaded into a Node release in place of its own: a file of
 * the user's, or {@code builtin}, the release's embedded {@code internal/streams/iter/broadcast}.
 * The release runs with {@code --expose-internals} and the loader
 * {@code conformance/src/main/js/source-hooks.mjs}, which makes every {@code node:stream/iter} import
 * take its {@code broadcast} from that source; nothing of Node's source is in this repository.
 *
 * @param file the file, absolute and normalised, or null for the release's embedded source
 */
public record BroadcastSource(Path file) {

    /** The word that names the release's embedded source on the command line and in the loader's URL. */
    public static final String BUILTIN = "builtin";

    /** The loader's exit status for a source that does not load (source-broadcast.mjs). */
    static final int LOAD_ERROR_STATUS = 3;
    /** The loader's one line on standard error for a source that does not load. */
    static final String LOAD_ERROR_PREFIX = "cursorcheck-source-error: ";
    /** The system property that sets the time the load check may take, in whole seconds. */
    public static final String LOAD_SECONDS_PROPERTY = "cursorcheck.source.load.seconds";
    /**
     * Time the load check may take by default: a Node start and one compile, under a second on a quiet machine,
     * with room for a loaded one.
     */
    public static final long DEFAULT_LOAD_SECONDS = 20;

    /** The release's embedded source. */
    public static final BroadcastSource EMBEDDED = new BroadcastSource(null);

    /**
     * Checks the field.
     *
     * @throws IllegalArgumentException if the file is not absolute
     */
    public BroadcastSource {
        if (file != null && !file.isAbsolute()) {
            throw new IllegalArgumentException("a source file must be absolute, was '" + file + "'");
        }
    }

    /**
     * The source a command line names: {@code builtin}, or a file (made absolute), which must exist.
     *
     * @throws IllegalArgumentException naming the value when the file does not exist or is a directory
     */
    public static BroadcastSource parse(String value) {
        if (value.equals(BUILTIN)) {
            return EMBEDDED;
        }
        Path p = Path.of(value).toAbsolutePath().normalize();
        if (!Files.exists(p)) {
            throw new IllegalArgumentException("'" + value + "': no such file (give a broadcast.js, or builtin)");
        }
        if (Files.isDirectory(p)) {
            throw new IllegalArgumentException("'" + value + "' is a directory; give a broadcast.js file, or builtin");
        }
        return new BroadcastSource(p);
    }

    /** Whether this is the release's embedded source. */
    public boolean builtin() {
        return file == null;
    }

    /** What the loader is given: {@code builtin} or the file's absolute path. */
    public String spec() {
        return builtin() ? BUILTIN : file.toString();
    }

    /** The loader, {@code conformance/src/main/js/source-hooks.mjs}. */
    public static Path hooks() {
        return SourceTree.root().resolve("conformance/src/main/js/source-hooks.mjs");
    }

    /** The loader's URL with this source as its query: {@code file:///…/source-hooks.mjs?source=…}. */
    public String hooksUrl() {
        return hooks().toUri() + "?source=" + URLEncoder.encode(spec(), StandardCharsets.UTF_8);
    }

    /**
     * The release's flags that load this source before a script runs: the ones of the subject, of its
     * reproductions and of the load check, so that each runs the same code.
     */
    public List<String> flags() {
        return List.of("--experimental-stream-iter", "--expose-internals", "--no-warnings", "--import", hooksUrl());
    }

    /**
     * The subject's id in reports, apart from the release's own: {@code node-26.12.1+builtin-source},
     * {@code node-26.12.1+patched} (the file's name without {@code .js}), with {@code -corrected} when it
     * is checked against the corrected model.
     */
    public String subjectId(Release release, Algorithm algorithm) {
        String stem;
        if (builtin()) {
            stem = "builtin-source";
        } else {
            stem = file.getFileName().toString().replaceFirst("\\.[cm]?js$", "").replaceAll("[^A-Za-z0-9._-]", "_");
            if (stem.isEmpty() || stem.startsWith(".")) {
                stem = "source" + stem;
            }
        }
        return release.id() + "+" + stem + (algorithm == Algorithm.CORRECTED ? "-corrected" : "");
    }

    /**
     * The SHA-256 of the file, in hex, or null for the embedded source (whose text is the release's).
     *
     * @throws IOException if the file cannot be read
     */
    public String sha256() throws IOException {
        if (builtin()) {
            return null;
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /**
     * Checks that the source loads into the release, before anything runs: the subject's own command
     * with no input, which imports {@code node:stream/iter} (so the loader compiles the source) and
     * exits on the end of its input.
     *
     * @param command the subject's command line ({@link ExternalSubject#ofSource})
     * @throws SourceLoadException naming the file and the cause, when the loader refuses it, or the time,
     *                             when the release has not exited within {@link #loadSeconds()} (the
     *                             file loops while it loads)
     * @throws IOException         when the release fails otherwise (its last words in the message)
     */
    public void checkLoads(List<String> command) throws IOException, InterruptedException {
        checkLoads(command, TimeUnit.SECONDS.toMillis(loadSeconds()));
    }

    /**
     * The time the load check may take, in seconds: {@link #LOAD_SECONDS_PROPERTY}, or {@link #DEFAULT_LOAD_SECONDS}
     * without it. Only a file that loops while it loads waits this long, so a test of that path sets it short.
     *
     * @throws IllegalArgumentException naming the property and its value, if it is not a whole number from 1 to
     *                                  3600
     */
    public static long loadSeconds() {
        String value = System.getProperty(LOAD_SECONDS_PROPERTY);
        if (value == null) {
            return DEFAULT_LOAD_SECONDS;
        }
        try {
            long seconds = Long.parseLong(value.strip());
            if (seconds >= 1 && seconds <= 3600) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // reported below, with the property's name
        }
        throw new IllegalArgumentException("system property " + LOAD_SECONDS_PROPERTY
                + " must be a whole number of seconds from 1 to 3600, was '" + value + "'");
    }

    /**
     * As {@link #checkLoads(List)}, with the time the load may take. Standard error goes to a file, read
     * once the release has exited: a file that loops while it loads never closes the stream, so reading it
     * before the timed wait would wait for ever instead of timing out.
     *
     * @throws SourceLoadException naming the file and the time, when the release has not exited within {@code millis}
     */
    void checkLoads(List<String> command, long millis) throws IOException, InterruptedException {
        Path stderrFile = Files.createTempFile("cursorcheck-source-load", ".stderr");
        try {
            Process p = ChildProcesses.start(new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(devNull()))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(stderrFile.toFile()));
            if (!p.waitFor(millis, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.waitFor();
                throw new SourceLoadException("--source " + spec() + ": did not load within " + seconds(millis)
                        + " (the release, started with no input, neither exited nor refused it: a loop while it"
                        + " loads?)");
            }
            byte[] err;
            try (var in = Files.newInputStream(stderrFile)) {
                err = in.readNBytes(64 * 1024); // the loader's line comes first; the rest is not needed
            }
            judgeLoad(p.exitValue(), new String(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(stderrFile);
        }
    }

    /** {@code millis} in whole seconds for a message, e.g. {@code 60 s}, or in ms below a second. */
    private static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    /** The load check's verdict on the release's exit status and standard error. */
    private void judgeLoad(int exit, String stderr) throws IOException {
        if (exit == LOAD_ERROR_STATUS) {
            for (String line : stderr.split("\n")) {
                if (line.startsWith(LOAD_ERROR_PREFIX)) {
                    throw new SourceLoadException("--source "
                            + line.substring(LOAD_ERROR_PREFIX.length()).strip());
                }
            }
        }
        if (exit != 0) {
            List<String> last = new ArrayList<>(List.of(stderr.strip().split("\n")));
            throw new IOException("--source " + spec() + ": the release exited with status " + exit
                    + " while loading it: "
                    + String.join(" / ", last.subList(Math.max(0, last.size() - 3), last.size())));
        }
    }

    private static java.io.File devNull() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    @Override
    public String toString() {
        return spec();
    }
}
