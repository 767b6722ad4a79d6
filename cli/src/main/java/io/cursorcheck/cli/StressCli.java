package io.cursorcheck.cli;

import io.cursorcheck.campaign.Part;
import io.cursorcheck.campaign.StressCommand;
import io.cursorcheck.stress.DeclaredTests;
import io.cursorcheck.stress.StressRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/cursorcheck stress}: the jcstress tests, then the Lincheck checks. */
@Command(
        name = "stress",
        sortOptions = false,
        sortSynopsis = false,
        description = "the jcstress tests of the"
                + " thread-safe variants and their racy twins, then the Lincheck checks; writes"
                + " reports/<run>/stress/<date>-<mode>.md and reports/<run>/stress/lincheck.md",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {
            Usage.EXIT_OK,
            "1:a real variant saw a forbidden outcome, a racy twin was not caught, a declared test did not run or ran"
                    + " too few samples, or a check ended in an error",
            Usage.EXIT_ERROR
        })
final class StressCli extends CliCommand {

    @Option(
            names = "--mode",
            paramLabel = "M",
            defaultValue = "gate",
            converter = Converters.StressMode.class,
            completionCandidates = Converters.StressModes.class,
            description = "jcstress' mode: ${COMPLETION-CANDIDATES}")
    StressRun.Mode mode;

    @Option(
            names = "--tests",
            paramLabel = "REGEX",
            converter = Converters.Regex.class,
            description = "only the jcstress tests whose name matches")
    String filter;

    @Option(names = "--repeat", paramLabel = "N", description = "run jcstress N times")
    @Range(min = 1, max = 1_000)
    int repeat = 1;

    @Option(names = "--no-lincheck", description = "leave the Lincheck checks out")
    boolean noLincheck;

    @Override
    int run() throws Exception {
        if (filter != null
                && DeclaredTests.matching(filter).isEmpty()) { // nothing would run: a usage error, not a failure
            throw new UsageError("--tests: '" + filter + "' matches no declared jcstress test; a test is named like "
                    + DeclaredTests.all().get(0).name() + ", and the tests are "
                    + String.join(
                            ", ",
                            DeclaredTests.all().stream()
                                    .map(DeclaredTests.Pair::test)
                                    .distinct()
                                    .toList()));
        }
        boolean lincheck = !noLincheck;
        String command = "bin/cursorcheck stress --mode " + mode.name().toLowerCase()
                + (filter == null ? "" : " --tests " + filter) + (repeat > 1 ? " --repeat " + repeat : "")
                + (lincheck ? "" : " --no-lincheck");
        Part.Verdict v = new StressCommand(mode, filter, repeat, command, lincheck).runAlone(out, command);
        out.println((v.passed() ? "stress passed: " : "stress FAILED: ") + v.summary());
        v.problems().forEach(p -> out.println("  PROBLEM: " + p));
        return v.passed() ? 0 : 1;
    }
}
