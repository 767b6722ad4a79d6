package io.cursorcheck.conformance.upstream;

import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The regression test written for Node's {@code test/parallel/}
 * ({@code conformance/src/main/upstream/test-stream-iter-broadcast-reentrant-flush.mjs}), run with
 * {@code node --test} on a release with a given {@code broadcast.js}, and its outcome read from
 * the test runner's JUnit XML report (one {@code testcase} per test, a {@code failure} in each that
 * failed).
 *
 * <p>The outcome tells a test that failed by one of its assertions (what the test is for) from one
 * that failed any other way (a crash, a source that does not load, a test missing from the run):
 * only the first is a failure of the source; the second is an error of the run.
 */
public final class RegressionTest {

    /**
     * Its tests, by name: one per symptom of the re-entrant flush, and one of a spoiled entry read on a failed
     * broadcast (§8's second correction). A run must report each of them.
     */
    public static final List<String> TESTS = List.of(
            "a read queued behind a waiting read settles when a re-entrant flush buffers its entry",
            "end() queued behind writes lands every write once and delivers each entry once",
            "a write landed by a flush inside a delivery is delivered, not cut off by a nested end()",
            "a detached entry read after fail() detaches every consumer before the buffer is cleared");

    /** How long one run may take. */
    static final long TIMEOUT_SECONDS = 120;

    private RegressionTest() {}

    /** The test file. */
    public static Path file() {
        return SourceTree.root()
                .resolve("conformance/src/main/upstream/test-stream-iter-broadcast-reentrant-flush.mjs");
    }

    /** How one test ended. */
    public enum Status {
        /** It passed. */
        PASSED,
        /** One of its assertions failed ({@code ERR_ASSERTION}). */
        FAILED_ASSERTION,
        /** It failed otherwise: it threw, or the file did not load. */
        ERROR,
        /** The run reported no test of this name. */
        MISSING
    }

    /**
     * One run.
     *
     * @param command  the command line, as a user types it in the source tree's root
     * @param exit     the process's exit status
     * @param tests    each of {@link #TESTS} and how it ended, in that order
     * @param messages each failed test's first line of failure
     * @param unknown  names the run reported that are not in {@link #TESTS} (a file-level failure is one)
     * @param output   the spec reporter's output, for the report
     * @param stderr   the process's stderr
     */
    public record Outcome(
            String command,
            int exit,
            Map<String, Status> tests,
            Map<String, String> messages,
            List<String> unknown,
            String output,
            String stderr) {

        /** Every test passed, and the process said so. */
        public boolean passed() {
            return exit == 0 && unknown.isEmpty() && tests.values().stream().allMatch(s -> s == Status.PASSED);
        }

        /** Every test failed by one of its assertions, nothing else went wrong. */
        public boolean everyTestFailedByAssertion() {
            return exit != 0
                    && unknown.isEmpty()
                    && tests.values().stream().allMatch(s -> s == Status.FAILED_ASSERTION);
        }

        /** Tests that passed. */
        public long count(Status status) {
            return tests.values().stream().filter(s -> s == status).count();
        }

        /** One line: e.g. {@code FAIL: 3 of 3 tests fail by an assertion} or {@code PASS: 3 of 3 tests pass}. */
        public String summary() {
            if (passed()) {
                return "PASS: " + tests.size() + " of " + tests.size() + " tests pass";
            }
            if (everyTestFailedByAssertion()) {
                return "FAIL: " + tests.size() + " of " + tests.size() + " tests fail by an assertion";
            }
            StringBuilder s = new StringBuilder("neither: ");
            s.append(count(Status.PASSED))
                    .append(" passed, ")
                    .append(count(Status.FAILED_ASSERTION))
                    .append(" failed by an assertion, ")
                    .append(count(Status.ERROR))
                    .append(" failed otherwise, ")
                    .append(count(Status.MISSING))
                    .append(" missing");
            if (!unknown.isEmpty()) {
                s.append("; the run reported ").append(unknown);
            }
            String refusal = stderr.lines()
                    .filter(l -> l.startsWith(NodeWithSource.SOURCE_ERROR))
                    .findFirst()
                    .orElse("");
            if (!refusal.isEmpty()) {
                s.append("; ").append(refusal);
            }
            return s.append(" (exit ").append(exit).append(')').toString();
        }
    }

    /**
     * Runs the test file with {@code node --test} and the given source.
     *
     * @param source  the release and the {@code broadcast.js}
     * @param workDir where the runner's reports go (created)
     * @param tag     names the report files, e.g. {@code builtin} or {@code patched}
     */
    public static Outcome run(NodeWithSource source, Path workDir, String tag)
            throws IOException, InterruptedException {
        return run(source, file(), workDir, tag);
    }

    /** As {@link #run(NodeWithSource, Path, String)}, with another test file (a test's control). */
    static Outcome run(NodeWithSource source, Path testFile, Path workDir, String tag)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path junit = workDir.resolve("regression-" + tag + ".xml");
        Path spec = workDir.resolve("regression-" + tag + ".txt");
        Path stderr = workDir.resolve("regression-" + tag + ".stderr");
        Files.deleteIfExists(junit);
        // node --test runs the file in a child whose stderr the runner keeps to itself: a source that does not load
        // is found first, by loading it alone, so that the run says why (the loader's one line) rather than only
        // that the file failed.
        List<String> preflight =
                source.command(List.of("--input-type=module", "-e", "await import('node:stream/iter');"));
        Process load = runBounded(preflight, stderr, "loading the source");
        if (load.exitValue() != 0) {
            Map<String, Status> none = new LinkedHashMap<>();
            TESTS.forEach(t -> none.put(t, Status.MISSING));
            return new Outcome(
                    NodeWithSource.shell(preflight),
                    load.exitValue(),
                    none,
                    Map.of(),
                    List.of(),
                    "",
                    Files.readString(stderr, StandardCharsets.UTF_8));
        }
        List<String> rest = List.of(
                "--test",
                "--test-reporter=junit",
                "--test-reporter-destination=" + junit,
                "--test-reporter=spec",
                "--test-reporter-destination=" + spec,
                testFile.toAbsolutePath().toString());
        List<String> command = source.command(rest);
        Process p = runBounded(command, stderr, "the regression test");
        String err = Files.readString(stderr, StandardCharsets.UTF_8);
        String out = Files.exists(spec) ? Files.readString(spec, StandardCharsets.UTF_8) : "";
        Map<String, Status> tests = new LinkedHashMap<>();
        TESTS.forEach(t -> tests.put(t, Status.MISSING));
        Map<String, String> messages = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        if (Files.exists(junit)) {
            NodeList cases = parse(junit).getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element c = (Element) cases.item(i);
                String name = c.getAttribute("name");
                NodeList failures = c.getElementsByTagName("failure");
                Status status = Status.PASSED;
                if (failures.getLength() > 0) {
                    String text = failures.item(0).getTextContent();
                    status = text.contains("code: 'ERR_ASSERTION'") ? Status.FAILED_ASSERTION : Status.ERROR;
                    messages.put(name, assertion(text, ((Element) failures.item(0)).getAttribute("message")));
                }
                if (tests.containsKey(name)) {
                    tests.put(name, status);
                } else {
                    unknown.add(name);
                }
            }
        }
        return new Outcome(
                source.typed(List.of(
                        "--test",
                        SourceTree.root()
                                .toAbsolutePath()
                                .relativize(testFile.toAbsolutePath())
                                .toString())),
                p.exitValue(),
                tests,
                messages,
                unknown,
                out,
                err);
    }

    /**
     * What an assertion compared, as Node's runner prints the error ({@code actual: ...} and
     * {@code expected: ...} lines of its inspected form); the message's first line when it has none.
     */
    static String assertion(String failure, String message) {
        java.util.regex.Matcher actual =
                java.util.regex.Pattern.compile("(?m)^\\s+actual: (.*?),?$").matcher(failure);
        java.util.regex.Matcher expected =
                java.util.regex.Pattern.compile("(?m)^\\s+expected: (.*?),?$").matcher(failure);
        if (actual.find() && expected.find()) {
            return "actual " + actual.group(1) + ", expected " + expected.group(1);
        }
        return message.lines().findFirst().orElse("");
    }

    private static Document parse(Path xml) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return f.newDocumentBuilder().parse(xml.toFile());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("the test runner's JUnit report " + xml + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code command} with no input, its standard error to {@code stderr}, and waits at most
     * {@link #TIMEOUT_SECONDS}; a process still running then is killed and reported, naming {@code what}.
     */
    private static Process runBounded(List<String> command, Path stderr, String what)
            throws IOException, InterruptedException {
        Process p = ChildProcesses.start(new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile()));
        p.getOutputStream().close();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor();
            throw new IOException(
                    what + " did not finish within " + TIMEOUT_SECONDS + " s: " + NodeWithSource.shell(command));
        }
        return p;
    }
}
