package io.cursorcheck.conformance;

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

    @SuppressWarnings("unchecked")
    static Hello of(Map<String, Object> m) {
        Map<String, Object> impl = (Map<String, Object>) m.get("implementation");
        Map<String, String> policies = new LinkedHashMap<>();
        ((Map<String, Object>) m.get("policies")).forEach((k, v) -> policies.put(k, String.valueOf(v)));
        return new Hello(String.valueOf(impl.get("name")), String.valueOf(impl.get("version")),
                String.valueOf(m.get("api")), policies, Boolean.TRUE.equals(m.get("overlappingReads")),
                Boolean.TRUE.equals(m.get("writeQueueing")), ((Number) m.get("minBudget")).longValue(),
                Boolean.TRUE.equals(m.get("unitSizes")));
    }

    /** One line for reports. */
    public String summary() {
        return name + " " + version + ": " + (api.equals("budget") ? "byte budget (smallest " + minBudget + " B)"
                : "entry count (highWaterMark)") + ", policies " + policies + ", overlapping reads "
                + (overlappingReads ? "yes" : "no") + ", write() queueing " + (writeQueueing ? "yes" : "no");
    }
}
