package io.cursorcheck.conformance.source;

import java.util.ArrayList;
import java.util.List;

/**
 * A line diff of two texts (the longest common subsequence of their lines), lines compared with whitespace
 * normalised, and its unified form ({@code diff -u}) for the terminal.
 */
final class LineDiff {

    /** Lines of context around each change in the unified form, as {@code diff -u}. */
    static final int CONTEXT = 3;

    /**
     * One line of the diff.
     *
     * @param op   {@code ' '} in both, {@code '-'} only in the older, {@code '+'} only in the newer
     * @param line the line as its text has it
     * @param a    its line in the older text, from 0 (for {@code '+'}, the older line it comes before)
     * @param b    its line in the newer text, from 0 (for {@code '-'}, the newer line it comes before)
     */
    record Edit(char op, String line, int a, int b) {}

    private LineDiff() {}

    /** The edits that turn {@code a} into {@code b}. */
    static List<Edit> edits(List<String> a, List<String> b) {
        List<String> ka = a.stream().map(LineDiff::key).toList();
        List<String> kb = b.stream().map(LineDiff::key).toList();
        int[][] lcs = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lcs[i][j] =
                        ka.get(i).equals(kb.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Edit> edits = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && ka.get(i).equals(kb.get(j))) {
                edits.add(new Edit(' ', b.get(j), i++, j++));
            } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
                edits.add(new Edit('-', a.get(i), i++, j)); // removals first, as diff -u shows them
            } else {
                edits.add(new Edit('+', b.get(j), i, j++));
            }
        }
        return edits;
    }

    /** A line's form for comparing: stripped, each run of whitespace one space. */
    static String key(String line) {
        return line.strip().replaceAll("\\s+", " ");
    }

    /** Lines removed ({@code [0]}) and added ({@code [1]}) from {@code a} to {@code b}, blank lines left out. */
    static int[] counts(List<String> a, List<String> b) {
        int[] counts = new int[2];
        for (Edit e : edits(a, b)) {
            if (!key(e.line()).isEmpty()) {
                if (e.op() == '-') {
                    counts[0]++;
                } else if (e.op() == '+') {
                    counts[1]++;
                }
            }
        }
        return counts;
    }

    /**
     * The unified diff of {@code a} and {@code b} with {@link #CONTEXT} lines of context, under the headers
     * {@code --- fromLabel} and {@code +++ toLabel}; empty when they do not differ but in whitespace.
     *
     * @param firstA the line number of {@code a}'s first line in its file, from 1 (so hunks give file lines)
     * @param firstB the same for {@code b}
     */
    static String unified(String fromLabel, String toLabel, List<String> a, List<String> b, int firstA, int firstB) {
        List<Edit> edits = edits(a, b);
        List<Integer> changes = new ArrayList<>();
        for (int k = 0; k < edits.size(); k++) {
            // a blank line added or removed is no change (as for the counts): it shows only inside a hunk
            if (edits.get(k).op() != ' ' && !key(edits.get(k).line()).isEmpty()) {
                changes.add(k);
            }
        }
        StringBuilder out = new StringBuilder();
        int c = 0;
        while (c < changes.size()) {
            int first = changes.get(c);
            int last = first;
            // one hunk while the next change is at most twice the context away, as diff -u joins them
            while (c + 1 < changes.size() && changes.get(c + 1) - last <= 2 * CONTEXT + 1) {
                last = changes.get(++c);
            }
            c++;
            List<Edit> hunk = edits.subList(Math.max(0, first - CONTEXT), Math.min(edits.size(), last + 1 + CONTEXT));
            long aLines = hunk.stream().filter(e -> e.op() != '+').count();
            long bLines = hunk.stream().filter(e -> e.op() != '-').count();
            if (out.isEmpty()) {
                out.append("--- ").append(fromLabel).append('\n');
                out.append("+++ ").append(toLabel).append('\n');
            }
            out.append("@@ -")
                    .append(range(hunk.get(0).a() + firstA, aLines))
                    .append(" +")
                    .append(range(hunk.get(0).b() + firstB, bLines))
                    .append(" @@\n");
            hunk.forEach(e -> out.append(e.op()).append(e.line()).append('\n'));
        }
        return out.toString();
    }

    /** A hunk's range as {@code diff -u} writes it: an empty one starts at the line before. */
    private static String range(int first, long count) {
        return (count == 0 ? first - 1 : first) + "," + count;
    }
}
