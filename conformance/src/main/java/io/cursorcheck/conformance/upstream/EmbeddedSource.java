package io.cursorcheck.conformance.upstream;

import io.cursorcheck.properties.io.ChildProcesses;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A Node release's own source of one of its internal modules, as the release embeds it
 * ({@code process.binding('natives')}, reachable with {@code --expose-internals}). Read at run
 * time: the repository keeps none of it.
 */
public final class EmbeddedSource {

    /** How long the release may take to start and print it. */
    static final long TIMEOUT_SECONDS = 60;

    private EmbeddedSource() {}

    /**
     * Reads a module's embedded source.
     *
     * @param node    the release's {@code node} executable
     * @param release the release's id, named in errors
     * @param module  e.g. {@code internal/streams/iter/broadcast}
     * @return its text
     * @throws IOException if the release cannot be run, fails, or embeds no such module
     */
    public static String read(Path node, String release, String module) throws IOException, InterruptedException {
        if (!module.matches("[a-z0-9_/]+")) {
            throw new IllegalArgumentException(
                    "a module is a path like internal/streams/iter/broadcast, was '" + module + "'");
        }
        String script = "const s = process.binding('natives')['" + module + "'];"
                + " if (typeof s !== 'string') { process.stderr.write('no embedded module " + module
                + "'); process.exit(4); }"
                + " process.stdout.write(s);";
        Process p = ChildProcesses.start(
                new ProcessBuilder(List.of(node.toString(), "--expose-internals", "--no-warnings", "-e", script))
                        .redirectInput(ProcessBuilder.Redirect.PIPE));
        p.getOutputStream().close();
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        byte[] out = readAll(p.getInputStream());
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(
                    release + " did not print its embedded " + module + " within " + TIMEOUT_SECONDS + " s");
        }
        String stderr = new String(err.join(), StandardCharsets.UTF_8).strip();
        if (p.exitValue() != 0) {
            throw new IOException(release + " could not print its embedded " + module + " (status " + p.exitValue()
                    + ")"
                    + (stderr.isEmpty() ? "" : ": " + stderr.lines().findFirst().orElse("")));
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (text.isEmpty()) {
            throw new IOException(release + " printed an empty " + module);
        }
        return text;
    }

    private static byte[] readAll(InputStream in) {
        try (in;
                ByteArrayOutputStream buffer = new ByteArrayOutputStream()) {
            in.transferTo(buffer);
            return buffer.toByteArray();
        } catch (IOException e) {
            return new byte[0]; // the exit status says what went wrong
        }
    }
}
