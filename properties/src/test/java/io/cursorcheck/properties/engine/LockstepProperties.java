package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.campaign.ExampleStore;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.run.RandomRun;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lockstep gate: random sequences of the whole operation set, model and subject side by
 * side, every invariant checked on both after every step; a conforming variant's stored examples
 * ({@link ExampleStore}) first.
 */
class LockstepProperties {

    static Stream<Variant> conforming() {
        return Arrays.stream(Variant.values()).filter(v -> v.conformance() == Variant.Conformance.CONFORMS);
    }

    @ParameterizedTest
    @MethodSource("conforming")
    void agreesWithTheModelAndKeepsEveryInvariant(Variant variant) throws Exception {
        RandomRun.Result r = run(variant, Gate.sequences(), false);
        assertThat(r.subjectFailures())
                .as("%s failures (reports written)", variant)
                .extracting(f -> f.counterexample().failure().title() + " " + Reports.relative(f.page()))
                .isEmpty();
        assertThat(r.newFindings())
                .as("findings against the model that reports/findings does not know")
                .extracting(f -> f.counterexample().failure().signature() + " " + Reports.relative(f.page()))
                .isEmpty();
        assertThat(r.coverage().belowFloor()).as("coverage floors").isEmpty();
        r.coverage().tooShort().forEach(l -> System.out.println(variant + ": coverage " + l)); // a shrunk budget
        System.out.printf(
                "%s: %,d sequences, %,d operations, %,.0f ops/s; known findings met: %s%n",
                variant,
                r.sequences(),
                r.operations(),
                r.operationsPerSecond(),
                r.found().stream().map(f -> f.known().name()).collect(Collectors.joining(", ")));
    }

    @Test
    void dirtyFlagIsCaughtDivergingWithAShortReport() throws Exception {
        RandomRun.Result r = run(Variant.DIRTY_FLAG, 2_000, true);
        assertThat(r.subjectFailures()).as("dirty-flag must be caught").isNotEmpty();
        RandomRun.Found f = r.subjectFailures().get(0);
        assertThat(f.counterexample().failure().kind()).isEqualTo(Failure.Kind.DIVERGENCE);
        assertThat(f.counterexample().script().length()).as("shrunk length").isLessThanOrEqualTo(8);
        assertThat(Files.readString(Reports.published(f.page())))
                .contains("## Script", "## Step by step", "**⚠**", "## Regression test");
        assertThat(Counterexample.read(Reports.published(f.json())).script())
                .isEqualTo(f.counterexample().script());
        System.out.printf(
                "dirty-flag caught: %s, shrunk %d -> %d: %s%n",
                f.counterexample().failure().title(),
                f.counterexample().original(),
                f.counterexample().script().length(),
                Reports.relative(f.page()));
    }

    private static RandomRun.Result run(Variant v, long sequences, boolean stopOnFailure) throws Exception {
        long seed = Gate.seed("LockstepProperties", v.id(), Gate.check(v.id(), sequences));
        // The store replays the variant's stored examples first (a fresh clone has none; a conforming
        // variant fails one only if it is broken) and keeps its new failures for the next run.
        return Gate.writingReports(
                "LockstepProperties " + v.id(),
                out -> ExampleStore.standard()
                        .run(
                                new RandomRun.Config(
                                        v,
                                        seed,
                                        sequences,
                                        Long.MAX_VALUE,
                                        Gate.MAX_STEPS,
                                        Weights.DEFAULT,
                                        Gate.THREADS,
                                        stopOnFailure || Gate.failFast(),
                                        out.counterexamples(),
                                        Gate.known()),
                                new RandomRun.Progress(),
                                System.out::println)
                        .result());
    }
}
