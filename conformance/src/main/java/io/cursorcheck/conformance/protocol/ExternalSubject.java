package io.cursorcheck.conformance.protocol;

import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An implementation in another process, behind the cursorcheck-subject protocol
 * ({@code docs/protocol.md}): the suite's subject for Node.js and Bun, and for any program given by
 * its command ({@link ProgramSubject}).
 *
 * <p>Observable only ({@link BroadcastFactory.Capabilities}): it shows answers, settlements and
 * a probe, no snapshot. One long-lived process per thread; {@link #create} starts a fresh
 * broadcast in it with a {@code reset}; a process that crashed, hung or broke the protocol is
 * replaced by a new one at the next {@code create}, and {@link #restarts()} counts those.
 * {@link #protocolErrors()} keeps every protocol error seen ({@link SubjectProtocolError}): a run
 * must report them, since they are a broken adapter or subject, not findings.
 */
public final class ExternalSubject implements BroadcastFactory, AutoCloseable {

    /** The adapter for {@code node:stream/iter}, in this repository. */
    public static Path adapter() {
        return SourceTree.root().resolve("conformance/src/main/js/broadcast-adapter.mjs");
    }

    private final String id;
    private final List<String> command;
    private final Algorithm algorithm;
    private LoadedSource source; // the broadcast.js it runs, or null for the release's own module
    private List<String> runtimeFlags = List.of("--experimental-stream-iter");
    private final Hello hello;
    private final long answerMillis;
    private final Map<Thread, AdapterProcess> processes = new ConcurrentHashMap<>();
    private final AtomicInteger restarts = new AtomicInteger();
    private final List<String> protocolErrors = new ArrayList<>(); // the first MAX_KEPT; guarded by itself
    private long protocolErrorCount; // guarded by protocolErrors

    /**
     * The {@code broadcast.js} a subject runs in place of its release's own ({@link #ofSource}).
     *
     * @param source the file, or the release's embedded source
     * @param sha256 the file's SHA-256 when the subject started (hex), or null for the embedded source
     */
    public record LoadedSource(BroadcastSource source, String sha256) {}

    /** Protocol errors kept with their messages; the rest are counted. */
    static final int MAX_KEPT = 20;

    /**
     * Protocol errors a run saw.
     *
     * @param count how many
     * @param first the messages of the first ones (at most {@value ExternalSubject#MAX_KEPT}), each
     *              naming the request, the line and what was expected
     */
    public record ProtocolErrors(long count, List<String> first) {
        /** None. */
        public static final ProtocolErrors NONE = new ProtocolErrors(0, List.of());
    }

    /**
     * Starts the subject once and reads its handshake.
     *
     * @param id      its id in reports, e.g. {@code node-26.12.1}
     * @param command the command line that starts it
     * @throws IOException if it cannot be started or does not speak the protocol
     */
    public ExternalSubject(String id, List<String> command) throws IOException {
        this(id, command, AdapterProcess.TIMEOUT_MILLIS);
    }

    /**
     * As {@link #ExternalSubject(String, List)}, with another time an answer may take (a process's
     * first answer may take {@link AdapterProcess#TIMEOUT_MILLIS} at least, for its start).
     */
    public ExternalSubject(String id, List<String> command, long answerMillis) throws IOException {
        this(id, command, answerMillis, Algorithm.AS_RELEASED);
    }

    /**
     * As {@link #ExternalSubject(String, List)}, checked against the reference of {@code algorithm}
     * ({@link #algorithm()}).
     */
    public ExternalSubject(String id, List<String> command, Algorithm algorithm) throws IOException {
        this(id, command, AdapterProcess.TIMEOUT_MILLIS, algorithm);
    }

    private ExternalSubject(String id, List<String> command, long answerMillis, Algorithm algorithm)
            throws IOException {
        if (algorithm == null) {
            throw new IllegalArgumentException("algorithm must be given, was null");
        }
        this.id = id;
        this.algorithm = algorithm;
        this.command = List.copyOf(command);
        this.answerMillis = answerMillis;
        Map<String, Object> hi = new LinkedHashMap<>();
        hi.put("protocol", Hello.PROTOCOL);
        hi.put("version", Hello.VERSION);
        try (AdapterProcess p = new AdapterProcess(command, answerMillis, e -> {})) {
            this.hello = Hello.of(p.request(hi));
        } catch (SubjectProtocolError | SubjectCrash e) {
            throw new IOException(
                    id + " does not speak the cursorcheck-subject protocol: its handshake failed: " + e.getMessage(),
                    e);
        }
    }

    /** The subject for a release of Node or Bun, with the adapter of this repository. */
    public static ExternalSubject of(Release release, Path binary) throws IOException {
        return new ExternalSubject(
                release.id(),
                List.of(
                        binary.toString(),
                        "--experimental-stream-iter",
                        adapter().toString()));
    }

    /**
     * The subject for a Node release running another {@code broadcast.js} ({@link BroadcastSource}), with
     * the adapter of this repository, checked against the reference of {@code algorithm}. The source is
     * loaded once before the handshake ({@link BroadcastSource#checkLoads}), so that a file that does not
     * load is named with its cause.
     *
     * @throws SourceLoadException if the source does not load
     * @throws IllegalArgumentException if the release is not Node's
     */
    public static ExternalSubject ofSource(Release release, Path binary, BroadcastSource source, Algorithm algorithm)
            throws IOException, InterruptedException {
        if (!release.runtime().equals("node")) {
            throw new IllegalArgumentException("a broadcast.js source loads into Node only, not " + release.id());
        }
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.addAll(source.flags());
        command.add(adapter().toString());
        source.checkLoads(command);
        String sha = source.sha256(); // before the handshake: the file the run checked
        ExternalSubject subject = new ExternalSubject(source.subjectId(release, algorithm), command, algorithm);
        subject.source = new LoadedSource(source, sha);
        subject.runtimeFlags = source.flags();
        return subject;
    }

    /** The {@code broadcast.js} it runs in place of the release's own, or null when it runs the release's module. */
    public LoadedSource source() {
        return source;
    }

    /**
     * The runtime's flags before a program, for a reproduction to run the same code as the subject:
     * {@code --experimental-stream-iter}, and for a {@linkplain #source() source} the loader's flags too.
     */
    public List<String> runtimeFlags() {
        return runtimeFlags;
    }

    /** The command line that starts the subject's process. */
    public List<String> command() {
        return command;
    }

    /**
     * The algorithm the subject is checked against: its reference model
     * ({@link io.cursorcheck.properties.Variant#referenceFor}) in every lockstep run, replay and
     * reproduction.
     */
    @Override
    public Algorithm algorithm() {
        return algorithm;
    }

    /** What the subject said about itself. */
    public Hello hello() {
        return hello;
    }

    /** Processes started again after a crash, a hang or a protocol error. */
    public int restarts() {
        return restarts.get();
    }

    /** The protocol errors seen so far, by any thread. */
    public ProtocolErrors protocolErrors() {
        synchronized (protocolErrors) {
            return new ProtocolErrors(protocolErrorCount, List.copyOf(protocolErrors));
        }
    }

    private void record(SubjectProtocolError e) {
        synchronized (protocolErrors) {
            protocolErrorCount++;
            if (protocolErrors.size() < MAX_KEPT) {
                protocolErrors.add(e.getMessage());
            }
        }
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String description() {
        return hello.summary() + ", through the cursorcheck-subject protocol";
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(true, hello.unitSizes());
    }

    /**
     * A fresh broadcast in this thread's process (started anew if it is dead). If the reset
     * fails, the broadcast's first operation throws that failure: the lockstep run reports it
     * like any other, and the sequence after it gets a new process.
     *
     * @throws UncheckedIOException if the process cannot be started
     */
    @Override
    public Broadcast create(Options options) {
        AdapterProcess p = processes.get(Thread.currentThread());
        if (p == null || p.dead()) {
            if (p != null) {
                restarts.incrementAndGet();
            }
            try {
                p = new AdapterProcess(command, answerMillis, this::record);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start " + command, e);
            }
            processes.put(Thread.currentThread(), p);
        }
        Map<String, Object> reset = new LinkedHashMap<>();
        reset.put("op", "reset");
        reset.put("budget", options.budget());
        reset.put("policy", options.policy().name());
        try {
            Answer answer = p.request(reset);
            try {
                if (!answer.fields().flag("reset")) {
                    throw answer.fields().error("reset", "is false; expected true");
                }
            } catch (SubjectProtocolError e) {
                throw p.broken(e);
            }
        } catch (SubjectProtocolError | SubjectCrash e) {
            return ExternalBroadcast.failed(p, options, e);
        }
        return new ExternalBroadcast(p, options);
    }

    @Override
    public void close() {
        for (AdapterProcess p : new ArrayList<>(processes.values())) {
            p.close();
        }
        processes.clear();
    }

    @Override
    public String toString() {
        return id;
    }
}
