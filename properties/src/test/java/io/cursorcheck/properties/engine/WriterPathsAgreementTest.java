package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Invariant;
import io.cursorcheck.spi.Snapshot;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential check of the writer's further paths (issue 15): every variant of the registry
 * against its reference model (spec §2's, or §8's for a corrected one) on hand-written scripts
 * that use every new operation and reach every procedure spec §2 changed. Port and model were
 * written apart from the same text, so a misreading passes only if it was made twice, alike.
 *
 * <ul>
 * <li>A conforming variant must agree with the model at every step: answers, settlements,
 *     snapshots (pending drains and spoiled marks included) and invariants
 *     ({@link LockstepPair}). At every step the pair is also forked and the fork must go on
 *     exactly as its original, with equal state keys: the explorer's soundness on the new state.</li>
 * <li>{@code dirty-flag} (Node up to 26.1.0, spec §4) may differ only by its known trim lag: its
 *     first disagreement, if any, must be a breach of I5 or I7 alone, or come at a step where one
 *     side trimmed and the other did not (bufferStart differs): a state whose retained part alone
 *     differs, or an answer that differs by what that trim's flush or drains settled. After that
 *     nothing is compared.</li>
 * </ul>
 *
 * <p>Negative controls, each caught by the same checks in the default run: a port whose trim
 * forgets the drains, a port whose abort leaves a closing writer's end pending, and two forks
 * that share the new state with their original (a queued write's spoiled mark, the entries'
 * spoiled marks).
 */
class WriterPathsAgreementTest {

    /** Scripts: the first line is the options, {@code #n} names step n. */
    static final List<String> SCRIPTS = List.of(
            // writevSync and writev: one entry of the summed size; bad input after the number is taken
            """
            budget=4, policy=STRICT
            c0 = attach()
            writevSync(1, 2)
            writevSync(0, 0)
            writev(1)
            writev(2, 2)
            writevSync(1, 1)
            writev(1, -1)
            next(c0)
            next(c0)
            spoil(#4)
            next(c0)
            next(c0)
            """,
            // endSync: INCOMPLETE while queued or attached, a later end() settles when it completes
            """
            budget=4, policy=STRICT
            c0 = attach()
            writeSync(4)
            write(1)
            endSync()
            end()
            c1 = attach()
            next(c1)
            next(c0)
            next(c0)
            next(c1)
            next(c1)
            next(c0)
            detach(c1)
            endSync()
            """,
            // endSync ending the broadcast while a consumer waits with a queued read
            """
            budget=4, policy=STRICT
            c0 = attach()
            c1 = attach()
            next(c0)
            next(c0)
            writeSync(2)
            next(c1)
            endSync()
            endSync()
            next(c1)
            endSync()
            """,
            // drain: at once under budget, pending at or over, settled by the trim that makes room
            """
            budget=4, policy=STRICT
            c0 = attach()
            c1 = attach()
            drain()
            writeSync(3)
            writeSync(2)
            drain()
            drain()
            next(c0)
            next(c1)
            next(c0)
            drain()
            write(4)
            drain()
            next(c1)
            next(c0)
            next(c1)
            end()
            drain()
            """,
            // drain settled by a detach's trim, and after the flush that trim starts
            """
            budget=4, policy=STRICT
            c0 = attach()
            c1 = attach()
            writeSync(4)
            write(4)
            next(c0)
            drain()
            detach(c1)
            drain()
            next(c0)
            """,
            // drain and DROP_OLDEST: an eviction that leaves room settles it; cancel settles false
            """
            budget=4, policy=DROP_OLDEST
            c0 = attach()
            writeSync(4)
            drain()
            writeSync(1)
            writeSync(4)
            drain()
            writeSync(4)
            next(c0)
            writeSync(5)
            drain()
            cancel()
            drain()
            """,
            // fail: queued writes, then drains; the writer's error afterwards
            """
            budget=4, policy=UNBOUNDED
            c0 = attach()
            writeSync(4)
            write(1)
            drain()
            write(2)
            fail("boom")
            drain()
            write(1)
            endSync()
            next(c0)
            next(c0)
            """,
            // end() and endSync() settle drains false; end with a write queued
            """
            budget=4, policy=STRICT
            c0 = attach()
            writeSync(4)
            write(3)
            drain()
            end()
            next(c0)
            next(c0)
            drain()
            next(c0)
            """,
            // abort: out of the middle, twice, of something never pending, of a pending end; bad input
            """
            budget=4, policy=UNBOUNDED
            c0 = attach()
            c1 = attach()
            writeSync(4)
            write(1)
            writev(1, 1)
            write(3)
            abort(#4)
            abort(#4)
            abort(#0)
            next(c0)
            next(c1)
            next(c1)
            abort(#5)
            abort(#20)
            end()
            end()
            abort(#14)
            next(c0)
            next(c0)
            detach(c1)
            """,
            // abort emptying a closing writer's queue ends the broadcast: a waiting read and its queued one settle DONE
            """
            budget=4, policy=STRICT
            c0 = attach()
            writeSync(4)
            write(1)
            end()
            c1 = attach()
            next(c1)
            next(c1)
            next(c1)
            abort(#2)
            end()
            abort(#9)
            next(c0)
            next(c0)
            end()
            """,
            // abort completing the end at once with nobody attached; a late joiner reads what is retained
            """
            budget=4, policy=STRICT
            c0 = attach()
            writeSync(4)
            write(1)
            detach(c0)
            end()
            abort(#2)
            end()
            endSync()
            c1 = attach()
            next(c1)
            next(c1)
            """,
            // a spoiled entry read: writer, drains and consumers fail, the buffer clears, bufferStart stays
            """
            budget=4, policy=UNBOUNDED
            c0 = attach()
            c1 = attach()
            writeSync(1)
            writeSync(3)
            write(2)
            drain()
            spoil(#3)
            next(c0)
            next(c1)
            drain()
            next(c0)
            next(c1)
            write(1)
            writeSync(1)
            end()
            endSync()
            drain()
            c2 = attach()
            next(c2)
            """,
            // a spoiled entry read while a write is queued and an end is pending
            """
            budget=2, policy=STRICT
            c0 = attach()
            writeSync(2)
            write(1)
            end()
            spoil(#1)
            next(c0)
            end()
            next(c0)
            """,
            // spoiled queued writes: failed by the flush, which goes on; spoiling twice, or what is gone
            """
            budget=4, policy=UNBOUNDED
            c0 = attach()
            writeSync(4)
            write(2)
            write(1)
            write(3)
            spoil(#2)
            spoil(#2)
            spoil(#4)
            next(c0)
            next(c0)
            spoil(#3)
            spoil(#0)
            spoil(#30)
            next(c0)
            """,
            // a spoiled queued write behind a full buffer is not examined until there is room
            """
            budget=2, policy=UNBOUNDED
            c0 = attach()
            writeSync(2)
            write(2)
            write(1)
            spoil(#3)
            next(c0)
            end()
            next(c0)
            next(c0)
            next(c0)
            """,
            // a late joiner after fail reads a spoiled entry: the error stands (§2), everyone leaves (§8)
            """
            budget=4, policy=STRICT
            writeSync(2)
            fail("x")
            c0 = attach()
            spoil(#0)
            next(c0)
            next(c0)
            c1 = attach()
            next(c1)
            """,
            // a spoiled entry evicted unread fails nothing
            """
            budget=4, policy=DROP_OLDEST
            c0 = attach()
            writeSync(4)
            spoil(#1)
            drain()
            writeSync(1)
            next(c0)
            next(c0)
            """,
            // cancel with a reason: queued write CANCELLED, drain false, the end completes; later calls
            """
            budget=4, policy=STRICT
            c0 = attach()
            writeSync(4)
            write(1)
            drain()
            cancel("r")
            drain()
            endSync()
            end()
            abort(#2)
            next(c0)
            """);

    static Stream<String> scripts() {
        return SCRIPTS.stream();
    }

    static Stream<Arguments> subjectsAndScripts() {
        return Variant.subjects().stream().flatMap(v -> SCRIPTS.stream().map(s -> Arguments.of(v, s)));
    }

    static Script parse(String text) {
        List<String> lines = text.strip().lines().toList();
        return Script.parse(Script.parseOptions(lines.get(0)), lines.subList(1, lines.size()));
    }

    @ParameterizedTest(name = "{0} on script {index}")
    @MethodSource("subjectsAndScripts")
    void everyVariantAgreesWithTheModel(Variant variant, String text) {
        Script script = parse(text);
        if (variant.conformance() == Variant.Conformance.CONFORMS) {
            agree(variant, script, true);
        } else {
            agreeButForTrimLag(variant, script);
        }
    }

    /** Every step agrees, and (with {@code forks}) a fork made at any step goes on exactly as its original. */
    static void agree(BroadcastFactory subject, Script script, boolean forks) {
        LockstepPair pair = new LockstepPair(subject, script.options());
        for (int i = 0; i < script.length(); i++) {
            Op op = script.ops().get(i);
            Failure f = pair.step(i, op);
            if (f != null) {
                throw new AssertionError(subject.id() + " disagrees with the model at step " + i + " (" + op.script()
                        + ") of\n" + script + "\n" + f.kind() + " " + f.signature() + ": " + f.detail());
            }
            if (forks) {
                forkGoesOnAsOriginal(subject, pair.fork(), script, i + 1);
            }
        }
    }

    /** Runs the rest of the script from step {@code from} on a fork of the pair and on a fresh pair replayed to it. */
    private static void forkGoesOnAsOriginal(BroadcastFactory subject, LockstepPair fork, Script script, int from) {
        LockstepPair replay = new LockstepPair(subject, script.options());
        for (int i = 0; i < from; i++) {
            replay.step(i, script.ops().get(i));
        }
        assertThat(fork.key())
                .as("state key of a fork after step %d of\n%s", from - 1, script)
                .isEqualTo(replay.key());
        for (int i = from; i < script.length(); i++) {
            Op op = script.ops().get(i);
            Failure f = fork.step(i, op);
            replay.step(i, op);
            if (f != null) {
                throw new AssertionError("a fork made after step " + (from - 1) + " failed at step " + i + " of\n"
                        + script + "\n" + f.kind() + " " + f.signature() + ": " + f.detail());
            }
            same(fork.lastModel(), replay.lastModel(), "model", from, i, script);
            same(fork.lastSubject(), replay.lastSubject(), subject.id(), from, i, script);
            assertThat(fork.key())
                    .as("state key of a fork made after step %d, at step %d of\n%s", from - 1, i, script)
                    .isEqualTo(replay.key());
        }
    }

    private static void same(Observation fork, Observation original, String who, int from, int step, Script script) {
        if (!fork.sameAnswer(original) || !java.util.Objects.equals(fork.snapshot(), original.snapshot())) {
            throw new AssertionError(who + " forked after step " + (from - 1) + " answered " + fork.answer() + " with "
                    + fork.snapshot() + " at step " + step + ", its original " + original.answer() + " with "
                    + original.snapshot() + ", in\n" + script);
        }
    }

    /** dirty-flag: agreement until its first disagreement, which must be its trim lag (spec §4). */
    private static void agreeButForTrimLag(BroadcastFactory subject, Script script) {
        LockstepPair pair = new LockstepPair(subject, script.options());
        for (int i = 0; i < script.length(); i++) {
            Failure f = pair.step(i, script.ops().get(i));
            if (f == null) {
                continue;
            }
            String where = subject.id() + " at step " + i + " of\n" + script + "\n" + f.kind() + " " + f.signature()
                    + ": " + f.detail();
            if (f.kind() == Failure.Kind.SUBJECT_INVARIANT) {
                Set<Invariant> broken = EnumSet.noneOf(Invariant.class);
                f.subject().violations().forEach(v -> broken.add(v.invariant()));
                assertThat(EnumSet.of(Invariant.I5, Invariant.I7)).as(where).containsAll(broken);
            } else {
                assertThat(f.kind()).as(where).isEqualTo(Failure.Kind.DIVERGENCE);
                Snapshot m = f.model().snapshot();
                Snapshot s = f.subject().snapshot();
                // A trim made on one side only: what it drops, and so whether its flush and its drains run.
                assertThat(s.bufferStart())
                        .as("a trim on one side only: " + where)
                        .isNotEqualTo(m.bufferStart());
                if (f.signature().startsWith("DIVERGENCE:answer")) {
                    return; // the lagging (or unguarded) trim's flush or drains: answered differently at that step
                }
                Snapshot retainedAsModel = new Snapshot(
                        m.bufferStart(),
                        m.sizes(),
                        m.bufferedBytes(),
                        s.consumers(),
                        s.queuedWrites(),
                        s.writerState(),
                        s.bytesAccepted(),
                        s.pendingEnds(),
                        s.ended(),
                        s.cancelled(),
                        s.error(),
                        s.writerError(),
                        s.pendingDrains(),
                        m.spoiledEntries(),
                        s.spoiledQueued());
                assertThat(retainedAsModel)
                        .as("only the retained entries may differ: " + where)
                        .isEqualTo(m);
            }
            return; // past the lag, the two are in different states: nothing more to compare
        }
    }

    /**
     * Past the finding spoiled-read-leaves-cursor-past-end (spec §2, reading an entry: a late
     * joiner past the cleared buffer's end), each conforming port of spec §2 answers and keeps its
     * state exactly as the model does, through the removals and late joins that follow (the wheel's
     * minimum walks past {@code end} there). Answers and snapshots only: the invariants past that
     * finding are the model's and the checker's business (the checker tests I6 only where no cursor
     * sits past {@code end}, since scan() is undefined there).
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "LOCKED_COUNT", "PUBLISHED_CURSOR", "WHEEL", "DIRTY_FLAG"})
    void pastTheSpoiledReadFindingEveryPortAnswersAsTheModel(Variant variant) {
        String finding = """
                writeSync(1)
                fail("e")
                c0 = attach()
                c1 = attach()
                next(c1)
                spoil(#0)
                next(c0)
                """;
        for (String tail : List.of(
                "detach(c0)\nnext(c1)\nc2 = attach()\nnext(c2)\ndetach(c2)\nnext(c1)",
                "next(c0)\nnext(c0)\ndetach(c1)\nc2 = attach()\nnext(c2)",
                "next(c1)\nnext(c0)\ndetach(c0)\nc2 = attach()\ndetach(c2)")) {
            Script script = Script.parse(Script.parseOptions("budget=4, policy=STRICT"), finding + tail);
            io.cursorcheck.properties.Session model =
                    new io.cursorcheck.properties.Session(Variant.MODEL, script.options());
            io.cursorcheck.properties.Session port = new io.cursorcheck.properties.Session(variant, script.options());
            for (int i = 0; i < script.length(); i++) {
                Observation m = model.apply(script.ops().get(i));
                Observation p = port.apply(script.ops().get(i));
                assertThat(p.thrown())
                        .as("%s at step %d of%n%s", variant, i, script)
                        .isNull();
                assertThat(p.answer())
                        .as("%s at step %d of%n%s", variant, i, script)
                        .isEqualTo(m.answer());
                assertThat(p.snapshot())
                        .as("%s at step %d of%n%s", variant, i, script)
                        .isEqualTo(m.snapshot());
            }
        }
    }

    /**
     * Spec §2 end step 4: an {@code end()} whose end of the broadcast reads a spoiled entry (here a read stranded by
     * the known finding reentrant-flush-strands-read) fails within its own call and answers FAILED(INVALID_ENTRY),
     * not PENDING. The ports once turned only a completion into the answer.
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.EnumSource(
            value = Variant.class,
            names = {"CACHED_COUNT", "LOCKED_COUNT", "PUBLISHED_CURSOR", "WHEEL"})
    void anEndThatFailsWithinItsCallAnswersFailed(Variant variant) {
        Script script = Script.parse(
                Script.parseOptions("budget=2, policy=UNBOUNDED"),
                List.of(
                        "c0 = attach()",
                        "writeSync(1)",
                        "writeSync(2)",
                        "next(c0)",
                        "c1 = attach()",
                        "next(c0)",
                        "write(1)",
                        "next(c0)",
                        "next(c0)",
                        "write(1)",
                        "detach(c1)",
                        "spoil(#9)",
                        "end()"));
        io.cursorcheck.properties.Session model =
                new io.cursorcheck.properties.Session(Variant.MODEL, script.options());
        io.cursorcheck.properties.Session port = new io.cursorcheck.properties.Session(variant, script.options());
        Observation last = null;
        for (int i = 0; i < script.length(); i++) {
            last = model.apply(script.ops().get(i));
            Observation p = port.apply(script.ops().get(i));
            assertThat(p.thrown())
                    .as("%s at step %d of%n%s", variant, i, script)
                    .isNull();
            assertThat(p.answer())
                    .as("%s at step %d of%n%s", variant, i, script)
                    .isEqualTo(last.answer());
            assertThat(p.snapshot())
                    .as("%s at step %d of%n%s", variant, i, script)
                    .isEqualTo(last.snapshot());
        }
        assertThat(last.reply().outcome())
                .isEqualTo(io.cursorcheck.spi.Outcome.failed(io.cursorcheck.spi.SpecError.INVALID_ENTRY));
    }

    // ---------------------------------------------------------------- negative controls

    static Stream<Mutant> brokenPorts() {
        return Stream.of(
                new Mutant(
                        "trim-forgets-drains",
                        "A trim that makes room never settles the pending drains, so a"
                                + " writer waiting on drain() waits for good.",
                        Mutant.Impact.LIVENESS,
                        "BroadcastCore.java",
                        "if (room && writerState == WriterState.OPEN) {",
                        "if (false) {",
                        "CachedCountBroadcast"),
                new Mutant(
                        "abort-leaves-end-pending",
                        "An abort that empties a closing writer's queue does not end"
                                + " the broadcast, so the end waits for a flush that never comes (I12).",
                        Mutant.Impact.LIVENESS,
                        "BroadcastCore.java",
                        "settle(operation, Outcome.failed(SpecError.ABORTED)); endIfNoWriteQueued();",
                        "settle(operation, Outcome.failed(SpecError.ABORTED));",
                        "CachedCountBroadcast"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenPorts")
    void aPortThatMisreadsAPathIsCaught(Mutant broken) {
        // Compiled outside the check: a patch that does not apply or compile is an error of the control, not a catch.
        BroadcastFactory factory = Mutants.factory(broken);
        assertThatThrownBy(() -> SCRIPTS.forEach(text -> agree(factory, parse(text), false)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("disagrees with the model")
                .satisfies(e -> System.out.printf(
                        "%s caught: %s%n",
                        broken.id(), e.getMessage().lines().reduce((a, b) -> b).orElse("")));
    }

    static Stream<Mutant> sharingForks() {
        return Stream.of(
                new Mutant(
                        "fork-shares-queued-writes",
                        "The copy constructor puts the original's queued writes into"
                                + " the copy's queue instead of copies, so a spoil on one side spoils the other's write too.",
                        Mutant.Impact.SAFETY,
                        "BroadcastCore.java",
                        "this.queuedWrites.addLast(new QueuedWrite(w.op, w.size, w.spoiled));",
                        "this.queuedWrites.addLast(w);",
                        "CachedCountBroadcast"),
                new Mutant(
                        "fork-shares-spoiled-marks",
                        "The ring's copy shares the original's spoiled marks, so an entry"
                                + " spoiled on one side is spoiled on both.",
                        Mutant.Impact.SAFETY,
                        "EntryRing.java",
                        "spoiled = other.spoiled.clone();",
                        "spoiled = other.spoiled;",
                        "CachedCountBroadcast"));
    }

    /**
     * A fork that shares state is caught only through its forks: the same class agrees with the model
     * on every script when nothing is forked, so the catch is the fork's (a spoil on the fork marks
     * the original too, or the other way round, and one of them then disagrees).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sharingForks")
    void aForkSharingTheNewStateIsCaught(Mutant sharing) {
        BroadcastFactory factory = Mutants.factory(sharing, Algorithm.AS_RELEASED);
        SCRIPTS.forEach(text -> agree(factory, parse(text), false));
        assertThatThrownBy(() -> SCRIPTS.forEach(text -> agree(factory, parse(text), true)))
                .isInstanceOf(AssertionError.class)
                .satisfies(e -> System.out.printf(
                        "%s caught: %s%n", sharing.id(), e.getMessage().strip().replaceAll("\\s+", " ")));
    }
}
