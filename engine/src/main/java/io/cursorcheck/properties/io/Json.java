package io.cursorcheck.properties.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every JSON document the project reads or writes: counterexamples, the reports' JSON, the
 * external-subject protocol, JMH's results. A thin facade over jackson-jr, which does all the
 * parsing and writing; this class only fixes the value types and the rules for untrusted input.
 *
 * <p>Values are {@link Map}s (insertion ordered, {@link String} keys), {@link List}s,
 * {@link String}s, {@link Long}s (whole numbers), {@link Double}s (numbers with a fraction or an
 * exponent), {@link Boolean}s and null.
 *
 * <p>Input may come from another process (a subject of the conformance check, JMH) or from a
 * file a person edited, so reading is strict and every error is an
 * {@link IllegalArgumentException} that says what is wrong and where:
 * <ul>
 *   <li>only standard JSON: no comments, no single quotes, no unquoted control characters, no
 *       {@code NaN}, and nothing after the value but white space;</li>
 *   <li>a key twice in one object is an error (a second value must not silently win);</li>
 *   <li>a whole number outside a {@code long} is an error, never wrapped or rounded (no field
 *       of ours needs more); so is a decimal beyond a {@code double}'s range;</li>
 *   <li>nesting deeper than {@link #MAX_DEPTH} is an error (our documents nest a few levels;
 *       deeper input is hostile or broken, and must not exhaust the stack).</li>
 * </ul>
 *
 * <p>Writing: a double that is not finite is written as the string {@code "NaN"},
 * {@code "Infinity"} or {@code "-Infinity"}, since JSON has no such numbers (JMH does the same).
 */
public final class Json {

    /** Objects and arrays nested deeper than this are refused. */
    public static final int MAX_DEPTH = 100;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    /** Two-space indentation, {@code "key": value}, one array element a line, {@code {}} and {@code []} when empty. */
    private static final DefaultPrettyPrinter PRETTY_PRINTER = new DefaultPrettyPrinter(
                    Separators.createDefaultInstance()
                            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                            .withObjectEmptySeparator("")
                            .withArrayEmptySeparator(""))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private static final JSON LINE = JSON.builder(FACTORY)
            .enable(
                    JSON.Feature.WRITE_NULL_PROPERTIES,
                    JSON.Feature.FAIL_ON_DUPLICATE_MAP_KEYS,
                    JSON.Feature.PRESERVE_FIELD_ORDERING)
            .disable(
                    JSON.Feature.USE_DEFERRED_MAPS,
                    JSON.Feature.USE_BIG_DECIMAL_FOR_FLOATS,
                    JSON.Feature.READ_JSON_ARRAYS_AS_JAVA_ARRAYS)
            .build();

    private static final JSON PRETTY = LINE.with(PRETTY_PRINTER);

    private Json() {}

    /**
     * Renders a value as an indented document ending with a newline: for files people read.
     *
     * @throws IllegalArgumentException if the value holds anything but the types of this class
     *                                  (other {@link Number}s are written as they are)
     */
    public static String write(Object value) {
        return render(PRETTY, value) + "\n";
    }

    /**
     * Renders a value on one line, without spaces: for line-based protocols (a newline inside a
     * string is escaped, so the line never breaks).
     *
     * @throws IllegalArgumentException as {@link #write}
     */
    public static String line(Object value) {
        return render(LINE, value);
    }

    private static String render(JSON json, Object value) {
        try {
            return json.asString(writable(value, "$"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render JSON", e); // a String target: never expected
        }
    }

    /**
     * A copy that jackson-jr writes as plain JSON: maps with string keys, lists, strings, numbers,
     * booleans, null. Anything else is refused here, so that no object is ever written through
     * jackson-jr's bean introspection by accident.
     */
    private static Object writable(Object value, String path) {
        if (value == null || value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Long
                || value instanceof Integer
                || value instanceof Short
                || value instanceof Byte
                || value instanceof Double
                || value instanceof Float
                || value instanceof BigInteger
                || value instanceof BigDecimal) {
            return value;
        }
        if (value instanceof AtomicLong || value instanceof AtomicInteger) {
            return ((Number) value).longValue();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String key = String.valueOf(e.getKey());
                copy.put(key, writable(e.getValue(), path + "." + key));
            }
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                copy.add(writable(list.get(i), path + "[" + i + "]"));
            }
            return copy;
        }
        throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON (at " + path
                + "): only maps, lists, strings, numbers, booleans and null");
    }

    /**
     * Parses one document (see the class comment for the types and the rules).
     *
     * @throws IllegalArgumentException naming the problem and its line and column, or the path of
     *                                  a number that is out of range
     */
    public static Object parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("JSON: no text (null)");
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException(
                    "JSON: no value: the text is empty" + (text.isEmpty() ? "" : " but for white space"));
        }
        JsonParser p = null;
        try {
            p = FACTORY.createParser(text);
            Object value = LINE.anyFrom(p);
            if (p.nextToken() != null) {
                throw new IllegalArgumentException(
                        "JSON: more after the value: " + p.currentToken().asString() + where(p.currentTokenLocation()));
            }
            return typed(value, "$");
        } catch (JsonProcessingException e) {
            // A limit of StreamReadConstraints (nesting depth, number length) comes without a location.
            JsonLocation at = e.getLocation() != null || p == null ? e.getLocation() : p.currentLocation();
            throw new IllegalArgumentException("JSON: " + plain(e.getOriginalMessage()) + where(at), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JSON from a String", e); // never expected
        } finally {
            closeQuietly(p);
        }
    }

    private static void closeQuietly(JsonParser p) {
        if (p != null) {
            try {
                p.close();
            } catch (IOException e) {
                // a parser over a String holds nothing to release
            }
        }
    }

    /**
     * jackson's message without its description of the source, which says nothing to a reader
     * ("[Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 1]").
     */
    static String plain(String message) {
        return message == null
                ? "malformed"
                : message.replaceAll("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]", "line $1, column $2");
    }

    private static String where(JsonLocation at) {
        if (at == null || at.getLineNr() < 1) {
            return "";
        }
        return " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    /**
     * jackson-jr's values in this class's types: whole numbers as {@link Long}, decimals as
     * {@link Double}, maps copied in their order; out-of-range numbers refused, by path.
     */
    private static Object typed(Object value, String path) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big) {
            throw new IllegalArgumentException("JSON: the number " + abbreviated(big.toString()) + " at " + path
                    + " is out of range: whole numbers must lie within " + Long.MIN_VALUE + " .. " + Long.MAX_VALUE);
        }
        if (value instanceof Float || value instanceof Double || value instanceof BigDecimal) {
            double d = ((Number) value).doubleValue();
            if (Double.isInfinite(d) || Double.isNaN(d)) {
                throw new IllegalArgumentException("JSON: the number at " + path + " is out of range: beyond a double's"
                        + " largest magnitude (" + Double.MAX_VALUE + ")");
            }
            return d;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put((String) k, typed(v, path + "." + k)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                copy.add(typed(list.get(i), path + "[" + i + "]"));
            }
            return copy;
        }
        return value; // String, Long, Boolean, null
    }

    private static String abbreviated(String number) {
        return number.length() <= 40
                ? number
                : number.substring(0, 20) + "..." + number.substring(number.length() - 10) + " (" + number.length()
                        + " characters)";
    }
}
