package io.cursorcheck.properties.mutants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.io.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The catalogue is data: it loads whole (every id once, every file patched exists), and a malformed entry is
 * refused with its file and id, never skipped, since a mutant lost from the data would be a control silently gone.
 */
class MutantCatalogueTest {

    private static final String ENTRY = "{\"id\": \"x-slip\", \"impact\": \"SAFETY\", \"description\": \"d\","
            + " \"file\": \"CachedCountBroadcast.java\", \"entry\": \"CachedCountBroadcast\", \"find\": [\"a\", \"b\"],"
            + " \"replace\": \"c\"%s}";

    private static MutantCatalogue.Lists load(String extra) {
        Map<String, String> files = Map.of(
                "index.json",
                "{\"controls\": \"c.json\", \"catalogue\": [\"c.json\"], \"racyTwins\": \"c.json\"}",
                "c.json",
                "{\"area\": \"a\", \"mutants\": [" + String.format(ENTRY, extra) + "]}");
        return MutantCatalogue.load(name -> Json.parse(files.get(name)));
    }

    @Test
    void theCatalogueLoadsWholeWithUniqueIds() {
        assertThat(Mutants.CONTROLS).hasSize(7);
        assertThat(Mutants.CATALOGUE).startsWith(Mutants.CONTROLS.toArray(Mutant[]::new));
        assertThat(Mutants.all().stream().map(Mutant::id)).doesNotHaveDuplicates();
        assertThat(Mutants.RACY_TWINS).isNotEmpty();
    }

    @Test
    void aListOfLinesIsJoinedWithNewlines() {
        Mutant m = load("").controls().get(0);
        assertThat(m.find()).isEqualTo("a\nb");
        assertThat(m.replace()).isEqualTo("c");
        assertThat(m.equivalence()).isNull();
    }

    @Test
    void controlAnUnknownFieldIsRefusedWithItsFileAndId() {
        assertThatThrownBy(() -> load(", \"replaced\": \"typo\""))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("c.json: mutant x-slip: unknown field 'replaced'");
    }

    @Test
    void controlAMissingFieldOrABadImpactIsRefused() {
        assertThatThrownBy(() -> load(", \"equivalence\": 3"))
                .hasMessageContaining("c.json: mutant x-slip: equivalence: expected an object");
        assertThatThrownBy(() -> MutantCatalogue.load(name -> Json.parse(
                        name.equals("index.json")
                                ? "{\"controls\": \"c.json\", \"catalogue\": [], \"racyTwins\": \"c.json\"}"
                                : "{\"mutants\": [{\"id\": \"x-slip\", \"impact\": \"SAFE\"}]}")))
                .hasMessageContaining("c.json: mutant x-slip");
    }
}
