package io.cursorcheck.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.examples.Example;
import io.cursorcheck.properties.examples.ExampleCatalogue;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The catalogue can fail: dirty-flag's tracking, presented as someone's own broadcast (so no example takes its
 * historical branch), fails named examples, each failure naming its example, the step, what was expected and
 * what was found; cached-count presented the same way passes every one, so the wrapping is not what fails.
 */
class CatalogueControlTest {

    @Test
    void aBroadcastWithDirtyFlagTrackingFailsNamedExamples() {
        List<String> failures = new ArrayList<>();
        for (Example example : ExampleCatalogue.all()) {
            try {
                example.run(asSomeonesOwn(Variant.DIRTY_FLAG));
            } catch (AssertionError e) { // a crash (any other exception) fails this test: not a catch
                failures.add(e.getMessage());
            }
        }
        System.out.println("dirty-flag as someone's own broadcast fails " + failures.size() + " of "
                + ExampleCatalogue.all().size() + " examples; the first:\n"
                + (failures.isEmpty() ? "" : failures.get(0)));
        assertThat(failures)
                .isNotEmpty()
                .allSatisfy(
                        m -> assertThat(m).startsWith("example ").contains(" fails on users-dirty-flag: ", "expected"));
        assertThat(failures).anySatisfy(m -> assertThat(m).startsWith("example TrimmingExamples."));
    }

    @Test
    void aCorrectBroadcastPresentedTheSameWayPassesEveryExample() {
        for (Example example : ExampleCatalogue.all()) {
            example.run(asSomeonesOwn(Variant.CACHED_COUNT));
        }
    }

    /** The variant's broadcasts under another subject, as the entry point would present a user's. */
    private static BroadcastFactory asSomeonesOwn(Variant variant) {
        return new BroadcastFactory() {
            @Override
            public String id() {
                return "users-" + variant.id();
            }

            @Override
            public String description() {
                return variant.description() + ", presented as someone's own broadcast";
            }

            @Override
            public Broadcast create(Options options) {
                return variant.create(options);
            }
        };
    }
}
