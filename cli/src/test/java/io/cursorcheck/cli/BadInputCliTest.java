package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.campaign.FrayPart;
import io.cursorcheck.properties.source.SourceTree;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad command line gets a clear answer: exit 2, one line that names the option (or the file
 * and its field or step) and the value, where to read the usage, no Java exception text, no stack
 * frame, and nothing on standard output, because nothing ran. The table runs each line through
 * {@link Main} in-process; {@link #problems} is the checker, and {@link #theCheckerCatchesATraceAnotherExitCodeAndARun}
 * its control.
 */
class BadInputCliTest {

    /** A stack frame as a JVM prints it: a tab or spaces, {@code at}, a qualified method and its source. */
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)(^\\s+at [\\w$.<>/]+\\(|\\tat |\\bat io\\.)");

    @TempDir
    static Path files;

    /** One bad command line and the words its message must contain. */
    record Bad(List<String> args, List<String> names) {
        @Override
        public String toString() {
            return String.join(" ", args).replace(files.toString(), "<tmp>");
        }
    }

    /** What a command line did. */
    record Outcome(int exit, String out, String err) {}

    private static Bad bad(String line, String... names) {
        return new Bad(Arrays.asList(line.split(" ")), List.of(names));
    }

    private static Bad badFile(String name, String content, String... names) throws IOException {
        Path file = files.resolve(name);
        Files.writeString(file, content, StandardCharsets.ISO_8859_1);
        List<String> all = new ArrayList<>(List.of(names));
        all.add(0, "replay " + file);
        return new Bad(List.of("replay", file.toString()), all);
    }

    private static String counterexample(String subject, String options, String operations) {
        return "{\"format\": \"cursorcheck-counterexample/1\", \"subject\": " + subject + ", \"options\": " + options
                + ", \"operations\": " + operations + "}";
    }

    @BeforeAll
    static void table() throws IOException {
        lines = List.copyOf(lines());
    }

    private static List<Bad> lines;

    static Stream<Bad> badLines() {
        return lines.stream();
    }

    private static List<Bad> lines() throws IOException {
        String ok = "{\"budget\": 2, \"policy\": \"STRICT\"}";
        String attach = "[\"c0 = attach()\"]";
        List<Bad> t = new ArrayList<>(List.of(
                // commands and options that do not exist, values that are missing
                bad("teleport", "unknown command 'teleport'", "check"),
                bad("chek", "'chek'", "did you mean check?"),
                bad("help nope", "'nope'"),
                bad("check", "--variant"),
                bad("check --variant nope", "--variant", "'nope'", "cached-count"),
                bad("check --variant model --frobnicate", "unknown option '--frobnicate'"),
                bad("check --variant model --seconds", "--seconds"),
                bad("variants extra", "'extra'"),
                bad("bench --fast", "'--fast'"),
                // numbers: not numbers, zero, negative, huge, wrapping
                bad("check --variant model --seconds x", "--seconds", "'x'", "1 to 31536000"),
                bad("check --variant model --seconds 0", "--seconds", "'0'"),
                bad("check --variant model --seconds -5", "--seconds", "'-5'"),
                bad("check --variant model --seconds 9223372036854775", "--seconds", "'9223372036854775'"),
                bad("check --variant model --seconds 99999999999999999999", "--seconds", "'99999999999999999999'"),
                bad("check --variant model --runs 0", "--runs", "'0'"),
                bad("check --variant model --runs 9223372036854775808", "--runs", "'9223372036854775808'"),
                bad("check --variant model --threads 4294967298", "--threads", "'4294967298'", "1 to 1024"),
                bad("check --variant model --threads 0", "--threads", "'0'"),
                bad("check --variant model --max-steps 2147483648", "--max-steps", "'2147483648'"),
                bad("check --variant model --max-steps 0", "--max-steps", "'0'"),
                bad("campaign --minutes 153722867280912931", "--minutes", "'153722867280912931'", "1 to 525600"),
                bad("campaign --minutes 0", "--minutes", "'0'"),
                bad("upstream --version abc", "--version", "'abc'"),
                bad("upstream --version 26.12.1 --seconds 0", "--seconds", "'0'"),
                bad("campaign --skip upstreams", "--skip", "'upstreams'", "upstream"),
                bad("campaign --seconds 5", "--seconds", "'5'", "10 to"),
                bad("campaign --threads -1", "--threads", "'-1'"),
                bad("campaign --max-steps 100001", "--max-steps", "'100001'"),
                bad("explore --depth 2147483648", "--depth", "'2147483648'"),
                bad("explore --variant cached-count --depth 0", "--depth", "'0'"),
                bad("explore --variant cached-count --consumers 0", "--consumers", "'0'"),
                bad("explore --variant cached-count --budget 0", "--budget", "'0'"),
                bad("explore --variant cached-count --limit 0", "--limit", "'0'"),
                bad("explore --variant cached-count --keying strings", "--keying", "'strings'", "symmetric"),
                bad("explore --variant cached-count --threads 0", "--threads", "'0'"),
                bad("explore --threads 1025", "--threads", "'1025'", "1 to 1024"),
                bad("explore --variant cached-count --threads x", "--threads", "'x'"),
                bad("explore --variant cached-count --sizes -1,2", "--sizes", "'-1'"),
                bad("explore --variant cached-count --sizes 1,x", "--sizes", "'x'"),
                bad("stress --repeat 0", "--repeat", "'0'"),
                bad("stress --repeat 1001", "--repeat", "'1001'"),
                bad("node --version 26.12.1 --seconds 0", "--seconds", "'0'"),
                bad("bun --version 1.4.5 --max-steps -1", "--max-steps", "'-1'"),
                bad("mutants --sequences 0", "--sequences", "'0'"),
                bad("mutants --equivalent-sequences 0", "--equivalent-sequences", "'0'"),
                bad("mutants --threads 99999", "--threads", "'99999'"),
                bad("replay --variant model --seed 1 --max-steps 0", "--max-steps", "'0'"),
                // seeds
                bad("check --variant model --seed abc", "--seed", "'abc'"),
                bad("check --variant model --seed 18446744073709551616", "--seed", "'18446744073709551616'"),
                bad("check --variant model --seed 0xZZ", "--seed", "'0xZZ'"),
                bad("check --variant model --seed 1 --seed 2", "--seed"),
                // weights
                bad("check --variant model --weights next=-5", "--weights", "next", "-5"),
                bad("check --variant model --weights next=2000000000,write=2000000000", "--weights", "2000000000"),
                bad("check --variant model --weights next=99999999999", "--weights", "99999999999"),
                bad("check --variant model --weights nxt=5", "--weights", "'nxt=5'"),
                bad("check --variant model --weights next=five", "--weights", "'five'"),
                bad("check --variant model --weights attach=0", "--weights", "attach=0"),
                bad("check --variant model --weights badInput=101", "--weights", "badInput", "101"),
                // names: policies, modes, parts, versions, mutants
                bad("explore --variant cached-count --policy lossy", "--policy", "'lossy'", "drop-oldest"),
                bad("stress --mode gentle", "--mode", "'gentle'", "tough"),
                bad("stress --tests (", "--tests", "'('"),
                bad("campaign --skip lunch", "--skip", "'lunch'", "conformance"),
                bad("campaign --skip stress,lunch", "--skip", "'lunch'"),
                bad("node", "--version"),
                bad("bun --version latest", "--version", "'latest'"),
                bad("node --version 26.12.1 --frobnicate", "'--frobnicate'"),
                bad("node --version 26.12.1 --record-findings --seconds 5", "--record-findings", "--seconds 5"),
                bad("node --version 26.12.1 --seed 7 --record-findings", "--record-findings", "--seed 7"),
                bad("bun --version 1.4.5 --source builtin", "--source builtin", "Node only"),
                bad("bun --version 1.4.5 --self-check", "--self-check", "node only"),
                bad(
                        "node --version 26.12.1 --source no/such/broadcast.js",
                        "--source",
                        "'no/such/broadcast.js'",
                        "no such file"),
                bad("node --version 26.12.1 --source target", "--source", "'target'", "directory"),
                bad("node --version 26.12.1 --model corrected", "--model corrected", "--source"),
                bad("node --version 26.12.1 --source builtin --model fixed", "--model", "'fixed'"),
                bad(
                        "node --version 26.12.1 --record-findings --source builtin",
                        "--record-findings",
                        "--source builtin"),
                bad("node --version 26.12.1 --self-check --source builtin", "--self-check", "--source builtin"),
                bad("node --version 26.12.1 --self-check --sequences 0", "--sequences", "'0'"),
                bad("node --version 26.12.1 --self-check --sequences -3", "--sequences", "'-3'"),
                bad("node --version 26.12.1 --self-check --sequences many", "--sequences", "'many'"),
                bad(
                        "node --version 26.12.1 --self-check --sequences 99999999999999999999",
                        "--sequences",
                        "'99999999999999999999'"),
                bad("node --version 26.12.1 --sequences 50", "--sequences 50", "--self-check"),
                bad("node --version 26.12.1 --self-check --sequences 50 --seconds 5", "--sequences 50", "--seconds 5"),
                bad("bun --version 1.4.5 --record-findings --max-steps 9", "--record-findings", "--max-steps 9"),
                // subject: the program after --, checked before anything runs
                bad("subject", "COMMAND", "missing", "after --"),
                bad("subject --seconds 5", "COMMAND", "missing"),
                bad(
                        "subject -- no-such-program-for-cursorcheck",
                        "COMMAND 'no-such-program-for-cursorcheck'",
                        "no program",
                        "PATH"),
                bad("subject -- ./no/such/subject.py", "COMMAND './no/such/subject.py'", "no executable file"),
                bad("subject -- cat", "COMMAND 'cat'", "handshake", "implementation"),
                bad("subject -- true", "COMMAND 'true'", "handshake", "without answering"),
                bad("subject --name Bad/Name -- cat", "--name", "'Bad/Name'"),
                bad("subject --seconds 0 -- cat", "--seconds", "'0'"),
                bad("subject --sequences 0 -- cat", "--sequences", "'0'"),
                bad("subject --sequences many -- cat", "--sequences", "'many'"),
                bad("subject --sequences 50 --seconds 5 -- cat", "--sequences 50", "--seconds 5"),
                bad("subject --replay a.json --sequences 50 -- cat", "--replay a.json", "--sequences 50"),
                bad("subject --replay no/such/file.json -- cat", "--replay no/such/file.json", "no such file"),
                bad("subject --replay a.json --replay-seed 5 -- cat", "--replay a.json", "--replay-seed 5"),
                bad("subject --replay-seed 5 --seed 3 -- cat", "--replay-seed 5", "--seed 3"),
                bad("subject --replay a.json --max-steps 9 -- cat", "--replay a.json", "--max-steps 9"),
                bad("mutants --only nope", "--only", "'nope'"),
                bad("mutants --algorithm fixed", "--algorithm", "'fixed'", "as-released or corrected"),
                bad("history --releases deno-2.0.0", "--releases", "'deno-2.0.0'", "node or bun"),
                bad("history --releases node-latest", "--releases", "'node-latest'", "26.12.1"),
                bad("history --releases node-26.1.0,bun", "--releases", "'bun'", "node-VERSION or bun-VERSION"),
                bad("history --releases node-26.12.1,node-26.12.1", "--releases", "node-26.12.1 twice"),
                bad("history --minutes 0", "--minutes", "'0'", "1 to 525600"),
                bad("history --minutes 525601", "--minutes", "'525601'"),
                bad("history --minutes x", "--minutes", "'x'"),
                bad("history --max-steps 0", "--max-steps", "'0'"),
                bad("history --seed abc", "--seed", "'abc'"),
                bad("history --frobnicate", "'--frobnicate'"),
                bad("campaign --skip histroy", "--skip", "'histroy'", "history"),
                bad("campaign --skip twin", "--skip", "'twin'", "twins"),
                bad("twins --seconds 5", "'--seconds'"),
                bad("twins now", "'now'"),
                // selections that select nothing: a run over none would pass having checked nothing
                bad("mutants --only ,", "--only", "','", "names no mutant"),
                bad("mutants --only=", "--only", "''", "names no mutant"),
                bad(
                        "mutants --only detach-forgets-count,,advance-compares-new-cursor",
                        "--only",
                        "'detach-forgets-count,,advance-compares-new-cursor'",
                        "empty id"),
                bad("mutants --only detach-forgets-count,detach-forgets-count", "--only", "detach-forgets-count twice"),
                bad(
                        "stress --tests NoSuchStress",
                        "--tests",
                        "'NoSuchStress'",
                        "matches no declared jcstress test",
                        "CountRaceStress"),
                bad("campaign --skip ,", "--skip", "','", "names nothing"),
                bad("history --releases ,", "--releases", "','", "names nothing"),
                bad("source-diff --from abc --to 26.12.1", "--from", "'abc'", "26.12.1"),
                bad("source-diff --from 26.10.0 --to node-26", "--to", "'node-26'"),
                bad("source-diff --from bun-1.4.5 --to 26.12.1", "--from", "'bun-1.4.5'", "no embedded"),
                bad("source-diff --from 26.10.0", "--to"),
                bad("source-diff --to 26.10.0", "--from"),
                bad("source-diff --from 26.10.0 --to 26.12.1 --function", "--function"),
                bad("source-diff --from 26.10.0 --to 26.12.1 --frobnicate", "'--frobnicate'"),
                bad("history --releases node-26.1.0,,bun-1.4.5", "--releases", "''"),
                bad("campaign --skip stress,,bench", "--skip", "''"),
                bad("explore --variant cached-count --sizes ,", "--sizes", "','", "names nothing"),
                // conflicting or incomplete combinations
                bad("check --variant model --seconds 5 --runs 5", "--seconds", "--runs"),
                bad("campaign --minutes 5 --seconds 60", "--minutes", "--seconds"),
                bad("explore --depth 3", "--depth needs --variant"),
                bad("explore --consumers 3 --sizes 1", "--consumers and --sizes need --variant"),
                bad("explore --deep --variant cached-count", "--deep", "--variant"),
                // the String keys and the explorer that used them are gone: their options are unknown
                bad("explore --variant cached-count --legacy", "unknown option '--legacy'"),
                bad("explore --variant cached-count --compare", "unknown option '--compare'"),
                bad("explore --variant cached-count --keying string", "--keying", "'string'", "binary, symmetric"),
                bad("replay", "FILE", "--variant"),
                bad("replay a.json b.json", "'b.json'"),
                bad("replay --variant model", "--variant needs --seed"),
                bad("replay --seed 5", "--seed needs --variant"),
                bad("replay no/such/file.json", "replay no/such/file.json", "no such file")));
        // replay files: each message names the file, then the field or step
        t.add(new Bad(List.of("replay", files.toString()), List.of("replay " + files, "directory")));
        t.add(new Bad(
                List.of("source-diff", "--from", "26.10.0", "--to", "26.12.1", "--function", " "),
                List.of("--function", "' '", "blank")));
        t.add(badFile("empty.json", "", "empty"));
        t.add(badFile("blank.json", "  \n", "empty"));
        t.add(badFile(
                "truncated.json", counterexample("\"cached-count\"", ok, attach).substring(0, 70), "not JSON"));
        t.add(badFile("words.json", "hello world", "not JSON"));
        t.add(badFile("binary.json", "\u00ff\u00fe{}", "UTF-8"));
        t.add(badFile("array.json", "[1, 2]", "an array"));
        t.add(badFile("string.json", "\"a counterexample\"", "a counterexample file is a JSON object"));
        t.add(badFile("format.json", "{\"format\": \"other/2\"}", "field 'format'", "other/2"));
        t.add(badFile("no-options.json", counterexample("\"cached-count\"", "null", attach), "field 'options'"));
        t.add(badFile("options-list.json", counterexample("\"cached-count\"", "[2]", attach), "field 'options'"));
        t.add(badFile(
                "budget.json",
                counterexample("\"cached-count\"", "{\"budget\": 0, \"policy\": \"STRICT\"}", attach),
                "field 'options.budget'",
                "0"));
        t.add(badFile(
                "budget-text.json",
                counterexample("\"cached-count\"", "{\"budget\": \"two\", \"policy\": \"STRICT\"}", attach),
                "field 'options.budget'",
                "two"));
        t.add(badFile(
                "policy.json",
                counterexample("\"cached-count\"", "{\"budget\": 2, \"policy\": \"LOSSY\"}", attach),
                "field 'options.policy'",
                "'LOSSY'"));
        t.add(badFile(
                "seed.json",
                counterexample("\"cached-count\"", ok, attach)
                        .replace("}\n", "")
                        .replaceFirst("}$", ", \"foundBy\": {\"seed\": \"abc\"}}"),
                "field 'foundBy.seed'",
                "abc"));
        t.add(badFile(
                "max-steps.json",
                counterexample("\"cached-count\"", ok, attach)
                        .replaceFirst("}$", ", \"foundBy\": {\"maxSteps\": 4294967298}}"),
                "field 'foundBy.maxSteps'",
                "4294967298"));
        t.add(badFile("null-subject.json", counterexample("null", ok, attach), "field 'subject'", "null"));
        t.add(badFile("number-subject.json", counterexample("7", ok, attach), "field 'subject'", "7"));
        t.add(badFile(
                "unknown-subject.json", counterexample("\"teleport\"", ok, attach), "field 'subject'", "'teleport'"));
        t.add(badFile(
                "bad-release.json", counterexample("\"node-latest\"", ok, attach), "field 'subject'", "'latest'"));
        t.add(badFile("no-operations.json", counterexample("\"cached-count\"", ok, "null"), "field 'operations'"));
        t.add(badFile(
                "empty-operations.json",
                counterexample("\"cached-count\"", ok, "[]"),
                "field 'operations'",
                "is empty"));
        t.add(badFile(
                "operation-number.json",
                counterexample("\"cached-count\"", ok, "[\"c0 = attach()\", 5]"),
                "field 'operations'"));
        t.add(badFile(
                "unattached.json",
                counterexample("\"cached-count\"", ok, "[\"c0 = attach()\", \"write(1)\", \"next(c0)\", \"next(c2)\"]"),
                "step 3, next(c2)",
                "consumer c2 was never attached"));
        t.add(badFile(
                "detach-first.json",
                counterexample("\"cached-count\"", ok, "[\"detach(c0)\"]"),
                "step 0",
                "detach(c0)",
                "never attached"));
        t.add(badFile(
                "misnamed-attach.json",
                counterexample("\"cached-count\"", ok, "[\"c1 = attach()\"]"),
                "step 0",
                "c1 = attach()",
                "c0"));
        t.add(badFile(
                "unknown-operation.json",
                counterexample("\"cached-count\"", ok, "[\"c0 = attach()\", \"launch()\"]"),
                "step 1",
                "launch"));
        t.add(badFile(
                "bad-argument.json",
                counterexample("\"cached-count\"", ok, "[\"write(99999999999)\"]"),
                "step 0",
                "write(99999999999)"));
        return t;
    }

    @Test
    void theTableHoldsAtLeastFortyLines() {
        assertThat(lines).hasSizeGreaterThanOrEqualTo(40);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badLines")
    void aBadLineExitsTwoNamingWhatIsWrongWithoutATrace(Bad line) {
        Outcome o = run(line.args());
        assertThat(problems(o, line.names()))
                .as("bin/cursorcheck %s answered:%n%s%s", line, o.out(), o.err())
                .isEmpty();
    }

    @Test
    void noCommandAtAllExitsTwoWithTheUsageAndNoTrace() {
        Outcome o = run(List.of());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err()).contains("usage: bin/cursorcheck COMMAND").doesNotContain("Exception");
    }

    /**
     * The control: the checker must see each way an answer can be wrong, on fake outcomes and on a
     * real command line that is not bad (exit 0, output on standard output).
     */
    @Test
    void theCheckerCatchesATraceAnotherExitCodeAndARun() {
        String usage = "run 'bin/cursorcheck help check' for usage\n";
        assertThat(problems(
                        new Outcome(
                                2,
                                "",
                                "cursorcheck: --threads must be a whole number from 1 to 1024, was" + " '0'\n" + usage),
                        List.of("--threads", "'0'")))
                .isEmpty(); // a right answer passes
        assertThat(problems(
                        new Outcome(
                                2,
                                "",
                                "cursorcheck: java.lang.NullPointerException: Cannot invoke"
                                        + " \"java.util.List.stream()\"\n\tat io.cursorcheck.properties.explore.Scope.toString(Scope.java:90)\n"),
                        List.of()))
                .anyMatch(p -> p.contains("exception text"))
                .anyMatch(p -> p.contains("stack frame"));
        assertThat(problems(
                        new Outcome(
                                2,
                                "",
                                "cursorcheck: failed\n    at io.cursorcheck.cli.Main.run(Main.java:1)\n" + usage),
                        List.of()))
                .anyMatch(p -> p.contains("stack frame"));
        assertThat(problems(
                        new Outcome(1, "", "cursorcheck: --threads must be a whole number\n" + usage),
                        List.of("--threads")))
                .anyMatch(p -> p.contains("exit 1"));
        assertThat(problems(
                        new Outcome(2, "", "cursorcheck: weights must be >= 0, got attach=0,next=0\n" + usage),
                        List.of("--weights", "-5")))
                .anyMatch(p -> p.contains("does not name --weights"))
                .anyMatch(p -> p.contains("does not name -5"));
        assertThat(problems(
                        new Outcome(2, "check model: seed 1, 0 s\n", "cursorcheck: --seconds ...\n" + usage),
                        List.of("--seconds")))
                .anyMatch(p -> p.contains("standard output"));
        assertThat(problems(new Outcome(2, "", "--seconds must be ...\n"), List.of("--seconds")))
                .anyMatch(p -> p.contains("cursorcheck: "));
        // a real line that runs: another exit code, and output
        assertThat(problems(run(List.of("variants")), List.of()))
                .anyMatch(p -> p.contains("exit 0"))
                .anyMatch(p -> p.contains("standard output"));
    }

    /**
     * npm missing: a JVM of its own whose PATH has no npm, asked for a release that is not
     * installed. It must say that npm is needed and how to get it, and create nothing.
     */
    @Test
    void nodeWithoutNpmOnThePathSaysWhatIsNeededAndHowToGetIt() throws Exception {
        String version = "26.0.99"; // never installed: the check of npm cannot be skipped
        Path installed = SourceTree.root().resolve("target/runtimes/node-" + version);
        for (List<String> line : List.of(List.of("node", "--version", version), List.of("bun", "--version", version))) {
            Outcome o = withoutNpm(line);
            assertThat(problems(
                            o,
                            List.of(
                                    "npm is needed",
                                    "no npm on the PATH",
                                    "apt-get install npm",
                                    "nodejs.org",
                                    line.get(0) + "-" + version)))
                    .as("%s answered:%n%s%s", line, o.out(), o.err())
                    .isEmpty();
        }
        assertThat(installed).doesNotExist();
    }

    /**
     * npm missing, for the history: without {@code --releases} it cannot list the registry's releases,
     * with {@code --releases} naming one that is not installed it cannot install it. Each says what is
     * missing, and the first how to go on without npm.
     */
    @Test
    void historyWithoutNpmOnThePathSaysWhatIsNeededAndHowToGoOn() throws Exception {
        String version = "26.0.99"; // never installed
        for (List<String> line : List.of(List.of("history"), List.of("history", "--releases", "node-" + version))) {
            Outcome o = withoutNpm(line);
            List<String> names = line.size() == 1
                    ? List.of(
                            "npm is needed to list the Node 26.x and Bun releases",
                            "no npm on the PATH",
                            "apt-get install npm",
                            "--releases node-26.12.1,bun-1.4.5")
                    : List.of("npm is needed to install node-" + version, "no npm on the PATH", "apt-get install npm");
            assertThat(problems(o, names))
                    .as("%s answered:%n%s%s", line, o.out(), o.err())
                    .isEmpty();
        }
        assertThat(SourceTree.root().resolve("target/runtimes/node-" + version)).doesNotExist();
    }

    /** A command line in a JVM of its own whose PATH has no npm. */
    private static Outcome withoutNpm(List<String> line) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dcursorcheck.root=" + SourceTree.root(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(line);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("PATH", files.resolve("no-npm-here").toString());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("%s finished", line).isTrue();
        return new Outcome(
                p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    /**
     * A run refused because another run holds the reports directory prints that one line and
     * nothing else: no "rerun exactly" or header on standard output before the refusal (the lock
     * is taken first). Every command that writes reports is tried while a lock is held.
     */
    @Test
    void aRunRefusedForTheReportsLockPrintsOnlyThatLine() throws Exception {
        Path reports = files.resolve("locked-reports");
        List<List<String>> lines = new ArrayList<>(List.of(
                List.of("check", "--variant", "model", "--runs", "1", "--seed", "1"),
                List.of("mutants", "--only", "detach-forgets-count", "--sequences", "1", "--seed", "1"),
                List.of(
                        "campaign",
                        "--seconds",
                        "10",
                        "--seed",
                        "1",
                        "--skip",
                        "mutants,explore,stress,fray,twins,conformance,history,bench"),
                List.of("explore"),
                List.of("stress", "--tests", "CountRaceStress", "--no-lincheck")));
        requireInstallable(
                io.cursorcheck.conformance.release.Release.NEWEST_NODE); // else npm's absence would be said first
        lines.add(List.of(
                "node",
                "--version",
                io.cursorcheck.conformance.release.Release.NEWEST_NODE.version(),
                "--seconds",
                "1",
                "--seed",
                "1"));
        lines.add(List.of(
                "history",
                "--releases",
                io.cursorcheck.conformance.release.Release.NEWEST_NODE.id(),
                "--minutes",
                "1",
                "--seed",
                "1"));
        if (jdk25Found()) { // else the missing JDK 25 is said first, before the lock is tried
            lines.add(List.of("fray"));
            lines.add(List.of("twins"));
        }
        withReports(reports, () -> {
            try (io.cursorcheck.properties.report.ReportLock held =
                    io.cursorcheck.properties.report.ReportLock.acquire(reports, "a test holding the lock")) {
                assertThat(held.holder()).contains("a test holding the lock");
                for (List<String> line : lines) {
                    Outcome o = run(line);
                    assertThat(problems(o, List.of("is being written by", "a test holding the lock")))
                            .as("%s answered:%n%s%s", line, o.out(), o.err())
                            .isEmpty();
                }
            }
        });
    }

    /**
     * A conformance index that is not one (here a JSON array) stops the run with one line naming
     * the file and what is wrong with it, not Java's cast message, and replaces nothing.
     */
    @Test
    void anUnreadableConformanceIndexIsNamedWithoutJavaText() throws Exception {
        requireInstallable(io.cursorcheck.conformance.release.Release.NEWEST_NODE);
        Path reports = files.resolve("bad-index-reports");
        Path index = reports.resolve("2026-01-01T00-00-00-node/conformance/index.json"); // an earlier run's
        Files.createDirectories(index.getParent());
        Files.writeString(index, "[1, 2]\n", StandardCharsets.UTF_8);
        withReports(reports, () -> {
            Outcome o = run(List.of(
                    "node",
                    "--version",
                    io.cursorcheck.conformance.release.Release.NEWEST_NODE.version(),
                    "--seconds",
                    "1",
                    "--seed",
                    "1"));
            assertThat(o.exit()).isEqualTo(2);
            String all = o.out() + o.err();
            assertThat(all).doesNotContain("Exception", "java.", "input/output error", "full trace");
            assertThat(STACK_FRAME.matcher(all).find()).isFalse();
            List<String> err = o.err().lines().toList();
            assertThat(err.get(err.size() - 1))
                    .isEqualTo("cursorcheck: " + index
                            + " is not a conformance index: an index is a JSON object with a list 'releases', this one holds a"
                            + " list; move it away to start a new one");
            assertThat(Files.readString(index)).isEqualTo("[1, 2]\n");
            assertThat(io.cursorcheck.properties.report.Reports.runs(reports))
                    .as("no run published")
                    .containsExactly(index.getParent().getParent());
        });
    }

    /**
     * The release is installed, or npm is there to install it. npm is a prerequisite of the gate ({@code .ci/run}
     * installs it before {@code mvn verify}), so its absence fails the test, saying so, as it fails the rest of the
     * gate; it is never a reason to skip.
     */
    static void requireInstallable(io.cursorcheck.conformance.release.Release release) {
        try {
            release.requireInstallable();
        } catch (io.cursorcheck.conformance.release.MissingToolException e) {
            org.junit.jupiter.api.Assertions.fail(
                    "npm is a prerequisite of the gate (.ci/run installs it before mvn verify): " + e.getMessage());
        }
    }

    /** Runs {@code body} with the reports directory moved to {@code reports}, then moves it back. */
    private static void withReports(Path reports, org.junit.jupiter.api.function.Executable body) throws Exception {
        String previous = System.getProperty(io.cursorcheck.properties.report.Reports.DIR_PROPERTY);
        System.setProperty(io.cursorcheck.properties.report.Reports.DIR_PROPERTY, reports.toString());
        try {
            body.execute();
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        } finally {
            if (previous == null) {
                System.clearProperty(io.cursorcheck.properties.report.Reports.DIR_PROPERTY);
            } else {
                System.setProperty(io.cursorcheck.properties.report.Reports.DIR_PROPERTY, previous);
            }
        }
    }

    /** A bad state limit for the shortest search (a system property) is bad input, named with its value. */
    @Test
    void aBadShortestSearchLimitIsNamed() {
        String property = io.cursorcheck.properties.engine.shrink.ShortestSearch.STATES_PROPERTY;
        String previous = System.getProperty(property);
        System.setProperty(property, "-3");
        try {
            Outcome o = run(List.of("mutants", "--seed=7", "--only=detach-forgets-count"));
            assertThat(o.exit()).isEqualTo(2);
            assertThat(o.err()).contains(property).contains("'-3'").doesNotContain("Exception");
        } finally {
            if (previous == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, previous);
            }
        }
    }

    private static Outcome run(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = new Main(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(args);
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * The checker: everything wrong with the answer to a bad line, in words (empty when it is right).
     * A setup error (npm missing) has no usage line; every other answer has exactly the message and
     * the usage line.
     */
    static List<String> problems(Outcome o, List<String> names) {
        List<String> problems = new ArrayList<>();
        if (o.exit() != 2) {
            problems.add("exit " + o.exit() + ", not 2");
        }
        String all = o.out() + o.err();
        if (all.contains("Exception")) {
            problems.add("prints Java exception text");
        }
        if (STACK_FRAME.matcher(all).find()) {
            problems.add("prints a stack frame");
        }
        if (!o.out().isEmpty()) {
            problems.add("printed on standard output, so something ran: "
                    + o.out().lines().findFirst().orElse(""));
        }
        List<String> lines = o.err().lines().toList();
        String first = lines.isEmpty() ? "" : lines.get(0);
        if (!first.startsWith("cursorcheck: ")) {
            problems.add("the first line does not start with 'cursorcheck: ': " + first);
        }
        boolean usageLine =
                lines.size() == 2 && lines.get(1).matches("run 'bin/cursorcheck help( [a-z][a-z-]*)?' for usage");
        if (!(lines.size() == 1 || usageLine)) {
            problems.add("not one line (and the usage line): " + lines.size() + " lines");
        }
        for (String name : names) {
            if (!first.contains(name)) {
                problems.add("does not name " + name);
            }
        }
        return problems;
    }

    /** Whether tools/fray-jdk.sh finds a JDK 25 here (the fray command refuses a machine without one first). */
    private static boolean jdk25Found() throws InterruptedException {
        try {
            new FrayPart().requireJdk();
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
