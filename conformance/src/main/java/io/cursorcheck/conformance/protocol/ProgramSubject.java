package io.cursorcheck.conformance.protocol;

import io.cursorcheck.conformance.Causes;
import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.release.MissingToolException;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A subject given by its command line: any program that speaks the cursorcheck-subject protocol
 * ({@code docs/protocol.md}), checked like a release of Node or Bun ({@code bin/cursorcheck subject})
 * but held to the spec: every difference from the model fails its run, since no earlier semantics of
 * a release can excuse it. Its pages go to {@code reports/subjects/<name>/}; each difference's page
 * gives the commands that replay it (there is no JavaScript reproduction of a program in any language).
 */
public final class ProgramSubject {

    /** What a subject's name may be: it names its folder under {@code reports/subjects/}. */
    public static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    /**
     * An example subject of this repository, in Python 3 (standard library only), run as
     * {@code python3 examples/python/<script>}.
     *
     * @param name    its name in reports
     * @param script  its file under {@code examples/python/}
     * @param correct whether it must conform: the correct port of the spec; else the negative control, which
     *                has a cursor-tracking bug that a run must catch and shrink
     */
    public record Example(String name, String script, boolean correct) {

        /** The interpreter the examples run with, looked up on the {@code PATH}. */
        public static final String PYTHON = "python3";

        /** Its command line, the script's path absolute (a command works from any directory). */
        public List<String> command() {
            return List.of(
                    PYTHON,
                    SourceTree.root().resolve("examples/python").resolve(script).toString());
        }
    }

    /** The correct example and its negative control, as the campaign and the gate check them. */
    public static final List<Example> EXAMPLES = List.of(
            new Example("python-correct", "broadcast_subject.py", true),
            new Example("python-buggy", "buggy_broadcast_subject.py", false));

    private ProgramSubject() {}

    /**
     * Checks, before anything runs, that the examples can run here: {@value Example#PYTHON} is on the PATH.
     *
     * @throws MissingToolException saying that it is needed and how to get it
     */
    public static void requireExamplesRunnable() throws MissingToolException {
        if (!runnable(Example.PYTHON, System.getenv("PATH"))) {
            throw new MissingToolException(Example.PYTHON + " is needed to run the example subjects (examples/python/),"
                    + " and there is no " + Example.PYTHON + " on the PATH; install it, e.g. with 'apt-get install"
                    + " python3'");
        }
    }

    /**
     * Checks a subject's name.
     *
     * @return the name
     * @throws IllegalArgumentException naming the value, if it does not match {@link #NAME}
     */
    public static String checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a subject's name is 1 to 64 of a-z, 0-9, '.', '_' and '-', starting"
                    + " with a letter or digit (it names its folder under reports/subjects/), was '" + name + "'");
        }
        return name;
    }

    /**
     * The name of a subject given no name: the file name of the command's last word, without its extension,
     * in lower case, every character a name may not have replaced by '-' (e.g. {@code broadcast_subject} for
     * {@code python3 examples/python/broadcast_subject.py}); {@code subject} if nothing is left.
     */
    public static String defaultName(List<String> command) {
        String word = command.get(command.size() - 1);
        String last = word.substring(word.lastIndexOf('/') + 1);
        int dot = last.lastIndexOf('.');
        String stem = (dot > 0 ? last.substring(0, dot) : last)
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9._-]", "-")
                .replaceFirst("^[._-]+", "");
        stem = stem.length() > 64 ? stem.substring(0, 64) : stem;
        return stem.isEmpty() ? "subject" : stem;
    }

    /**
     * Starts the program once and reads its handshake.
     *
     * @param name    its name in reports ({@link #checkName})
     * @param command the command line that starts it; its first word a path (with a '/') or a program on the
     *                {@code PATH}
     * @throws SubjectStartException naming the command, if the program is not there, cannot be started or does
     *                               not answer the handshake
     */
    public static ExternalSubject start(String name, List<String> command) throws SubjectStartException {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("a subject's command must have a program, was empty");
        }
        String program = command.get(0);
        if (!runnable(program, System.getenv("PATH"))) {
            throw new SubjectStartException("COMMAND '" + shell(command) + "': "
                    + (program.contains("/")
                            ? "there is no executable file " + program
                            : "there is no program '" + program + "' on the PATH"));
        }
        try {
            return new ExternalSubject(checkName(name), command);
        } catch (IOException e) {
            throw new SubjectStartException("COMMAND '" + shell(command) + "': "
                    + String.valueOf(e.getMessage()).replaceAll("\\s*\\R\\s*", " "));
        }
    }

    /** Whether {@code program} is an executable file: a path (with a '/'), or a name on {@code path}. */
    static boolean runnable(String program, String path) {
        if (program.contains("/")) {
            Path p = Path.of(program);
            return Files.isRegularFile(p) && Files.isExecutable(p);
        }
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The command as a shell would read it back at the project's root, where every command of the suite is run:
     * each word quoted where it needs it, an absolute path inside the project written relative to it.
     */
    public static String shell(List<String> command) {
        Path root = SourceTree.root();
        List<String> words = new ArrayList<>();
        for (String word : command) {
            String w = word.startsWith("/") && Path.of(word).normalize().startsWith(root)
                    ? root.relativize(Path.of(word).normalize()).toString()
                    : word;
            words.add(!w.isEmpty() && w.matches("[A-Za-z0-9_./:=@%+,-]+") ? w : "'" + w.replace("'", "'\\''") + "'");
        }
        return String.join(" ", words);
    }

    /** The command that checks the program: a run of {@code seconds} from {@code seed}. */
    public static String runCommand(
            String name, long seconds, long seed, int maxSteps, int defaultMaxSteps, List<String> command) {
        return runCommand(name, "--seconds " + seconds, seed, maxSteps, defaultMaxSteps, command);
    }

    /**
     * The command that checks the program: a run of {@code sequences} random sequences from {@code seed}, the same
     * whatever the machine's speed.
     */
    public static String sequencesCommand(
            String name, long sequences, long seed, int maxSteps, int defaultMaxSteps, List<String> command) {
        return runCommand(name, "--sequences " + sequences, seed, maxSteps, defaultMaxSteps, command);
    }

    private static String runCommand(
            String name, String budget, long seed, int maxSteps, int defaultMaxSteps, List<String> command) {
        return "bin/cursorcheck subject --name " + name + " " + budget + " --seed " + Long.toUnsignedString(seed)
                + (maxSteps != defaultMaxSteps ? " --max-steps " + maxSteps : "") + " -- " + shell(command);
    }

    /** The command that replays a counterexample file against the program, step by step. */
    public static String replayFile(Path json, List<String> command) {
        return "bin/cursorcheck subject --replay " + Reports.relative(json) + " -- " + shell(command);
    }

    /** The command that regenerates one random sequence from its seed and replays it against the program. */
    public static String replaySeed(long sequenceSeed, int maxSteps, List<String> command) {
        return "bin/cursorcheck subject --replay-seed " + Long.toUnsignedString(sequenceSeed) + " --max-steps "
                + maxSteps + " -- " + shell(command);
    }

    /**
     * The expectations a subject's run did not meet: those of a release ({@link #runProblems}), and one per
     * cause of difference from the spec ({@link Causes}), naming its shapes and its shortest shrunk script.
     */
    public static List<String> problems(Conformance.Result r) {
        List<String> p = new ArrayList<>(runProblems(r));
        for (Causes.Cause c : Causes.of(r.differences())) {
            Conformance.Difference d = c.shortest();
            p.add(r.subject() + ": differs from the spec (" + c.key() + ": " + c.title() + "), "
                    + count(c.shapes().size(), "shape")
                    + ", the shortest shrunk to " + d.counterexample().script().length() + " operations"
                    + (d.page() == null ? "" : ": " + Reports.relative(d.page())));
        }
        return p;
    }

    /**
     * The expectations a subject's run did not meet apart from its differences: those of a release
     * ({@link ConformanceCampaign#problems}: protocol errors, a difference that does not replay, a blind spot).
     */
    public static List<String> runProblems(Conformance.Result r) {
        return ConformanceCampaign.problems(r);
    }

    /**
     * One line: {@code PASSED: ...} when the subject met every expectation, else {@code FAILED: ...} with its
     * shapes of difference from the spec and its causes, its protocol errors and its other problems. A subject
     * is held to the spec, so the words of a release's judge (earlier semantics, undecided) have no place here.
     */
    public static String verdict(Conformance.Result r) {
        List<String> other = runProblems(r);
        if (other.isEmpty() && r.differences().isEmpty()) {
            return String.format("PASSED: no difference from the spec in %,d sequences", r.sequences());
        }
        List<String> parts = new ArrayList<>();
        long protocol = r.protocolErrors().count();
        if (protocol > 0) {
            parts.add(count(protocol, "protocol error") + " of the subject");
        }
        if (!r.differences().isEmpty()) {
            int unshrunk = r.signatures().size() - r.differences().size(); // the time for shrinking ran out
            parts.add(count(r.differences().size(), "shape") + " of difference in "
                    + count(Causes.of(r.differences()).size(), "cause")
                    + (unshrunk > 0 ? " (" + unshrunk + " more seen, not shrunk)" : ""));
        }
        int rest = other.size() - (protocol > 0 ? 1 : 0); // the protocol errors are one problem, named above
        if (rest > 0) {
            parts.add(count(rest, parts.isEmpty() ? "problem" : "other problem") + " of the run");
        }
        return "FAILED: " + String.join("; ", parts);
    }

    /** {@code 1 cause}, {@code 3 causes}. */
    private static String count(long n, String noun) {
        return String.format("%,d %s%s", n, noun, n == 1 ? "" : "s");
    }
}
