package io.cursorcheck.conformance;

import io.cursorcheck.properties.Probe;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    private long operations;
    private Probe probe = new Probe(0, true);

    ExternalBroadcast(AdapterProcess process, Options options) {
        this.process = process;
        this.options = options;
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
        Map<String, Object> answer = call(request("attach"));
        Map<?, ?> outcome = (Map<?, ?>) answer.get("outcome");
        return new Consumer(this, ((Number) outcome.get("consumer")).intValue());
    }

    @Override
    public Reply next(ConsumerHandle consumer) {
        return reply(call(on("next", consumer)));
    }

    @Override
    public Reply detach(ConsumerHandle consumer) {
        return reply(call(on("detach", consumer)));
    }

    @Override
    public Reply writeSync(int size) {
        return reply(call(sized("writeSync", size)));
    }

    @Override
    public Reply write(int size) {
        return reply(call(sized("write", size)));
    }

    @Override
    public Reply end() {
        return reply(call(request("end")));
    }

    @Override
    public Reply fail(Object reason) {
        Map<String, Object> r = request("fail");
        r.put("reason", reason);
        return reply(call(r));
    }

    @Override
    public Reply cancel() {
        return reply(call(request("cancel")));
    }

    @Override
    public Reply cancel(Object reason) {
        Map<String, Object> r = request("cancel");
        r.put("reason", reason);
        return reply(call(r));
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

    /** Sends one operation; checks its number; records its probe; throws what it threw. */
    private Map<String, Object> call(Map<String, Object> request) {
        long op = operations++;
        Map<String, Object> answer = process.request(request);
        Object number = answer.get("op");
        if (!(number instanceof Number n) || n.longValue() != op) {
            throw new IllegalStateException("protocol error: " + request + " is operation #" + op
                    + ", the adapter numbered it " + number);
        }
        if (answer.get("probe") instanceof Map<?, ?> p) {
            probe = new Probe(((Number) p.get("consumers")).intValue(), (Boolean) p.get("canWrite"));
        }
        if (answer.get("threw") instanceof Map<?, ?> t) {
            throw new JsException(String.valueOf(t.get("name")), String.valueOf(t.get("message")));
        }
        return answer;
    }

    private static Reply reply(Map<String, Object> answer) {
        List<Settlement> settled = new ArrayList<>();
        for (Object o : (List<?>) answer.get("settled")) {
            Map<?, ?> s = (Map<?, ?>) o;
            settled.add(new Settlement(((Number) s.get("op")).longValue(), outcome((Map<?, ?>) s.get("outcome"))));
        }
        return new Reply(((Number) answer.get("op")).longValue(), outcome((Map<?, ?>) answer.get("outcome")), settled);
    }

    private static Outcome outcome(Map<?, ?> o) {
        Outcome.Kind kind = Outcome.Kind.valueOf(String.valueOf(o.get("kind")));
        return switch (kind) {
            case DATA -> Outcome.data(((Number) o.get("write")).longValue(), ((Number) o.get("size")).intValue());
            case COMPLETED -> Outcome.completed(((Number) o.get("bytes")).longValue());
            case FAILED -> Outcome.failed(Wire.reason(o.get("reason")));
            default -> new Outcome(kind, 0, 0, null);
        };
    }
}
