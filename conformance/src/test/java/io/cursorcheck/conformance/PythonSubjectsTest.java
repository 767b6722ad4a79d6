package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.protocol.ProgramSubject;
import io.cursorcheck.conformance.protocol.SubjectStartException;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.run.GateSeed;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example subjects of {@code examples/python/}, through {@link ProgramSubject} as
 * {@code bin/cursorcheck subject} runs them: the correct port of the spec conforms for a short run,
 * and its negative control, the port with a bug in removal (the last consumer leaving the cached
 * minimum keeps its count), is caught and shrunk: a divergence from the model, replayed, at a
 * {@code detach}, in a short script, never a crash, a protocol error or a setup error. A missing
 * {@code python3} fails the test (a setup error is never a pass).
 */
class PythonSubjectsTest {

    /** Sequences the control runs: deterministic from the seed; the bug shows in a few percent of them. */
    private static final long CONTROL_SEQUENCES = 600;

    /**
     * Sequences the correct port runs: a count, never a time, so that what the run covers does not depend on the
     * machine's speed (about 8 s on two idle cores).
     */
    private static final long CORRECT_SEQUENCES = 2_400;
    /** The longest shrunk script the control's shortest difference may have. */
    private static final int SHORT = 8;

    @TempDir
    Path reports;

    private static long seed(String test) {
        GateSeed.Seed seed = GateSeed.get();
        System.out.printf(
                "%s: %s; replay: %s%n",
                test, seed.describe(), GateSeed.mavenCommand("conformance", "PythonSubjectsTest", seed.value()));
        return seed.value();
    }

    private static ProgramSubject.Example example(boolean correct) {
        return ProgramSubject.EXAMPLES.stream()
                .filter(e -> e.correct() == correct)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void theCorrectPortConformsForAShortRun() throws Exception {
        ProgramSubject.requireExamplesRunnable();
        ProgramSubject.Example e = example(true);
        try (ExternalSubject subject = ProgramSubject.start(e.name(), e.command())) {
            Conformance.Result r = Conformance.run(
                    new Conformance.Config(
                            null,
                            seed(e.name()),
                            Long.MAX_VALUE,
                            CORRECT_SEQUENCES,
                            60,
                            reports,
                            new PrintStream(System.out, true),
                            5_000),
                    subject,
                    null);
            System.out.printf(
                    "%s: %,d sequences, %,d operations: %s%n",
                    e.name(), r.sequences(), r.operations(), ProgramSubject.verdict(r));
            assertThat(r.sequences()).as("sequences run").isEqualTo(CORRECT_SEQUENCES);
            assertThat(ProgramSubject.problems(r)).isEmpty();
            assertThat(r.differences()).isEmpty();
            assertThat(reports.resolve("subjects").resolve(e.name()).resolve("index.md"))
                    .exists();
        }
    }

    @Test
    void theBuggyPortIsCaughtAsADivergenceAtADetachAndShrunkShort() throws Exception {
        ProgramSubject.requireExamplesRunnable();
        ProgramSubject.Example e = example(false);
        try (ExternalSubject subject = ProgramSubject.start(e.name(), e.command())) {
            Conformance.Result r = Conformance.run(
                    new Conformance.Config(
                            null,
                            seed(e.name()),
                            Long.MAX_VALUE,
                            CONTROL_SEQUENCES,
                            60,
                            reports,
                            new PrintStream(System.out, true),
                            10_000),
                    subject,
                    null);
            System.out.printf("%s: %,d sequences: %s%n", e.name(), r.sequences(), ProgramSubject.verdict(r));
            assertThat(r.protocolErrors().count()).as("protocol errors").isZero();
            assertThat(r.differences()).as("differences caught").isNotEmpty();
            assertThat(ProgramSubject.problems(r)).isNotEmpty();
            for (Conformance.Difference d : r.differences()) {
                // the failure is the subject's divergence, not a crash, a throw or the model's own finding; or, where
                // the model hits a known finding, the subject breaking guarantees the finding does not (its own fault
                // seen from outside: the slipped count leaves the buffer untrimmed, so writes are refused with room)
                assertThat(d.counterexample().failure().kind() == Failure.Kind.DIVERGENCE
                                || d.signature().startsWith(Conformance.DIFFERS_OTHERWISE))
                        .as(d.signature())
                        .isTrue();
                assertThat(d.kind()).as(d.signature()).isNotEqualTo(Differences.Kind.CRASH);
                assertThat(d.replayed()).as("%s replays", d.signature()).isTrue();
                assertThat(d.page()).exists();
                assertThat(Files.readString(d.page())).contains("bin/cursorcheck subject --replay ");
            }
            Conformance.Difference shortest = r.differences().stream()
                    .min(Comparator.comparingInt(
                            d -> d.counterexample().script().length()))
                    .orElseThrow();
            assertThat(shortest.counterexample().script().length())
                    .as("the shortest shrunk script")
                    .isLessThanOrEqualTo(SHORT);
            // The bug is in removal: some shrunk difference shows first at the detach that leaves the minimum.
            assertThat(r.differences())
                    .as("a difference at a detach")
                    .anySatisfy(d -> assertThat(d.counterexample()
                                    .script()
                                    .ops()
                                    .get(d.counterexample().failure().step()))
                            .isInstanceOf(Op.Detach.class));
            // The whole trace is judged: the slipped count also shows after a first difference, as a guarantee broken
            // on the subject's own trace (docs/spec.md §6), shrunk on the subject alone and replayed.
            List<Conformance.Difference> later = r.differences().stream()
                    .filter(d -> d.signature().startsWith(Conformance.LATER))
                    .toList();
            assertThat(later).as("faults after a first difference").isNotEmpty();
            for (Conformance.Difference d : later) {
                assertThat(d.kind().verdict()).isEqualTo(Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE);
                assertThat(d.replayed()).as("%s replays", d.signature()).isTrue();
                assertThat(Files.readString(d.page())).contains("(after a first difference)", "breaks ");
            }
        }
    }

    /**
     * Words of a release's judge that have no place on a subject's pages or console: a subject is held to the
     * spec, every difference fails its run, and no release's history excuses it.
     */
    static final java.util.List<String> RELEASE_WORDS =
            java.util.List.of("undecided", "do not fail the run", "earlier semantics", "changelog", "unclassified");

    @Test
    void theBuggyPortsPageGroupsItsShapesByCauseEachByItsShortestScriptWithNoReleaseWords() throws Exception {
        ProgramSubject.requireExamplesRunnable();
        ProgramSubject.Example e = example(false);
        Conformance.Result r;
        try (ExternalSubject subject = ProgramSubject.start(e.name(), e.command())) {
            r = Conformance.run(
                    new Conformance.Config(
                            null,
                            seed(e.name()),
                            Long.MAX_VALUE,
                            CONTROL_SEQUENCES,
                            60,
                            reports,
                            new PrintStream(System.out, true),
                            10_000),
                    subject,
                    null);
        }
        Path dir = reports.resolve("subjects").resolve(e.name());
        String index = Files.readString(dir.resolve("index.md"));
        java.util.List<Causes.Cause> causes = Causes.of(r.differences());
        assertThat(causes).as("causes").isNotEmpty();
        assertThat(causes.size())
                .as("fewer causes than shapes")
                .isLessThanOrEqualTo(r.differences().size());
        assertThat(ProgramSubject.verdict(r))
                .isEqualTo("FAILED: " + r.differences().size() + " shape"
                        + (r.differences().size() == 1 ? "" : "s") + " of difference in " + causes.size() + " cause"
                        + (causes.size() == 1 ? "" : "s"));
        assertThat(index)
                .startsWith("# Subject `" + e.name() + "`: differs from the spec")
                .contains("**" + ProgramSubject.verdict(r) + "**");
        int from = 0;
        for (Causes.Cause c : causes) {
            // the shortest shrunk script first, in full, with its replay command; then one line for the rest
            int shortest = c.shortest().counterexample().script().length();
            assertThat(c.shapes())
                    .allSatisfy(d ->
                            assertThat(d.counterexample().script().length()).isGreaterThanOrEqualTo(shortest));
            int heading = index.indexOf(". `" + c.key() + "`: ", from);
            assertThat(heading)
                    .as("the heading of %s after the one before", c.key())
                    .isGreaterThan(from);
            var cx = c.shortest().counterexample();
            StringBuilder script = new StringBuilder("```\n// " + cx.script().options() + "\n");
            for (int i = 0; i < cx.script().length(); i++) {
                script.append(cx.script().lines().get(i))
                        .append(i == cx.failure().step() ? "   // <- differs here" : "")
                        .append('\n');
            }
            int shown = index.indexOf(script.append("```\n").toString(), heading);
            assertThat(shown).as("%s: its shortest script, in full", c.key()).isGreaterThan(heading);
            int replay = index.indexOf("bin/cursorcheck subject --replay ", shown);
            assertThat(replay).as("%s: its replay command", c.key()).isGreaterThan(shown);
            from = replay;
            if (c.shapes().size() > 1) {
                int more = index.indexOf("and " + (c.shapes().size() - 1) + " more shape", replay);
                assertThat(more).as("%s: and N more", c.key()).isGreaterThan(replay);
                String line = index.substring(more, index.indexOf('\n', more));
                for (Path other : c.otherPages()) {
                    assertThat(line).contains("(" + other.getFileName() + ")");
                }
                from = more;
            }
        }
        try (java.util.stream.Stream<Path> pages = Files.list(dir)) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".md")).toList()) {
                String text = Files.readString(page).toLowerCase(java.util.Locale.ROOT);
                for (String word : RELEASE_WORDS) {
                    assertThat(text).as("%s on %s", word, page.getFileName()).doesNotContain(word);
                }
            }
        }
    }

    @Test
    void aProgramThatDoesNotSpeakTheProtocolIsASetupErrorNamingTheCommand() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ProgramSubject.start("cat", java.util.List.of("cat")))
                .isInstanceOf(SubjectStartException.class)
                .hasMessageStartingWith("COMMAND 'cat': ")
                .hasMessageContaining("handshake");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ProgramSubject.start("x", java.util.List.of("no-such-program-for-cursorcheck")))
                .isInstanceOf(SubjectStartException.class)
                .hasMessageContaining("no program 'no-such-program-for-cursorcheck' on the PATH");
    }
}
