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
    }

    @Test
    void rejectsMalformedInputWithItsOffset() {
        assertThatThrownBy(() -> Json.parse("{\"a\": }")).hasMessageContaining("offset 6");
        assertThatThrownBy(() -> Json.parse("[1, 2")).hasMessageContaining("unexpected end");
        assertThatThrownBy(() -> Json.parse("{} x")).hasMessageContaining("trailing");
    }
}
