package io.cursorcheck.properties.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.mutants.SourceTree;
import io.cursorcheck.spi.Invariant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/spec.md} has every anchor the code and the reports link to, and every link inside it
 * resolves; a link from a generated page is relative to where the page is written.
 */
class SpecLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    private static Path spec() {
        return SourceTree.root().resolve(SpecLinks.PATH);
    }

    private static Set<String> anchors(String markdown) {
        return SpecLinks.anchors(markdown);
    }

    /** The links of a Markdown page in {@code dir} that do not resolve: a missing file or anchor. */
    private static List<String> broken(String markdown, Path dir) throws IOException {
        List<String> broken = new ArrayList<>();
        Matcher m = LINK.matcher(markdown);
        while (m.find()) {
            String link = m.group(1);
            if (link.startsWith("http://") || link.startsWith("https://")) {
                continue;
            }
            int hash = link.indexOf('#');
            String file = hash < 0 ? link : link.substring(0, hash);
            String anchor = hash < 0 ? null : link.substring(hash + 1);
            Path target = file.isEmpty() ? null : dir.resolve(file).normalize();
            if (target != null && !Files.exists(target)) {
                broken.add(link + " (no such file)");
                continue;
            }
            if (anchor != null) {
                Path page = target == null ? spec() : target;
                if (page.toString().endsWith(".md") && !anchors(Files.readString(page)).contains(anchor)) {
                    broken.add(link + " (no such anchor)");
                }
            }
        }
        return broken;
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
            assertThat(spec).as("%s's sentence in the table", i)
                    .contains("| " + i.title() + " | " + i.sentence() + " |");
        }
    }

    @Test
    void everyLinkInTheSpecResolves() throws IOException {
        assertThat(broken(Files.readString(spec()), spec().getParent())).isEmpty();
    }

    @Test
    void theLinkCheckCatchesABrokenAnchorAndAMissingFile() throws IOException {
        // The negative control of the check above: it must be able to fail.
        String page = "[a](#no-such-section) [b](../reports/no-such-file.md) [c](#3-invariants)";
        assertThat(broken(page, spec().getParent()))
                .containsExactly("#no-such-section (no such anchor)", "../reports/no-such-file.md (no such file)");
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
        assertThat(SpecLinks.anchorOf("spec §5: no operation throws on valid input")).isEqualTo("5-observing");
        assertThat(SpecLinks.anchorOf("nothing of the spec")).isNull();
        Set<String> anchors = anchors(Files.readString(spec()));
        assertThat(anchors).contains("end", "write", "fail", "trim", "notify", "detach");
    }

    @Test
    void slugsAreGitHubs() {
        assertThat(SpecLinks.slug("2. Operations")).isEqualTo("2-operations");
        assertThat(SpecLinks.slug("I11 no stranded read")).isEqualTo("i11-no-stranded-read");
        assertThat(SpecLinks.slug("ending the broadcast")).isEqualTo("ending-the-broadcast");
        assertThat(SpecLinks.slug("writeSync")).isEqualTo("writesync");
    }

    @Test
    void aCounterexamplePageLinksToTheSpecFromWhereItIsWritten() throws IOException {
        // A finding against the model: its page has the "following the spec" note and the broken invariant.
        Path root = SourceTree.root();
        KnownFindings.Finding finding = KnownFindings.load(root).all().stream()
                .filter(f -> f.counterexample().signature().startsWith("MODEL_INVARIANT")).findFirst().orElseThrow();
        Lockstep.Run run = Lockstep.run(Variant.MODEL, finding.counterexample().script());
        Counterexample cx = new Counterexample("model", run.script(), null, 0, null, run.script().length(), 0,
                run.failure(), "a known finding");
        String page = CounterexamplePage.render(cx, run, "the model", "reports/counterexamples/model/x.json", null);
        assertThat(page).contains("](../../../docs/spec.md)", "](../../../docs/spec.md#i");
        assertThat(broken(page.replaceAll("\\]\\((?!\\.\\./\\.\\./\\.\\./docs/)[^)]*\\)", "]"),
                root.resolve("reports/counterexamples/model"))).isEmpty();
    }
}
