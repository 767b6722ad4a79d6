package io.cursorcheck.conformance.source;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a JavaScript source into named functions: top-level {@code function name(} declarations, arrow and
 * function expressions assigned at top level ({@code const name = (...) => ...}), and the members of top-level
 * classes (methods, {@code get}/{@code set} accessors, {@code #private} methods, {@code [Symbol.x]()} methods, and
 * fields that hold an arrow function), and the methods of an object bound at top level ({@code Name.from}). A
 * function nested in another belongs to it, and the comments just before a piece are its own. What is left
 * (requires, constants, exports) is one piece, {@link JsFunction#OUTSIDE}; a class's header and plain fields are the
 * piece {@code class Name}, an object's other properties the piece {@code const Name}. So every line of the source is
 * in some piece, and a change anywhere shows as a change of one.
 *
 * <p>A scanner, not a parser: braces are matched once strings, template literals (with their {@code ${}}
 * expressions), comments and regular expression literals are masked out, so a brace inside any of those never
 * counts. Whether a {@code /} starts a regular expression is told from the token before it, as a tokenizer does;
 * that guess is best effort, and Node's sources need no more.
 */
public final class JsFunctions {

    private static final Pattern FUNCTION =
            Pattern.compile("^(?:async\\s+)?function\\b\\s*\\*?\\s*([A-Za-z_$][\\w$]*)");
    private static final Pattern CLASS = Pattern.compile("^class\\s+([A-Za-z_$][\\w$]*)");
    private static final Pattern BINDING = Pattern.compile("^(const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*=\\s*");
    private static final Pattern DECLARATION_START =
            Pattern.compile("^(?:async\\s+function|function|class|const|let|var)\\b");
    private static final Pattern MEMBER = Pattern.compile("^(static\\s+)?(async\\s+)?(?:(get|set)\\s+(?=[#\\[\\w$]))?"
            + "(\\*\\s*)?(#?[A-Za-z_$][\\w$]*|\\[[^\\]]*\\])\\s*\\(");
    private static final Pattern PROPERTY = Pattern.compile("^([A-Za-z_$][\\w$]*|\\[[^\\]]*\\])\\s*:\\s*");
    private static final Pattern FIELD = Pattern.compile("^(static\\s+)?(#?[A-Za-z_$][\\w$]*|\\[[^\\]]*\\])\\s*=");
    /** Words after which a {@code /} starts a regular expression rather than divides. */
    private static final Set<String> BEFORE_REGEX = Set.of(
            "return",
            "typeof",
            "instanceof",
            "in",
            "of",
            "new",
            "delete",
            "void",
            "throw",
            "case",
            "do",
            "else",
            "yield",
            "await");

    private JsFunctions() {}

    /**
     * The source's named functions, in source order, the code outside functions last (left out when there is none).
     * A name that occurs twice (a function declared twice) gets {@code  (2)} on its second piece.
     */
    public static List<JsFunction> split(String source) {
        String masked = mask(source);
        Splitter s = new Splitter(source, masked);
        s.topLevel();
        return s.result();
    }

    /**
     * The source with the insides of strings, template literals, comments and regular expression literals replaced
     * by spaces (line breaks kept), so that every brace, bracket and parenthesis left is code; offsets and lines stay
     * those of the source. A template literal's {@code ${}} expressions stay code, their {@code ${} and {@code }}
     * masked, so that braces balance.
     */
    static String mask(String src) {
        char[] out = src.toCharArray();
        int n = src.length();
        List<Integer> templates = new ArrayList<>(); // brace depth at each open ${ of an enclosing template
        int depth = 0;
        int i = 0;
        boolean inTemplate = false;
        while (i < n) {
            char c = src.charAt(i);
            if (inTemplate) {
                if (c == '\\') {
                    blank(out, i, Math.min(n, i + 2));
                    i += 2;
                } else if (c == '`') {
                    inTemplate = false;
                    i++;
                } else if (c == '$' && i + 1 < n && src.charAt(i + 1) == '{') {
                    blank(out, i, i + 2);
                    templates.add(depth);
                    depth++;
                    inTemplate = false;
                    i += 2;
                } else {
                    blank(out, i, i + 1);
                    i++;
                }
                continue;
            }
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
                int end = src.indexOf('\n', i);
                end = end < 0 ? n : end;
                blank(out, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
                int end = src.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                blank(out, i, end);
                i = end;
            } else if (c == '\'' || c == '"') {
                int j = i + 1;
                while (j < n && src.charAt(j) != c && src.charAt(j) != '\n') {
                    j += src.charAt(j) == '\\' ? 2 : 1;
                }
                j = Math.min(j, n);
                blank(out, i + 1, j);
                i = Math.min(n, j + 1);
            } else if (c == '`') {
                inTemplate = true;
                i++;
            } else if (c == '/' && regexMayStart(out, i)) {
                int j = i + 1;
                boolean inClass = false;
                while (j < n && src.charAt(j) != '\n' && (inClass || src.charAt(j) != '/')) {
                    char r = src.charAt(j);
                    if (r == '\\') {
                        j++;
                    } else if (r == '[') {
                        inClass = true;
                    } else if (r == ']') {
                        inClass = false;
                    }
                    j++;
                }
                j = Math.min(j, n);
                blank(out, i + 1, j);
                i = Math.min(n, j + 1);
            } else if (c == '{') {
                depth++;
                i++;
            } else if (c == '}') {
                depth--;
                if (!templates.isEmpty() && templates.get(templates.size() - 1) == depth) {
                    templates.remove(templates.size() - 1);
                    blank(out, i, i + 1);
                    inTemplate = true;
                }
                i++;
            } else {
                i++;
            }
        }
        return new String(out);
    }

    private static void blank(char[] out, int from, int to) {
        for (int k = from; k < to && k < out.length; k++) {
            if (out[k] != '\n') {
                out[k] = ' ';
            }
        }
    }

    /** Whether a {@code /} at {@code at} starts a regular expression: the masked code before it decides. */
    private static boolean regexMayStart(char[] masked, int at) {
        int k = at - 1;
        while (k >= 0 && Character.isWhitespace(masked[k])) {
            k--;
        }
        if (k < 0) {
            return true;
        }
        char p = masked[k];
        if (p == ')' || p == ']' || p == '}' || p == '\'' || p == '"' || p == '`') {
            return false; // the end of an operand: a division
        }
        if (Character.isJavaIdentifierPart(p)) {
            int s = k;
            while (s > 0 && Character.isJavaIdentifierPart(masked[s - 1])) {
                s--;
            }
            return BEFORE_REGEX.contains(new String(masked, s, k - s + 1));
        }
        return true; // after an operator or punctuation an operand comes
    }

    /** The index of the bracket closing the one at {@code open} in masked code, or the end when there is none. */
    static int closing(String masked, int open) {
        int depth = 0;
        for (int k = open; k < masked.length(); k++) {
            char c = masked.charAt(k);
            if (c == '{' || c == '(' || c == '[') {
                depth++;
            } else if (c == '}' || c == ')' || c == ']') {
                depth--;
                if (depth == 0) {
                    return k;
                }
            }
        }
        return masked.length() - 1;
    }

    /** The walk over one source, collecting its pieces. */
    private static final class Splitter {
        private final String src;
        private final String masked;
        private final int[] lineStarts;
        private final Map<String, JsFunction> pieces = new LinkedHashMap<>();
        private final StringBuilder outside = new StringBuilder();
        /**
         * Where the blank stretch before the piece being read began: the comments there (its documentation) are the
         * piece's, so that every line of the source is in one piece; -1 when none is claimed.
         */
        private int lead = -1;

        private int outsideLine;

        Splitter(String src, String masked) {
            this.src = src;
            this.masked = masked;
            List<Integer> starts = new ArrayList<>(List.of(0));
            for (int k = 0; k < src.length(); k++) {
                if (src.charAt(k) == '\n') {
                    starts.add(k + 1);
                }
            }
            lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
        }

        List<JsFunction> result() {
            List<JsFunction> all = new ArrayList<>(pieces.values());
            if (!JsFunction.normalized(outside.toString()).isEmpty()) {
                all.add(new JsFunction(JsFunction.OUTSIDE, outsideLine, outside.toString()));
            }
            return all;
        }

        void topLevel() {
            int i = 0;
            int n = masked.length();
            while (true) {
                lead = i;
                i = skipBlank(i, n);
                if (i >= n) {
                    if (!src.substring(lead, n).isBlank()) {
                        addOutside(lead, n); // comments after the last statement
                    }
                    return;
                }
                int end = statementEnd(i, n);
                statement(i, end);
                i = end;
            }
        }

        private int skipBlank(int i, int n) {
            while (i < n && (Character.isWhitespace(masked.charAt(i)) || masked.charAt(i) == ';')) {
                i++;
            }
            return i;
        }

        /** Where the top-level statement starting at {@code start} ends (exclusive). */
        private int statementEnd(int start, int n) {
            String rest = masked.substring(start, Math.min(n, start + 200));
            if (FUNCTION.matcher(rest).find() || CLASS.matcher(rest).find()) {
                int paren = 0;
                for (int k = start; k < n; k++) {
                    char c = masked.charAt(k);
                    if (c == '(' || c == '[') {
                        paren++;
                    } else if (c == ')' || c == ']') {
                        paren--;
                    } else if (c == '{' && paren == 0) {
                        int end = closing(masked, k) + 1;
                        // a stray semicolon after the body on its line ("};") is the declaration's
                        int after = end;
                        while (after < n && (masked.charAt(after) == ' ' || masked.charAt(after) == '\t')) {
                            after++;
                        }
                        return after < n && masked.charAt(after) == ';' ? after + 1 : end;
                    }
                }
                return n;
            }
            int depth = 0;
            for (int k = start; k < n; k++) {
                char c = masked.charAt(k);
                if (c == '{' || c == '(' || c == '[') {
                    depth++;
                } else if (c == '}' || c == ')' || c == ']') {
                    depth--;
                } else if (depth == 0 && c == ';') {
                    return k + 1;
                } else if (depth == 0 && c == '\n' && k > start) {
                    // no semicolon: a declaration on the next line starts the next statement
                    int next = k + 1;
                    while (next < n && Character.isWhitespace(masked.charAt(next))) {
                        next++;
                    }
                    if (DECLARATION_START
                            .matcher(masked.substring(next, Math.min(n, next + 20)))
                            .find()) {
                        return k + 1;
                    }
                }
            }
            return n;
        }

        private void statement(int start, int end) {
            String m = masked.substring(start, end);
            Matcher f = FUNCTION.matcher(m);
            if (f.find()) {
                add("function " + f.group(1), start, end);
                return;
            }
            Matcher c = CLASS.matcher(m);
            if (c.find()) {
                classBody(c.group(1), start, end);
                return;
            }
            Matcher b = BINDING.matcher(m);
            if (b.find() && isFunctionValue(start + b.end(), end)) {
                add(b.group(1) + " " + b.group(2), start, end);
                return;
            }
            if (b.find(0)
                    && m.charAt(b.end()) == '{'
                    && objectLiteral(b.group(1) + " " + b.group(2), b.group(2), start, start + b.end(), end)) {
                return;
            }
            addOutside(start, end);
        }

        /** Whether the expression at {@code at} is a function: {@code function}, {@code async}, or an arrow. */
        private boolean isFunctionValue(int at, int end) {
            String e = masked.substring(at, end).stripLeading();
            if (e.matches("(?s)^(?:async\\s+)?function\\b.*")) {
                return true;
            }
            Matcher async = Pattern.compile("^async\\s+").matcher(e);
            int k = async.find() ? async.end() : 0;
            int after;
            if (k < e.length() && e.charAt(k) == '(') {
                after = closing(e, k) + 1;
            } else {
                Matcher id = Pattern.compile("^[A-Za-z_$][\\w$]*").matcher(e.substring(k));
                if (!id.find()) {
                    return false;
                }
                after = k + id.end();
            }
            return e.substring(Math.min(after, e.length())).stripLeading().startsWith("=>");
        }

        /**
         * An object literal bound at top level ({@code const Name = { from(x) { ... }, ... };}): each method and each
         * property holding a function is a piece {@code Name.member}, the rest the piece {@code const Name}. False,
         * and nothing added, when it holds no function (a plain constant stays outside functions).
         */
        private boolean objectLiteral(String binding, String name, int start, int open, int end) {
            int close = closing(masked, open);
            List<int[]> functions = new ArrayList<>();
            List<String> names = new ArrayList<>();
            int j = open + 1;
            while (true) {
                while (j < close && (Character.isWhitespace(masked.charAt(j)) || masked.charAt(j) == ',')) {
                    j++;
                }
                if (j >= close) {
                    break;
                }
                int k = j;
                int depth = 0;
                while (k < close && !(depth == 0 && masked.charAt(k) == ',')) {
                    char c = masked.charAt(k);
                    if (c == '{' || c == '(' || c == '[') {
                        depth++;
                    } else if (c == '}' || c == ')' || c == ']') {
                        depth--;
                    }
                    k++;
                }
                String entry = masked.substring(j, k);
                Matcher method = MEMBER.matcher(entry);
                Matcher property = PROPERTY.matcher(entry);
                if (method.find() && method.group(1) == null && entry.contains("{")) {
                    names.add((method.group(3) != null ? method.group(3) + " " : "") + name + "."
                            + src.substring(j + method.start(5), j + method.end(5))
                                    .replaceAll("\\s+", " "));
                    functions.add(new int[] {j, k});
                } else if (property.find() && isFunctionValue(j + property.end(), k)) {
                    names.add(name + "."
                            + src.substring(j + property.start(1), j + property.end(1))
                                    .replaceAll("\\s+", " "));
                    functions.add(new int[] {j, k});
                }
                j = k;
            }
            if (functions.isEmpty()) {
                return false;
            }
            StringBuilder rest = new StringBuilder();
            int first = textStart(start);
            int from = first;
            for (int i = 0; i < functions.size(); i++) {
                int[] f = functions.get(i);
                rest.append(src, from, f[0]);
                add(names.get(i), f[0], f[1]);
                from = f[1];
            }
            rest.append(src, from, end);
            put(new JsFunction(binding, line(first), rest.toString()));
            return true;
        }

        private void classBody(String name, int start, int end) {
            int open = masked.indexOf('{', start);
            int close = end - 1;
            int first = textStart(start);
            StringBuilder rest = new StringBuilder(src.substring(first, open + 1));
            int j = open + 1;
            int tail = j;
            while (true) {
                tail = j;
                lead = j;
                j = skipBlank(j, close);
                if (j >= close) {
                    break;
                }
                int[] member = member(j, close);
                int memberEnd = member[0];
                String header = masked.substring(j, member[1] < 0 ? memberEnd : member[1]);
                String key = memberName(name, header, j, member[1] >= 0);
                if (key == null) {
                    rest.append('\n').append(src, textStart(j), memberEnd);
                } else {
                    add(key, j, memberEnd);
                }
                j = memberEnd;
            }
            rest.append('\n').append(src, tail, end);
            put(new JsFunction("class " + name, line(first), rest.toString()));
        }

        /**
         * The class member starting at {@code j}: its end (exclusive), and the offset of its body's brace when it is
         * a method (-1 for a field).
         */
        private int[] member(int j, int close) {
            int depth = 0;
            boolean field = false;
            for (int k = j; k < close; k++) {
                char c = masked.charAt(k);
                if (c == '(' || c == '[') {
                    depth++;
                } else if (c == ')' || c == ']') {
                    depth--;
                } else if (depth == 0 && c == '{') {
                    if (!field) {
                        return new int[] {closing(masked, k) + 1, k};
                    }
                    k = closing(masked, k);
                } else if (depth == 0 && c == '=' && next(k) != '>' && !field) {
                    field = true;
                } else if (depth == 0 && c == ';') {
                    return new int[] {k + 1, -1};
                } else if (depth == 0 && c == '\n' && fieldEndsAt(k, j)) {
                    return new int[] {k + 1, -1};
                }
            }
            return new int[] {close, -1};
        }

        private char next(int k) {
            return k + 1 < masked.length() ? masked.charAt(k + 1) : ' ';
        }

        /** Whether a field without a semicolon ends at the line break {@code k}: the line does not go on. */
        private boolean fieldEndsAt(int k, int start) {
            String line = masked.substring(start, k).strip();
            if (line.isEmpty()) {
                return false;
            }
            char last = line.charAt(line.length() - 1);
            if ("=+-*/%&|^!?:,.<>([{".indexOf(last) >= 0) {
                return false;
            }
            String nextLine = masked.substring(k + 1).stripLeading();
            return nextLine.isEmpty()
                    || "#[*}".indexOf(nextLine.charAt(0)) >= 0
                    || Character.isJavaIdentifierStart(nextLine.charAt(0));
        }

        /** The member's qualified name, or null for a plain field or a member this scanner cannot name. */
        private String memberName(String className, String header, int at, boolean method) {
            String h = header.strip();
            if (method) {
                if (h.equals("static")) {
                    return "static " + className + "#{}";
                }
                Matcher m = MEMBER.matcher(h);
                if (!m.find()) {
                    return null;
                }
                return (m.group(1) != null ? "static " : "") + (m.group(3) != null ? m.group(3) + " " : "") + className
                        + "#" + original(at, header, m.start(5), m.end(5));
            }
            Matcher f = FIELD.matcher(h);
            if (!f.find() || !isFunctionValue(at + header.indexOf(h) + f.end(), at + header.length())) {
                return null;
            }
            return (f.group(1) != null ? "static " : "") + className + "#" + original(at, header, f.start(2), f.end(2));
        }

        /** The source's text (not the masked one) of a name inside a stripped header, whitespace normalised. */
        private String original(int at, String header, int from, int to) {
            int lead = header.indexOf(header.strip());
            return src.substring(at + lead + from, at + lead + to).replaceAll("\\s+", " ");
        }

        /** A piece from {@code start}, with the indentation of its first line when only that precedes it. */
        private void add(String name, int start, int end) {
            int from = textStart(start);
            int indented = from;
            while (indented > 0 && (src.charAt(indented - 1) == ' ' || src.charAt(indented - 1) == '\t')) {
                indented--;
            }
            if (indented == 0 || src.charAt(indented - 1) == '\n') {
                from = indented;
            }
            put(new JsFunction(name, line(from), src.substring(from, end)));
        }

        private void put(JsFunction f) {
            String name = f.name();
            for (int n = 2; pieces.containsKey(name); n++) {
                name = f.name() + " (" + n + ")";
            }
            pieces.put(name, new JsFunction(name, f.firstLine(), f.text()));
        }

        /**
         * Where the text of the piece whose code starts at {@code start} begins: at the first comment of the blank
         * stretch before it ({@link #lead}), or at {@code start}. Claims the stretch.
         */
        private int textStart(int start) {
            int from = start;
            if (lead >= 0 && lead < start) {
                for (int k = lead; k < start; k++) {
                    if (!Character.isWhitespace(src.charAt(k))) {
                        from = k;
                        break;
                    }
                }
            }
            lead = -1;
            return from;
        }

        private void addOutside(int code, int end) {
            int start = textStart(code);
            if (outside.isEmpty()) {
                outsideLine = line(start);
            } else {
                outside.append('\n');
            }
            outside.append(src, start, end);
        }

        private int line(int offset) {
            int lo = 0;
            int hi = lineStarts.length - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (lineStarts[mid] <= offset) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return lo + 1;
        }
    }
}
