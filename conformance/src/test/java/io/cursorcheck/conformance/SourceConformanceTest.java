package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

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
            return Conformance.run(new Conformance.Config(Release.NEWEST_NODE, 1, 0, 0, 60, reports,
                    new PrintStream(System.out, true)), s, binary);
        }
    }

    @Test
    void theEmbeddedSourceHasTheReleasesFindings(@TempDir Path reports) throws Exception {
        Conformance.Result r = run(BroadcastSource.EMBEDDED, Algorithm.AS_RELEASED, reports);
        assertThat(r.subject()).isEqualTo("node-26.12.1+builtin-source");
        assertThat(r.findings()).isNotEmpty().allMatch(f -> f.judgement() == FindingOnRelease.Judgement.HAS_IT);
        assertThat(ConformanceCampaign.problems(r)).isEmpty();
        String page = Files.readString(reports.resolve("conformance/node-26.12.1+builtin-source/index.md"));
        assertThat(page).contains("# Conformance: node-26.12.1+builtin-source", "| broadcast.js | the release's own",
                "| Model | `model`", "| Index | no row");
    }

    /** The control of a corrected run: the release's own code is caught against the corrected model. */
    @Test
    void theEmbeddedSourceIsCaughtAgainstTheCorrectedModel(@TempDir Path reports) throws Exception {
        Conformance.Result r = run(BroadcastSource.EMBEDDED, Algorithm.CORRECTED, reports);
        assertThat(r.subject()).isEqualTo("node-26.12.1+builtin-source-corrected");
        assertThat(r.protocolErrors().count()).isZero();
        assertThat(r.differences()).isNotEmpty()
                .allMatch(d -> d.kind().verdict() == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE)
                .allMatch(Conformance.Difference::replayed)
                .allMatch(d -> d.reproduction() != null && d.reproduction().shows());
        assertThat(ConformanceCampaign.problems(r)).isNotEmpty()
                .allMatch(p -> p.contains("against the corrected model (spec §8) a difference"));
        assertThat(r.findings()).allMatch(f -> f.judgement() == FindingOnRelease.Judgement.DIFFERS_OTHERWISE);
        Path dir = reports.resolve("conformance/node-26.12.1+builtin-source-corrected");
        try (var files = Files.list(dir)) {
            Path mjs = files.filter(p -> p.toString().endsWith(".mjs")).findFirst().orElseThrow();
            assertThat(Files.readString(mjs)).contains("--expose-internals --no-warnings --import 'file:///",
                    "source-hooks.mjs?source=builtin' " + mjs.toAbsolutePath());
        }
    }

    /** A source with the guard of spec §8 (an edit made here to the embedded source) runs clean. */
    @Test
    void theGuardedSourceRunsCleanAgainstTheCorrectedModel(@TempDir Path dir) throws Exception {
        String embedded = SourceSelfCheckTest.embedded(binary);
        Path guarded = dir.resolve("guarded.js");
        Files.writeString(guarded, guarded(embedded), StandardCharsets.UTF_8);
        Path reports = dir.resolve("reports");
        Conformance.Result r = run(BroadcastSource.parse(guarded.toString()), Algorithm.CORRECTED, reports);
        assertThat(r.subject()).isEqualTo("node-26.12.1+guarded-corrected");
        assertThat(r.differences()).isEmpty();
        assertThat(r.findings()).isNotEmpty()
                .allMatch(f -> f.judgement() == FindingOnRelease.Judgement.DOES_NOT_HAVE_IT);
        assertThat(ConformanceCampaign.problems(r)).isEmpty();
        String page = Files.readString(reports.resolve("conformance/node-26.12.1+guarded-corrected/index.md"));
        assertThat(page).contains("| SHA-256 | `" + r.source().sha256() + "`", "| Model | `model-corrected`",
                guarded.toString());
    }

    /**
     * The embedded source with the guard of spec §8 in its writer's flush: a flag that makes a flush
     * started inside a running one return at once. Each edit is checked to apply exactly once.
     */
    static String guarded(String embedded) {
        String flush = "  #resolvePendingWrites() {\n";
        String end = "    }\n    this.#finishEndIfReady();\n  }\n\n  #rejectPendingWrites";
        String field = "class BroadcastWriter {\n";
        for (String s : new String[] {flush, end, field}) {
            assertThat(embedded.indexOf(s)).as("the embedded source has, once: " + s).isNotNegative()
                    .isEqualTo(embedded.lastIndexOf(s));
        }
        return embedded.replace(field, field + "  #cursorcheckFlushing = false;\n")
                .replace(flush, flush + "    if (this.#cursorcheckFlushing) return;\n"
                        + "    this.#cursorcheckFlushing = true;\n")
                .replace(end, "    }\n    this.#cursorcheckFlushing = false;\n    this.#finishEndIfReady();\n  }\n\n"
                        + "  #rejectPendingWrites");
    }
}
