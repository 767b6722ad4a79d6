package io.cursorcheck.properties.engine.shrink;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.run.RandomRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShrinkerTest {

    private static final Generator GENERATOR = new Generator(Weights.DEFAULT);

    /** The first failing random run of a subject, from a fixed seed. */
    private static Lockstep.Run firstFailure(BroadcastFactory subject, int minLength) {
        for (long i = 0; i < 100_000; i++) {
            Lockstep.Run run = Lockstep.explore(subject, GENERATOR, RandomRun.sequenceSeed(42, i), 60, null);
            if (run.failed()
                    && !run.failure().kind().againstModel()
                    && run.script().length() >= minLength) {
                return run;
            }
        }
        throw new AssertionError("no failure of " + subject.id());
    }

    @Test
    void shrinksToAOneMinimalScriptThatFailsTheSameWay() {
        BroadcastFactory subject = Mutants.factory(Mutants.named("detach-forgets-count"));
        Lockstep.Run failing = firstFailure(subject, 20);
        Shrinker.Result r = new Shrinker(subject, 50_000, 60_000).shrink(failing);
        assertThat(r.complete()).isTrue();
        assertThat(r.script().length()).isLessThan(failing.script().length());
        assertThat(r.run().failure().signature()).isEqualTo(failing.failure().signature());
        // 1-minimal: without any single operation, or with any argument simplified, it no longer fails that way.
        Script s = r.script();
        for (int i = 0; i < s.length(); i++) {
            assertThat(failsTheSameWay(subject, s.without(Set.of(i)), failing.failure()))
                    .as("still fails without operation %d of%n%s", i, s)
                    .isFalse();
            for (Op simpler : Shrinker.simpler(s.ops().get(i))) {
                assertThat(failsTheSameWay(subject, s.with(i, simpler), failing.failure()))
                        .as("still fails with %s at %d of%n%s", simpler.script(), i, s)
                        .isFalse();
            }
        }
        for (long budget = 1; budget < s.options().budget(); budget++) {
            assertThat(failsTheSameWay(
                            subject,
                            s.withOptions(io.cursorcheck.spi.Options.of(
                                    budget, s.options().policy())),
                            failing.failure()))
                    .isFalse();
        }
    }

    /**
     * A predicate to keep holds on every step of the shrink: with one that needs the script's first
     * operation kept, the shrunk script still starts with it (without the predicate the shrink drops it).
     */
    @Test
    void keepsOnlyCandidatesTheExtraPredicateAccepts() {
        BroadcastFactory subject = Mutants.factory(Mutants.named("detach-forgets-count"));
        Lockstep.Run failing = firstFailure(subject, 20);
        Op first = failing.script().ops().get(0);
        Script free = new Shrinker(subject, 50_000, 60_000).shrink(failing).script();
        java.util.function.Predicate<Lockstep.Run> keep = r -> r.script().length() >= 1
                && r.script().ops().get(0).equals(first)
                && r.script().length() > free.length();
        Shrinker.Result kept = new Shrinker(subject, 50_000, 60_000).shrink(failing, keep);
        assertThat(kept.script().ops().get(0)).isEqualTo(first);
        assertThat(kept.script().length()).isGreaterThan(free.length());
        assertThat(keep.test(kept.run())).isTrue();
        assertThat(kept.run().failure().signature()).isEqualTo(failing.failure().signature());
    }

    @Test
    void isDeterministic() {
        Lockstep.Run failing = firstFailure(Variant.DIRTY_FLAG, 10);
        Script a =
                new Shrinker(Variant.DIRTY_FLAG, 50_000, 60_000).shrink(failing).script();
        Script b =
                new Shrinker(Variant.DIRTY_FLAG, 50_000, 60_000).shrink(failing).script();
        assertThat(a).isEqualTo(b);
    }

    @Test
    void stopsAtItsBoundWithTheBestSoFar() {
        Lockstep.Run failing = firstFailure(Variant.DIRTY_FLAG, 10);
        Shrinker.Result r = new Shrinker(Variant.DIRTY_FLAG, 3, 60_000).shrink(failing);
        assertThat(r.complete()).isFalse();
        assertThat(r.evaluations()).isEqualTo(3);
        assertThat(r.run().failed()).isTrue();
    }

    @Test
    void removingAnAttachRemovesItsConsumersOperationsAndRenumbersTheRest() {
        Script s = Script.parse(io.cursorcheck.spi.Options.defaults(), """
                c0 = attach()
                c1 = attach()
                next(c0)
                next(c1)
                c2 = attach()
                detach(c2)
                next(foreign)
                """);
        Script without = s.without(List.of(0));
        assertThat(without.lines())
                .containsExactly("c0 = attach()", "next(c0)", "c1 = attach()", "detach(c1)", "next(foreign)");
    }

    private static boolean failsTheSameWay(BroadcastFactory subject, Script s, Failure target) {
        Lockstep.Run r = Lockstep.run(subject, s);
        return r.failed() && r.failure().signature().equals(target.signature());
    }

    @Test
    void simplerCandidatesAreSimplerAndFinite() {
        List<Op> all = new ArrayList<>(Shrinker.simpler(new Op.Write(3)));
        assertThat(all).containsExactly(new Op.Write(0), new Op.Write(1), new Op.Write(2));
        assertThat(Shrinker.simpler(new Op.Cancel(true, 0)))
                .containsExactly(new Op.Cancel(false, null), new Op.Cancel(true, "e1"), new Op.Cancel(true, null));
        assertThat(Shrinker.simpler(new Op.Fail("e1"))).isEmpty();
        assertThat(Shrinker.simpler(new Op.Next(Op.FOREIGN))).isEmpty();
    }

    @Test
    void theWritersFurtherPathsHaveSimplerForms() {
        assertThat(Shrinker.simpler(new Op.Writev(List.of(1, 2))))
                .containsExactly(
                        new Op.Write(3),
                        new Op.Writev(List.of(2)),
                        new Op.Writev(List.of(1)),
                        new Op.Writev(List.of(0, 2)),
                        new Op.Writev(List.of(1, 0)),
                        new Op.Writev(List.of(1, 1)));
        assertThat(Shrinker.simpler(new Op.WritevSync(List.of(2))))
                .containsExactly(
                        new Op.WriteSync(2),
                        new Op.WritevSync(List.of()),
                        new Op.WritevSync(List.of(0)),
                        new Op.WritevSync(List.of(1)));
        assertThat(Shrinker.simpler(new Op.Writev(List.of()))).containsExactly(new Op.Write(0));
        // A sum beyond int stays bad input rather than wrapping to a valid size.
        assertThat(Shrinker.simpler(new Op.WritevSync(List.of(Integer.MAX_VALUE, 1)))
                        .get(0))
                .isEqualTo(new Op.WriteSync(Integer.MAX_VALUE));
        assertThat(Shrinker.simpler(new Op.EndSync())).containsExactly(new Op.End());
        assertThat(Shrinker.simpler(new Op.Abort(3)))
                .containsExactly(new Op.Abort(0), new Op.Abort(1), new Op.Abort(2));
        assertThat(Shrinker.simpler(new Op.Spoil(2))).containsExactly(new Op.Spoil(0), new Op.Spoil(1));
        assertThat(Shrinker.simpler(new Op.Abort(0))).isEmpty();
        assertThat(Shrinker.simpler(new Op.Abort(-1))).isEmpty();
        assertThat(Shrinker.simpler(new Op.Drain())).isEmpty();
    }
}
