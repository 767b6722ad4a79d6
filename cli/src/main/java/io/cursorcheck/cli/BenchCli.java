package io.cursorcheck.cli;

import io.cursorcheck.bench.BenchRun;
import io.cursorcheck.campaign.BenchCommand;
import io.cursorcheck.campaign.Part;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck bench}: the JMH benchmarks and their page. */
@Command(
        name = "bench",
        sortOptions = false,
        sortSynopsis = false,
        description = "JMH benchmarks of every variant"
                + " against two floors (the full profile, or with --quick the quick one); writes reports/<run>/bench/index.md"
                + " with charts and the performance targets, met or not",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {
            Usage.EXIT_OK + " (a target not met is on the page, not a failure)",
            "1:JMH reported a failure, or a benchmark produced no result",
            Usage.EXIT_ERROR
        })
final class BenchCli extends CliCommand {

    @Option(
            names = "--quick",
            description =
                    "the quick profile (every target, at fewer consumer counts and workloads) instead of the full one")
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
