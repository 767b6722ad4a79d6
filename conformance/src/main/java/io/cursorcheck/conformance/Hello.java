package io.cursorcheck.conformance;

import io.cursorcheck.spi.Policy;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an external subject said about itself in the protocol's handshake.
 *
 * @param name             the implementation, e.g. {@code node}
 * @param version          its version, e.g. {@code 26.12.1}
 * @param api              {@code budget} (a byte budget) or {@code highWaterMark} (an entry count)
 * @param policies         the spec's policy names ({@code docs/spec.md}) mapped to the subject's own option values
 * @param overlappingReads a second read of a waiting consumer queues behind the first
 * @param writeQueueing    a refused {@code write()} waits and lands once there is room
 * @param minBudget        the smallest budget the subject accepts, in its own bytes
 * @param unitSizes        the subject counts entries: the suite writes size 1 only
 */
public record Hello(String name, String version, String api, Map<String, String> policies, boolean overlappingReads,
                    boolean writeQueueing, long minBudget, boolean unitSizes) {

    /** The protocol's name, which the handshake's answer repeats. */
    static final String PROTOCOL = "cursorcheck-subject";
    /** The protocol's version, which the handshake's answer repeats. */
    static final long VERSION = 1;

    /**
     * Reads the handshake's answer; every field is required and checked.
     *
     * @throws SubjectProtocolError naming the first field that is missing or wrong, and what it must be
     */
    static Hello of(Answer answer) {
        Answer.Fields m = answer.fields();
        String protocol = m.text("protocol");
        if (!protocol.equals(PROTOCOL)) {
            throw m.error("protocol", "is '" + protocol + "'; expected '" + PROTOCOL + "'");
        }
        m.whole("version", VERSION, VERSION);
        Answer.Fields impl = m.object("implementation");
        String name = impl.text("name");
        String version = impl.text("version");
        String api = m.text("api");
        if (!api.equals("budget") && !api.equals("highWaterMark")) {
            throw m.error("api", "is '" + api + "'; expected 'budget' or 'highWaterMark'");
        }
        Answer.Fields p = m.object("policies");
        Map<String, String> policies = new LinkedHashMap<>();
        for (String policy : p.names()) {
            if (Arrays.stream(Policy.values()).noneMatch(x -> x.name().equals(policy))) {
                throw p.error(policy, "names no policy of the spec (docs/spec.md); expected keys among " + Arrays.toString(Policy.values()));
            }
            policies.put(policy, p.text(policy));
        }
        if (policies.isEmpty()) {
            throw m.error("policies", "is empty; expected at least one of " + Arrays.toString(Policy.values()));
        }
        return new Hello(name, version, api, policies, m.flag("overlappingReads"), m.flag("writeQueueing"),
                m.whole("minBudget", 1, Long.MAX_VALUE), m.flag("unitSizes"));
    }

    /** One line for reports. */
    public String summary() {
        return name + " " + version + ": " + (api.equals("budget") ? "byte budget (smallest " + minBudget + " B)"
                : "entry count (highWaterMark)") + ", policies " + policies + ", overlapping reads "
                + (overlappingReads ? "yes" : "no") + ", write() queueing " + (writeQueueing ? "yes" : "no");
    }
}
