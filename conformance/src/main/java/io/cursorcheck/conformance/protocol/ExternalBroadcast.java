package io.cursorcheck.conformance.protocol;

import io.cursorcheck.properties.Probe;
import io.cursorcheck.spi.Arguments;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One broadcast of an external subject: each operation is one request to its process, and the
 * answer becomes a {@link Reply}. {@code DATA} names the entry by the write that stored it
 * ({@link Outcome#value()} is that write's operation number); there is no snapshot, only the
 * {@link Probe} after each operation.
 *
 * <p>Single-threaded, like the process behind it.
 */
final class ExternalBroadcast implements Broadcast, Probe.Source {

    private final AdapterProcess process;
    private final Options options;
    private final RuntimeException broken; // the reset's failure, thrown by the first operation; else null
    private long operations;
    private Probe probe = new Probe(0, true);

    ExternalBroadcast(AdapterProcess process, Options options) {
        this(process, options, null);
    }

    private ExternalBroadcast(AdapterProcess process, Options options, RuntimeException broken) {
        this.process = process;
        this.options = options;
        this.broken = broken;
    }

    /**
     * A broadcast whose reset failed (a crash or a protocol error): its first operation throws
     * that failure, so the lockstep run reports it at step 0 like any other, and the next
     * sequence starts a new process.
     */
    static ExternalBroadcast failed(AdapterProcess process, Options options, RuntimeException failure) {
        return new ExternalBroadcast(process, options, failure);
    }

    private record Consumer(ExternalBroadcast owner, int id) implements ConsumerHandle {
        @Override
        public String toString() {
            return "c" + id;
        }
    }

    @Override
    public Options options() {
        return options;
    }

    @Override
    public ConsumerHandle attach() {
        return call(request("attach"), answer -> {
            Answer.Fields outcome = answer.object("outcome");
            String kind = outcome.text("kind");
            if (!kind.equals("ATTACHED")) {
                throw outcome.error("kind", "is '" + kind + "'; expected ATTACHED, the answer to attach");
            }
            return new Consumer(this, (int) outcome.whole("consumer", 0, Integer.MAX_VALUE));
        });
    }

    @Override
    public Reply next(ConsumerHandle consumer) {
        return call(on("next", consumer), ExternalBroadcast::reply);
    }

    @Override
    public Reply detach(ConsumerHandle consumer) {
        return call(on("detach", consumer), ExternalBroadcast::reply);
    }

    @Override
    public Reply writeSync(int size) {
        return call(sized("writeSync", size), ExternalBroadcast::reply);
    }

    @Override
    public Reply write(int size) {
        return call(sized("write", size), ExternalBroadcast::reply);
    }

    @Override
    public Reply writevSync(int... sizes) {
        return call(chunks("writevSync", sizes), ExternalBroadcast::reply);
    }

    @Override
    public Reply writev(int... sizes) {
        return call(chunks("writev", sizes), ExternalBroadcast::reply);
    }

    @Override
    public Reply end() {
        return call(request("end"), ExternalBroadcast::reply);
    }

    @Override
    public Reply endSync() {
        return call(request("endSync"), ExternalBroadcast::reply);
    }

    @Override
    public Reply drain() {
        return call(request("drain"), ExternalBroadcast::reply);
    }

    @Override
    public Reply abort(long operation) {
        return call(naming("abort", operation), ExternalBroadcast::reply);
    }

    @Override
    public Reply spoil(long operation) {
        return call(naming("spoil", operation), ExternalBroadcast::reply);
    }

    @Override
    public Reply fail(Object reason) {
        Map<String, Object> r = request("fail");
        r.put("reason", reason);
        return call(r, ExternalBroadcast::reply);
    }

    @Override
    public Reply cancel() {
        return call(request("cancel"), ExternalBroadcast::reply);
    }

    @Override
    public Reply cancel(Object reason) {
        Map<String, Object> r = request("cancel");
        r.put("reason", reason);
        return call(r, ExternalBroadcast::reply);
    }

    /** An external subject shows no snapshot. */
    @Override
    public Snapshot snapshot() {
        throw new UnsupportedOperationException("an external subject shows no snapshot; compare its probe");
    }

    @Override
    public Probe probe() {
        return probe;
    }

    private static Map<String, Object> request(String op) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("op", op);
        return r;
    }

    private Map<String, Object> on(String op, ConsumerHandle consumer) {
        if (!(consumer instanceof Consumer c) || c.owner() != this) {
            throw new IllegalArgumentException("an external subject takes only its own consumers, got " + consumer);
        }
        Map<String, Object> r = request(op);
        r.put("consumer", c.id());
        return r;
    }

    private static Map<String, Object> sized(String op, int size) {
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0, was " + size);
        }
        Map<String, Object> r = request(op);
        r.put("size", size);
        return r;
    }

    private static Map<String, Object> chunks(String op, int[] sizes) {
        Arguments.requireSizes(sizes);
        Map<String, Object> r = request(op);
        r.put("sizes", Arrays.stream(sizes).boxed().toList());
        return r;
    }

    /** An abort or spoil, naming an earlier operation by the number it took (checked as the spec's bad input). */
    private Map<String, Object> naming(String op, long operation) {
        Arguments.requireEarlierOperation(operation, operations);
        Map<String, Object> r = request(op);
        r.put("operation", operation);
        return r;
    }

    /**
     * Sends one operation, checks the answer's number and fields, records its probe, throws what
     * the operation threw, and decodes the rest. Every field the protocol requires is checked
     * here: a missing or ill-typed one is a {@link SubjectProtocolError} (the process is replaced),
     * never a finding.
     */
    private <T> T call(Map<String, Object> request, Function<Answer.Fields, T> decode) {
        if (broken != null) {
            throw broken;
        }
        long op = operations++;
        Answer answer = process.request(request);
        try {
            Answer.Fields f = answer.fields();
            long number = f.whole("op", 0, Long.MAX_VALUE);
            if (number != op) {
                throw f.error("op", "is " + number + "; expected " + op + ", this operation's number since the reset");
            }
            Answer.Fields p = f.object("probe");
            probe = new Probe((int) p.whole("consumers", 0, Integer.MAX_VALUE), p.flagOrNull("canWrite"));
            if (f.has("threw")) {
                Answer.Fields t = f.object("threw");
                throw new JsException(t.text("name"), t.text("message"));
            }
            return decode.apply(f);
        } catch (SubjectProtocolError e) {
            throw process.broken(e);
        }
    }

    private static Reply reply(Answer.Fields answer) {
        List<Settlement> settled = new ArrayList<>();
        for (Answer.Fields s : answer.objects("settled")) {
            settled.add(new Settlement(s.whole("op", 0, Long.MAX_VALUE), outcome(s.object("outcome"))));
        }
        return new Reply(answer.whole("op", 0, Long.MAX_VALUE), outcome(answer.object("outcome")), settled);
    }

    private static Outcome outcome(Answer.Fields o) {
        String name = o.text("kind");
        Outcome.Kind kind = Arrays.stream(Outcome.Kind.values())
                .filter(k -> k.name().equals(name))
                .findFirst()
                .orElseThrow(() -> o.error(
                        "kind", "is '" + name + "'; expected one of " + Arrays.toString(Outcome.Kind.values())));
        return switch (kind) {
            case DATA ->
                Outcome.data(
                        o.whole("write", -1, Long.MAX_VALUE), // -1: an entry too small to name its write
                        (int) o.whole("size", 0, Integer.MAX_VALUE));
            case COMPLETED -> Outcome.completed(o.whole("bytes", 0, Long.MAX_VALUE));
            case DRAINED -> Outcome.drained(o.flag("drained"));
            case FAILED -> Outcome.failed(Wire.reason(o, "reason"));
            default -> new Outcome(kind, 0, 0, null);
        };
    }
}
