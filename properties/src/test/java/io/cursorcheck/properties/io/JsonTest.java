package io.cursorcheck.properties.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.source.SourceTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonTest {

    @Test
    void aTruncatedDocumentIsNamedInWordsWithoutJacksonsSourceDescription() {
        assertThatThrownBy(() -> Json.parse("{\"subject\": \"cached-count\""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unexpected end-of-input")
                .hasMessageContaining("line 1, column 1")
                .hasMessageNotContaining("Source:")
                .hasMessageNotContaining("StreamReadFeature");
    }

    @Test
    void roundTrips() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("text", "quote \" backslash \\ newline \n tab \t é \b \f \u0001 \u2028 \uD83D\uDE00");
        m.put("number", -42L);
        m.put("decimal", 2.5);
        m.put("flag", true);
        m.put("nothing", null);
        m.put("list", Arrays.asList(1L, "two", null));
        m.put("nested", List.of(Map.of("a", 1L)));
        m.put("empty", Map.of());
        m.put("none", List.of());
        m.put("extremes", List.of(Long.MIN_VALUE, Long.MAX_VALUE));
        assertThat(Json.parse(Json.write(m))).isEqualTo(m);
        assertThat(Json.parse(Json.line(m))).isEqualTo(m);
        assertThat(Json.line(m)).doesNotContain("\n", "\r");
    }

    @Test
    void writesIndentedWithATrailingNewline() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", 1);
        m.put("b", List.of("x"));
        m.put("c", Map.of());
        m.put("d", null);
        assertThat(Json.write(m))
                .isEqualTo("{\n  \"a\": 1,\n  \"b\": [\n    \"x\"\n  ],\n  \"c\": {},\n  \"d\": null\n}\n");
        assertThat(Json.line(m)).isEqualTo("{\"a\":1,\"b\":[\"x\"],\"c\":{},\"d\":null}");
    }

    @Test
    void writesNumbersJsonHasNotAsStrings() {
        assertThat(Json.line(List.of(Double.NaN, Double.NEGATIVE_INFINITY, 0.5)))
                .isEqualTo("[\"NaN\",\"-Infinity\",0.5]");
    }

    @Test
    void refusesToWriteWhatIsNotJson() {
        assertThatThrownBy(() -> Json.write(Map.of("when", new Object())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("$.when")
                .hasMessageContaining("java.lang.Object");
    }

    @Test
    void keepsTheOrderOfKeys() {
        Object parsed = Json.parse("{\"z\": 1, \"a\": 2, \"m\": 3}");
        assertThat(List.copyOf(((Map<?, ?>) parsed).keySet())).isEqualTo(List.of("z", "a", "m"));
    }

    @Test
    void readsWholeNumbersAsLongsAndOthersAsDoubles() {
        assertThat(Json.parse("[0, -7, 2.5, -3e2, 1.5E-3, 9223372036854775807, -9223372036854775808]"))
                .isEqualTo(List.of(0L, -7L, 2.5, -300.0, 0.0015, Long.MAX_VALUE, Long.MIN_VALUE));
        assertThatThrownBy(() -> Json.parse("[1.2.3]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 1, column");
    }

    /** Regressions of the hand-written parser, which read {@code \b} as "b" and {@code \f} as "f". */
    @Test
    void decodesEveryEscape() {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("\"a\\bz\"", "a\bz");
        cases.put("\"a\\fz\"", "a\fz");
        cases.put("\"\\u0041\"", "A");
        cases.put("\"\\u00e9\\u00E9\"", "\u00e9\u00e9");
        cases.put("\"\\/\"", "/");
        cases.put("\"\\r\\n\\t\\\"\\\\\"", "\r\n\t\"\\");
        cases.put("\"\\ud83d\\ude00\"", "\uD83D\uDE00");
        cases.put("\"\\u0000\"", "\u0000");
        cases.forEach((json, text) -> assertThat(Json.parse(json)).as(json).isEqualTo(text));
    }

    @Test
    void aSurrogatePairIsOneCodePoint() {
        String s = (String) Json.parse("\"\\ud83d\\ude00\"");
        assertThat(s.codePointCount(0, s.length())).isEqualTo(1);
        assertThat(s.codePointAt(0)).isEqualTo(0x1F600);
    }

    /**
     * Malformed input: each is an IllegalArgumentException that names what is wrong and where,
     * never an index exception (the hand-written parser threw StringIndexOutOfBoundsException on
     * a trailing backslash and a short {@code \}u escape).
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '\'',
            value = {
                "\"abc\\                | end-of-input            | line 1, column",
                "\"abc\\u12             | end-of-input            | line 1, column",
                "\"\\u12\"              | hex-digit               | line 1, column 6",
                "\"\\uZZZZ\"            | hex-digit               | line 1, column 4",
                "\"\\q\"                | character escape        | line 1, column 3",
                "{\"a\": }              | expected a value        | line 1, column 7",
                "[1, 2                  | end-of-input            | line 1, column",
                "{} x                   | Unrecognized token 'x'  | line 1, column 4",
                "{} {}                  | more after the value    | line 1, column 4",
                "{\"a\": 1, \"a\": 2}   | Duplicate field 'a'     | line 1, column",
                "[NaN]                  | Non-standard token      | line 1, column",
                "{'a': 1}               | ''''                    | line 1, column 2",
                "[1] // note            | comment                 | line 1, column",
                "[01]                   | Leading zeroes          | line 1, column",
            })
    void rejectsMalformedInputNamingWhatAndWhere(String json, String what, String where) {
        assertThatThrownBy(() -> Json.parse(json))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("JSON: ")
                .hasMessageContaining(what)
                .hasMessageContaining(where);
    }

    @Test
    void rejectsUnescapedControlCharacters() {
        for (char c : new char[] {0, 1, '\b', '\n', '\r', 0x1f}) {
            assertThatThrownBy(() -> Json.parse("\"a" + c + "b\""))
                    .as("U+%04X", (int) c)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("has to be escaped")
                    .hasMessageContaining("line 1");
        }
    }

    @Test
    void rejectsNullAndEmptyText() {
        assertThatThrownBy(() -> Json.parse(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Json.parse("   "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no value");
        assertThatThrownBy(() -> Json.parse(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no value");
    }

    @Test
    void refusesNestingDeeperThanItsLimit() {
        String ok = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        assertThat(Json.parse(ok)).isInstanceOf(List.class);
        String deep = "[".repeat(Json.MAX_DEPTH + 1) + "]".repeat(Json.MAX_DEPTH + 1);
        assertThatThrownBy(() -> Json.parse(deep))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nesting depth")
                .hasMessageContaining("line 1, column");
        String hostile = "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000);
        assertThatThrownBy(() -> Json.parse(hostile))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nesting depth");
    }

    /** Numbers past a long are refused, never wrapped or rounded. */
    @Test
    void refusesNumbersOutOfRange() {
        assertThatThrownBy(() -> Json.parse("{\"op\": 9223372036854775808}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("9223372036854775808")
                .hasMessageContaining("$.op")
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> Json.parse("[0, -9223372036854775809]")).hasMessageContaining("$[1]");
        assertThatThrownBy(() -> Json.parse("{\"a\": [1e400]}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("$.a[0]")
                .hasMessageContaining("out of range");
        String huge = "1".repeat(5000);
        assertThatThrownBy(() -> Json.parse(huge))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Number value length");
        assertThat(Json.parse("1e-400"))
                .as("underflow is a tiny number, not an error")
                .isEqualTo(0.0);
    }

    /** The committed replay files and the JMH fixture read the same as they did with the hand-written parser. */
    @Test
    void readsEveryCommittedJsonFile() throws Exception {
        Path root = SourceTree.root();
        List<Path> files = new ArrayList<>();
        for (String dir : List.of("reports/findings", "reports/conformance-findings")) {
            try (Stream<Path> s = Files.list(root.resolve(dir))) {
                s.map(d -> d.resolve("counterexample.json"))
                        .filter(Files::isRegularFile)
                        .forEach(files::add);
            }
        }
        files.add(root.resolve("bench/src/test/resources/jmh-fixture.json"));
        assertThat(files).hasSizeGreaterThan(3);
        for (Path f : files) {
            Object doc = Json.parse(Files.readString(f, StandardCharsets.UTF_8));
            assertThat(doc).as(f.toString()).isInstanceOfAny(Map.class, List.class);
            assertThat(Json.parse(Json.write(doc)))
                    .as("%s written and read again", f)
                    .isEqualTo(doc);
        }
    }
}
