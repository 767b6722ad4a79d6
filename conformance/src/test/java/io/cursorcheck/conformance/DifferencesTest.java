package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.mutants.SourceTree;
import io.cursorcheck.properties.report.ReportLinks;
import io.cursorcheck.properties.report.SpecLinks;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every kind of difference that names what is at stake links to a section of {@code docs/spec.md} that exists. */
class DifferencesTest {

    @Test
    void everyKindAtStakeLinksToAnAnchorOfTheSpec() throws IOException {
        Set<String> anchors = ReportLinks.anchors(Files.readString(SourceTree.root().resolve(SpecLinks.PATH)));
        for (Differences.Kind k : Differences.Kind.values()) {
            if (k.invariant() == null) {
                continue;
            }
            String anchor = SpecLinks.anchorOf(k.invariant());
            assertThat(anchor).as("the anchor of %s's \"%s\"", k.id(), k.invariant()).isNotNull();
            assertThat(anchors).as("the anchor of %s", k.id()).contains(anchor);
        }
    }
}
