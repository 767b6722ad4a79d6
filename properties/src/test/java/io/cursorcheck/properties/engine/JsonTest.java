package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void roundTrips() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("text", "quote \" backslash \\ newline \n tab \t é");
        m.put("number", -42L);
        m.put("flag", true);
        m.put("nothing", null);
        m.put("list", Arrays.asList(1L, "two", null));
        m.put("nested", List.of(Map.of("a", 1L)));
        m.put("empty", Map.of());
        assertThat(Json.parse(Json.write(m))).isEqualTo(m);
        assertThat(Json.parse(Json.line(m))).isEqualTo(m);
        assertThat(Json.line(m)).doesNotContain("\n");
    }

    @Test
    void readsWholeNumbersAsLongsAndOthersAsDoubles() {
        assertThat(Json.parse("[0, -7, 2.5, -3e2, 1.5E-3]")).isEqualTo(List.of(0L, -7L, 2.5, -300.0, 0.0015));
        assertThatThrownBy(() -> Json.parse("[1.2.3]")).hasMessageContaining("malformed number");
    }

    @Test
    void rejectsMalformedInputWithItsOffset() {
        assertThatThrownBy(() -> Json.parse("{\"a\": }")).hasMessageContaining("offset 6");
        assertThatThrownBy(() -> Json.parse("[1, 2")).hasMessageContaining("unexpected end");
        assertThatThrownBy(() -> Json.parse("{} x")).hasMessageContaining("trailing");
    }
}
