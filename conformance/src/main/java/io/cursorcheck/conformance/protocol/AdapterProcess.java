package io.cursorcheck.conformance.protocol;

import io.cursorcheck.properties.io.ChildProcesses;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One running external subject: a process that speaks the cursorcheck-subject protocol on its
 * standard input and output, one JSON object a line each way.
 *
 * <p>What the process prints is untrusted: lines are cut at {@link BoundedLines#MAX_LINE_BYTES}
 * and queued at most {@link #QUEUED_LINES} deep (a flooding process blocks on its own output), and
 * every answer is checked ({@link Answer}); of its standard error only the last
 * {@link StreamTail#CAPACITY} bytes are kept, however much it prints, line ends or not. A request
 * is written by a thread of its own, so that a process that stops reading its input cannot block
 * the run: the request must be written and answered within {@code answerMillis} (the process's
 * first answer at least {@link #TIMEOUT_MILLIS}, which covers its start). Then:
 * <ul>
 *   <li>a request not taken in time (its input is full), no answer in time, an answer that breaks
 *       the protocol, its output closed while the process lives on, or an exit with code 0: a
 *       {@link SubjectProtocolError};</li>
 *   <li>an exit with another code or by a signal: a {@link SubjectCrash}, with what it printed
 *       on standard error last.</li>
 * </ul>
 * Either way the process is killed ({@link #dead()}), and the next sequence starts a new one.
 * Each protocol error is also handed to a listener, so that the run reports every one, wherever
 * it happened (a random sequence, a shrink, a replay).
 *
 * <p>One thread uses a process at a time.
 */
final class AdapterProcess implements AutoCloseable {

    /** How long one answer may take by default. Node answers in well under a millisecond. */
    static final long TIMEOUT_MILLIS = 10_000;

    /** Lines read ahead of the requests at most. */
    static final int QUEUED_LINES = 16;

    private static final Object EOF = new Object();

    private final Process process;
    private final Writer in;
    private final BlockingQueue<Object> lines = new LinkedBlockingQueue<>(QUEUED_LINES);
    private final StreamTail stderr = new StreamTail();
    private final Thread out;
    private final Thread err;
    /** Writes the requests: a write into a full pipe blocks until the process reads, or dies. */
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "adapter-stdin");
        t.setDaemon(true);
        return t;
    });

    private final long answerMillis;
    private final Consumer<SubjectProtocolError> onProtocolError;
    private boolean answered;
    private boolean dead;

    /**
     * Starts the process.
     *
     * @param command         the command line, e.g. {@code [node, --experimental-stream-iter, adapter.mjs]}
     * @param answerMillis    how long one answer may take
     * @param onProtocolError told of every protocol error, before it is thrown
     */
    AdapterProcess(List<String> command, long answerMillis, Consumer<SubjectProtocolError> onProtocolError)
            throws IOException {
        this.answerMillis = answerMillis;
        this.onProtocolError = onProtocolError;
        process = ChildProcesses.start(new ProcessBuilder(command));
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        out = new Thread(
                () -> {
                    try {
                        BoundedLines reader = new BoundedLines(process.getInputStream());
                        for (BoundedLines.Line line; (line = reader.next()) != null; ) {
                            lines.put(line);
                        }
                        lines.put(EOF);
                    } catch (IOException e) {
                        lines.offer(EOF); // the process is gone
                    } catch (InterruptedException e) {
                        // closed: nobody reads any more
                    }
                },
                "adapter-stdout");
        err = new Thread(() -> stderr.drain(process.getErrorStream()), "adapter-stderr");
        out.setDaemon(true);
        err.setDaemon(true);
        out.start();
        err.start();
    }

    /** Whether the process crashed, hung or broke the protocol, and was killed. */
    boolean dead() {
        return dead;
    }

    /**
     * Sends one request and waits for its answer.
     *
     * @throws SubjectCrash         if the process exits with a code other than 0 or by a signal
     * @throws SubjectProtocolError if it breaks the protocol or does not answer in time
     */
    Answer request(Map<String, Object> request) {
        String sent = Wire.line(request);
        if (dead) {
            throw new SubjectCrash("the subject process is dead; cannot send " + sent);
        }
        Object line = lines.poll();
        if (line instanceof BoundedLines.Line early) {
            throw broken(new SubjectProtocolError(
                    sent,
                    shown(early),
                    "a line that answers nothing, printed before"
                            + " this request was sent; expected one line per request, after it"));
        }
        try {
            if (line == null) {
                long wait = answered ? answerMillis : Math.max(answerMillis, TIMEOUT_MILLIS);
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait);
                Future<?> written = writer.submit(() -> {
                    in.write(sent);
                    in.write('\n');
                    in.flush();
                    return null;
                });
                try {
                    written.get(wait, TimeUnit.MILLISECONDS);
                    line = lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    throw broken(new SubjectProtocolError(
                            sent,
                            null,
                            "did not read it within " + wait + " ms: the"
                                    + " request could not be written whole (the process stopped reading its input, or hangs);"
                                    + " expected it to read every request"));
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof IOException)) {
                        throw new IllegalStateException("cannot write to the subject", e.getCause());
                    }
                    line = EOF; // it closed its input: it exited, or is about to
                }
                if (line == null) {
                    throw broken(new SubjectProtocolError(
                            sent,
                            null,
                            "did not answer within " + wait + " ms" + " (a hang, or silence); expected one line"));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new IllegalStateException("interrupted while waiting for the subject", e);
        }
        if (line == EOF) {
            throw ended(sent);
        }
        answered = true;
        if (line instanceof BoundedLines.TooLong t) {
            throw broken(new SubjectProtocolError(
                    sent,
                    shown(t),
                    "a line of " + t.bytes() + " bytes; expected at" + " most " + BoundedLines.MAX_LINE_BYTES
                            + " bytes a line"));
        }
        if (line instanceof BoundedLines.NotUtf8 n) {
            throw broken(new SubjectProtocolError(sent, shown(n), "not UTF-8; expected a line of UTF-8 text"));
        }
        try {
            return Answer.parse(sent, ((BoundedLines.Text) line).text());
        } catch (SubjectProtocolError e) {
            throw broken(e);
        }
    }

    /**
     * Kills the process and reports a protocol error found in an answer (by whoever read it).
     *
     * @return the error, to throw
     */
    SubjectProtocolError broken(SubjectProtocolError e) {
        kill();
        onProtocolError.accept(e);
        return e;
    }

    /** The process's output ended before it answered: a crash, or a protocol error if it exited cleanly. */
    private RuntimeException ended(String sent) {
        Integer code = exitCode();
        if (code != null && code != 0) {
            kill();
            return new SubjectCrash("the subject process exited with code " + code
                    + (code > 128 ? " (signal " + (code - 128) + ")" : "") + " while answering " + sent + stderrTail());
        }
        return broken(new SubjectProtocolError(
                sent,
                null,
                (code == null
                                ? "closed its output without answering," + " and lives on"
                                : "exited with code 0 without answering")
                        + "; expected one line" + stderrTail()));
    }

    /** The exit code, once the process has exited (waiting a little), or null if it lives on. */
    private Integer exitCode() {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? process.exitValue() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String shown(BoundedLines.Line line) {
        if (line instanceof BoundedLines.Text t) {
            return SubjectProtocolError.quote(t.text());
        } else if (line instanceof BoundedLines.TooLong t) {
            return SubjectProtocolError.quote(t.head()) + " (" + t.bytes() + " bytes in all)";
        }
        return SubjectProtocolError.quote(((BoundedLines.NotUtf8) line).shown());
    }

    private String stderrTail() {
        try {
            // Let the stderr reader catch up with a crash's last words: to the end of the stream if the
            // process has exited (its last bytes may still be in the pipe), else a moment.
            err.join(process.isAlive() ? 50 : 1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<String> tail = stderr.lines().stream()
                .filter(l -> !l.contains("ExperimentalWarning") && !l.contains("--trace-warnings"))
                .toList();
        return tail.isEmpty() ? "" : "; its last words: " + String.join(" / ", tail);
    }

    private void kill() {
        dead = true;
        process.destroyForcibly(); // a write blocked on the full pipe fails now, and the writer's thread ends
        writer.shutdownNow();
        out.interrupt(); // the reader may be blocked on a full queue
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
        writer.shutdownNow();
        out.interrupt();
        dead = true;
    }
}
