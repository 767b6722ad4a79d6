package io.cursorcheck.conformance.upstream;

import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Our change to a release's {@code broadcast.js}, kept as anchored insertions only: each names a
 * short snippet of the release's source (its anchor) and the lines we insert before or after it.
 * The repository holds nothing else of Node's text; the source itself comes from the release at
 * run time ({@link EmbeddedSource}).
 *
 * <p>An edit applies to a source only if each anchor occurs there exactly once (an anchor found
 * twice or not at all would put our lines in a place nobody checked), and only at a line boundary
 * (so that the change is whole lines, shown as {@code diff -U0} hunks of our lines alone).
 *
 * @param name       the edit's name, e.g. {@code flush-once}
 * @param summary    what it changes and why, in one sentence
 * @param module     the internal module it edits, e.g. {@code internal/streams/iter/broadcast}
 * @param insertions where our lines go
 */
public record SourceEdit(String name, String summary, String module, List<Insertion> insertions) {

    /** The fix of the re-entrant flush: one flush of the pending writes at a time (docs/spec.md §8). */
    public static Path flushOnce() {
        return SourceTree.root().resolve("conformance/src/main/upstream/flush-once.edit.json");
    }

    /**
     * Lines inserted next to an anchor.
     *
     * @param anchor a snippet of the source that must occur exactly once
     * @param before whether the lines go before the anchor (which must then start a line) or after
     *               it (which must then end with a line break)
     * @param lines  the lines, without line breaks
     */
    public record Insertion(String anchor, boolean before, List<String> lines) {

        /** Checks the fields. */
        public Insertion {
            if (anchor == null || anchor.isEmpty()) {
                throw new IllegalArgumentException("an insertion needs a non-empty anchor");
            }
            if (lines == null || lines.isEmpty()) {
                throw new IllegalArgumentException("the insertion at anchor " + quoted(anchor) + " inserts no lines");
            }
            for (String line : lines) {
                if (line.contains("\n") || line.contains("\r")) {
                    throw new IllegalArgumentException("the insertion at anchor " + quoted(anchor)
                            + " has a line with a line break in it: " + quoted(line));
                }
            }
            lines = List.copyOf(lines);
        }
    }

    /** Checks the fields. */
    public SourceEdit {
        if (insertions == null || insertions.isEmpty()) {
            throw new IllegalArgumentException("the edit '" + name + "' has no insertions");
        }
        insertions = List.copyOf(insertions);
    }

    /**
     * This edit without one of its insertions: a negative control (a plausible wrong fix) that the
     * checks of a fix must reject.
     *
     * @param index the insertion left out, 0-based
     * @param name  the control's name
     * @throws IllegalArgumentException if the edit has no such insertion, or only that one
     */
    public SourceEdit without(int index, String name) {
        if (index < 0 || index >= insertions.size()) {
            throw new IllegalArgumentException(
                    "the edit '" + this.name + "' has " + insertions.size() + " insertions, no insertion " + index);
        }
        List<Insertion> rest = new ArrayList<>(insertions);
        rest.remove(index);
        return new SourceEdit(name, "the edit '" + this.name + "' without its insertion " + index, module, rest);
    }

    /**
     * Reads an edit file: {@code {name, summary, module, edits: [{anchor, where: before|after, lines: [...]}]}}.
     *
     * @throws IOException              if it cannot be read
     * @throws IllegalArgumentException naming the file and what is wrong in it
     */
    public static SourceEdit load(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        try {
            if (!(Json.parse(text) instanceof Map<?, ?> root)) {
                throw new IllegalArgumentException("the document is not an object");
            }
            List<Insertion> insertions = new ArrayList<>();
            if (!(root.get("edits") instanceof List<?> edits)) {
                throw new IllegalArgumentException("'edits' is not a list");
            }
            for (Object e : edits) {
                if (!(e instanceof Map<?, ?> edit)) {
                    throw new IllegalArgumentException("an element of 'edits' is not an object");
                }
                String where = string(edit, "where");
                if (!where.equals("before") && !where.equals("after")) {
                    throw new IllegalArgumentException("'where' is before or after, was '" + where + "'");
                }
                if (!(edit.get("lines") instanceof List<?> lines)) {
                    throw new IllegalArgumentException("'lines' is not a list");
                }
                List<String> texts = new ArrayList<>();
                for (Object line : lines) {
                    if (!(line instanceof String s)) {
                        throw new IllegalArgumentException("a line is not a string: " + line);
                    }
                    texts.add(s);
                }
                insertions.add(new Insertion(string(edit, "anchor"), where.equals("before"), texts));
            }
            return new SourceEdit(string(root, "name"), string(root, "summary"), string(root, "module"), insertions);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static String string(Map<?, ?> map, String key) {
        if (!(map.get(key) instanceof String s)) {
            throw new IllegalArgumentException("'" + key + "' is missing or not a string");
        }
        return s;
    }

    /**
     * Applies the edit.
     *
     * @param source  the release's source
     * @param release where it comes from, named in an error, e.g. {@code node-26.12.1}
     * @return the patched source and our lines as hunks
     * @throws EditDoesNotApplyException naming the anchor and the release, if an anchor occurs there
     *                                   not exactly once or not at a line boundary
     */
    public Patched apply(String source, String release) {
        record Point(int offset, Insertion insertion) {}
        List<Point> points = new ArrayList<>();
        for (Insertion in : insertions) {
            int at = source.indexOf(in.anchor());
            if (at < 0) {
                throw new EditDoesNotApplyException(name, release, in.anchor(), "does not occur");
            }
            int again = source.indexOf(in.anchor(), at + 1);
            if (again >= 0) {
                throw new EditDoesNotApplyException(
                        name,
                        release,
                        in.anchor(),
                        "occurs more than once (at lines " + lineAt(source, at) + " and " + lineAt(source, again)
                                + ")");
            }
            int offset = in.before() ? at : at + in.anchor().length();
            if (offset != 0 && source.charAt(offset - 1) != '\n') {
                throw new EditDoesNotApplyException(
                        name,
                        release,
                        in.anchor(),
                        in.before()
                                ? "does not start a line, so lines inserted before it would split one"
                                : "does not end with a line break, so lines inserted after it would split one");
            }
            points.add(new Point(offset, in));
        }
        points.sort(Comparator.comparingInt(Point::offset));
        StringBuilder out = new StringBuilder(source.length() + 256);
        List<Hunk> hunks = new ArrayList<>();
        int copied = 0;
        int inserted = 0;
        for (Point p : points) {
            out.append(source, copied, p.offset());
            copied = p.offset();
            int oldLinesBefore = lineAt(source, p.offset()) - 1; // whole lines before the insertion point
            hunks.add(new Hunk(
                    oldLinesBefore, oldLinesBefore + inserted + 1, p.insertion().lines()));
            for (String line : p.insertion().lines()) {
                out.append(line).append('\n');
            }
            inserted += p.insertion().lines().size();
        }
        out.append(source, copied, source.length());
        return new Patched(out.toString(), hunks);
    }

    /** The 1-based line of the character at {@code offset}. */
    private static int lineAt(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    static String quoted(String s) {
        return "'" + s.replace("\\", "\\\\").replace("\n", "\\n") + "'";
    }

    /**
     * A source with the edit applied.
     *
     * @param text  the patched source
     * @param hunks our lines, in the order of the file
     */
    public record Patched(String text, List<Hunk> hunks) {

        /** Checks the fields. */
        public Patched {
            hunks = List.copyOf(hunks);
        }

        /** The hunks as {@code diff -U0} shows them, without file headers. */
        public String unifiedZero() {
            StringBuilder s = new StringBuilder();
            hunks.forEach(h -> s.append(h.unifiedZero()));
            return s.toString();
        }
    }

    /**
     * Lines inserted at one place, as {@code diff -U0} numbers them.
     *
     * @param after     how many lines of the original come before them
     * @param firstLine the line number of the first of them in the patched file
     * @param lines     our lines
     */
    public record Hunk(int after, int firstLine, List<String> lines) {

        /** Checks the fields. */
        public Hunk {
            lines = List.copyOf(lines);
        }

        /** {@code @@ -after,0 +first,count @@} and our lines, each with {@code +}. */
        public String unifiedZero() {
            StringBuilder s = new StringBuilder();
            s.append("@@ -").append(after).append(",0 +").append(firstLine);
            if (lines.size() != 1) {
                s.append(',').append(lines.size());
            }
            s.append(" @@\n");
            lines.forEach(l -> s.append('+').append(l).append('\n'));
            return s.toString();
        }
    }
}
