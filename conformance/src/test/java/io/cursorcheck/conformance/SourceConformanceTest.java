package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.FindingOnRelease;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.Op;
import io.cursorcheck.spi.Algorithm;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conformance run of a {@code broadcast.js} source, on the known findings' own scripts alone (no
 * random sequence: the outcome does not depend on time or seed). The release's embedded source against
 * the as-released model has both findings, as the release does; against the corrected model the same
 * source is caught (the control: its differences break guarantees, fail the run, and their reproductions,
 * run with the loader's flags, show them); a copy with the one-flush-at-a-time guard of spec §8, applied
 * here at run time to the embedded source, runs clean against the corrected model.
 */
class SourceConformanceTest {

    private static Path binary;

    @BeforeAll
    static void install() throws Exception {
        binary = Release.NEWEST_NODE.install(System.out);
    }

    private static Conformance.Result run(BroadcastSource source, Algorithm algorithm, Path reports) throws Exception {
        try (ExternalSubject s = ExternalSubject.ofSource(Release.NEWEST_NODE, binary, source, algorithm)) {
            return Conformance.run(
                    new Conformance.Config(
                            Release.NEWEST_NODE, 1, 0, 0, 60, reports, new PrintStream(System.out, true)),
                    s,
                    binary);
        }
    }

    @Test
    void theEmbeddedSourceHasTheReleasesFindings(@TempDir Path reports) throws Exception {
        Conformance.Result r = run(BroadcastSource.EMBEDDED, Algorithm.AS_RELEASED, reports);
        assertThat(r.subject()).isEqualTo("node-26.12.1+builtin-source");
        assertThat(r.findings()).isNotEmpty().allMatch(f -> f.judgement() == FindingOnRelease.Judgement.HAS_IT);
        assertThat(ConformanceCampaign.problems(r)).isEmpty();
        String page = Files.readString(reports.resolve("conformance/node-26.12.1+builtin-source/index.md"));
        assertThat(page)
                .contains(
                        "# Conformance: node-26.12.1+builtin-source",
                        "| broadcast.js | the release's own",
                        "| Model | `model`",
                        "| Index | no row");
    }

    /** The control of a corrected run: the release's own code is caught against the corrected model. */
    @Test
    void theEmbeddedSourceIsCaughtAgainstTheCorrectedModel(@TempDir Path reports) throws Exception {
        Conformance.Result r = run(BroadcastSource.EMBEDDED, Algorithm.CORRECTED, reports);
        assertThat(r.subject()).isEqualTo("node-26.12.1+builtin-source-corrected");
        assertThat(r.protocolErrors().count()).isZero();
        // The second change of §8 (a spoiled read removes every consumer) also differs from §2 where §2 breaks no
        // guarantee: a single late joiner that reads a spoiled entry stays attached at bufferStart == end. That
        // difference, one consumer more, is left UNCLASSIFIED (no guarantee is broken); every other one is a breach.
        assertThat(r.differences())
                .isNotEmpty()
                .anyMatch(d -> d.kind().verdict() == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE)
                .allMatch(d -> d.kind().verdict() == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE
                        || d.kind() == Differences.Kind.UNCLASSIFIED
                                && d.signature().equals("DIVERGENCE:probe:next: consumers more")
                                && d.counterexample().script().ops().stream().anyMatch(op -> op instanceof Op.Spoil))
                .allMatch(Conformance.Difference::replayed)
                .allMatch(d -> d.reproduction() != null && d.reproduction().shows());
        assertThat(ConformanceCampaign.problems(r))
                .isNotEmpty()
                .allMatch(p -> p.contains("against the corrected model (spec §8) a difference"));
        assertThat(r.findings()).allMatch(f -> f.judgement() == FindingOnRelease.Judgement.DIFFERS_OTHERWISE);
        Path dir = reports.resolve("conformance/node-26.12.1+builtin-source-corrected");
        try (var files = Files.list(dir)) {
            Path mjs =
                    files.filter(p -> p.toString().endsWith(".mjs")).findFirst().orElseThrow();
            assertThat(Files.readString(mjs))
                    .contains(
                            "--expose-internals --no-warnings --import 'file:///",
                            "source-hooks.mjs?source=builtin' " + mjs.toAbsolutePath());
        }
    }

    /** A source with the two changes of spec §8 (the upstream edit applied to the embedded source) runs clean. */
    @Test
    void theGuardedSourceRunsCleanAgainstTheCorrectedModel(@TempDir Path dir) throws Exception {
        String embedded = SourceSelfCheckTest.embedded(binary);
        Path guarded = dir.resolve("guarded.js");
        Files.writeString(guarded, guarded(embedded), StandardCharsets.UTF_8);
        Path reports = dir.resolve("reports");
        Conformance.Result r = run(BroadcastSource.parse(guarded.toString()), Algorithm.CORRECTED, reports);
        assertThat(r.subject()).isEqualTo("node-26.12.1+guarded-corrected");
        assertThat(r.differences()).isEmpty();
        assertThat(r.findings())
                .isNotEmpty()
                .allMatch(f -> f.judgement() == FindingOnRelease.Judgement.DOES_NOT_HAVE_IT);
        assertThat(ConformanceCampaign.problems(r)).isEmpty();
        String page = Files.readString(reports.resolve("conformance/node-26.12.1+guarded-corrected/index.md"));
        assertThat(page)
                .contains(
                        "| SHA-256 | `" + r.source().sha256() + "`", "| Model | `model-corrected`", guarded.toString());
    }

    /**
     * The embedded source with both changes of spec §8 (one flush at a time; every consumer leaves a
     * cleared buffer), as the project's upstream edit makes them ({@code flush-once.edit.json}); the edit
     * checks that each anchor applies exactly once.
     */
    static String guarded(String embedded) throws java.io.IOException {
        return io.cursorcheck.conformance.upstream.SourceEdit.load(
                        io.cursorcheck.conformance.upstream.SourceEdit.flushOnce())
                .apply(embedded, "26.12.1")
                .text();
    }
}
