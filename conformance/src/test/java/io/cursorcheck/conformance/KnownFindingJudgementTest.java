package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.FindingOnRelease;
import io.cursorcheck.conformance.judge.FindingOnRelease.Judgement;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.run.GateSeed;
import io.cursorcheck.properties.source.SourceTree;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The known findings judged per release, with their controls: the newest Node has both (as recorded
 * in {@code reports/findings/<name>/on-release.json}); the same Node with its overlapping reads
 * serialized in front of it ({@code src/test/js/serial-reads-broadcast.mjs}) does not have
 * reentrant-flush-strands-read and still has reentrant-end-settles-read-twice; with its queued writes
 * rejected ({@code failing-flush-broadcast.mjs}) it differs otherwise at strands-read's step, which is
 * shrunk and classified as a difference. And a release nobody listed is classified by behaviour.
 */
class KnownFindingJudgementTest {

    private static final String STRANDS = "reentrant-flush-strands-read";
    private static final String TWICE = "reentrant-end-settles-read-twice";
    private static final String SPOILED = "spoiled-read-leaves-cursor-past-end";

    /**
     * Sequences of the unlisted release's run: a count, never a time, so that the differences it meets do not
     * depend on the machine's speed (about 8 s on two idle cores).
     */
    private static final long UNLISTED_SEQUENCES = 3_600;

    private static Path binary;

    @BeforeAll
    static void install() throws Exception {
        binary = Release.NEWEST_NODE.install(System.out);
    }

    /** Only the known findings' own scripts: no random sequence (millis 0, sequences 0). */
    private static Conformance.Result findingsOnly(ExternalSubject subject) throws Exception {
        return findingsOnly(subject, null);
    }

    /** The same, writing the release's pages into {@code reports} (null: nothing). */
    private static Conformance.Result findingsOnly(ExternalSubject subject, Path reports) throws Exception {
        return Conformance.run(
                new Conformance.Config(Release.NEWEST_NODE, 1, 0, 0, 60, reports, new PrintStream(System.out, true)),
                subject,
                binary);
    }

    private static ExternalSubject wrapped(String id, String hooks) throws Exception {
        Path js = SourceTree.root().resolve("conformance/src/test/js");
        return new ExternalSubject(
                id,
                List.of(
                        binary.toString(),
                        "--experimental-stream-iter",
                        "--import",
                        js.resolve(hooks).toString(),
                        ExternalSubject.adapter().toString()));
    }

    private static Map<String, FindingOnRelease> byName(Conformance.Result r) {
        r.findings()
                .forEach(f -> System.out.printf(
                        "%s: %s: %s%n", f.finding(), f.judgement().words(), f.evidence()));
        return r.findings().stream().collect(Collectors.toMap(FindingOnRelease::finding, Function.identity()));
    }

    @Test
    void theNewestNodeHasEveryFindingAsRecorded() throws Exception {
        try (ExternalSubject node = ExternalSubject.of(Release.NEWEST_NODE, binary)) {
            Conformance.Result r = findingsOnly(node);
            Map<String, FindingOnRelease> f = byName(r);
            assertThat(f).containsOnlyKeys(STRANDS, TWICE, SPOILED);
            assertThat(f.get(SPOILED).judgement()).isEqualTo(Judgement.HAS_IT);
            assertThat(f.get(SPOILED).evidence()).contains("consumer-past-cleared-buffer");
            assertThat(f.get(STRANDS).judgement()).isEqualTo(Judgement.HAS_IT);
            assertThat(f.get(STRANDS).evidence()).contains("stranded-read");
            assertThat(f.get(TWICE).judgement()).isEqualTo(Judgement.HAS_IT);
            assertThat(f.get(TWICE).recordedOn()).isEqualTo(Release.NEWEST_NODE.id());
            assertThat(ConformanceCampaign.problems(r)).isEmpty();
            // the newest release has none of the earlier semantics: no witness shows one there
            assertThat(r.witnessed())
                    .hasSize(4)
                    .allSatisfy((k, v) -> assertThat(v).endsWith("does not show it"));
        }
    }

    @Test
    void aReleaseWithoutTheStrandedReadIsToldApart() throws Exception {
        try (ExternalSubject serial = wrapped("serial-reads-node", "serial-reads-hooks.mjs")) {
            Conformance.Result r = findingsOnly(serial);
            assertThat(r.protocolErrors().count()).isZero();
            Map<String, FindingOnRelease> f = byName(r);
            assertThat(f.get(STRANDS).judgement())
                    .as("the read is served: no guarantee broken")
                    .isEqualTo(Judgement.DOES_NOT_HAVE_IT);
            assertThat(f.get(TWICE).judgement())
                    .as("the other finding needs no overlapping read")
                    .isEqualTo(Judgement.HAS_IT);
            // it runs under the newest Node's release id, where strands-read was recorded: the run must say so
            assertThat(ConformanceCampaign.problems(r))
                    .anyMatch(p -> p.contains(STRANDS) && p.contains("does not have it"));
        }
    }

    /**
     * Found by the finding's own script, the new shape says so: no seed (it is no random sequence), the own
     * script as its source in the counterexample and on its page, and no random sequence counted for it.
     */
    @Test
    void aReleaseThatDiffersOtherwiseAtTheStepIsShrunkAndClassified(@TempDir Path reports) throws Exception {
        try (ExternalSubject failing = wrapped("failing-flush-node", "failing-flush-hooks.mjs")) {
            Conformance.Result r = findingsOnly(failing, reports);
            assertThat(r.protocolErrors().count()).isZero();
            Map<String, FindingOnRelease> f = byName(r);
            assertThat(f.get(STRANDS).judgement()).isEqualTo(Judgement.DIFFERS_OTHERWISE);
            assertThat(f.get(STRANDS).evidence()).contains("non-spec-error").doesNotContain("breaks stranded-read");
            List<Conformance.Difference> differs = r.differences().stream()
                    .filter(d -> d.signature().startsWith(Conformance.DIFFERS_OTHERWISE + STRANDS))
                    .toList();
            assertThat(differs).as("the new shape is a difference").hasSize(1);
            Conformance.Difference d = differs.get(0);
            System.out.printf(
                    "differs otherwise: %s -> %s, shrunk to %d: %s%n",
                    d.signature(),
                    d.kind().id(),
                    d.counterexample().script().length(),
                    d.counterexample().script().lines());
            assertThat(d.replayed()).isTrue();
            assertThat(d.kind().verdict()).isEqualTo(Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE);
            assertThat(d.counterexample().failure().signature()).isEqualTo("MODEL_INVARIANT:I11");

            String own = "the own script of the known finding " + STRANDS;
            assertThat(d.counterexample().seed())
                    .as("no random sequence, so no seed")
                    .isNull();
            assertThat(d.counterexample().source()).startsWith(own);
            assertThat(d.hits()).as("random sequences that ended in it").isZero();
            assertThat(r.signatures()).containsEntry(d.signature(), 0L);
            assertThat(d.page()).isNotNull();
            assertThat(Files.readString(d.page()))
                    .contains("| Found by | " + own)
                    .doesNotContain("seed `0`");
            Path json =
                    d.page().resolveSibling(d.page().getFileName().toString().replaceFirst("\\.md$", ".json"));
            assertThat(Files.readString(json)).contains("\"seed\": null", own);
        }
    }

    /** A release nobody wrote a rule for ends in a verdict, its differences classified by behaviour. */
    @Test
    void anUnlistedReleaseIsClassified() throws Exception {
        Release unlisted = new Release("node", "26.4.0");
        Path node = unlisted.install(System.out);
        long seed = GateSeed.get().value();
        System.out.printf("unlisted release %s, seed %d%n", unlisted.id(), seed);
        try (ExternalSubject subject = ExternalSubject.of(unlisted, node)) {
            Conformance.Result r = Conformance.run(
                    new Conformance.Config(
                            unlisted,
                            seed,
                            Long.MAX_VALUE,
                            UNLISTED_SEQUENCES,
                            60,
                            null,
                            new PrintStream(System.out, true),
                            20_000),
                    subject,
                    node);
            String verdict = ConformanceCampaign.verdict(r);
            System.out.println("verdict: " + verdict);
            r.differences()
                    .forEach(d -> System.out.printf("  %s: %s%n", d.kind().id(), d.signature()));
            assertThat(r.sequences()).as("every sequence ran").isEqualTo(UNLISTED_SEQUENCES);
            assertThat(r.protocolErrors().count()).isZero();
            assertThat(verdict).startsWith("differs:");
            assertThat(r.differences()).as("its known differences").isNotEmpty();
            assertThat(r.differences())
                    .as("classified by behaviour, not left undecided by default")
                    .anyMatch(d -> d.kind().verdict() == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE)
                    .anyMatch(d -> d.kind().verdict() == Differences.Verdict.EARLIER_SEMANTICS);
            assertThat(r.findings()).hasSize(3).allMatch(f -> f.judgement() != null);
            // 26.4.0 has every earlier semantics of the entry-count API: each witness shows its kind there
            assertThat(r.witnessed())
                    .hasSize(4)
                    .allSatisfy((k, v) -> assertThat(v).as(k.id()).endsWith(": shows it"));
            // 26.4.0 checks no spoiled entry: it delivers it, which breaks another guarantee than the finding's
            assertThat(byName(r).get(SPOILED).judgement()).isEqualTo(Judgement.DIFFERS_OTHERWISE);
            assertThat(byName(r).get(SPOILED).evidence()).contains("spoiled-entry-delivered");
            assertThat(ConformanceCampaign.problems(r))
                    .as("undecided shapes do not fail a run")
                    .isEmpty();
        }
    }
}
