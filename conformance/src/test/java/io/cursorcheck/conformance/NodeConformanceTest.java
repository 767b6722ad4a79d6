package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.FindingOnRelease;
import io.cursorcheck.conformance.judge.Patterns;
import io.cursorcheck.conformance.pages.ConformancePage;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.run.GateSeed;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Snapshot;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A short conformance check of the newest Node 26.x (installed from the npm registry under
 * {@code target/runtimes} if missing), and its negative control: the same Node with a broadcast
 * wrapped so that a write made while the buffer is full never settles
 * ({@code src/test/js/lossy-broadcast.mjs}) must be caught, shrunk, and never explained away as
 * earlier semantics.
 */
class NodeConformanceTest {

    /**
     * A fixed number of sequences, never a time: the verdict (the differences met, the known findings hit, the
     * patterns reached) must not depend on how fast the machine runs Node. About 15 s on two idle cores.
     */
    private static final long SEQUENCES = Long.getLong("cursorcheck.conformance.sequences", 4_500);

    private static Path binary;

    @BeforeAll
    static void install() throws Exception {
        binary = Release.NEWEST_NODE.install(System.out);
    }

    /** The gate's seed (fixed unless -Dcursorcheck.seed says otherwise), printed with the command that replays it. */
    private static long seed(String test) {
        GateSeed.Seed seed = GateSeed.get();
        System.out.printf(
                "%s: %s; replay: %s (the same sequences)%n",
                test, seed.describe(), GateSeed.mavenCommand("conformance", "NodeConformanceTest", seed.value()));
        return seed.value();
    }

    private static Conformance.Config config(long seed) {
        return new Conformance.Config(
                Release.NEWEST_NODE,
                seed,
                Long.MAX_VALUE,
                SEQUENCES,
                60,
                null,
                new PrintStream(System.out, true),
                Conformance.SHRINKING_MILLIS); // the default's floor: a run without a time limit has no half to take
    }

    @Test
    void newestNodeDiffersOnlyInExplainedWaysAndSharesTheKnownFindings() throws Exception {
        try (ExternalSubject node = ExternalSubject.of(Release.NEWEST_NODE, binary)) {
            assertThat(node.hello().api()).isEqualTo("budget");
            assertThat(node.capabilities().observableOnly()).isTrue();
            Conformance.Result r = Conformance.run(config(seed("newest-node")), node, binary);
            System.out.printf(
                    "%s: %,d sequences, %,d operations, differences %s, known findings hit %s%n",
                    r.release(), r.sequences(), r.operations(), r.signatures(), r.knownHits());
            assertThat(r.sequences()).as("every sequence ran").isEqualTo(SEQUENCES);
            assertThat(ConformanceCampaign.problems(r))
                    .as("unexplained or unreproducible differences")
                    .isEmpty();
            assertThat(r.known()).as("known findings replayed").isNotEmpty().allMatch(Conformance.KnownReplay::agrees);
            assertThat(r.known())
                    .allMatch(k -> k.run().failed() && k.run().failure().kind().againstModel());
            assertThat(r.findings())
                    .as("the known findings judged on the release")
                    .isNotEmpty()
                    .allMatch(f -> f.judgement() == FindingOnRelease.Judgement.HAS_IT);
        }
    }

    /**
     * The differences kept in {@code reports/conformance-findings/} that were found on the newest
     * Node still happen there, with the signature they were recorded with: when Node fixes one,
     * this fails, and the finding's page must say so.
     */
    @Test
    void theKeptFindingsStillReproduceOnTheNewestNode() throws Exception {
        Path kept = SourceTree.root().resolve("reports/conformance-findings");
        List<Path> files;
        try (var dirs = java.nio.file.Files.list(kept)) {
            files = dirs.map(d -> d.resolve("counterexample.json"))
                    .filter(java.nio.file.Files::isRegularFile)
                    .sorted()
                    .toList();
        }
        int replayed = 0;
        try (ExternalSubject node = ExternalSubject.of(Release.NEWEST_NODE, binary)) {
            for (Path file : files) {
                Counterexample.Stored stored = Counterexample.read(file);
                if (!stored.subject().equals(Release.NEWEST_NODE.id())) {
                    continue;
                }
                Lockstep.Run run = Lockstep.run(node, stored.script());
                assertThat(run.failed())
                        .as("%s still differs from the model", file)
                        .isTrue();
                assertThat(run.failure().signature()).as(file.toString()).isEqualTo(stored.signature());
                replayed++;
            }
        }
        assertThat(replayed)
                .as("kept findings recorded on %s", Release.NEWEST_NODE)
                .isPositive();
    }

    /**
     * The old blind spot re-created in a test double: a generator that never reads a consumer whose
     * read is open (what the measured {@code overlappingReads: false} did on Node 26.0.0 to 26.3.1).
     */
    static final class HidingGenerator extends Generator {
        HidingGenerator(Weights weights, BroadcastFactory.Capabilities capabilities) {
            super(weights, capabilities);
        }

        @Override
        public Op next(SplittableRandom random, Snapshot model, int consumers, Options options) {
            Op op = super.next(random, model, consumers, options);
            for (int retry = 0; retry < 4 && readsAnOpenConsumer(op, model); retry++) {
                op = super.next(random, model, consumers, options);
            }
            return readsAnOpenConsumer(op, model) ? new Op.WriteSync(1) : op;
        }

        private static boolean readsAnOpenConsumer(Op op, Snapshot model) {
            Snapshot.ConsumerState c = op instanceof Op.Next n ? model.consumer(n.consumer()) : null;
            return c != null && c.openReads() > 0;
        }
    }

    /**
     * The coverage check and its control: a run whose generator hides overlapping reads is a blind
     * spot, a problem of the run naming that pattern (and only it: the run itself went fine); the
     * same run with the real generator makes every pattern and has no such problem. The patterns are
     * counted from either side's answers ({@link Patterns}); the hiding generator never reads a
     * consumer the model has an open read on, and the release agrees with the model on every step
     * but a sequence's last, so neither side shows an overlapping read. No time limit: the count alone
     * bounds the runs, so a loaded machine cannot make them shorter.
     */
    @Test
    void aRunThatHidesOverlappingReadsHasABlindSpotAndANormalRunHasNone() throws Exception {
        try (ExternalSubject node = ExternalSubject.of(Release.NEWEST_NODE, binary)) {
            long sequences = Patterns.MIN_SEQUENCES + 100;
            Conformance.Config config = new Conformance.Config(
                    Release.NEWEST_NODE,
                    seed("hiding"),
                    Long.MAX_VALUE,
                    sequences,
                    60,
                    null,
                    new PrintStream(System.out, true),
                    0);
            Conformance.Result hidden = Conformance.run(
                    config, node, binary, new HidingGenerator(Conformance.weights(node.hello()), node.capabilities()));
            System.out.printf("hiding generator: %s%n", hidden.patterns());
            assertThat(hidden.sequences()).as("every sequence ran").isEqualTo(sequences);
            assertThat(hidden.protocolErrors().count()).isZero();
            assertThat(hidden.patterns().get(Patterns.Pattern.OVERLAPPING_READS))
                    .isZero();
            assertThat(hidden.patterns().get(Patterns.Pattern.QUEUED_WRITES)).isPositive();
            assertThat(hidden.missingPatterns()).containsExactly(Patterns.Pattern.OVERLAPPING_READS);
            assertThat(ConformanceCampaign.problems(hidden))
                    .filteredOn(p -> p.contains("blind spot"))
                    .singleElement()
                    .asString()
                    .contains("node-26.12.1: a blind spot of the run: in " + sequences
                            + " random sequences not one made overlapping reads");
            assertThat(ConformancePage.version(hidden)).contains("| overlapping reads |", "**0: never made**");

            Conformance.Result normal = Conformance.run(config, node, binary);
            System.out.printf("real generator: %s%n", normal.patterns());
            assertThat(normal.sequences()).isEqualTo(sequences);
            assertThat(normal.missingPatterns()).isEmpty();
            assertThat(normal.patterns())
                    .allSatisfy((p, n) -> assertThat(n).as(p.title()).isPositive());
            assertThat(ConformanceCampaign.problems(normal)).noneMatch(p -> p.contains("blind spot"));
        }
    }

    @Test
    void aBroadcastThatDropsASettlementIsCaught() throws Exception {
        Path js = SourceTree.root().resolve("conformance/src/test/js");
        try (ExternalSubject lossy = new ExternalSubject(
                "lossy-node",
                List.of(
                        binary.toString(),
                        "--experimental-stream-iter",
                        "--import",
                        js.resolve("lossy-hooks.mjs").toString(),
                        ExternalSubject.adapter().toString()))) {
            Conformance.Result r = Conformance.run(
                    new Conformance.Config(
                            Release.NEWEST_NODE,
                            seed("lossy"),
                            5_000,
                            2_000,
                            60,
                            null,
                            new PrintStream(System.out, true)),
                    lossy,
                    binary);
            assertThat(r.differences()).as("the lossy broadcast must be caught").isNotEmpty();
            assertThat(r.protocolErrors().count())
                    .as("the adapter kept to the protocol")
                    .isZero();
            // the first divergence (a sequence that reached a known finding may have been recorded before it)
            Conformance.Difference d = r.differences().stream()
                    .filter(x -> x.counterexample().failure().kind() == Failure.Kind.DIVERGENCE)
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(
                            "the lossy broadcast must diverge from the model; differences: " + r.differences()));
            System.out.printf(
                    "lossy broadcast caught: %s, shrunk %d -> %d: %s%n",
                    d.signature(),
                    d.counterexample().original(),
                    d.counterexample().script().length(),
                    d.counterexample().script().lines());
            assertThat(d.counterexample().failure().kind()).isEqualTo(Failure.Kind.DIVERGENCE);
            assertThat(d.counterexample().script().length()).as("shrunk length").isLessThanOrEqualTo(8);
            assertThat(d.replayed()).isTrue();
            // The lost settlement is the release's bug, and every shape of it is that bug: at the failing step the
            // model settles a write the release leaves pending. Named after the one guarantee a lost write settlement
            // breaks in sight of the checker (end() completing while that write is still pending) or left undecided;
            // never earlier semantics, the model's misreading, or another guarantee (seen on 26.12.1 with the
            // gate's seed: mostly unclassified shapes, and end-with-write-pending).
            // A sequence may also end in a failure of the model itself (a known finding against it, e.g. the
            // reentrant end settling a read twice, reached through the lossy release's answers): Conformance.run
            // lists it among the differences (review item 15); it is no release difference, so it is left out here.
            // A fault seen after a first difference (its own shape, judged on the release's trace alone) is no
            // first difference: it is held to breaking a guarantee below.
            List<Conformance.Difference> later = r.differences().stream()
                    .filter(x -> x.signature().startsWith(Conformance.LATER))
                    .toList();
            assertThat(later)
                    .as("a later fault breaks a guarantee")
                    .allMatch(x -> x.kind().verdict() == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE);
            List<Conformance.Difference> divergences = r.differences().stream()
                    .filter(x -> x.counterexample().failure().kind() == Failure.Kind.DIVERGENCE)
                    .filter(x -> !later.contains(x))
                    .toList();
            assertThat(divergences)
                    .as("at least one divergence")
                    .isNotEmpty()
                    .as("each divergence is a write settlement the release lost")
                    .allMatch(x -> losesAWriteSettlement(
                            x.run(), x.counterexample().failure().step()));
            assertThat(r.differences())
                    .as("the rest fail against the model")
                    .filteredOn(x -> !divergences.contains(x) && !later.contains(x))
                    .allMatch(x -> x.counterexample().failure().kind().againstModel());
            // (A sequence that reaches a known finding, where the lossy release answers neither as recorded nor as
            // the guarantees say, is a difference of the finding's kind of breach: judged apart, not a divergence.)
            // A lost write settlement is also seen through a drain (spec I13): the flush that stored the write
            // lets the drain answer true while the buffer is full again, and the write's ACCEPTED, which
            // explains it, is the settlement the release lost, so a user sees a drain true while full.
            // And from outside the write whose settlement was lost stays pending while the buffer has room (I12):
            // the outside account does not count an entry whose write never settled, so it sees room.
            assertThat(divergences)
                    .as("the kinds a lost write settlement can produce")
                    .allMatch(x -> x.kind() == Differences.Kind.END_WITH_WRITE_PENDING
                            || x.kind() == Differences.Kind.DRAINED_WHILE_FULL
                            || x.kind() == Differences.Kind.REFUSED_WITH_ROOM
                            || x.kind() == Differences.Kind.UNCLASSIFIED);
            assertThat(r.differences())
                    .as("never earlier semantics")
                    .noneMatch(x -> x.kind().verdict() == Differences.Verdict.EARLIER_SEMANTICS);
        }
        // The control of that check: the kept nested-end-in-notify difference of the real release settles the write
        // at its step too (with an error), so it is no lost write settlement.
        Counterexample.Stored nested = Counterexample.read(
                SourceTree.root().resolve("reports/conformance-findings/nested-end-in-notify/counterexample.json"));
        try (ExternalSubject node = ExternalSubject.of(Release.NEWEST_NODE, binary)) {
            Lockstep.Run other = Lockstep.run(node, nested.script());
            assertThat(other.failed()).isTrue();
            assertThat(losesAWriteSettlement(other, other.failure().step())).isFalse();
        }
    }

    /**
     * Whether at a difference's failing step the model settles a write that the release does not: the step's own
     * write (the model accepts or fails it at once, the release answers QUEUED), or an earlier write the model
     * settles there and the release leaves out.
     */
    private static boolean losesAWriteSettlement(Lockstep.Run run, int step) {
        io.cursorcheck.properties.Observation m = run.model().get(step);
        io.cursorcheck.properties.Observation s = run.subject().get(step);
        if (m.reply() == null || s.reply() == null) {
            return false;
        }
        List<Op> ops = run.script().ops();
        boolean own = ops.get(step) instanceof Op.Write
                && m.reply().outcome().kind() != io.cursorcheck.spi.Outcome.Kind.QUEUED
                && s.reply().outcome().kind() == io.cursorcheck.spi.Outcome.Kind.QUEUED;
        java.util.Set<Long> released = new java.util.HashSet<>();
        s.reply().settlements().forEach(x -> released.add(x.op()));
        boolean earlier = m.reply().settlements().stream()
                .anyMatch(x -> ops.get((int) x.op()) instanceof Op.Write && !released.contains(x.op()));
        return own || earlier;
    }

    @Test
    void aSubjectThatDiesIsReportedAsACrashAndRestarted() throws Exception {
        Path js = SourceTree.root().resolve("conformance/src/test/js");
        try (ExternalSubject crashing = new ExternalSubject(
                "crashing-node",
                List.of(
                        binary.toString(),
                        "--experimental-stream-iter",
                        "--import",
                        js.resolve("crash-hooks.mjs").toString(),
                        ExternalSubject.adapter().toString()))) {
            Conformance.Result r = Conformance.run(
                    new Conformance.Config(
                            Release.NEWEST_NODE,
                            seed("crashing"),
                            5_000,
                            300,
                            60,
                            null,
                            new PrintStream(System.out, true)),
                    crashing,
                    binary);
            assertThat(r.differences()).as("the crash must be caught").isNotEmpty();
            assertThat(r.protocolErrors().count())
                    .as("a crash is no protocol error")
                    .isZero();
            Conformance.Difference d = r.differences().get(0);
            System.out.printf(
                    "crash caught: %s, shrunk %d -> %d: %s; %d restart(s)%n",
                    d.signature(),
                    d.counterexample().original(),
                    d.counterexample().script().length(),
                    d.counterexample().script().lines(),
                    r.restarts());
            assertThat(d.kind()).isEqualTo(Differences.Kind.CRASH);
            assertThat(d.counterexample().failure().kind()).isEqualTo(Failure.Kind.SUBJECT_THREW);
            assertThat(d.counterexample().script().ops())
                    .as("shrunk to the end() that kills it")
                    .containsExactly(new io.cursorcheck.properties.Op.End());
            assertThat(d.replayed()).isTrue();
            assertThat(r.restarts()).as("a new process after each crash").isPositive();
        }
    }
}
