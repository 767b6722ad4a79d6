package io.cursorcheck.conformance.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.release.Release;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The embedded {@code broadcast.js} of two real Node releases of the campaign (installed from npm once, under
 * {@code target/runtimes/}): read and cached in the release's folder, split so that no line of it is left out of
 * every piece, and compared. Asserts names and counts only; nothing of Node's code is in this test.
 */
class EmbeddedSourceChangesTest {

    private static final Release OLDER = new Release("node", "26.10.0");
    private static final Release NEWER = Release.NEWEST_NODE;

    @BeforeAll
    static void install() throws Exception {
        OLDER.install(System.out);
        NEWER.install(System.out);
    }

    @Test
    void theSourceIsReadCachedAndSplitWithoutLosingALine() throws Exception {
        SourceChanges sources = SourceChanges.embedded(false, System.out);
        String text = sources.source(NEWER);
        assertThat(NEWER.directory().resolve(SourceChanges.CACHE)).exists();
        assertThat(Files.readString(NEWER.directory().resolve(SourceChanges.CACHE)))
                .isEqualTo(text);
        List<JsFunction> pieces = JsFunctions.split(text);
        List<String> names = pieces.stream().map(JsFunction::name).toList();
        assertThat(names)
                .contains("function broadcast", "class BroadcastImpl", "class BroadcastWriter", JsFunction.OUTSIDE)
                .anyMatch(n -> n.startsWith("BroadcastImpl##"))
                .anyMatch(n -> n.startsWith("BroadcastWriter#"))
                .doesNotHaveDuplicates();
        List<String> all = new ArrayList<>();
        pieces.forEach(p -> all.addAll(p.normalizedLines()));
        // no line is lost; a line where one piece ends and the next begins (an object's "}," between its methods)
        // is in both
        int lines = JsFunction.normalized(text).size();
        assertThat(all.size()).isBetween(lines, lines + pieces.size());
    }

    @Test
    void twoReleasesCompareByFunction() throws Exception {
        SourceChanges sources = SourceChanges.embedded(false, System.out);
        SourceChanges.Changes changes = sources.between(OLDER, NEWER);
        assertThat(changes.changed()).isNotEmpty().allMatch(c -> c.changedLines() > 0);
        assertThat(sources.between(NEWER, NEWER).changed()).isEmpty();
        String diff = sources.diff(OLDER, NEWER, changes.changed().get(0).name());
        // the verdict, not the text, in a failure's message: it would quote Node's code
        assertThat(diff.startsWith("--- ") && diff.contains("\n+++ ") && diff.contains("\n@@ -"))
                .as("a unified diff")
                .isTrue();
    }
}
