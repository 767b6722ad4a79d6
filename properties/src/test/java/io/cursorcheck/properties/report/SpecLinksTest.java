package io.cursorcheck.properties.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.pages.ReportLinks;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Invariant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code docs/spec.md} has every anchor the code and the reports link to, and every link inside it
 * resolves; a link from a generated page is relative to where the page is written. Links and
 * anchors are those of {@link ReportLinks} (commonmark, GitHub's heading anchors), the walker every
 * report page is checked with.
 */
class SpecLinksTest {

    @TempDir
    Path scratch;

    private static Path spec() {
        return SourceTree.root().resolve(SpecLinks.PATH);
    }

    private static Set<String> anchors(String markdown) {
        return ReportLinks.anchors(markdown);
    }

    /**
     * The broken links of a page written at {@code relative} in a scratch copy of the project's layout
     * that has the real {@code docs/spec.md}; no link may leave it.
     */
    private List<ReportLinks.Broken> broken(String relative, String markdown) throws IOException {
        Path copy = scratch.resolve(SpecLinks.PATH);
        if (!Files.exists(copy)) {
            Files.createDirectories(copy.getParent());
            Files.copy(spec(), copy);
        }
        Path page = scratch.resolve(relative);
        Files.createDirectories(page.getParent());
        Files.writeString(page, markdown, StandardCharsets.UTF_8);
        return ReportLinks.check(List.of(page), scratch, Files::exists);
    }

    @Test
    void everyInvariantHasItsAnchorInTheSpec() throws IOException {
        Set<String> anchors = anchors(Files.readString(spec()));
        for (Invariant i : Invariant.values()) {
            assertThat(anchors).as("the heading of %s", i).contains(i.anchor());
        }
        assertThat(Invariant.I6.anchor()).isEqualTo("i6-cache-exactness");
        assertThat(Invariant.I8.anchor()).isEqualTo("i8-zero-size-writes");
    }

    @Test
    void everyNumberedSectionHasItsAnchor() throws IOException {
        assertThat(anchors(Files.readString(spec()))).contains(SpecLinks.SECTIONS);
    }

    @Test
    void theSpecStatesEveryInvariantInTheWordsTheReportsPrint() throws IOException {
        String spec = Files.readString(spec());
        for (Invariant i : Invariant.values()) {
            assertThat(spec)
                    .as("%s's sentence in the table", i)
                    .contains("| " + i.title() + " | " + i.sentence() + " |");
        }
    }

    @Test
    void everyLinkInTheSpecResolves() throws IOException {
        assertThat(ReportLinks.check(List.of(spec()), SourceTree.root(), Files::exists))
                .isEmpty();
    }

    @Test
    void theLinkCheckCatchesABrokenAnchorAMissingFileAndALinkOutOfTheProject() throws IOException {
        // The negative control of the check above: it must be able to fail.
        String page = "[a](spec.md#no-such-section) [b](../reports/no-such-file.md) [c](spec.md#3-invariants)"
                + " [d](../../docs/spec.md#3-invariants)";
        assertThat(broken("docs/control.md", page))
                .extracting(ReportLinks.Broken::link)
                .containsExactly(
                        "spec.md#no-such-section", "../reports/no-such-file.md", "../../docs/spec.md#3-invariants");
    }

    @Test
    void linksAreRelativeToWhereThePageIsWritten() {
        Path root = SourceTree.root();
        assertThat(SpecLinks.from(root.resolve("reports/counterexamples/cached-count"), Invariant.I6))
                .isEqualTo("../../../docs/spec.md#i6-cache-exactness");
        assertThat(SpecLinks.from(Path.of("reports"), (String) null)).isEqualTo("../docs/spec.md");
        assertThat(SpecLinks.from(Path.of("reports/conformance/node-26.12.1"), "end"))
                .isEqualTo("../../../docs/spec.md#end");
    }

    @Test
    void aReferenceLinksToWhatItNamesFirst() throws IOException {
        assertThat(SpecLinks.anchorOf("I7 retention")).isEqualTo("i7-retention");
        assertThat(SpecLinks.anchorOf("I4 delivery order; a write lands or fails, not both"))
                .isEqualTo("i4-delivery-order");
        assertThat(SpecLinks.anchorOf("spec §2 end()")).isEqualTo("end");
        assertThat(SpecLinks.anchorOf("spec §2 fail(), cancel(); I10")).isEqualTo("fail");
        assertThat(SpecLinks.anchorOf("spec §5: no operation throws on valid input"))
                .isEqualTo("5-observing");
        assertThat(SpecLinks.anchorOf("nothing of the spec")).isNull();
        Set<String> anchors = anchors(Files.readString(spec()));
        assertThat(anchors).contains("end", "write", "fail", "trim", "notify", "detach");
    }

    @Test
    void headingAnchorsAreGitHubsForTheSpecsKindsOfHeading() {
        assertThat(anchors("## 2. Operations\n### I11 no stranded read\n### ending the broadcast\n#### writeSync()\n"))
                .containsExactly("2-operations", "i11-no-stranded-read", "ending-the-broadcast", "writesync");
    }

    @Test
    void aCounterexamplePageLinksToTheSpecFromWhereItIsWritten() throws IOException {
        // A finding against the model: its page has the "following the spec" note and the broken invariant.
        Path root = SourceTree.root();
        KnownFindings.Finding finding = KnownFindings.load(root).all().stream()
                .filter(f -> f.counterexample().signature().startsWith("MODEL_INVARIANT"))
                .findFirst()
                .orElseThrow();
        Lockstep.Run run = Lockstep.run(Variant.MODEL, finding.counterexample().script());
        Counterexample cx = new Counterexample(
                "model", run.script(), null, 0, null, run.script().length(), 0, run.failure(), "a known finding");
        String page = CounterexamplePage.render(cx, run, "the model", "reports/counterexamples/model/x.json", null);
        assertThat(page).contains("](../../../docs/spec.md)", "](../../../docs/spec.md#i");
        assertThat(broken("reports/counterexamples/model/x.md", page)).isEmpty();
    }
}
