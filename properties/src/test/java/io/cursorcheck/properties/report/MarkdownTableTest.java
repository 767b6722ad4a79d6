package io.cursorcheck.properties.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.CustomNode;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;

/**
 * The table writer keeps one cell one cell: what it writes is parsed back with commonmark's GFM tables
 * extension (as GitHub reads a page) and each row must have the header's cells with the text put in.
 * The controls write the same cells the naive ways the pages used to (a plain join, a pipe-only escape)
 * and show the parse breaking, so these checks can fail.
 */
class MarkdownTableTest {

    private static final Parser GFM =
            Parser.builder().extensions(List.of(TablesExtension.create())).build();

    /** Text from outside with a pipe, a backslash before a pipe and a line break. */
    private static final String HOSTILE = "a | b\\|c\nd";

    @Test
    void writesTheShapeEveryPageUses() {
        String t = MarkdownTable.of("kind", "sequences")
                .right(1)
                .row("x", 3)
                .row("", 4)
                .toString();
        assertThat(t).isEqualTo("| kind | sequences |\n|---|---:|\n| x | 3 |\n| | 4 |\n");
        assertThat(MarkdownTable.of("", "").row("Subject", "s").toString())
                .isEqualTo("| | |\n|---|---|\n| Subject | s |\n");
    }

    @Test
    void aTextCellWithPipesBackslashesAndALineBreakParsesAsOneCellWithItsText() {
        String t = MarkdownTable.of("what", "n")
                .row(MarkdownTable.text(HOSTILE), "1")
                .toString();
        assertThat(parse(t)).containsExactly(List.of("what", "n"), List.of("a | b\\|c d", "1"));
    }

    @Test
    void aCodeCellKeepsItsTextLiterally() {
        String t = MarkdownTable.of("command")
                .row(MarkdownTable.code(HOSTILE + " `e`"))
                .row(MarkdownTable.code("`x`"))
                .toString();
        assertThat(parse(t)).containsExactly(List.of("command"), List.of("a | b\\|c d `e`"), List.of("`x`"));
    }

    @Test
    void aRawMarkdownCellWithAPipeStaysOneCellAndEscapingTwiceChangesNothing() {
        String once =
                MarkdownTable.of("a", "b").row("x|y", MarkdownTable.text("p|q")).toString();
        assertThat(parse(once)).containsExactly(List.of("a", "b"), List.of("x|y", "p|q"));
        assertThat(MarkdownTable.of("a", "b")
                        .row("x\\|y", MarkdownTable.text("p|q"))
                        .toString())
                .isEqualTo(once);
    }

    @Test
    void boldMarksOnlyWhenAskedAndNotEmpty() {
        assertThat(MarkdownTable.bold("a|b", true)).isEqualTo("**a\\|b**");
        assertThat(MarkdownTable.bold("a", false)).isEqualTo("a");
        assertThat(MarkdownTable.bold("", true)).isEmpty();
    }

    @Test
    void refusesARowOfTheWrongWidthANullCellAndAMissingColumn() {
        assertThatThrownBy(() -> MarkdownTable.of("a", "b").row("1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a row of 1 cells in a table of 2 columns");
        assertThatThrownBy(() -> MarkdownTable.of("a").row((Object) null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column 'a'");
        assertThatThrownBy(() -> MarkdownTable.of("a").right(1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column 1 does not exist");
        assertThatThrownBy(MarkdownTable::of).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void controlANaiveJoinOfTheSameTextBreaksTheRow() {
        String naive = "| what | n |\n|---|---|\n| " + String.join(" | ", HOSTILE, "1") + " |\n";
        assertThat(parse(naive)).isNotEqualTo(List.of(List.of("what", "n"), List.of("a | b\\|c d", "1")));
        assertThat(parse(naive).get(1)).hasSize(2).first().isEqualTo("a"); // the pipe split the text
    }

    @Test
    void controlThePipeOnlyEscapeLosesTheBackslashBeforeAPipe() {
        String old = "| what |\n|---|\n| " + "b\\|c".replace("|", "\\|") + " |\n";
        assertThat(parse(old).get(1)).containsExactly("b|c"); // the text was b\|c
        String now = MarkdownTable.of("what").row(MarkdownTable.text("b\\|c")).toString();
        assertThat(parse(now).get(1)).containsExactly("b\\|c");
    }

    /** Each table row of the first table as the literal text of its cells. */
    private static List<List<String>> parse(String markdown) {
        Node doc = GFM.parse(markdown);
        List<List<String>> rows = new ArrayList<>();
        doc.accept(new AbstractVisitor() {
            @Override
            public void visit(CustomNode node) {
                if (node instanceof TableRow) {
                    List<String> cells = new ArrayList<>();
                    for (Node c = node.getFirstChild(); c != null; c = c.getNext()) {
                        if (c instanceof TableCell) {
                            cells.add(literal(c));
                        }
                    }
                    rows.add(cells);
                    return;
                }
                visitChildren(node);
            }
        });
        return rows;
    }

    private static String literal(Node cell) {
        StringBuilder b = new StringBuilder();
        cell.accept(new AbstractVisitor() {
            @Override
            public void visit(Text text) {
                b.append(text.getLiteral());
            }

            @Override
            public void visit(Code code) {
                b.append(code.getLiteral());
            }
        });
        return b.toString();
    }
}
