package io.cursorcheck.conformance.protocol;

import io.cursorcheck.properties.io.Json;
import io.cursorcheck.spi.SpecError;
import java.util.Arrays;
import java.util.Map;

/** The protocol's encoding on the Java side: requests as one-line JSON, reasons both ways. */
final class Wire {

    private Wire() {}

    /** A request as one line of JSON (maps, lists, strings, numbers, booleans, null). */
    static String line(Object value) {
        return Json.line(value);
    }

    /**
     * A reason as the protocol carries it: a user's reason as it is (string, integer, null);
     * {@code {"spec": NAME}} for the spec's own errors ({@code docs/spec.md} §5); {@code {"other": TEXT}} for anything else.
     *
     * @param owner the object that holds the reason
     * @param field the reason's field
     * @throws SubjectProtocolError for anything else (a decimal, a boolean, an array, an object
     *                              of another shape, a name that is not one of the spec's errors)
     */
    static Object reason(Answer.Fields owner, String field) {
        String expected = "a string, a whole number, null, {\"spec\": NAME} or {\"other\": TEXT}";
        Object wire = owner.value(field, expected);
        if (wire == null || wire instanceof String) {
            return wire;
        }
        if (wire instanceof Long n) {
            return n == n.intValue() ? (Object) n.intValue() : n; // the generator's numeric reasons are Integers
        }
        if (wire instanceof Map<?, ?> m && m.size() == 1) {
            Answer.Fields reason = owner.object(field);
            if (reason.has("spec")) {
                String name = reason.text("spec");
                if (Arrays.stream(SpecError.values()).noneMatch(e -> e.name().equals(name))) {
                    throw reason.error(
                            "spec", "is '" + name + "'; expected one of " + Arrays.toString(SpecError.values()));
                }
                return SpecError.valueOf(name);
            }
            if (reason.has("other")) {
                return new JsError(reason.text("other"));
            }
        }
        throw owner.error(field, "is " + SubjectProtocolError.quote(Json.line(wire)) + "; expected " + expected);
    }
}
