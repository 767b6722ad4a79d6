package io.cursorcheck.conformance;

import io.cursorcheck.properties.engine.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One running external subject: a process that speaks the cursorcheck-subject protocol on its
 * standard input and output, one JSON object a line each way.
 *
 * <p>A request waits {@link #TIMEOUT_MILLIS} at most for its answer. A process that exits, or
 * does not answer in time (a hang), is killed, and the request throws {@link SubjectCrash}
 * with what it printed on standard error last; the next sequence starts a new process.
 *
 * <p>One thread uses a process at a time.
 */
final class AdapterProcess implements AutoCloseable {

    /** How long one answer may take. Node answers in well under a millisecond. */
    static final long TIMEOUT_MILLIS = 10_000;

    private static final Object EOF = new Object();

    private final Process process;
    private final Writer in;
    private final BlockingQueue<Object> lines = new LinkedBlockingQueue<>();
    private final Deque<String> stderr = new ArrayDeque<>();
    private boolean dead;

    /**
     * Starts the process.
     *
     * @param command the command line, e.g. {@code [node, --experimental-stream-iter, adapter.mjs]}
     */
    AdapterProcess(List<String> command) throws IOException {
        process = new ProcessBuilder(command).start();
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread out = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the process is gone; EOF below says so
            }
            lines.add(EOF);
        }, "adapter-stdout");
        Thread err = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (stderr) {
                        stderr.addLast(line);
                        if (stderr.size() > 20) {
                            stderr.removeFirst();
                        }
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, "adapter-stderr");
        out.setDaemon(true);
        err.setDaemon(true);
        out.start();
        err.start();
    }

    /** Whether the process crashed or hung and was killed. */
    boolean dead() {
        return dead;
    }

    /**
     * Sends one request and waits for its answer.
     *
     * @throws SubjectCrash if the process exits or does not answer in time
     * @throws IllegalStateException if the adapter answers with a protocol error
     */
    @SuppressWarnings("unchecked")
    Map<String, Object> request(Map<String, Object> request) {
        if (dead) {
            throw new SubjectCrash("the adapter process is dead");
        }
        Object line;
        try {
            in.write(Wire.line(request));
            in.write('\n');
            in.flush();
            line = lines.poll(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            line = EOF;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the adapter", e);
        }
        if (line == null || line == EOF) {
            kill();
            String why = line == null ? "did not answer " + Wire.line(request) + " within " + TIMEOUT_MILLIS / 1000
                    + " s (a hang)" : "exited" + exitCode() + " while answering " + Wire.line(request);
            throw new SubjectCrash("the subject process " + why + stderrTail());
        }
        Object parsed = Json.parse((String) line);
        if (!(parsed instanceof Map)) {
            throw new IllegalStateException("the adapter answered " + line + " to " + Wire.line(request));
        }
        Map<String, Object> answer = (Map<String, Object>) parsed;
        if (answer.containsKey("error")) {
            throw new IllegalStateException("protocol error: the adapter answered " + line + " to "
                    + Wire.line(request));
        }
        return answer;
    }

    private String exitCode() {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? " with code " + process.exitValue() : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private String stderrTail() {
        try {
            Thread.sleep(50); // let the stderr reader catch up with a crash's last words
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (stderr) {
            List<String> tail = stderr.stream().filter(l -> !l.contains("ExperimentalWarning")
                    && !l.contains("--trace-warnings")).toList();
            return tail.isEmpty() ? "" : "; its last words: " + String.join(" / ", tail);
        }
    }

    private void kill() {
        dead = true;
        process.destroyForcibly();
    }

    @Override
    public void close() {
        if (!dead) {
            try {
                in.close();
                if (!process.waitFor(2, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (IOException e) {
                process.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
        dead = true;
    }
}
