package io.cursorcheck.properties.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A GitHub-flavoured Markdown table: a header, one alignment per column, and rows, written the way
 * every page of the suite writes them ({@code | a | b |} / {@code |---|---:|}).
 *
 * <p>The invariant it protects: <b>one cell in, one cell out</b>. A table row is split on every
 * unescaped {@code |} before any other Markdown is read, and ends at a line break, so text from
 * outside (a subject's answer, a verdict, a command line) could otherwise add cells or cut the table.
 * {@link #row} therefore escapes every pipe not already escaped and turns line breaks into spaces, and
 * refuses a row whose cell count differs from the header's. What a cell <i>means</i> is the caller's:
 * a cell is Markdown (a link, bold, a code span); plain text goes through {@link #text} and literal
 * code through {@link #code}, which keep backslashes and backticks from changing it.
 *
 * <p>Not thread-safe: one page writer builds a table and then appends {@link #toString()}.
 */
public final class MarkdownTable {

    /** How a column's cells line up; written in the delimiter row as {@code ---}, {@code ---:}, {@code :---:}. */
    public enum Align {
        /** No alignment given (renders left): {@code ---}. */
        DEFAULT("---"),
        /** Right-aligned, for numbers: {@code ---:}. */
        RIGHT("---:"),
        /** Centred: {@code :---:}. */
        CENTER(":---:");

        private final String delimiter;

        Align(String delimiter) {
            this.delimiter = delimiter;
        }
    }

    private final List<String> header;
    private final Align[] align;
    private final List<List<String>> rows = new ArrayList<>();

    private MarkdownTable(List<String> header) {
        this.header = header;
        this.align = new Align[header.size()];
        Arrays.fill(align, Align.DEFAULT);
    }

    /**
     * A table with these column headings (Markdown, escaped like any cell); empty headings give the
     * header-less key/value tables ({@code | | |}) some pages open with.
     *
     * @throws IllegalArgumentException if there is no column or a heading is null
     */
    public static MarkdownTable of(String... headings) {
        if (headings.length == 0) {
            throw new IllegalArgumentException("a Markdown table needs at least one column");
        }
        List<String> h = new ArrayList<>(headings.length);
        for (String heading : headings) {
            h.add(structural(Objects.requireNonNull(heading, "a column heading is null")));
        }
        return new MarkdownTable(h);
    }

    /**
     * Right-aligns these columns (0-based), for numbers.
     *
     * @throws IllegalArgumentException if a column does not exist
     */
    public MarkdownTable right(int... columns) {
        return align(Align.RIGHT, columns);
    }

    /**
     * Gives these columns (0-based) an alignment.
     *
     * @throws IllegalArgumentException if a column does not exist
     */
    public MarkdownTable align(Align how, int... columns) {
        for (int c : columns) {
            if (c < 0 || c >= align.length) {
                throw new IllegalArgumentException(
                        "column " + c + " does not exist in a table of " + align.length + " columns");
            }
            align[c] = Objects.requireNonNull(how, "alignment");
        }
        return this;
    }

    /**
     * Adds a row of Markdown cells. Unescaped pipes are escaped and line breaks become spaces, so each
     * argument stays exactly one cell; null is refused rather than written as "null".
     *
     * @throws IllegalArgumentException if the number of cells is not the number of columns, or a cell is null
     */
    public MarkdownTable row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + header.size()
                    + " columns (" + String.join(", ", header) + ")");
        }
        List<String> r = new ArrayList<>(cells.length);
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] == null) {
                throw new IllegalArgumentException("cell " + i + " (column '" + header.get(i) + "') is null");
            }
            r.add(structural(String.valueOf(cells[i])));
        }
        rows.add(r);
        return this;
    }

    /** How many rows were added (the header not counted). */
    public int size() {
        return rows.size();
    }

    /** The table: header, delimiter row and rows, each line ending in a newline. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        line(b, header);
        b.append('|');
        for (Align a : align) {
            b.append(a.delimiter).append('|');
        }
        b.append('\n');
        for (List<String> r : rows) {
            line(b, r);
        }
        return b.toString();
    }

    /**
     * Plain text as one cell's Markdown: backslashes are doubled (so a backslash before a pipe cannot
     * swallow the pipe's escape, and text like {@code \*} stays as written), pipes escaped, line breaks
     * made spaces. Null reads as empty: a missing value is shown as an empty cell.
     */
    public static String text(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '|' -> b.append("\\|");
                case '\r' -> {
                    b.append(' ');
                    if (i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                        i++;
                    }
                }
                case '\n' -> b.append(' ');
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Plain text in bold when {@code on} (and not empty), else as {@link #text}; the marker a page uses
     * for the answer that differs.
     */
    public static String bold(String s, boolean on) {
        String t = text(s);
        return on && !t.isEmpty() ? "**" + t + "**" : t;
    }

    /**
     * Literal text as a code span for a cell. Inside a code span backslashes are literal, so only
     * pipes are escaped (the table reads {@code \|} as a pipe even there); the fence is one backtick
     * longer than the longest backtick run inside, padded when the text starts or ends with one.
     */
    public static String code(String s) {
        String t = s == null ? "" : s.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
        int longest = 0;
        int run = 0;
        for (int i = 0; i < t.length(); i++) {
            run = t.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        boolean pad = t.startsWith("`") || t.endsWith("`");
        String body = t.replace("|", "\\|");
        return pad ? fence + " " + body + " " + fence : fence + body + fence;
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append('|');
        for (String c : cells) {
            // An empty cell is written "| |", as the pages always did, not "|  |".
            b.append(' ').append(c).append(c.isEmpty() ? "|" : " |");
        }
        b.append('\n');
    }

    /**
     * Makes Markdown safe as one cell: a pipe that no backslash escapes is escaped, a line break becomes a
     * space. A pipe after a backslash is already escaped ({@code \|}, also the end of {@code \\\|} that
     * {@link #text} writes), so applying this twice changes nothing.
     */
    private static String structural(String s) {
        StringBuilder b = new StringBuilder(s.length() + 4);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '|' && (i == 0 || s.charAt(i - 1) != '\\')) {
                b.append("\\|");
            } else if (c == '\r') {
                b.append(' ');
                if (i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                    i++;
                }
            } else if (c == '\n') {
                b.append(' ');
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
