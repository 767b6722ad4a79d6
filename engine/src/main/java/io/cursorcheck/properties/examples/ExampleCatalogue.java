package io.cursorcheck.properties.examples;

import io.cursorcheck.properties.BroadcastFactory;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The hand-written examples that hold for every implementation that conforms to spec §2: trimming, reads,
 * the policies, the writer, the lifecycle of end, fail and cancel, every ordered pair of the writer's calls,
 * the writer's further paths (writev, endSync, abort, drain, spoiled entries), and bad input (rejected with
 * the messages of {@code io.cursorcheck.spi.Arguments}, changing nothing). The suite runs them on every variant of
 * its registry ({@code CatalogueExamples}); the {@code cursorcheck-junit} entry point runs them on a user's
 * broadcast, one dynamic test per example, before the random and exhaustive checks.
 *
 * <p>Where the suite's {@code dirty-flag} variant (Node up to 26.1.0) answers differently, an example says so
 * and expects that variant's historical answers from it alone; any other subject, a user's included, is held
 * to spec §2.
 *
 * <p>Every public static method of the classes below that takes a {@link BroadcastFactory} is an example, so
 * an example added to one of them is in the catalogue at once.
 */
public final class ExampleCatalogue {

    /** The classes of examples, in the order they run. */
    private static final List<Class<?>> CLASSES = List.of(
            TrimmingExamples.class,
            ReadExamples.class,
            PolicyExamples.class,
            WriterExamples.class,
            LifecycleExamples.class,
            WriterLifecycleExamples.class,
            WriterPathsSpecExamples.class,
            BadInputExamples.class);

    private ExampleCatalogue() {}

    /**
     * Every example, class by class in the order above, each class's examples by name.
     *
     * @return the examples
     */
    public static List<Example> all() {
        List<Example> examples = new ArrayList<>();
        for (Class<?> c : CLASSES) {
            Arrays.stream(c.getDeclaredMethods())
                    .filter(m -> Modifier.isPublic(m.getModifiers())
                            && Modifier.isStatic(m.getModifiers())
                            && m.getParameterCount() == 1
                            && m.getParameterTypes()[0] == BroadcastFactory.class)
                    .sorted(Comparator.comparing(Method::getName))
                    .forEach(m -> examples.add(new Example(c.getSimpleName() + "." + m.getName(), m)));
        }
        return List.copyOf(examples);
    }
}
