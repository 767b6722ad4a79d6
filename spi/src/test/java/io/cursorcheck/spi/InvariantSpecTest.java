package io.cursorcheck.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The invariants are written once, in spec §3 ({@code docs/spec.md}); every other list is checked against it.
 * The {@link Invariant} enum must hold exactly the spec table's IDs, names and statements, and the §3
 * subsection headings and the invariant list of {@link Broadcast}'s javadoc must name the same IDs with the
 * same names. Each comparison goes both ways, so an invariant missing from either side fails.
 *
 * <p>Text is compared after a normalisation that only undoes Markdown: code spans' backticks, {@code **} and
 * {@code *} emphasis and links ({@code [text](target)} becomes {@code text}) are removed, and every run of
 * whitespace becomes one space. Underscores are kept ({@code DROP_OLDEST}).
 */
class InvariantSpecTest {

    /** One invariant as a source states it: its name and, where the source has one, its statement. */
    record Stated(String name, String statement) {}

    @Test
    void theEnumStatesExactlyTheInvariantsOfSpecSection3() throws IOException {
        String spec = Files.readString(root().resolve("docs/spec.md"), StandardCharsets.UTF_8);
        assertThat(compare(specTable(spec), enumInvariants()))
                .as("differences between docs/spec.md §3 (the source of truth) and Invariant.java")
                .isEmpty();
    }

    @Test
    void eachSpecRowLinksTheAnchorTheEnumGives() throws IOException {
        String spec = Files.readString(root().resolve("docs/spec.md"), StandardCharsets.UTF_8);
        Map<String, String> anchors = specAnchors(spec);
        for (Invariant i : Invariant.values()) {
            assertThat(anchors.get(i.name()))
                    .as("the anchor of %s in the §3 table", i)
                    .isEqualTo(i.anchor());
        }
    }

    @Test
    void theSection3HeadingsNameTheSameInvariants() throws IOException {
        String spec = Files.readString(root().resolve("docs/spec.md"), StandardCharsets.UTF_8);
        assertThat(compare(specHeadings(spec), namesOnly(enumInvariants())))
                .as("differences between the §3 headings of docs/spec.md and Invariant.java")
                .isEmpty();
    }

    @Test
    void theBroadcastJavadocListsTheSameInvariants() throws IOException {
        String source = Files.readString(
                root().resolve("spi/src/main/java/io/cursorcheck/spi/Broadcast.java"), StandardCharsets.UTF_8);
        assertThat(javadocDifferences(source))
                .as("differences between Broadcast's javadoc list and Invariant.java")
                .isEmpty();
    }

    // The controls: the checks above on doctored texts, each of which must be reported.

    private static final String SPEC = """
            # Title

            ## 3. Invariants

            Some prose, with a table:

            | ID | name | statement | required of |
            |---|---|---|---|
            | [I1](#i1-trimming-safety) | trimming safety | every cursor is in `[bufferStart, end]` | every variant |
            | [I2](#i2-byte-accounting) | byte accounting | bufferedBytes == sum(size of retained entries) | every variant |

            ### I1 trimming safety

            ### I2 byte accounting

            ## 4. Variants

            | [I9](#i9-elsewhere) | not in §3 | ignored | - |
            """;

    private static Map<String, Stated> code() {
        Map<String, Stated> m = new LinkedHashMap<>();
        m.put("I1", new Stated("trimming safety", "every cursor is in [bufferStart, end]"));
        m.put("I2", new Stated("byte accounting", "bufferedBytes == sum(size of retained entries)"));
        return m;
    }

    @Test
    void theParserReadsOnlySection3AndNormalisesMarkdown() {
        assertThat(specTable(SPEC)).isEqualTo(code());
        assertThat(compare(specTable(SPEC), code())).isEmpty();
        assertThat(compare(specHeadings(SPEC), namesOnly(code()))).isEmpty();
    }

    @Test
    void aChangedStatementIsReported() {
        String doctored = SPEC.replace("sum(size of retained entries)", "sum(size of all entries)");
        assertThat(compare(specTable(doctored), code()))
                .singleElement()
                .asString()
                .startsWith("I2: statement differs");
    }

    @Test
    void aChangedNameIsReported() {
        String doctored = SPEC.replace("| byte accounting |", "| byte counting |");
        assertThat(compare(specTable(doctored), code()))
                .singleElement()
                .asString()
                .startsWith("I2: name differs");
    }

    @Test
    void anInvariantMissingFromEitherSideIsReported() {
        String withoutI2 = SPEC.lines().filter(l -> !l.startsWith("| [I2]")).reduce("", (a, b) -> a + b + "\n");
        assertThat(compare(specTable(withoutI2), code())).containsExactly("I2: in the code, not in the spec");

        String withI3 = SPEC.replace(
                "\n\n### I1",
                "\n| [I3](#i3-monotonicity) | monotonicity | nothing goes back | every variant |\n\n### I1");
        assertThat(compare(specTable(withI3), code())).containsExactly("I3: in the spec, not in the code");

        String withoutHeading = SPEC.replace("### I2 byte accounting\n", "");
        assertThat(compare(specHeadings(withoutHeading), namesOnly(code())))
                .containsExactly("I2: in the code, not in the spec");
    }

    @Test
    void whitespaceAndEmphasisAreNotDifferences() {
        String restyled = SPEC.replace(
                "| bufferedBytes == sum(size of retained entries) |",
                "| **bufferedBytes**  ==\tsum(size of *retained* entries) |");
        assertThat(compare(specTable(restyled), code())).isEmpty();
    }

    @Test
    void aSpecWithoutSection3OrItsTableIsRefused() {
        assertThatThrownBy(() -> specTable("# Title\n\n## 2. Operations\n"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("## 3.");
        assertThatThrownBy(() -> specTable("## 3. Invariants\n\nno table\n\n## 4. Variants\n"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no invariant row");
    }

    @Test
    void aJavadocListThatDriftsIsReported() throws IOException {
        String source = Files.readString(
                root().resolve("spi/src/main/java/io/cursorcheck/spi/Broadcast.java"), StandardCharsets.UTF_8);
        assertThat(javadocDifferences(source.replace("<li>I14 spoiled entries:", "<li>spoiled entries:")))
                .containsExactly("I14: in the code, not in Broadcast's javadoc");
        assertThat(javadocDifferences(source.replace("<li>I2 byte accounting:", "<li>I2 byte counting:")))
                .singleElement()
                .asString()
                .startsWith("I2: Broadcast's javadoc names it 'byte counting");
    }

    // The parser and the comparer.

    /** The rows of the table in spec §3: ID to name and statement, in the spec's order. */
    static Map<String, Stated> specTable(String spec) {
        Map<String, Stated> rows = new LinkedHashMap<>();
        Pattern id = Pattern.compile("\\[(I\\d+)]\\(#[^)]*\\)");
        for (String line : section3(spec)) {
            if (!line.startsWith("| [I")) {
                continue;
            }
            List<String> cells = cells(line);
            Matcher m = id.matcher(cells.get(0));
            if (!m.matches() || cells.size() < 3) {
                throw new IllegalStateException("a §3 table row that does not read as ID | name | statement: " + line);
            }
            rows.put(m.group(1), new Stated(normalise(cells.get(1)), normalise(cells.get(2))));
        }
        if (rows.isEmpty()) {
            throw new IllegalStateException("no invariant row (| [In](#...) | name | statement |) in spec §3");
        }
        return rows;
    }

    /** The anchor each §3 table row links its ID to, without {@code #}. */
    static Map<String, String> specAnchors(String spec) {
        Map<String, String> anchors = new LinkedHashMap<>();
        Pattern id = Pattern.compile("\\| \\[(I\\d+)]\\(#([^)]*)\\)");
        for (String line : section3(spec)) {
            Matcher m = id.matcher(line);
            if (m.lookingAt()) {
                anchors.put(m.group(1), m.group(2));
            }
        }
        return anchors;
    }

    /** The §3 subsection headings ({@code ### I6 cache exactness}): ID to name. */
    static Map<String, Stated> specHeadings(String spec) {
        Map<String, Stated> headings = new LinkedHashMap<>();
        Pattern heading = Pattern.compile("### (I\\d+) (.+)");
        for (String line : section3(spec)) {
            Matcher m = heading.matcher(line.strip());
            if (m.matches()) {
                headings.put(m.group(1), new Stated(normalise(m.group(2)), null));
            }
        }
        return headings;
    }

    /** The lines of spec §3: from its heading {@code ## 3.} to the next second-level heading. */
    private static List<String> section3(String spec) {
        List<String> lines = spec.lines().toList();
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("## 3.")) {
                start = i + 1;
                break;
            }
        }
        if (start < 0) {
            throw new IllegalStateException("no heading '## 3.' (the invariants) in the spec");
        }
        int end = start;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) {
            end++;
        }
        return lines.subList(start, end);
    }

    /** A table row's cells, trimmed; an escaped {@code \|} stays inside its cell. */
    private static List<String> cells(String row) {
        String inner = row.strip();
        inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
        List<String> cells = new ArrayList<>();
        for (String c : inner.split("(?<!\\\\)\\|", -1)) {
            cells.add(c.replace("\\|", "|").strip());
        }
        return cells;
    }

    /** Undoes Markdown only: code spans, emphasis and links; whitespace runs become one space. */
    static String normalise(String text) {
        return text.replaceAll("\\[([^\\]]*)]\\([^)]*\\)", "$1")
                .replace("`", "")
                .replace("**", "")
                .replaceAll("(?<![\\w*])\\*(?=\\S)|(?<=\\S)\\*(?![\\w*])", "")
                .replaceAll("\\s+", " ")
                .strip();
    }

    static Map<String, Stated> enumInvariants() {
        Map<String, Stated> m = new LinkedHashMap<>();
        for (Invariant i : Invariant.values()) {
            m.put(i.name(), new Stated(normalise(i.title()), normalise(i.sentence())));
        }
        return m;
    }

    private static Map<String, Stated> namesOnly(Map<String, Stated> stated) {
        Map<String, Stated> m = new LinkedHashMap<>();
        stated.forEach((id, s) -> m.put(id, new Stated(s.name(), null)));
        return m;
    }

    /**
     * Every difference between the spec's invariants and the code's, in ID order: an ID on one side only, a
     * name or a statement that differs (a statement only where both sides have one).
     */
    static List<String> compare(Map<String, Stated> spec, Map<String, Stated> code) {
        Set<String> ids = new TreeSet<>((a, b) -> Integer.compare(number(a), number(b)));
        ids.addAll(spec.keySet());
        ids.addAll(code.keySet());
        List<String> differences = new ArrayList<>();
        for (String id : ids) {
            Stated s = spec.get(id);
            Stated c = code.get(id);
            if (s == null) {
                differences.add(id + ": in the code, not in the spec");
            } else if (c == null) {
                differences.add(id + ": in the spec, not in the code");
            } else {
                if (!s.name().equals(c.name())) {
                    differences.add(id + ": name differs: spec '" + s.name() + "', code '" + c.name() + "'");
                }
                if (s.statement() != null
                        && c.statement() != null
                        && !s.statement().equals(c.statement())) {
                    differences.add(
                            id + ": statement differs: spec '" + s.statement() + "', code '" + c.statement() + "'");
                }
            }
        }
        return differences;
    }

    /**
     * {@link Broadcast}'s javadoc paraphrases each invariant in a {@code <li>} that starts with its ID and name;
     * the differences between those and the enum: an ID on one side only, or an item that does not start with
     * the invariant's name.
     */
    static List<String> javadocDifferences(String source) {
        Map<String, String> items = new LinkedHashMap<>();
        Matcher m = Pattern.compile("<li>(I\\d+) ([^\\n]*)").matcher(source);
        while (m.find()) {
            items.put(m.group(1), m.group(2));
        }
        List<String> differences = new ArrayList<>();
        for (Invariant i : Invariant.values()) {
            String item = items.remove(i.name());
            if (item == null) {
                differences.add(i.name() + ": in the code, not in Broadcast's javadoc");
            } else if (!item.startsWith(i.title())) {
                String shown = item.length() > 40 ? item.substring(0, 40) : item;
                differences.add(i.name() + ": Broadcast's javadoc names it '" + shown + "', not '" + i.title() + "'");
            }
        }
        items.keySet().forEach(id -> differences.add(id + ": in Broadcast's javadoc, not in the code"));
        return differences;
    }

    private static int number(String id) {
        return Integer.parseInt(id.substring(1));
    }

    /** The repository root: the nearest folder, from the working directory up, that holds docs/spec.md. */
    static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("docs/spec.md"))) {
                return d;
            }
        }
        throw new IllegalStateException("no docs/spec.md in " + dir + " or any folder above it");
    }
}
