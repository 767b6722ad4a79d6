package io.cursorcheck.properties.mutants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Mutant patches anchor on code, never on comments ({@link MutantCompiler#apply}): every patch of the catalogue
 * quotes no comment and applies exactly once to today's sources; a patch still applies after a comment inside
 * its span is edited or added (the real {@code trim-without-retain-guard} on a copy of its real file); a patch
 * whose code changed, or that matches twice, is refused with a message naming the mutant and the file.
 */
class MutantPatchTest {

    @Test
    void everyPatchQuotesNoCommentAndAppliesExactlyOnceToTodaysSources() {
        List<String> quotingComments = new ArrayList<>();
        for (Mutant m : Mutants.all()) {
            if (CodeTokens.hasComment(m.find())) {
                quotingComments.add(m.id());
            }
        }
        assertThat(quotingComments).as("patches whose code quotes a comment").isEmpty();
        for (Mutant m : Mutants.all()) {
            // Throws, naming the mutant, if its code is not found exactly once in its file.
            assertThat(MutantCompiler.patchedSources(m, "io.cursorcheck.mutants.check"))
                    .as(m.id())
                    .isNotEmpty();
        }
    }

    @Test
    void aPatchStillAppliesAfterTheCommentInsideItsSpanIsEditedOrOneIsAdded() throws IOException {
        Mutant guard = Mutants.named("trim-without-retain-guard");
        String real = source(guard);
        String comment = "// I7: retained data waits for late joiners";
        assertThat(real)
                .as("the real file still has the comment this control edits")
                .contains(comment);
        String edited = real.replace(comment, "// an edited comment: late joiners read what is retained")
                .replace("if (consumers.isEmpty()) {", "if (consumers.isEmpty()) { /* an added comment */");
        assertThat(edited).isNotEqualTo(real);

        String patchedReal = MutantCompiler.apply(guard, real);
        String patchedEdited = MutantCompiler.apply(guard, edited);

        assertThat(images(patchedEdited))
                .as("the same code comes out, whatever the comments said")
                .isEqualTo(images(patchedReal))
                .isNotEqualTo(images(real));
        // The replacement spans from the first matched token to the last: the comments inside went with it.
        assertThat(patchedEdited).doesNotContain("an edited comment").doesNotContain("an added comment");
    }

    @Test
    void aPatchWhoseCodeChangedIsRefusedNamingTheMutantAndTheFile() throws IOException {
        Mutant postDecrement = Mutants.named("count-post-decrement");
        String real = source(postDecrement);
        assertThat(real).contains("return --minCount;");
        String changed = real.replace("return --minCount;", "return minCount -= 1;");

        assertThatThrownBy(() -> MutantCompiler.apply(postDecrement, changed))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("mutant count-post-decrement")
                .hasMessageContaining("no longer applies to CachedCountBroadcast.java");
    }

    @Test
    void aPatchWhoseCodeMatchesTwiceIsRefused() throws IOException {
        Mutant postDecrement = Mutants.named("count-post-decrement");
        String real = source(postDecrement);
        String twice =
                real.replace("return --minCount;", "if (minCount > 0) { return --minCount; } return --minCount;");

        assertThatThrownBy(() -> MutantCompiler.apply(postDecrement, twice))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("mutant count-post-decrement")
                .hasMessageContaining("matches more than once in CachedCountBroadcast.java");
    }

    @Test
    void aPatchThatQuotesACommentIsRefused() {
        Mutant quoting = new Mutant(
                "quotes-a-comment",
                "Quotes a comment.",
                Mutant.Impact.LIVENESS,
                "CachedCountBroadcast.java",
                "return --minCount; // the count at the minimum",
                "return minCount--;",
                "CachedCountBroadcast");

        assertThatThrownBy(() -> MutantCompiler.apply(quoting, "int f() { return --minCount; }"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("mutant quotes-a-comment")
                .hasMessageContaining("quotes a comment");
    }

    @Test
    void theLexerTellsCommentsFromLiteralsThatLookLikeThem() {
        assertThat(CodeTokens.hasComment("String s = \"a // b /* c */\"; char c = '/';"))
                .isFalse();
        assertThat(CodeTokens.hasComment("x = 1; /* c */")).isTrue();
        assertThat(CodeTokens.hasComment("x = 1; // c")).isTrue();
        assertThat(images("a\t=  b /* c */ +\r\n c; // d")).containsExactly("a", "=", "b", "+", "c", ";");
        List<CodeTokens.CodeToken> tokens = CodeTokens.of("x\r\n\t y");
        assertThat(tokens.get(1).start()).isEqualTo(5);
        assertThat(tokens.get(1).end()).isEqualTo(6);
    }

    private static String source(Mutant m) throws IOException {
        return Files.readString(SourceTree.implSources().resolve(m.file()), StandardCharsets.UTF_8);
    }

    private static List<String> images(String text) {
        return CodeTokens.of(text).stream().map(CodeTokens.CodeToken::image).toList();
    }
}
