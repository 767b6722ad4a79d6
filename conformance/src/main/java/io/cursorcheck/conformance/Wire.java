package io.cursorcheck.conformance;

import io.cursorcheck.properties.engine.Json;
import io.cursorcheck.spi.SpecError;
import java.util.Map;

/** The protocol's encoding on the Java side: requests as one-line JSON, reasons both ways. */
final class Wire {

    private Wire() {
    }

    /** A request as one line of JSON (maps, lists, strings, numbers, booleans, null). */
    static String line(Object value) {
        return Json.line(value);
    }

    /**
     * A reason as the protocol carries it: a user's reason as it is (string, integer, null);
     * {@code {"spec": NAME}} for the spec's own errors ({@code docs/spec.md} §5); {@code {"other": TEXT}} for anything else.
     */
    static Object reason(Object wire) {
        if (wire instanceof Long n && n == n.intValue()) {
            return n.intValue(); // the generator's numeric reasons are Integers
        }
        if (wire instanceof Map<?, ?> m) {
            if (m.get("spec") instanceof String name) {
                return SpecError.valueOf(name);
            }
            return new JsError(String.valueOf(m.get("other")));
        }
        return wire;
    }
}
