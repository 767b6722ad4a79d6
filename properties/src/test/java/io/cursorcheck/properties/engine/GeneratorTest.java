package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The generator's draws of the writer's further paths (issue 15), and the weights string that selects them. */
class GeneratorTest {

    private static final Options OPTIONS = Options.of(2, Policy.STRICT);
    private static final Snapshot EMPTY = new ScanningModel(OPTIONS).snapshot();

    private static List<Op> draws(Generator g, long seed, int n, Generator.Targets targets) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ops.add(g.next(random, EMPTY, 2, OPTIONS, targets));
        }
        return ops;
    }

    private static Map<String, Integer> kinds(List<Op> ops) {
        Map<String, Integer> kinds = new HashMap<>();
        ops.forEach(op -> kinds.merge(op.kind(), 1, Integer::sum));
        return kinds;
    }

    @Test
    void theSameSeedDrawsTheSameOperations() {
        Generator.Targets t = new Generator.Targets(10, List.of(3L, 7L), List.of(2L));
        assertThat(draws(new Generator(Weights.DEFAULT), 42, 2_000, t))
                .isEqualTo(draws(new Generator(Weights.DEFAULT), 42, 2_000, t));
    }

    @Test
    void everyNewOperationIsDrawnAndAbortsAndSpoilsMostlyNameWhatTheyTakeEffectOn() {
        Generator.Targets t = new Generator.Targets(10, List.of(3L, 7L), List.of(2L));
        List<Op> ops = draws(new Generator(Weights.DEFAULT), 1, 20_000, t);
        assertThat(kinds(ops)).containsKeys("writevSync", "writev", "endSync", "drain", "abort", "spoil");
        long aborts = ops.stream().filter(op -> op instanceof Op.Abort).count();
        long pending = ops.stream()
                .filter(op -> op instanceof Op.Abort a && (a.operation() == 3 || a.operation() == 7))
                .count();
        long bad = ops.stream()
                .filter(op -> op.target() != Integer.MIN_VALUE && (op.target() < 0 || op.target() >= 10))
                .count();
        assertThat(pending)
                .as("aborts of a pending operation")
                .isGreaterThan(aborts * 7 / 10)
                .isLessThan(aborts);
        assertThat(bad)
                .as("aborts and spoils naming no earlier step (bad input)")
                .isPositive();
        long spoils = ops.stream().filter(op -> op instanceof Op.Spoil).count();
        long spoilable = ops.stream()
                .filter(op -> op instanceof Op.Spoil s && s.operation() == 2)
                .count();
        assertThat(spoilable)
                .as("spoils of a spoilable write")
                .isGreaterThan(spoils * 7 / 10)
                .isLessThan(spoils);
        List<Integer> chunkCounts = ops.stream()
                .filter(op -> op instanceof Op.Writev)
                .map(op -> ((Op.Writev) op).sizes().size())
                .distinct()
                .sorted()
                .toList();
        assertThat(chunkCounts).containsExactly(0, 1, 2, 3);
    }

    @Test
    void noBadTargetForAnObservableOnlySubjectAndOneUnitChunkForAnEntryCountingOne() {
        Generator.Targets t = new Generator.Targets(10, List.of(3L), List.of(2L));
        List<Op> ops =
                draws(new Generator(Weights.DEFAULT, new BroadcastFactory.Capabilities(true, true)), 3, 20_000, t);
        assertThat(ops)
                .filteredOn(op -> op.target() != Integer.MIN_VALUE)
                .allMatch(op -> op.target() >= 0 && op.target() < 10)
                .isNotEmpty();
        List<String> chunkLists = ops.stream()
                .filter(op -> op instanceof Op.Writev || op instanceof Op.WritevSync)
                .map(op -> op.script().substring(op.script().indexOf('(')))
                .distinct()
                .sorted()
                .toList();
        assertThat(chunkLists).as("chunk lists summing to one unit").containsExactly("(0, 1)", "(1)", "(1, 0)");
    }

    @Test
    void withoutTargetsNoAbortOrSpoilIsDrawn() {
        List<Op> ops = draws(new Generator(Weights.DEFAULT), 5, 5_000, Generator.Targets.NONE);
        assertThat(kinds(ops)).doesNotContainKeys("abort", "spoil").containsKeys("drain", "writev");
    }

    @Test
    void withTheNewWeightsZeroTheDrawsAreThoseOfBefore() {
        // The weights of before the writer's further paths, as an old --weights string gives them.
        Weights old = new Weights(8, 34, 5, 18, 22, 2, 1, 1, 8, 2);
        Generator.Targets t = new Generator.Targets(10, List.of(3L), List.of(2L));
        List<Op> ops = draws(new Generator(old), 7, 5_000, t);
        assertThat(kinds(ops)).doesNotContainKeys("writevSync", "writev", "endSync", "drain", "abort", "spoil");
        assertThat(ops).isEqualTo(draws(new Generator(old), 7, 5_000, Generator.Targets.NONE));
    }

    @Test
    void anOldWeightsStringStillParsesAndTheNewNamesAreTaken() {
        Weights w = Weights.DEFAULT.with(
                "attach=8,next=34,detach=5,writeSync=18,write=22,end=3,fail=2,cancel=2," + "detachedRef=8,badInput=2");
        assertThat(w.end()).isEqualTo(3);
        assertThat(w.drain()).isEqualTo(Weights.DEFAULT.drain());
        Weights none = Weights.DEFAULT.with("writevSync=0,writev=0,endSync=0,drain=0,abort=0,spoil=0");
        assertThat(none.asMap()).containsEntry("abort", 0).containsEntry("spoil", 0);
        assertThat(Weights.DEFAULT.with(Weights.DEFAULT.toString())).isEqualTo(Weights.DEFAULT);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Weights.DEFAULT.with("abort=-1"))
                .hasMessage("weight abort must be from 0 to 1000000, was -1");
    }
}
