package io.cursorcheck.conformance.protocol;

import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an external subject said about itself in the protocol's handshake: the shape of its API,
 * never a behaviour. Whether a release queues a second read, queues a refused write or flushes a
 * write from inside a read is what the check is there to find out: the suite generates every such
 * pattern on every release and judges the answers, so no field of the handshake can switch one off.
 *
 * @param name        the implementation, e.g. {@code node}
 * @param version     its version, e.g. {@code 26.12.1}
 * @param api         {@code budget} (a byte budget) or {@code highWaterMark} (an entry count)
 * @param policies    the spec's policy names ({@code docs/spec.md}) mapped to the subject's own option values
 * @param minBudget   the smallest budget the subject accepts, in its own bytes
 * @param unitSizes   the subject counts entries: the suite writes size 1 only
 * @param unsupported the operations of the protocol the API cannot express, each with why (empty for Node and Bun)
 */
public record Hello(
        String name,
        String version,
        String api,
        Map<String, String> policies,
        long minBudget,
        boolean unitSizes,
        List<Unsupported> unsupported) {

    /** The protocol's name, which the handshake's answer repeats. */
    static final String PROTOCOL = "cursorcheck-subject";
    /** The protocol's version, which the handshake's answer repeats (2: the handshake describes the API's shape only; 3: the operations writevSync, writev, endSync, drain, abort and spoil). */
    public static final long VERSION = 3;

    /** The operations of the protocol a broadcast is driven with (its {@code op} names, as {@code Op.kind()}). */
    static final List<String> OPERATIONS = List.of(
            "attach",
            "next",
            "detach",
            "writeSync",
            "write",
            "writevSync",
            "writev",
            "end",
            "endSync",
            "drain",
            "abort",
            "spoil",
            "fail",
            "cancel");
    /** Operations no check can do without: a consumer to attach and read with. */
    static final Set<String> REQUIRED = Set.of("attach", "next");
    /** The fields of the handshake's answer, all required, no other allowed. */
    static final List<String> FIELDS = List.of(
            "protocol", "version", "implementation", "api", "policies", "minBudget", "unitSizes", "unsupported");
    /** Fields of version 1 that reported measured behaviours; each is now a protocol error that says why. */
    static final Set<String> BEHAVIOURS = Set.of("overlappingReads", "writeQueueing");

    /**
     * An operation of the protocol that the subject's API cannot express.
     *
     * @param op  its name in the protocol, e.g. {@code cancel}
     * @param why why the API cannot express it, for the release's page
     */
    public record Unsupported(String op, String why) {}

    /** Copies the lists. */
    public Hello {
        policies = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(policies)); // in the handshake's order
        unsupported = List.copyOf(unsupported);
    }

    /**
     * Reads the handshake's answer; every field is required and checked, and no other field is allowed.
     *
     * @throws SubjectProtocolError naming the first field that is missing, wrong or not part of the handshake,
     *                              and what it must be
     */
    static Hello of(Answer answer) {
        Answer.Fields m = answer.fields();
        String protocol = m.text("protocol");
        if (!protocol.equals(PROTOCOL)) {
            throw m.error("protocol", "is '" + protocol + "'; expected '" + PROTOCOL + "'");
        }
        m.whole("version", VERSION, VERSION);
        for (String field : m.names()) {
            if (BEHAVIOURS.contains(field)) {
                throw m.error(
                        field,
                        "reports a behaviour; the handshake describes the API's shape, not behaviours"
                                + " (expected only the fields " + FIELDS
                                + "): the suite makes every pattern on every release"
                                + " and judges what the release does");
            }
            if (!FIELDS.contains(field)) {
                throw m.error(
                        field,
                        "is not part of the handshake of version " + VERSION + "; expected only the fields " + FIELDS);
            }
        }
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
                throw p.error(
                        policy,
                        "names no policy of the spec (docs/spec.md); expected keys among "
                                + Arrays.toString(Policy.values()));
            }
            policies.put(policy, p.text(policy));
        }
        if (policies.isEmpty()) {
            throw m.error("policies", "is empty; expected at least one of " + Arrays.toString(Policy.values()));
        }
        long minBudget = m.whole("minBudget", 1, Long.MAX_VALUE);
        boolean unitSizes = m.flag("unitSizes");
        List<Unsupported> unsupported = new ArrayList<>();
        List<Answer.Fields> entries = m.objects("unsupported");
        for (int i = 0; i < entries.size(); i++) {
            Answer.Fields u = entries.get(i);
            String op = u.text("op");
            if (!OPERATIONS.contains(op)) {
                throw u.error("op", "is '" + op + "', no operation of the protocol; expected one of " + OPERATIONS);
            }
            if (REQUIRED.contains(op)) {
                throw u.error("op", "is '" + op + "'; an API without " + REQUIRED + " cannot be checked");
            }
            if (unsupported.stream().anyMatch(x -> x.op().equals(op))) {
                throw u.error("op", "is '" + op + "', listed twice");
            }
            String why = u.text("why");
            if (why.isBlank()) {
                throw u.error("why", "is empty; expected why the API cannot express " + op);
            }
            unsupported.add(new Unsupported(op, why));
        }
        if (unsupported.stream().anyMatch(x -> x.op().equals("write"))
                && unsupported.stream().anyMatch(x -> x.op().equals("writeSync"))) {
            throw m.error("unsupported", "lists both write and writeSync; an API that cannot write cannot be checked");
        }
        return new Hello(name, version, api, policies, minBudget, unitSizes, unsupported);
    }

    /** Whether the API can express this operation of the protocol (an {@code Op.kind()}). */
    public boolean supports(String op) {
        return unsupported.stream().noneMatch(u -> u.op().equals(op));
    }

    /** One line for reports. */
    public String summary() {
        return name + " " + version + ": "
                + (api.equals("budget") ? "byte budget (smallest " + minBudget + " B)" : "entry count (highWaterMark)")
                + ", policies " + policies + ", "
                + (unsupported.isEmpty()
                        ? "every operation of the protocol"
                        : "cannot express "
                                + unsupported.stream().map(Unsupported::op).toList());
    }
}
