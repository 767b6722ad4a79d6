package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.campaign.Campaign;
import io.cursorcheck.properties.campaign.KillMatrix;
import io.cursorcheck.properties.engine.shrink.Shrinker;
import io.cursorcheck.properties.explore.Explorer;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library refuses bad input itself, with an IllegalArgumentException that names the field
 * (or file and step) and the value, so that a library user gets the answer the command line gives;
 * never a NullPointerException, a wrapped number or a message about other fields.
 */
class InputValidationTest {

    @TempDir
    Path dir;

    @Test
    void weightsNameTheWeightAndItsValue() {
        assertThatThrownBy(() -> Weights.DEFAULT.with("next=-5"))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("weight next must be from 0 to 1000000, was -5");
        assertThatThrownBy(() -> new Weights(8, -5, 5, 18, 22, 2, 1, 1, 8, 2))
                .hasMessage("weight next must be from 0 to 1000000, was -5"); // not every weight printed as 0
        assertThatThrownBy(() -> Weights.DEFAULT.with("next=2000000000,write=2000000000"))
                .hasMessageContaining("next")
                .hasMessageContaining("2000000000");
        assertThatThrownBy(() -> Weights.DEFAULT.with("write=4294967298")).hasMessageContaining("4294967298");
        assertThatThrownBy(() -> Weights.DEFAULT.with("badInput=101"))
                .hasMessageContaining("badInput")
                .hasMessageContaining("101");
        assertThatThrownBy(() -> Weights.DEFAULT.with("attach=0")).hasMessageContaining("attach=0");
        assertThatThrownBy(() -> Weights.DEFAULT.with("nxt=5")).hasMessageContaining("'nxt=5'");
    }

    /** The control for the bound: the largest weights are accepted, and their total draws without wrapping. */
    @Test
    void theLargestWeightsDrawEveryOperation() {
        Weights max = Weights.DEFAULT.with(String.join(
                ",",
                Arrays.stream(new String[] {
                            "attach",
                            "next",
                            "detach",
                            "writeSync",
                            "write",
                            "end",
                            "fail",
                            "cancel",
                            "writevSync",
                            "writev",
                            "endSync",
                            "drain",
                            "abort",
                            "spoil"
                        })
                        .map(n -> n + "=" + Weights.MAX_WEIGHT)
                        .toList()));
        assertThat(max.total()).isEqualTo(14 * Weights.MAX_WEIGHT);
        Lockstep.Run run = Lockstep.explore(
                Variant.CACHED_COUNT,
                new Generator(max, Variant.CACHED_COUNT.capabilities()),
                new Random(1).nextLong(),
                200,
                null);
        assertThat(run.script().length()).isPositive();
    }

    @Test
    void aScopeNamesTheBoundAndItsValue() {
        assertThatThrownBy(() -> new Scope(Policy.STRICT, 2, List.of(-1, 2), 2, 3))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sizes")
                .hasMessageContaining("-1");
        assertThatThrownBy(() -> new Scope(Policy.STRICT, 2, List.of(1), 0, 3))
                .hasMessage("scope: consumers must be >= 1, was 0");
        assertThatThrownBy(() -> new Scope(Policy.STRICT, 2, List.of(1), 2, 0))
                .hasMessage("scope: depth must be >= 1, was 0");
        assertThatThrownBy(() -> new Scope(Policy.STRICT, 0, List.of(1), 2, 3))
                .hasMessage("scope: budget must be >= 1, was 0");
        assertThatThrownBy(() -> new Scope(Policy.STRICT, 2, List.of(), 2, 3)).hasMessageContaining("sizes");
        assertThatThrownBy(() -> new Scope(null, 2, List.of(1), 2, 3)).hasMessageContaining("policy");
        assertThatThrownBy(
                        () -> Explorer.explore(Variant.CACHED_COUNT, Scope.gate(Policy.STRICT), 0, false, null, null))
                .hasMessage("explore: stateLimit must be >= 1, was 0");
    }

    @Test
    void runConfigsNameTheFieldAndItsValue() {
        assertThatThrownBy(
                        () -> new RandomRun.Config(Variant.MODEL, 1, 1, 1000, 60, Weights.DEFAULT, 0, true, null, null))
                .hasMessage("random run: threads must be >= 1, was 0");
        assertThatThrownBy(() -> new Campaign.Config(-60_000, 1, 1, 60, Weights.DEFAULT, dir, System.err))
                .hasMessage("campaign: millis must be >= 1, was -60000");
    }

    /**
     * A time budget of "no limit" (Long.MAX_VALUE) or a year must not wrap the deadline into the
     * past; the control is an ordinary budget, which ends where it says.
     */
    @Test
    void aDeadlineSaturatesInsteadOfWrapping() {
        long now = System.currentTimeMillis();
        assertThat(Deadline.after(now, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
        assertThat(Deadline.after(Long.MAX_VALUE - 5, 10)).isEqualTo(Long.MAX_VALUE);
        assertThat(Deadline.after(now, 1_000)).isEqualTo(now + 1_000);
        assertThat(Deadline.after(now, 0)).isEqualTo(now);
        assertThatThrownBy(() -> Deadline.after(now, -1))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("a time budget must be >= 0 ms, was -1");
    }

    /** A shrinker with no budget would return the failure unshrunk as if it had tried: refused, naming the bound. */
    @Test
    void aShrinkerNamesItsBoundAndShrinksWithoutATimeLimit() {
        assertThatThrownBy(() -> new Shrinker(Variant.DIRTY_FLAG, 0, 1_000))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("shrinker: maxEvaluations must be >= 1, was 0");
        assertThatThrownBy(() -> new Shrinker(Variant.DIRTY_FLAG, 10, -1))
                .hasMessage("shrinker: maxMillis must be >= 1, was -1");
        Lockstep.Run failing = null;
        for (long seed = 1; failing == null; seed++) {
            Lockstep.Run run = Lockstep.explore(
                    Variant.DIRTY_FLAG,
                    new Generator(Weights.DEFAULT, Variant.DIRTY_FLAG.capabilities()),
                    seed,
                    60,
                    null);
            failing = run.failed() ? run : null;
        }
        Shrinker.Result r = new Shrinker(Variant.DIRTY_FLAG, 50_000, Long.MAX_VALUE).shrink(failing);
        assertThat(r.complete())
                .as("no time limit: it shrinks to a fixed point instead of stopping at once")
                .isTrue();
        assertThat(r.script().length()).isLessThan(failing.script().length());
    }

    /**
     * A kill matrix over no mutant would catch nothing and pass: refused, and a result of no row
     * does not pass. The control: a matrix of one mutant runs and passes as its impact says.
     */
    @Test
    void aKillMatrixOverNoMutantIsRefusedAndWouldNotPass() {
        KillMatrix.Config config = new KillMatrix.Config(
                1,
                200,
                200,
                60,
                Weights.DEFAULT,
                1,
                null,
                KnownFindings.load(io.cursorcheck.properties.source.SourceTree.root()));
        assertThatThrownBy(() -> KillMatrix.run(config, List.of(), row -> {}))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("kill matrix: no mutant to run");
        Mutant control = Mutants.CONTROLS.get(0);
        assertThatThrownBy(() -> KillMatrix.run(config, List.of(control, control), row -> {}))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("listed twice")
                .hasMessageContaining(control.id());
        KillMatrix.Result none = new KillMatrix.Result(config, List.of(), 0);
        assertThat(none.passed()).isFalse();
        assertThat(none.problems()).singleElement().asString().contains("ran no mutant");
        KillMatrix.Result one = KillMatrix.run(config, List.of(control), row -> {});
        assertThat(one.rows()).hasSize(1);
        assertThat(one.passed()).as("%s", one.problems()).isTrue();
    }

    @Test
    void aScriptNamesTheStepThatReadsAConsumerNeverAttached() {
        Options o = Options.of(2, Policy.STRICT);
        assertThatThrownBy(() -> Script.parse(o, List.of("c0 = attach()", "write(1)", "next(c0)", "next(c2)")))
                .hasMessage("step 3, next(c2): consumer c2 was never attached (attached before this step: c0)");
        assertThatThrownBy(() -> Script.parse(o, List.of("detach(c0)", "c0 = attach()")))
                .hasMessageStartingWith("step 0, detach(c0): consumer c0 was never attached");
        assertThatThrownBy(() -> Script.parse(o, List.of("c1 = attach()")))
                .hasMessageContaining("step 0")
                .hasMessageContaining("c0");
        assertThatThrownBy(() -> Script.parse(o, List.of("c0 = attach()", "launch()")))
                .hasMessageStartingWith("step 1: ")
                .hasMessageContaining("launch");
        assertThatThrownBy(() -> Script.parseOptions("budget=99999999999999999999, policy=STRICT"))
                .hasMessageContaining("99999999999999999999");
        assertThatThrownBy(() -> Script.parseOptions("budget=2, policy=LOSSY"))
                .hasMessageContaining("'LOSSY'")
                .hasMessageContaining("DROP_OLDEST");
        // the control: what the engine writes parses back
        assertThat(Script.parse(
                                o,
                                List.of("c0 = attach()", "c1 = attach()", "next(c1)", "next(foreign)", "detach(null)"))
                        .length())
                .isEqualTo(5);
    }

    @Test
    void aCounterexampleFileIsReadOnlyWhenEveryFieldIsRight() throws IOException {
        Path array = write("array.json", "[1, 2]");
        assertThatThrownBy(() -> Counterexample.read(array))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(array + ": ")
                .hasMessageContaining("an array");
        assertThatThrownBy(() -> Counterexample.read(dir)).hasMessageStartingWith(dir + ": is a directory");
        Path empty = write("empty.json", "");
        assertThatThrownBy(() -> Counterexample.read(empty)).hasMessageStartingWith(empty + ": is empty");
        Path truncated = write("truncated.json", "{\"format\": \"cursorcheck-counterexample/1\", \"subj");
        assertThatThrownBy(() -> Counterexample.read(truncated)).hasMessageStartingWith(truncated + ": not JSON");
        String head = "{\"format\": \"cursorcheck-counterexample/1\", \"subject\": \"cached-count\", ";
        Path noOptions = write("no-options.json", head + "\"operations\": []}");
        assertThatThrownBy(() -> Counterexample.read(noOptions))
                .hasMessage(noOptions + ": field 'options' must be an object, was missing");
        String ops = "\"options\": {\"budget\": 2, \"policy\": \"STRICT\"}, \"operations\": [\"c0 = attach()\"]";
        Path none = write("none.json", head + ops.replace("[\"c0 = attach()\"]", "[]") + "}");
        assertThatThrownBy(() -> Counterexample.read(none))
                .hasMessage(none + ": field 'operations' is empty; a"
                        + " counterexample fails at one of its operations, so it has at least one");
        Path seed = write("seed.json", head + ops + ", \"foundBy\": {\"seed\": \"-1x\"}}");
        assertThatThrownBy(() -> Counterexample.read(seed))
                .hasMessageContaining("field 'foundBy.seed'")
                .hasMessageContaining("-1x");
        Path nullSubject = write("null-subject.json", head.replace("\"cached-count\"", "null") + ops + "}");
        assertThatThrownBy(() -> Counterexample.read(nullSubject))
                .hasMessageContaining("field 'subject'")
                .hasMessageContaining("null");
        Path unattached = write(
                "unattached.json",
                head
                        + ops.replace(
                                "[\"c0 = attach()\"]", "[\"c0 = attach()\", \"write(1)\", \"next(c0)\", \"next(c2)\"]")
                        + "}");
        assertThatThrownBy(() -> Counterexample.read(unattached))
                .hasMessageStartingWith(unattached + ": step 3, next(c2): consumer c2 was never attached");
        // the control: a file as the engine writes it reads back whole
        Path good = write(
                "good.json",
                head + ops + ", \"foundBy\": {\"seed\": \"18446744073709551615\", \"maxSteps\": 60,"
                        + " \"weights\": null}, \"failure\": {\"signature\": \"DIVERGENCE\"}}");
        Counterexample.Stored stored = Counterexample.read(good);
        assertThat(stored.subject()).isEqualTo("cached-count");
        assertThat(stored.seed()).isEqualTo(-1L);
        assertThat(stored.maxSteps()).isEqualTo(60);
        assertThat(stored.signature()).isEqualTo("DIVERGENCE");
        assertThat(stored.script().lines()).containsExactly("c0 = attach()");
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
