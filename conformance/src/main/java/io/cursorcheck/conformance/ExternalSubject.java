package io.cursorcheck.conformance;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.mutants.SourceTree;
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
 * An implementation in another process, behind the cursorcheck-subject protocol (README,
 * "Checking an external subject"): the suite's subject for Node.js and Bun.
 *
 * <p>Observable only ({@link BroadcastFactory.Capabilities}): it shows answers, settlements and
 * a probe, no snapshot. One long-lived process per thread; {@link #create} starts a fresh
 * broadcast in it with a {@code reset}; a process that crashed or hung is replaced by a new one
 * at the next {@code create}, and {@link #restarts()} counts those.
 */
public final class ExternalSubject implements BroadcastFactory, AutoCloseable {

    /** The adapter for {@code node:stream/iter}, in this repository. */
    public static Path adapter() {
        return SourceTree.root().resolve("conformance/src/main/js/broadcast-adapter.mjs");
    }

    private final String id;
    private final List<String> command;
    private final Hello hello;
    private final Map<Thread, AdapterProcess> processes = new ConcurrentHashMap<>();
    private final AtomicInteger restarts = new AtomicInteger();

    /**
     * Starts the subject once and reads its handshake.
     *
     * @param id      its id in reports, e.g. {@code node-26.12.1}
     * @param command the command line that starts it
     * @throws IOException if it cannot be started or does not speak the protocol
     */
    public ExternalSubject(String id, List<String> command) throws IOException {
        this.id = id;
        this.command = List.copyOf(command);
        Map<String, Object> hi = new LinkedHashMap<>();
        hi.put("protocol", "cursorcheck-subject");
        hi.put("version", 1);
        try (AdapterProcess p = new AdapterProcess(command)) {
            this.hello = Hello.of(p.request(hi));
        } catch (RuntimeException e) {
            throw new IOException(id + " does not speak the cursorcheck-subject protocol: " + e.getMessage(), e);
        }
    }

    /** The subject for a release of Node or Bun, with the adapter of this repository. */
    public static ExternalSubject of(Release release, Path binary) throws IOException {
        return new ExternalSubject(release.id(), List.of(binary.toString(), "--experimental-stream-iter",
                adapter().toString()));
    }

    /** What the subject said about itself. */
    public Hello hello() {
        return hello;
    }

    /** Processes started again after a crash or a hang. */
    public int restarts() {
        return restarts.get();
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
        return new Capabilities(true, hello.unitSizes(), hello.overlappingReads());
    }

    @Override
    public Broadcast create(Options options) {
        AdapterProcess p = processes.get(Thread.currentThread());
        if (p == null || p.dead()) {
            if (p != null) {
                restarts.incrementAndGet();
            }
            try {
                p = new AdapterProcess(command);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start " + command, e);
            }
            processes.put(Thread.currentThread(), p);
        }
        Map<String, Object> reset = new LinkedHashMap<>();
        reset.put("op", "reset");
        reset.put("budget", options.budget());
        reset.put("policy", options.policy().name());
        p.request(reset);
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
