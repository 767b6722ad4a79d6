package io.cursorcheck.properties.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small JSON subset our report and counterexample files use: objects (kept in insertion
 * order), arrays, strings, integers, booleans and null. Written here to keep the dependency list
 * to what the project chose (README explains).
 */
public final class Json {

    private Json() {
    }

    /** Renders a value: {@link Map}, {@link List}, {@link String}, {@link Number}, {@link Boolean} or null. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, "");
        return out.append('\n').toString();
    }

    /** Renders a value on one line, without spaces (for line-based protocols). */
    public static String line(Object value) {
        StringBuilder out = new StringBuilder();
        line(value, out);
        return out.toString();
    }

    private static void line(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            quote(s, out);
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            int i = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(i++ == 0 ? "" : ",");
                quote(String.valueOf(e.getKey()), out);
                out.append(':');
                line(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i == 0 ? "" : ",");
                line(list.get(i), out);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("cannot write " + value.getClass().getSimpleName() + " " + value);
        }
    }

    private static void write(Object value, StringBuilder out, String indent) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            quote(s, out);
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append("{\n");
            String inner = indent + "  ";
            int i = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(inner);
                quote(String.valueOf(e.getKey()), out);
                out.append(": ");
                write(e.getValue(), out, inner);
                out.append(++i < map.size() ? ",\n" : "\n");
            }
            out.append(indent).append('}');
        } else if (value instanceof List<?> list) {
            boolean flat = list.stream().noneMatch(v -> v instanceof Map || v instanceof List);
            if (list.isEmpty()) {
                out.append("[]");
                return;
            }
            String inner = indent + "  ";
            out.append(flat ? "[" : "[\n");
            for (int i = 0; i < list.size(); i++) {
                if (!flat) {
                    out.append(inner);
                } else if (i > 0) {
                    out.append(' ');
                }
                write(list.get(i), out, inner);
                if (i + 1 < list.size()) {
                    out.append(',');
                }
                if (!flat) {
                    out.append('\n');
                }
            }
            out.append(flat ? "]" : indent + "]");
        } else {
            throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON");
        }
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /**
     * Parses a document into {@link Map}s (insertion ordered), {@link List}s, {@link String}s,
     * {@link Long}s (whole numbers), {@link Double}s (numbers with a fraction or an exponent),
     * {@link Boolean}s and nulls.
     *
     * @throws IllegalArgumentException naming the offset of the first error
     */
    public static Object parse(String text) {
        Parser p = new Parser(text);
        Object value = p.value();
        p.skipSpace();
        if (p.pos != text.length()) {
            throw p.error("trailing characters");
        }
        return value;
    }

    private static final class Parser {
        final String s;
        int pos;

        Parser(String s) {
            this.s = s;
        }

        Object value() {
            skipSpace();
            if (pos >= s.length()) {
                throw error("unexpected end");
            }
            char c = s.charAt(pos);
            if (c == '{') {
                return object();
            } else if (c == '[') {
                return array();
            } else if (c == '"') {
                return string();
            } else if (s.startsWith("null", pos)) {
                pos += 4;
                return null;
            } else if (s.startsWith("true", pos)) {
                pos += 4;
                return Boolean.TRUE;
            } else if (s.startsWith("false", pos)) {
                pos += 5;
                return Boolean.FALSE;
            } else if (c == '-' || Character.isDigit(c)) {
                int start = pos++;
                boolean whole = true;
                while (pos < s.length() && "0123456789.eE+-".indexOf(s.charAt(pos)) >= 0) {
                    whole &= Character.isDigit(s.charAt(pos));
                    pos++;
                }
                String number = s.substring(start, pos);
                try {
                    return whole ? (Object) Long.parseLong(number) : (Object) Double.parseDouble(number);
                } catch (NumberFormatException e) {
                    throw error("malformed number '" + number + "'");
                }
            }
            throw error("unexpected '" + c + "'");
        }

        Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            pos++;
            skipSpace();
            if (peek() == '}') {
                pos++;
                return map;
            }
            while (true) {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                map.put(key, value());
                skipSpace();
                if (peek() == ',') {
                    pos++;
                } else {
                    expect('}');
                    return map;
                }
            }
        }

        List<Object> array() {
            List<Object> list = new ArrayList<>();
            pos++;
            skipSpace();
            if (peek() == ']') {
                pos++;
                return list;
            }
            while (true) {
                list.add(value());
                skipSpace();
                if (peek() == ',') {
                    pos++;
                } else {
                    expect(']');
                    return list;
                }
            }
        }

        String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                if (pos >= s.length()) {
                    throw error("unterminated string");
                }
                char c = s.charAt(pos++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                char e = s.charAt(pos++);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'u' -> {
                        b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> b.append(e);
                }
            }
        }

        char peek() {
            if (pos >= s.length()) {
                throw error("unexpected end");
            }
            return s.charAt(pos);
        }

        void expect(char c) {
            if (peek() != c) {
                throw error("expected '" + c + "'");
            }
            pos++;
        }

        void skipSpace() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        IllegalArgumentException error(String what) {
            return new IllegalArgumentException("JSON: " + what + " at offset " + pos);
        }
    }
}
