package io.cursorcheck.conformance.protocol;

import io.cursorcheck.properties.io.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One answer of a subject, checked before anything reads it: the line is JSON, an object, and not
 * {@code {"error": ...}}; each field is read through {@link Fields}, which throws a
 * {@link SubjectProtocolError} naming the line, the field and what the protocol expects there
 * when the field is missing or of another type. No answer reaches the lockstep comparison as a
 * {@code ClassCastException} or a {@code NullPointerException}, which would count as the subject
 * throwing (a finding) instead of a broken adapter.
 */
final class Answer {

    private final String request;
    private final String shown;
    private final Fields fields;

    private Answer(String request, String shown, Map<String, Object> fields) {
        this.request = request;
        this.shown = shown;
        this.fields = new Fields(this, "", fields);
    }

    /**
     * Parses one line.
     *
     * @param request the request it answers, as sent
     * @param line    the line, without its line end
     * @throws SubjectProtocolError if it is not a JSON object, or it is an {@code error} answer
     */
    @SuppressWarnings("unchecked")
    static Answer parse(String request, String line) {
        String shown = SubjectProtocolError.quote(line);
        Object parsed;
        try {
            parsed = Json.parse(line);
        } catch (IllegalArgumentException e) {
            throw new SubjectProtocolError(
                    request, shown, "not JSON (" + e.getMessage() + "); expected one JSON object");
        }
        if (!(parsed instanceof Map)) {
            throw new SubjectProtocolError(request, shown, "a JSON " + type(parsed) + "; expected one JSON object");
        }
        Map<String, Object> map = (Map<String, Object>) parsed;
        if (map.containsKey("error")) {
            throw new SubjectProtocolError(
                    request,
                    shown,
                    "an error answer: the subject could not serve the" + " request ("
                            + SubjectProtocolError.quote(String.valueOf(map.get("error"))) + ")");
        }
        return new Answer(request, shown, map);
    }

    /** The answer's top-level object. */
    Fields fields() {
        return fields;
    }

    /** A protocol error about this answer. */
    SubjectProtocolError error(String problem) {
        return new SubjectProtocolError(request, shown, problem);
    }

    private static String type(Object value) {
        if (value == null) {
            return "null";
        } else if (value instanceof String) {
            return "string";
        } else if (value instanceof Long) {
            return "whole number";
        } else if (value instanceof Number) {
            return "decimal number";
        } else if (value instanceof Boolean) {
            return "boolean";
        } else if (value instanceof List) {
            return "array";
        }
        return "object";
    }

    /** One object of an answer, with its path in the answer (e.g. {@code outcome.}) for messages. */
    static final class Fields {
        private final Answer answer;
        private final String path;
        private final Map<String, Object> map;

        private Fields(Answer answer, String path, Map<String, Object> map) {
            this.answer = answer;
            this.path = path;
            this.map = map;
        }

        /** Whether the field is there (null included). */
        boolean has(String name) {
            return map.containsKey(name);
        }

        /** A protocol error about one field. */
        SubjectProtocolError error(String name, String problem) {
            return answer.error("the field " + path + name + " " + problem);
        }

        private Object required(String name, String expected) {
            if (!map.containsKey(name)) {
                throw error(name, "is missing; expected " + expected);
            }
            return map.get(name);
        }

        private SubjectProtocolError wrongType(String name, Object value, String expected) {
            String type = type(value);
            String article = type.startsWith("a") || type.startsWith("o") ? "an " : "a ";
            return error(
                    name,
                    (value == null
                                    ? "is null"
                                    : "is " + article + type + " " + SubjectProtocolError.quote(Json.line(value)))
                            + "; expected " + expected);
        }

        /** A required object. */
        @SuppressWarnings("unchecked")
        Fields object(String name) {
            Object v = required(name, "an object");
            if (!(v instanceof Map)) {
                throw wrongType(name, v, "an object");
            }
            return new Fields(answer, path + name + ".", (Map<String, Object>) v);
        }

        /** A required array of objects. */
        @SuppressWarnings("unchecked")
        List<Fields> objects(String name) {
            Object v = required(name, "an array of objects");
            if (!(v instanceof List<?> list)) {
                throw wrongType(name, v, "an array of objects");
            }
            List<Fields> out = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                if (!(list.get(i) instanceof Map)) {
                    throw wrongType(name + "[" + i + "]", list.get(i), "an object");
                }
                out.add(new Fields(answer, path + name + "[" + i + "].", (Map<String, Object>) list.get(i)));
            }
            return out;
        }

        /** A required whole number within {@code [min, max]}. */
        long whole(String name, long min, long max) {
            String expected = min == max
                    ? "the number " + min
                    : "a whole number"
                            + (min == Long.MIN_VALUE
                                    ? ""
                                    : max == Long.MAX_VALUE ? " >= " + min : " in " + min + ".." + max);
            Object v = required(name, expected);
            if (!(v instanceof Long n)) {
                throw wrongType(name, v, expected);
            }
            if (n < min || n > max) {
                throw error(name, "is " + n + "; expected " + expected);
            }
            return n;
        }

        /** A required string. */
        String text(String name) {
            Object v = required(name, "a string");
            if (!(v instanceof String s)) {
                throw wrongType(name, v, "a string");
            }
            return s;
        }

        /** A required boolean. */
        boolean flag(String name) {
            Object v = required(name, "true or false");
            if (!(v instanceof Boolean b)) {
                throw wrongType(name, v, "true or false");
            }
            return b;
        }

        /** A required boolean that may be null. */
        Boolean flagOrNull(String name) {
            Object v = required(name, "true, false or null");
            if (v != null && !(v instanceof Boolean)) {
                throw wrongType(name, v, "true, false or null");
            }
            return (Boolean) v;
        }

        /** A required field of any type (null included), as JSON gave it. */
        Object value(String name, String expected) {
            return required(name, expected);
        }

        /** The names of the fields, in their order. */
        List<String> names() {
            return List.copyOf(map.keySet());
        }
    }
}
