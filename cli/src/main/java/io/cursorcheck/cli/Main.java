package io.cursorcheck.cli;

import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.engine.shrink.ShortestSearch;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bin/cursorcheck}: the command line of the suite, one class per command, parsed by
 * picocli from the same declarations that make the usage text. Exit codes: 0 nothing failed, 1 a
 * counterexample was found (or an expectation not met), 2 a usage or setup error, or a run that
 * could not complete ({@link ErrorHandler}).
 */
@Command(
        name = "bin/cursorcheck",
        synopsisHeading = "usage: ",
        customSynopsis = "bin/cursorcheck COMMAND [OPTIONS]",
        commandListHeading = "%n",
        footerHeading = "%n",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {
            Usage.EXIT_OK,
            "1:a counterexample was found, or an expectation was not met (each command says which)",
            Usage.EXIT_ERROR
        },
        subcommands = {
            CampaignCli.class,
            StressCli.class,
            CheckCli.class,
            ReplayCli.class,
            MutantsCli.class,
            VariantsCli.class,
            BenchCli.class,
            ExploreCli.class,
            NodeCli.class,
            BunCli.class,
            SubjectCli.class,
            HistoryCli.class,
            SourceDiffCli.class,
            UpstreamCli.class,
            FrayCli.class,
            TwinsCli.class,
            HelpCommand.class
        })
public final class Main implements Callable<Integer> {

    /**
     * Sequences per mutant and stage of the kill matrix at most, wherever a check must catch it, as in the gate.
     * A cap, not a cost: a stage stops at its first catch. It lies far above the slowest catches measured (the
     * rarest mutants' catch counts over many seeds are in docs/decisions.md, "The kill matrix's cap"), so that an escape is
     * rare enough not to redden a gate run by chance.
     */
    static final long MATRIX_SEQUENCES = 40_000;

    /**
     * Sequences per stage where an equivalent mutant must survive: those runs test an equivalence argument, not the
     * suite's strength, and cost the whole budget every time.
     */
    static final long EQUIVALENT_SEQUENCES = 5_000;

    @Spec
    private CommandSpec spec;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            hidden = true,
            description = "this help")
    private boolean helpRequested;

    private final PrintStream out;
    private final PrintStream err;
    private List<String> args = List.of();

    Main(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs the command line and exits with its code.
     *
     * @param args the command and its options
     */
    public static void main(String[] args) {
        System.exit(new Main(System.out, System.err).run(Arrays.asList(args)));
    }

    /** Runs a command line and returns its exit code. */
    int run(List<String> args) {
        this.args = List.copyOf(args);
        try {
            ShortestSearch.defaultStateLimit(); // read by every random run's report: a bad value is bad input, before
            // anything runs
            BroadcastSource.loadSeconds(); // read by every --source run, after a release is installed: so, here
        } catch (IllegalArgumentException e) {
            err.println("cursorcheck: " + e.getMessage() + " (set through CURSORCHECK_JAVA_OPTS)");
            return 2;
        }
        return commandLine().execute(args.toArray(String[]::new));
    }

    /** The command line with its handlers, converters and usage text. */
    CommandLine commandLine() {
        CommandLine cl = new CommandLine(this);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cl.setUsageHelpWidth(Usage.WIDTH);
        cl.registerConverter(Long.class, new Converters.WholeLong());
        cl.registerConverter(long.class, new Converters.WholeLong());
        cl.registerConverter(Integer.class, new Converters.WholeInt());
        cl.registerConverter(int.class, new Converters.WholeInt());
        ErrorHandler errors = new ErrorHandler(err, args);
        cl.setParameterExceptionHandler(errors);
        cl.setExecutionExceptionHandler(errors);
        cl.setExecutionStrategy(parsed -> {
            if (!helpRequested(parsed)) {
                RangeCheck.check(parsed); // before anything runs
                ListOptionCheck.check(parsed);
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        cl.getCommandSpec()
                .usageMessage()
                .footer(
                        "help [COMMAND]: this text, or every option of COMMAND with its range and default (also COMMAND --help)",
                        "Options take their value as --name VALUE or --name=VALUE; numbers may use _ (20_000_000).",
                        "W (--weights) overrides generator weights, e.g. next=40,fail=0,badInput=5 (defaults: "
                                + Weights.DEFAULT + ")");
        Usage.install(cl);
        return cl;
    }

    private static boolean helpRequested(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult r = parsed; r != null; r = r.subcommand()) {
            if (r.isUsageHelpRequested() || r.commandSpec().userObject() instanceof HelpCommand) {
                return true;
            }
        }
        return false;
    }

    /** Without a command: the usage, on standard error, and exit code 2. */
    @Override
    public Integer call() {
        spec.commandLine().usage(err, CommandLine.Help.Ansi.OFF);
        return ErrorHandler.EXIT;
    }

    PrintStream out() {
        return out;
    }

    PrintStream err() {
        return err;
    }

    List<String> args() {
        return args;
    }
}
