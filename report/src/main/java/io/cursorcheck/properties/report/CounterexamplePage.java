package io.cursorcheck.properties.report;

import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.Violation;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.source.SourceTree;
import java.nio.file.Path;
import java.util.List;

/**
 * The Markdown page of one counterexample, written to be read cold: what failed and why it
 * matters, the script, a step table with model and subject side by side and the first difference
 * marked, the invariant with its sentence and its link into {@code docs/spec.md}, how to replay it,
 * and a regression test to paste.
 */
public final class CounterexamplePage {

    private CounterexamplePage() {}

    /**
     * Renders the page.
     *
     * @param cx          the counterexample
     * @param run         the lockstep run of its script
     * @param description one sentence about the subject
     * @param jsonPath    the counterexample file's path as the replay command should name it; the
     *                    page is written next to it, and its links to the spec are relative to there
     */
    public static String render(
            Counterexample cx, Lockstep.Run run, String description, String jsonPath, String knownFinding) {
        return page(
                cx,
                run,
                description,
                jsonPath,
                knownFinding,
                "`bin/cursorcheck replay " + jsonPath + "`",
                "Paste into `properties/src/test/java/io/cursorcheck/properties/`; it fails until the problem is fixed.",
                regressionTest(cx));
    }

    /**
     * Renders the page of a counterexample found through the {@code cursorcheck-junit} entry point in a
     * project outside this repository: its replay and its regression test run in that project's own build
     * ({@code mvn verify -Dcursorcheck.replay=...}, {@code CursorCheck.replay}), not through
     * {@code bin/cursorcheck} or this repository's tests.
     *
     * @param cx          the counterexample
     * @param run         the lockstep run of its script
     * @param description one sentence about the subject
     * @param json        the counterexample file; the page is written next to it
     * @param testClass   the simple name of the user's test class that runs the check
     * @return the page
     */
    public static String renderForEntryPoint(
            Counterexample cx, Lockstep.Run run, String description, Path json, String testClass) {
        Path absolute = json.toAbsolutePath().normalize();
        Path cwd = Path.of("").toAbsolutePath();
        // The build runs the tests in the project's directory: the path as the user types it there.
        String shown = (absolute.startsWith(cwd) ? cwd.relativize(absolute) : absolute)
                .toString()
                .replace('\\', '/');
        return page(
                cx,
                run,
                description,
                Reports.relative(json),
                null,
                "`mvn -B verify -Dtest='" + testClass
                        + "' -Dcursorcheck.replay=" + shown + "` in your project: the check replays this file"
                        + " instead of random sequences",
                "Paste into your own test code (as `" + camel(cx.subject(), true) + "RegressionTest.java`, beside `"
                        + testClass + "`), with the factory your `" + testClass + "` gives `CursorCheck.of`; it fails"
                        + " until the problem is fixed.",
                entryPointRegressionTest(cx, testClass));
    }

    private static String page(
            Counterexample cx,
            Lockstep.Run run,
            String description,
            String jsonPath,
            String knownFinding,
            String replayCell,
            String regressionIntro,
            String regressionTest) {
        Failure f = cx.failure();
        Path here = SourceTree.root().resolve(jsonPath).getParent(); // the page sits next to its JSON file
        StringBuilder b = new StringBuilder();
        b.append("# `").append(cx.subject()).append("`: ").append(f.title()).append("\n\n");
        b.append(
                f.kind().againstModel()
                        ? "> **A finding about the semantics**: the reference model, following [the spec]("
                                + SpecLinks.from(here, (String) null)
                                + ") as written, breaks an invariant the spec promises. The subject does the same; the"
                                + " problem is in the algorithm, not in a port.\n\n"
                        : "> `" + cx.subject() + "` fails: " + f.kind().meaning() + ".\n\n");
        MarkdownTable facts = MarkdownTable.of("", "");
        facts.row("Subject", "`" + cx.subject() + "`: " + MarkdownTable.text(description));
        facts.row("Options", cx.script().options());
        facts.row(
                "Failure",
                f.kind() + " at step " + f.step() + " of " + cx.script().length());
        for (Violation v : f.violations()) {
            facts.row(
                    "Invariant",
                    "**[" + v.invariant().name() + " " + v.invariant().title() + "]("
                            + SpecLinks.from(here, v.invariant()) + ")**: \""
                            + v.invariant().sentence() + "\"");
        }
        facts.row(
                "Found by",
                cx.source() != null
                        ? cx.source()
                        : cx.seed() == null
                                ? "a fixed script"
                                : "random sequence, seed `" + Long.toUnsignedString(cx.seed()) + "` (" + cx.original()
                                        + " operations), shrunk to "
                                        + (cx.minimality() == null
                                                ? cx.script().length()
                                                : cx.minimality().shrunkLength())
                                        + " in " + cx.evaluations() + " runs");
        if (cx.minimality() != null) {
            facts.row(
                    "Length",
                    cx.script().length() + " operations, "
                            + MarkdownTable.text(cx.minimality().sentence()) + "; alphabet: "
                            + MarkdownTable.text(cx.minimality().alphabet()));
        }
        if (knownFinding != null) {
            facts.row(
                    "Known finding",
                    "[" + knownFinding + "]("
                            + Reports.link(
                                    here, SourceTree.root().resolve("reports/findings/" + knownFinding + "/README.md"))
                            + "): the explanation and its status");
        }
        if (!cx.continuedPast().isEmpty()) {
            facts.row(
                    "Continued past",
                    "the known finding " + String.join(", ", cx.continuedPast())
                            + " earlier in the script: the comparison went on after it ([spec §3]("
                            + SpecLinks.from(here, "3-invariants") + "), after a finding), and replay does the same");
        }
        facts.row("Replay", replayCell);
        b.append(facts).append('\n');

        b.append("## Script\n\n```\n// ").append(cx.script().options()).append('\n');
        List<String> lines = cx.script().lines();
        for (int i = 0; i < lines.size(); i++) {
            String names = cx.script().described(i).substring(lines.get(i).length()); // " — write(2) at step 3"
            b.append(lines.get(i))
                    .append(names.isEmpty() ? "" : "   //" + names.substring(2))
                    .append(i == f.step() ? "   // <- fails here" : "")
                    .append('\n');
        }
        b.append("```\n\n");

        b.append("## Step by step\n\n");
        b.append("Answers are the operation's own outcome, then the earlier operations (by number) it settled."
                + " States: `[start..end)=sizes`, then each attached consumer `cN@cursor` (`rK`: K open reads),"
                + " then the writer and lifecycle where not default (`spoiled=P`: spoiled entries; `queued=2!`: a spoiled"
                + " queued write; `drains=N`: pending drains). An `abort(#n)` or `spoil(#n)` is followed by what"
                + " step n was.\n\n");
        boolean alone = run.model().equals(run.subject());
        MarkdownTable steps = alone
                ? MarkdownTable.of("#", "operation", "answer", "state after")
                : MarkdownTable.of("#", "operation", "model answer", "subject answer", "model state", "subject state");
        for (int i = 0; i < run.model().size(); i++) {
            Observation m = run.model().get(i);
            Observation s = run.subject().get(i);
            String step = i + (i == f.step() ? " **⚠**" : "");
            String operation = MarkdownTable.code(cx.script().described(i));
            String ma = Compact.answer(m);
            String sa = Compact.answer(s);
            String ms = Compact.state(m.snapshot());
            String ss = Compact.state(s.snapshot());
            if (alone) {
                steps.row(step, operation, MarkdownTable.text(ma), MarkdownTable.text(ms));
            } else {
                steps.row(
                        step,
                        operation,
                        MarkdownTable.text(ma),
                        MarkdownTable.bold(sa, !sa.equals(ma)),
                        MarkdownTable.text(ms),
                        MarkdownTable.bold(ss, !ss.equals(ms)));
            }
        }
        b.append(steps);
        b.append(
                alone
                        ? "\nThe subject answered and ended up exactly like the model at every step.\n\n"
                        : "\n**⚠** marks the failing step; **bold** cells differ from the model.\n\n");

        b.append("## What went wrong\n\n").append(escapeText(f.detail())).append("\n\n");
        for (Violation v : f.violations()) {
            b.append("- **")
                    .append(v.invariant().name())
                    .append(" ")
                    .append(v.invariant().title())
                    .append("** ([spec §3](")
                    .append(SpecLinks.from(here, v.invariant()))
                    .append("): \"")
                    .append(v.invariant().sentence())
                    .append("\"): ")
                    .append(escapeText(v.detail()))
                    .append('\n');
        }
        if (!f.violations().isEmpty()) {
            b.append('\n');
        }
        if (f.kind() == Failure.Kind.DIVERGENCE && !f.subject().violations().isEmpty()) {
            b.append("What is at stake: at this step the subject also breaks\n\n");
            for (Violation v : f.subject().violations()) {
                b.append("- **")
                        .append(v.invariant().name())
                        .append(" ")
                        .append(v.invariant().title())
                        .append("** ([spec §3](")
                        .append(SpecLinks.from(here, v.invariant()))
                        .append("): \"")
                        .append(v.invariant().sentence())
                        .append("\"): ")
                        .append(escapeText(v.detail()))
                        .append('\n');
            }
            b.append('\n');
        }
        Observation thrower = f.kind() == Failure.Kind.MODEL_THREW
                ? f.model()
                : f.kind() == Failure.Kind.SUBJECT_THREW ? f.subject() : null;
        if (thrower != null && thrower.thrown().cause() != null) {
            b.append("Where it threw:\n\n```\n")
                    .append(thrower.thrown().type())
                    .append(": ")
                    .append(thrower.thrown().message())
                    .append('\n');
            StackTraceElement[] frames = thrower.thrown().cause().getStackTrace();
            for (int i = 0; i < Math.min(frames.length, 12); i++) {
                if (frames[i].getClassName().startsWith("io.cursorcheck.properties.Session")) {
                    break;
                }
                b.append("    at ").append(frames[i]).append('\n');
            }
            b.append("```\n\n");
        }

        b.append("## Regression test\n\n").append(regressionIntro).append("\n\n```java\n");
        b.append(regressionTest).append("```\n");
        return b.toString();
    }

    /** A JUnit 5 test that replays the script in lockstep and expects no failure. */
    public static String regressionTest(Counterexample cx) {
        StringBuilder b = new StringBuilder();
        b.append("import static org.assertj.core.api.Assertions.assertThat;\n\n");
        b.append("import io.cursorcheck.properties.engine.Lockstep;\n");
        b.append("import io.cursorcheck.properties.engine.Script;\n");
        b.append("import io.cursorcheck.properties.campaign.Subjects;\n");
        b.append("import org.junit.jupiter.api.Test;\n\n");
        b.append("class ").append(camel(cx.subject(), true)).append("RegressionExamples {\n\n");
        b.append("    /** ")
                .append(cx.failure().title())
                .append(": reports/counterexamples/")
                .append(cx.subject())
                .append('/')
                .append(cx.slug())
                .append(".md */\n");
        b.append("    @Test\n    void ").append(camel(cx.slug(), false)).append("() {\n");
        b.append("        Script script = Script.parse(Script.parseOptions(\"")
                .append(cx.script().options())
                .append("\"), \"\"\"\n");
        for (String line : cx.script().lines()) {
            b.append("                ").append(line).append('\n');
        }
        b.append("                \"\"\");\n");
        b.append("        Lockstep.Run run = Lockstep.run(Subjects.named(\"")
                .append(cx.subject())
                .append("\"), script");
        if (!cx.continuedPast().isEmpty()) { // found past a known finding: the test continues past it too
            b.append(",\n                io.cursorcheck.properties.engine.Tolerance.of(java.util.List.of(\"")
                    .append(String.join("\", \"", cx.continuedPast()))
                    .append("\"))");
        }
        b.append(");\n");
        b.append("        assertThat(run.failure()).as(\"%s\", run.failure()).isNull();\n    }\n}\n");
        return b.toString();
    }

    /**
     * A JUnit 5 test for the user's own build that replays the script through the entry point and expects no
     * failure; the factory is the user's to fill in, as their check gives it.
     *
     * @param cx        the counterexample
     * @param testClass the simple name of the user's test class that runs the check
     * @return the test's source
     */
    public static String entryPointRegressionTest(Counterexample cx, String testClass) {
        StringBuilder b = new StringBuilder();
        b.append("import io.cursorcheck.junit.CursorCheck;\n");
        b.append("import org.junit.jupiter.api.Test;\n\n");
        b.append("class ").append(camel(cx.subject(), true)).append("RegressionTest {\n\n");
        b.append("    /** ")
                .append(cx.failure().title())
                .append(": target/cursorcheck/counterexamples/")
                .append(cx.subject())
                .append('/')
                .append(cx.slug())
                .append(".md */\n");
        b.append("    @Test\n    void ").append(camel(cx.slug(), false)).append("() {\n");
        b.append("        // YourBroadcast::new: the factory ")
                .append(testClass)
                .append(" gives CursorCheck.of\n");
        b.append("        CursorCheck.of(\"").append(cx.subject()).append("\", YourBroadcast::new).replay(\"\"\"\n");
        b.append("                // ").append(cx.script().options()).append('\n');
        for (String line : cx.script().lines()) {
            b.append("                ").append(line).append('\n');
        }
        b.append("                \"\"\"");
        for (String finding : cx.continuedPast()) { // found past a known finding: the replay continues past it too
            b.append(", \"").append(finding).append('"');
        }
        b.append(");\n    }\n}\n");
        return b.toString();
    }

    /** {@code cached-count} as {@code CachedCount} (or {@code cachedCount}). */
    private static String camel(String id, boolean upperFirst) {
        StringBuilder b = new StringBuilder();
        for (String part : id.split("[^A-Za-z0-9]+")) {
            if (part.isEmpty()) {
                continue;
            }
            boolean upper = upperFirst || b.length() > 0;
            b.append(upper ? Character.toUpperCase(part.charAt(0)) : part.charAt(0))
                    .append(part.substring(1));
        }
        return b.toString();
    }

    private static String escapeText(String s) {
        return s.replace("\n", " ");
    }
}
