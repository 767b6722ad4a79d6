package io.cursorcheck.properties.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Main code keeps the rule and the why, never the story: no calendar date and no issue number in any main source
 * of any module, nor in the scripts the project runs ({@code tools/}, {@code bin/}, {@code .ci/}): comments, help
 * text and strings alike. Evidence and history belong in {@code docs/},
 * {@code reports/runs/} and commit messages, where they can be dated without going stale in code.
 */
class SourceHygieneTest {

    /** A calendar date such as 2026-12-02. */
    private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b");
    /** "issue 16", "issue #16", "issues 14 and 15", "Issue 14 §3". */
    private static final Pattern ISSUE = Pattern.compile("(?i)\\bissues?\\s+#?\\d+");

    /** Each line of {@code text} that carries a date or an issue number, as {@code name:line: text}. */
    static List<String> offences(String name, String text) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher d = DATE.matcher(lines[i]);
            Matcher n = ISSUE.matcher(lines[i]);
            if (d.find() || n.find()) {
                out.add(name + ":" + (i + 1) + ": " + lines[i].strip());
            }
        }
        return out;
    }

    /** A main source of a module, or a script or tool of the project's own. */
    static boolean isCode(String relative) {
        return relative.matches("[^/]+/src/main/java/.*\\.java")
                || relative.matches("(tools|bin|\\.ci)/[^/]+") && !relative.endsWith(".md");
    }

    @Test
    void noMainSourceCarriesADateOrAnIssueNumber() throws IOException {
        Path root = SourceTree.root();
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile)
                    .filter(p -> isCode(root.relativize(p).toString()))
                    .sorted()
                    .toList()) {
                found.addAll(offences(root.relativize(f).toString(), Files.readString(f)));
            }
        }
        assertThat(found)
                .as("dates and issue numbers belong in docs/ and reports/runs/")
                .isEmpty();
    }

    @Test
    void controlTheScriptsAndToolsAreScannedAndTestsAndRecordsAreNot() {
        assertThat(isCode("tools/ExploreBench.java")).isTrue();
        assertThat(isCode("tools/fray-run.sh")).isTrue();
        assertThat(isCode(".ci/run")).isTrue();
        assertThat(isCode("bin/cursorcheck")).isTrue();
        assertThat(isCode("engine/src/main/java/io/cursorcheck/properties/Op.java"))
                .isTrue();
        assertThat(isCode("engine/src/test/java/io/cursorcheck/properties/OpTest.java"))
                .isFalse();
        assertThat(isCode("reports/runs/2026-12-06-ci.md")).isFalse();
    }

    @Test
    void controlADateAndAnIssueNumberAreFoundAndPlainNumbersAreNot() {
        String text = "/** Measured on 2026-12-02. */\n// before issue 16\nint seed = 20261201; // PR #63322\n"
                + "String s = \"Issue #14 §3\";\n";
        assertThat(offences("X.java", text))
                .containsExactly(
                        "X.java:1: /** Measured on 2026-12-02. */",
                        "X.java:2: // before issue 16",
                        "X.java:4: String s = \"Issue #14 §3\";");
    }
}
