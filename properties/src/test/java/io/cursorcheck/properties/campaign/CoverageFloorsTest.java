package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Coverage;
import io.cursorcheck.properties.engine.Gate;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.run.RandomRun;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The coverage floors of the writer's further paths (issue 15): the default weights reach every one on
 * the model, and each has a negative control, a generator that never draws the operation, which falls
 * under exactly the floors of that operation's states.
 */
class CoverageFloorsTest {

    private static Coverage coverage(String weights, long sequences) {
        return RandomRun.run(
                        new RandomRun.Config(
                                Variant.MODEL,
                                20261201L,
                                sequences,
                                Long.MAX_VALUE,
                                Gate.MAX_STEPS,
                                Weights.DEFAULT.with(weights),
                                Gate.THREADS,
                                false,
                                null,
                                Gate.known()),
                        new RandomRun.Progress())
                .coverage();
    }

    private static List<String> low(Coverage c) {
        return c.belowFloor().stream()
                .map(l -> l.substring(0, l.indexOf(' ')))
                .sorted()
                .toList();
    }

    @Test
    void theDefaultWeightsReachEveryFloor() {
        Coverage c = coverage("", 3_000);
        System.out.println(Stream.of(Coverage.State.values())
                .map(s -> s + "=" + c.count(s))
                .collect(Collectors.joining(" ")));
        assertThat(c.belowFloor()).isEmpty();
        assertThat(c.outcomes()).containsKeys("writevSync", "writev", "endSync", "drain", "abort", "spoil");
        assertThat(c.outcomes().get("drain")).containsKeys("DRAINED", "PENDING", "UNWRITABLE");
        assertThat(c.outcomes().get("endSync")).containsKeys("COMPLETED", "INCOMPLETE");
    }

    static Stream<Map.Entry<String, List<String>>> neverDrawn() {
        return Stream.of(
                Map.entry(
                        "drain=0",
                        List.of("DRAIN_FAILED", "DRAIN_FALSE", "DRAIN_TRUE_BY_EVICTION", "DRAIN_TRUE_BY_TRIM")),
                Map.entry("abort=0", List.of("ABORT_ENDS_BROADCAST", "ABORT_OF_PENDING_END", "ABORT_OF_QUEUED_WRITE")),
                Map.entry("spoil=0", List.of("SPOILED_QUEUED_REJECTED_BY_FLUSH", "SPOILED_READ_BY_NEXT")),
                Map.entry("writev=0", List.of("WRITEV_QUEUED")),
                Map.entry("endSync=0", List.of("END_SYNC_COMPLETED", "END_SYNC_INCOMPLETE")));
    }

    /** The negative controls: a generator that never draws an operation misses exactly its floors. */
    @ParameterizedTest
    @MethodSource("neverDrawn")
    void aGeneratorThatNeverDrawsTheOperationFallsUnderItsFloors(Map.Entry<String, List<String>> control) {
        assertThat(low(coverage(control.getKey(), 1_000))).as(control.getKey()).isEqualTo(control.getValue());
    }
}
