package io.cursorcheck.conformance;

import io.cursorcheck.spi.SpecError;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** The protocol's encoding on the Java side: requests as one-line JSON, reasons both ways. */
final class Wire {

    private Wire() {
    }

    /** A request as one line of JSON (maps, lists, strings, numbers, booleans, null). */
    static String line(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            StringBuilder b = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                switch (c) {
                    case '"' -> b.append("\\\"");
                    case '\\' -> b.append("\\\\");
                    default -> {
                        if (c < 0x20) {
                            b.append(String.format("\\u%04x", (int) c));
                        } else {
                            b.append(c);
                        }
                    }
                }
            }
            return b.append('"').toString();
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        if (value instanceof Map<?, ?> map) {
            StringJoiner j = new StringJoiner(",", "{", "}");
            map.forEach((k, v) -> j.add(line(String.valueOf(k)) + ":" + line(v)));
            return j.toString();
        }
        if (value instanceof List<?> list) {
            StringJoiner j = new StringJoiner(",", "[", "]");
            list.forEach(v -> j.add(line(v)));
            return j.toString();
        }
        throw new IllegalArgumentException("cannot send " + value.getClass().getSimpleName() + " " + value);
    }

    /**
     * A reason as the protocol carries it: a user's reason as it is (string, integer, null);
     * {@code {"spec": NAME}} for SPEC's own errors; {@code {"other": TEXT}} for anything else.
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
