package io.cursorcheck.properties.engine.shrink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.BlackBox;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The breadth-first search after the shrinker, on hand-written scripts. */
class ShortestSearchTest {

    private static final Mutant DETACH_FORGETS_COUNT = Mutants.CONTROLS.stream()
            .filter(m -> m.id().equals("detach-forgets-count"))
            .findFirst()
            .orElseThrow();

    private static final Mutant END_COMPLETES_WITH_CONSUMERS = Mutants.CATALOGUE.stream()
            .filter(m -> m.id().equals("end-completes-with-consumers"))
            .findFirst()
            .orElseThrow();

    /**
     * The random engine's 1-minimal script of end-completes-with-consumers (seed 20261129: 5 operations, and
     * removing any one step loses the failure) hides a 2-operation one, which the search finds; the shrinker
     * alone keeps 5 (its negative control).
     */
    @Test
    void findsAShorterScriptThanTheShrinkersOneMinimalOne() {
        var subject = Mutants.factory(END_COMPLETES_WITH_CONSUMERS);
        Script five =
                Script.parse(Options.of(1, Policy.UNBOUNDED), "write(1)\nwrite(1)\nend()\nc0 = attach()\nnext(c0)");
        Lockstep.Run failing = Lockstep.run(subject, five);
        assertThat(failing.failure()).as("the hand-written script fails").isNotNull();
        Shrinker.Result shrunk = new Shrinker(subject, 50_000, 60_000).shrink(failing);
        assertThat(shrunk.script().length())
                .as("the shrinker alone stops at the 1-minimal script")
                .isEqualTo(5);

        ShortestSearch.Result r = ShortestSearch.search(subject, shrunk.run(), Tolerance.NONE, 50_000);

        assertThat(r.run().script().lines()).containsExactly("c0 = attach()", "end()");
        assertThat(r.run().failure().kind()).isEqualTo(failing.failure().kind());
        assertThat(r.run().failure().step()).isEqualTo(1);
        assertThat(Lockstep.run(subject, r.run().script()).failure().signature())
                .as("it replays")
                .isEqualTo(r.run().failure().signature());
        assertThat(r.minimality().proven()).isTrue();
        assertThat(r.minimality().shrunkLength()).isEqualTo(5);
        assertThat(r.minimality().sentence()).startsWith("shortest: no script of its alphabet below 2 operations");
    }

    /**
     * The kill matrix's black-box script of detach-forgets-count (5 operations) is shortest for a divergence:
     * the explorer's 3 is a breach of I6, which a black-box run does not check, and the search keeps the kind.
     */
    @Test
    void keepsTheKindOfTheFailure() {
        BlackBox subject = new BlackBox(Mutants.factory(DETACH_FORGETS_COUNT));
        Script five = Script.parse(
                Options.of(2, Policy.STRICT), "c0 = attach()\nwrite(1)\nc1 = attach()\nnext(c0)\ndetach(c1)");
        Lockstep.Run failing = Lockstep.run(subject, five);
        assertThat(failing.failure().kind()).isEqualTo(Failure.Kind.DIVERGENCE);
        ShortestSearch.Result r = ShortestSearch.search(subject, failing, Tolerance.NONE, 50_000);
        assertThat(r.run().script().length()).isEqualTo(5);
        assertThat(r.minimality().proven()).isTrue();
    }

    /** A script that is already shortest stays as it is, and the search says it is proven. */
    @Test
    void aShortestScriptStaysAndIsProven() {
        Script three = Script.parse(Options.of(2, Policy.STRICT), "c0 = attach()\nnext(c0)\nwriteSync(1)");
        Lockstep.Run failing = Lockstep.run(Variant.DIRTY_FLAG, three);
        assertThat(failing.failed()).isTrue();
        ShortestSearch.Result r = ShortestSearch.search(Variant.DIRTY_FLAG, failing, Tolerance.NONE, 50_000);
        assertThat(r.run().script()).isEqualTo(failing.script());
        assertThat(r.minimality().proven()).isTrue();
        assertThat(r.minimality().checkedUpTo()).isEqualTo(2);
    }

    /** At its state limit the search says so: 1-minimal, not proven. */
    @Test
    void aSearchStoppedAtItsLimitSaysSo() {
        BlackBox subject = new BlackBox(Mutants.factory(DETACH_FORGETS_COUNT));
        Script five = Script.parse(
                Options.of(2, Policy.STRICT), "c0 = attach()\nwrite(1)\nc1 = attach()\nnext(c0)\ndetach(c1)");
        ShortestSearch.Result r = ShortestSearch.search(subject, Lockstep.run(subject, five), Tolerance.NONE, 2);
        assertThat(r.run().script()).isEqualTo(five);
        assertThat(r.minimality().proven()).isFalse();
        assertThat(r.minimality().sentence())
                .startsWith("1-minimal; the search for a shorter script stopped at its" + " limit of 2 states");
    }

    @Test
    void theAlphabetIsTheScriptsOperations() {
        Script s = Script.parse(
                Options.of(2, Policy.STRICT),
                "c0 = attach()\nwrite(1)\nc1 = attach()\nabort(#1)\n" + "cancel(\"e2\")\nnext(foreign)");
        Alphabet a = Alphabet.of(s);
        assertThat(a.consumers()).isEqualTo(2);
        // The script's own operations first, then the explorer's scope around them: sizes 0 to 2, end, every fail and
        // cancel form, and, since the script aborts, the writer's further paths.
        assertThat(a.fixed())
                .containsExactly(
                        new Op.WriteSync(1),
                        new Op.Write(1),
                        new Op.Cancel(true, "e2"),
                        new Op.Next(Op.FOREIGN),
                        new Op.WriteSync(0),
                        new Op.Write(0),
                        new Op.WriteSync(2),
                        new Op.Write(2),
                        new Op.End(),
                        new Op.Fail("e1"),
                        new Op.Fail(null),
                        new Op.Cancel(false, null),
                        new Op.Cancel(true, null),
                        new Op.Drain(),
                        new Op.EndSync(),
                        new Op.WritevSync(List.of()),
                        new Op.Writev(List.of()),
                        new Op.WritevSync(List.of(1, 1)),
                        new Op.Writev(List.of(1, 1)));
        assertThat(a.abort()).isTrue();
        assertThat(a.spoil()).isTrue();
        assertThat(Alphabet.of(Script.parse(Options.of(2, Policy.STRICT), "c0 = attach()\nnext(c0)"))
                        .spoil())
                .as("no writer path in the script, none in the alphabet")
                .isFalse();
    }

    @Test
    void theAlphabetHoldsEveryFormTheExplorerWouldTryOfTheKindsTheScriptUses() {
        // A shrunk cancel-repeats script: its own forms cannot write the two-step cancel(); cancel("e2").
        Alphabet a = Alphabet.of(Script.parse(Options.of(2, Policy.STRICT), "cancel()\nc0 = attach()\ncancel()"));
        assertThat(a.fixed())
                .contains(new Op.Cancel(false, null), new Op.Cancel(true, "e2"), new Op.Cancel(true, null));
        Lockstep.Run shrunk = Lockstep.run(
                Mutants.factory(Mutants.named("cancel-repeats")),
                Script.parse(Options.of(2, Policy.STRICT), "cancel()\nc0 = attach()\ncancel()"));
        assertThat(shrunk.failure()).as("the shrunk script fails").isNotNull();
        ShortestSearch.Result found = ShortestSearch.search(
                Mutants.factory(Mutants.named("cancel-repeats")),
                shrunk,
                Tolerance.NONE,
                ShortestSearch.DEFAULT_STATES);
        assertThat(found.run().script().length()).isEqualTo(2);
        assertThat(found.minimality().proven()).isTrue();
    }

    @Test
    void badInputIsNamed() {
        Lockstep.Run passing =
                Lockstep.run(Variant.CACHED_COUNT, Script.parse(Options.of(2, Policy.STRICT), "c0 = attach()"));
        assertThatThrownBy(() -> ShortestSearch.search(Variant.CACHED_COUNT, passing, Tolerance.NONE, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only a failing run");
        Lockstep.Run failing = Lockstep.run(
                Variant.DIRTY_FLAG,
                Script.parse(Options.of(2, Policy.STRICT), "c0 = attach()\nnext(c0)\nwriteSync(1)"));
        assertThatThrownBy(() -> ShortestSearch.search(Variant.DIRTY_FLAG, failing, Tolerance.NONE, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stateLimit must be >= 1, was 0");
    }
}
