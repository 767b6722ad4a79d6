package io.cursorcheck.cli;

import io.cursorcheck.bench.BenchRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck bench}: the JMH benchmarks and their page. */
@Command(
        name = "bench",
        sortOptions = false,
        sortSynopsis = false,
        description = "JMH benchmarks of every variant"
                + " against two floors (quick: 112 benchmarks, about 18 minutes; full: 462, about 75 minutes); writes reports/bench/index.md"
                + " with charts and the issue's targets, met or not")
final class BenchCli extends CliCommand {

    @Option(names = "--quick", description = "the quick profile (112 benchmarks) instead of the full one")
    boolean quick;

    @Option(names = "--note", paramLabel = "TEXT", description = "a note on the conditions, printed on the page")
    String note = "";

    @Override
    int run() throws Exception {
        String command = "bin/cursorcheck bench" + (quick ? " --quick" : "")
                + (note.isEmpty() ? "" : " --note '" + note.replace("'", "") + "'");
        Part.Verdict v =
                new BenchCommand(quick ? BenchRun.quick() : BenchRun.full(), command, note).runAlone(out, command);
        out.println((v.passed() ? "bench done: " : "bench FAILED: ") + v.summary());
        v.problems().forEach(p -> out.println("  PROBLEM: " + p));
        return v.passed() ? 0 : 1;
    }
}
