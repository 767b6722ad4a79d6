package io.cursorcheck.properties;

import io.cursorcheck.properties.examples.ExampleCatalogue;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The catalogue of hand-written examples (trimming, reads, policies, writer, lifecycle, the writer's pairs and further
 * paths) on every variant of the registry, as each example class ran them before it moved into main code: the
 * same examples, the same assertions, one test per example and variant.
 */
class CatalogueExamples {

    @TestFactory
    Stream<DynamicTest> everyExampleOnEveryVariant() {
        return ExampleCatalogue.all().stream()
                .flatMap(example -> Stream.of(Variant.values())
                        .map(variant -> DynamicTest.dynamicTest(
                                example.name() + " [" + variant.id() + "]", () -> example.run(variant))));
    }
}
