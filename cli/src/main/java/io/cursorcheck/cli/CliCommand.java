package io.cursorcheck.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * One command of {@code bin/cursorcheck}: its options are the annotated fields of the subclass;
 * {@link #run()} is its body, which runs only once every option parsed and passed its range.
 * Returns the exit code: 0 nothing failed, 1 a counterexample or an expectation not met.
 */
abstract class CliCommand implements Callable<Integer> {

    @ParentCommand
    private Main main;

    @Spec
    CommandSpec spec;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            hidden = true,
            description = "this help")
    private boolean helpRequested;

    /** Where results go. */
    PrintStream out;

    /** Where progress and errors go. */
    PrintStream err;

    @Override
    public final Integer call() throws Exception {
        out = main.out();
        err = main.err();
        return run();
    }

    /** The command's body; its exit code. */
    abstract int run() throws Exception;

    /** The words after the command's name, as given. */
    List<String> words() {
        List<String> all = main.args();
        return all.subList(Math.min(1, all.size()), all.size());
    }
}
