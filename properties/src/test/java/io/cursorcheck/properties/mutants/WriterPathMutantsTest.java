package io.cursorcheck.properties.mutants;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Invariant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The catalogue's mutants of the writer's further paths (issue 15), each on a hand-written script of at
 * most {@value #MAX_LENGTH} operations that shows the slip: under both algorithms the real class agrees
 * with its reference model at every step of the script (so the script is sound and the catch below is
 * the patch's), and the mutant does not, by a black-box check (an answer, a state, or an invariant other
 * than the white-box I6). This is the catalogue's own witness that each mutant is not equivalent; the
 * kill matrix ({@code KillMatrixProperties}, {@code CorrectedKillMatrixTest}) must then find it from
 * random sequences.
 */
class WriterPathMutantsTest {

    /** The bound on a new mutant's counterexample. */
    static final int MAX_LENGTH = 10;

    /** Each new mutant's witness: the first line is the options, {@code #n} names step n. */
    static final Map<String, String> WITNESSES = Map.ofEntries(
            Map.entry("abort-forgets-closing-writer", """
                    budget=1, policy=STRICT
                    c0 = attach()
                    writeSync(1)
                    write(1)
                    end()
                    abort(#2)
                    next(c0)
                    next(c0)
                    """),
            Map.entry("abort-takes-first-queued", """
                    budget=1, policy=UNBOUNDED
                    writeSync(1)
                    write(1)
                    write(2)
                    abort(#2)
                    """),
            Map.entry("drains-settled-before-flush", """
                    budget=1, policy=STRICT
                    c0 = attach()
                    writeSync(1)
                    write(1)
                    drain()
                    next(c0)
                    """),
            Map.entry("drains-settled-while-over-budget", """
                    budget=2, policy=STRICT
                    c0 = attach()
                    writeSync(1)
                    writeSync(2)
                    drain()
                    next(c0)
                    """),
            Map.entry("drop-oldest-forgets-drains", """
                    budget=2, policy=DROP_OLDEST
                    writeSync(2)
                    drain()
                    writeSync(1)
                    """),
            Map.entry("drain-true-at-budget", """
                    budget=1, policy=STRICT
                    writeSync(1)
                    drain()
                    """),
            Map.entry("spoiled-clear-keeps-bytes", """
                    budget=4, policy=STRICT
                    c0 = attach()
                    writeSync(1)
                    spoil(#1)
                    next(c0)
                    """),
            Map.entry("spoiled-clear-moves-start", """
                    budget=4, policy=STRICT
                    c0 = attach()
                    writeSync(1)
                    spoil(#1)
                    next(c0)
                    """),
            Map.entry("spoiled-read-spares-consumers", """
                    budget=4, policy=STRICT
                    c0 = attach()
                    writeSync(1)
                    spoil(#1)
                    next(c0)
                    """),
            Map.entry("flush-stops-at-spoiled", """
                    budget=1, policy=UNBOUNDED
                    c0 = attach()
                    writeSync(1)
                    write(1)
                    write(1)
                    spoil(#2)
                    next(c0)
                    """),
            Map.entry("flush-stores-spoiled", """
                    budget=1, policy=STRICT
                    c0 = attach()
                    writeSync(1)
                    write(1)
                    spoil(#2)
                    next(c0)
                    """),
            Map.entry("endsync-answers-while-pending", """
                    budget=1, policy=STRICT
                    c0 = attach()
                    endSync()
                    """));

    static Stream<Arguments> witnessesUnderBothAlgorithms() {
        return WITNESSES.keySet().stream()
                .sorted()
                .flatMap(id -> Stream.of(Algorithm.values()).map(a -> Arguments.of(id, a)));
    }

    static Script parse(String text) {
        List<String> lines = text.strip().lines().toList();
        return Script.parse(Script.parseOptions(lines.get(0)), lines.subList(1, lines.size()));
    }

    /** The first failure of {@code subject} against its reference model on {@code script}, or null. */
    static Failure firstFailure(BroadcastFactory subject, Script script) {
        LockstepPair pair = new LockstepPair(subject, script.options());
        for (int i = 0; i < script.length(); i++) {
            Failure f = pair.step(i, script.ops().get(i));
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("witnessesUnderBothAlgorithms")
    void eachNewMutantIsCaughtBlackBoxOnItsWitness(String id, Algorithm algorithm) {
        Mutant mutant = Mutants.named(id);
        assertThat(mutant).as("%s is in the catalogue", id).isNotNull();
        assertThat(Mutants.CATALOGUE).contains(mutant);
        assertThat(mutant.impactUnder(algorithm)).isNotEqualTo(Mutant.Impact.EQUIVALENT);
        Script script = parse(WITNESSES.get(id));
        assertThat(script.length()).isLessThanOrEqualTo(MAX_LENGTH);

        // The control's other half: the real class agrees on the same script, so the catch is the patch's.
        BroadcastFactory real = Mutants.original(mutant, algorithm);
        assertThat(real.algorithm()).isEqualTo(algorithm);
        assertThat(firstFailure(real, script))
                .as("%s on the witness of %s", real.id(), id)
                .isNull();

        // Compiled outside the check: a patch that does not apply or compile is an error, never a catch.
        BroadcastFactory broken = Mutants.factory(mutant, algorithm);
        assertThat(broken.algorithm()).isEqualTo(algorithm);
        Failure f = firstFailure(broken, script);
        assertThat(f).as("%s under %s on%n%s", id, algorithm, script).isNotNull();
        assertThat(f.kind()).as("%s: %s", id, f.detail()).isIn(Failure.Kind.DIVERGENCE, Failure.Kind.SUBJECT_INVARIANT);
        if (f.kind() == Failure.Kind.SUBJECT_INVARIANT) {
            assertThat(f.violations()).as("%s: %s", id, f.detail()).anyMatch(v -> v.invariant() != Invariant.I6);
        }
        System.out.printf(
                "%s under %s: caught at step %d of %d by %s: %s%n",
                id, algorithm, f.step(), script.length(), f.signature(), f.detail());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("newMutants")
    void everyNewMutantHasAWitness(Mutant mutant) {
        assertThat(WITNESSES).containsKey(mutant.id());
    }

    /** The catalogue's mutants of the writer's further paths: from the first of them to the fail-and-cancel group. */
    static Stream<Mutant> newMutants() {
        List<Mutant> all = Mutants.CATALOGUE;
        int from = all.indexOf(Mutants.named("abort-forgets-closing-writer"));
        int to = all.indexOf(Mutants.named("cancel-null-reason-as-none"));
        return all.subList(from, to).stream();
    }
}
