package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.protocol.ProgramSubject;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.run.GateSeed;
import io.cursorcheck.properties.source.SourceTree;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/cursorcheck subject} end to end, through the launcher's entry point, on the Python
 * examples: the buggy one fails the run (exit 1) with its pages under {@code reports/subjects/}, and
 * the two replay commands a page prints fail again on it; the control is the same commands against the
 * correct port, which exit 0, so the exit code is the subject's, not the file's or the command's.
 */
class SubjectCliTest {

    @TempDir
    Path reports;

    private String previous;

    @BeforeEach
    void reportsHere() {
        previous = System.getProperty(Reports.DIR_PROPERTY);
        System.setProperty(Reports.DIR_PROPERTY, reports.toString());
    }

    @AfterEach
    void reportsBack() {
        if (previous == null) {
            System.clearProperty(Reports.DIR_PROPERTY);
        } else {
            System.setProperty(Reports.DIR_PROPERTY, previous);
        }
    }

    /** What a command line did: its standard output, and the console (standard error and output as written). */
    private record Outcome(int exit, String out, String console) {

        /** The console's last line. */
        String lastLine() {
            String[] lines = console.strip().split("\n");
            return lines[lines.length - 1];
        }
    }

    /**
     * Runs a command line as printed ({@code bin/cursorcheck ...}, from the project's root): a word naming a
     * file under the root is given its absolute path, since the tests run in the module's folder.
     */
    private static Outcome run(String command) {
        List<String> words = new ArrayList<>(Arrays.asList(command.split(" ")));
        assertThat(words.remove(0)).isEqualTo("bin/cursorcheck");
        for (int i = 0; i < words.size(); i++) {
            Path underRoot = SourceTree.root().resolve(words.get(i));
            if (!words.get(i).startsWith("-") && words.get(i).contains("/") && Files.exists(underRoot)) {
                words.set(i, underRoot.toString());
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream console = new ByteArrayOutputStream(); // both streams, in the order written
        PrintStream both = new PrintStream(console, true, StandardCharsets.UTF_8);
        int exit = new Main(new PrintStream(new Tee(out, both), true, StandardCharsets.UTF_8), both).run(words);
        String text = out.toString(StandardCharsets.UTF_8);
        System.out.println("$ " + command + "\n" + console.toString(StandardCharsets.UTF_8));
        return new Outcome(exit, text, console.toString(StandardCharsets.UTF_8));
    }

    /** Standard output kept apart and also written to the console, where standard error goes too. */
    private static final class Tee extends java.io.OutputStream {
        private final java.io.OutputStream own;
        private final java.io.OutputStream console;

        Tee(java.io.OutputStream own, java.io.OutputStream console) {
            this.own = own;
            this.console = console;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            own.write(b);
            console.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            own.write(b, off, len);
            console.write(b, off, len);
        }

        @Override
        public void flush() throws java.io.IOException {
            own.flush();
            console.flush();
        }
    }

    private static String script(boolean correct) {
        return "examples/python/"
                + ProgramSubject.EXAMPLES.stream()
                        .filter(e -> e.correct() == correct)
                        .findFirst()
                        .orElseThrow()
                        .script();
    }

    private static String command(Pattern p, String page) {
        Matcher m = p.matcher(page);
        assertThat(m.find()).as("the page gives the command %s", p).isTrue();
        return m.group();
    }

    @Test
    void aBuggySubjectFailsWithPagesWhoseReplayCommandsFailAgainAndPassOnTheCorrectPort() throws Exception {
        long seed = GateSeed.get().value();
        Outcome run = run(
                "bin/cursorcheck subject --name buggy --sequences 200 --seed " + seed + " -- python3 " + script(false));
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out()).contains("differs from the spec: ");
        Path dir = Reports.latestRun(reports).resolve("subjects/buggy");
        assertThat(dir.resolve("index.md")).exists();
        Path page;
        try (Stream<Path> pages = Files.list(dir)) {
            page = pages.filter(p -> p.getFileName().toString().endsWith(".md") && !p.endsWith("index.md"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
        String text = Files.readString(page);
        String replayFile = command(Pattern.compile("bin/cursorcheck subject --replay \\S+ -- python3 \\S+"), text);
        String replaySeed = command(
                Pattern.compile("bin/cursorcheck subject --replay-seed \\d+ --max-steps \\d+ --" + " python3 \\S+"),
                text);
        Outcome again = run(replayFile);
        assertThat(again.exit()).isEqualTo(1);
        assertThat(again.out()).contains("subject: buggy", "<-- DIVERGENCE");
        assertThat(run(replaySeed).exit()).isEqualTo(1);
        // the control: the very same commands against the correct port pass
        Outcome correctFile = run(replayFile.replace(script(false), script(true)));
        assertThat(correctFile.exit()).isZero();
        assertThat(correctFile.out()).contains("no failure");
        assertThat(run(replaySeed.replace(script(false), script(true))).exit()).isZero();
    }

    @Test
    void theCorrectPortConformsAndTheRunPrintsTheCommandThatRerunsIt() {
        Outcome run = run("bin/cursorcheck subject --sequences 200 --seed 7 -- python3 " + script(true));
        assertThat(run.exit()).isZero();
        assertThat(run.out())
                .contains("rerun exactly: bin/cursorcheck subject --name broadcast_subject --sequences 200"
                        + " --seed 7 -- python3 " + script(true));
        assertThat(run.lastLine())
                .isEqualTo("PASSED: no difference from the spec in 200 sequences; see "
                        + Reports.relative(Reports.latestRun(reports).resolve("subjects/broadcast_subject/index.md")));
        assertThat(Reports.latestRun(reports).resolve("subjects/broadcast_subject/index.md"))
                .exists();
    }

    /**
     * A buggy subject's console is its causes, not its shapes: a line per cause, each page named once at most,
     * no word of a release's judge (earlier semantics, undecided), and the verdict last, which the exit code
     * follows. Counted in sequences, so the verdict is the same on any machine.
     */
    @Test
    void aBuggySubjectsConsoleIsALinePerCauseAndEndsWithTheVerdict() throws Exception {
        long seed = GateSeed.get().value();
        Outcome run = run(
                "bin/cursorcheck subject --name buggy --sequences 400 --seed " + seed + " -- python3 " + script(false));
        assertThat(run.exit()).isEqualTo(1);
        Path dir = Reports.latestRun(reports).resolve("subjects/buggy");
        assertThat(run.lastLine())
                .matches("FAILED: \\d+ shapes? of difference in \\d+ causes?; see .*")
                .endsWith("; see " + Reports.relative(dir.resolve("index.md")));
        Matcher counts = Pattern.compile("FAILED: (\\d+) shapes? of difference in (\\d+) causes?")
                .matcher(run.lastLine());
        assertThat(counts.find()).isTrue();
        int causes = Integer.parseInt(counts.group(2));
        assertThat(Integer.parseInt(counts.group(1))).isGreaterThanOrEqualTo(causes);
        // one line per cause (two spaces, its key, a colon), each naming the page of its shortest script
        List<String> causeLines = run.console()
                .lines()
                .filter(l -> l.matches("  [a-z0-9+-]+: .*; \\d+ shape\\(s\\), .*\\.md"))
                .toList();
        assertThat(causeLines).hasSize(causes);
        // no shape is listed one by one: every page file is named at most once on the console
        try (Stream<Path> files = Files.list(dir)) {
            for (Path page : files.filter(p -> p.toString().endsWith(".md")).toList()) {
                String name = page.getFileName().toString();
                assertThat(run.console().split(Pattern.quote(name), -1).length - 1)
                        .as("mentions of %s", name)
                        .isLessThanOrEqualTo(1);
            }
        }
        assertThat(run.console().lines().count())
                .as("console lines: a few of the run's, one per cause, the verdict")
                .isLessThanOrEqualTo(10 + causes);
        String lower = run.console().toLowerCase(java.util.Locale.ROOT);
        for (String word : List.of("undecided", "do not fail the run", "earlier semantics", "changelog")) {
            assertThat(lower).as(word).doesNotContain(word);
        }
    }
}
