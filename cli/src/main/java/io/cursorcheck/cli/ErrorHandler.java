package io.cursorcheck.cli;

import io.cursorcheck.properties.io.SetupProblem;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Every way a command line can go wrong ends here, as one line on standard error and exit code 2:
 * a usage error names the option (or file, or field) and the value, then says where to read the
 * usage; a missing tool says how to get it; an unexpected exception is an internal error whose
 * full trace goes to a file, never to the terminal. No Java exception text reaches the user.
 */
final class ErrorHandler implements IParameterExceptionHandler, IExecutionExceptionHandler {

    /** The exit code of every error: usage, setup, or a run that could not complete. */
    static final int EXIT = 2;

    private final PrintStream err;
    private final List<String> args;

    ErrorHandler(PrintStream err, List<String> args) {
        this.err = err;
        this.args = args;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] ignored) {
        return usage(message(ex), ex.getCommandLine());
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine command, ParseResult parsed) {
        if (ex instanceof UsageError) {
            return usage(ex.getMessage(), command);
        }
        if (ex instanceof SetupProblem) { // setup, not usage: no usage hint
            err.println("cursorcheck: " + oneLine(ex.getMessage()));
            return EXIT;
        }
        if (ex instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            err.println("cursorcheck: " + command.getCommandName() + " was interrupted");
            return EXIT;
        }
        String log = traceTo(ex);
        if (ex instanceof IOException io) {
            err.println("cursorcheck: " + command.getCommandName() + " stopped on an input/output error: "
                    + describe(io) + "; " + log);
        } else {
            err.println("cursorcheck: internal error in " + command.getCommandName() + " (a bug in cursorcheck, not"
                    + " in the command line): " + oneLine(ex.getMessage()) + "; " + log);
        }
        return EXIT;
    }

    private int usage(String message, CommandLine command) {
        err.println("cursorcheck: " + oneLine(message));
        boolean top = command == null || command.getParent() == null;
        err.println("run 'bin/cursorcheck help" + (top ? "" : " " + command.getCommandName()) + "' for usage");
        return EXIT;
    }

    /** picocli's exception as one line that names the option (or command) and the value. */
    static String message(ParameterException ex) {
        if (ex instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String word = u.getUnmatched().get(0);
            boolean top = u.getCommandLine().getParent() == null;
            String what = word.startsWith("-")
                    ? "unknown option '" + word + "'"
                    : top
                            ? "unknown command '" + word + "'; commands: "
                                    + String.join(", ", commands(u.getCommandLine()))
                            : "unexpected argument '" + word + "'";
            // picocli suggests the most similar names whatever they are; only a near miss is worth a guess
            String stem = word.replaceFirst("^-+", "");
            List<String> close = u.getSuggestions().stream()
                    .filter(s -> stem.length() >= 2 && s.replaceFirst("^-+", "").startsWith(stem.substring(0, 2)))
                    .toList();
            return what + (close.isEmpty() ? "" : "; did you mean " + String.join(" or ", close) + "?");
        }
        if (ex.getMessage() != null && ex.getMessage().startsWith("Unknown subcommand '")) { // help COMMAND
            String word = ex.getMessage().replaceAll("^Unknown subcommand '(.*)'\\.?$", "$1");
            CommandLine top = ex.getCommandLine();
            while (top.getParent() != null) {
                top = top.getParent();
            }
            return "unknown command '" + word + "'; commands: " + String.join(", ", commands(top));
        }
        if (ex.getArgSpec() != null && ex.getValue() != null && ex.getCause() != null) { // a value not converted
            if (RangeCheck.of(ex.getArgSpec()) != null) {
                return RangeCheck.message(ex.getArgSpec(), ex.getValue());
            }
            String why = ex.getCause() instanceof TypeConversionException t
                    ? t.getMessage()
                    : "'" + ex.getValue() + "' is not a valid value";
            return Usage.name(ex.getArgSpec()) + ": " + why;
        }
        if (ex instanceof MissingParameterException missing) {
            List<String> given = givenWith(missing);
            String m = oneLine(ex.getMessage()).replaceFirst("^Error: ", "").replaceFirst("^M", "m");
            return given.isEmpty()
                    ? m
                    : String.join(" and ", given)
                            + (given.size() > 1 ? " need " : " needs ")
                            + m.replaceFirst("^missing required (argument|option)\\S*: ", "");
        }
        String m = oneLine(ex.getMessage()).replaceFirst("^Error: ", "");
        return m.isEmpty() ? m : m.substring(0, 1).toLowerCase(Locale.ROOT) + m.substring(1);
    }

    /**
     * The options given that belong to the group of a missing required option ({@code explore
     * --depth 3} without {@code --variant}), so the answer says why it is required; empty if none.
     */
    private static List<String> givenWith(MissingParameterException ex) {
        ParseResult parsed = ex.getCommandLine().getParseResult();
        if (parsed == null || ex.getMissing() == null) {
            return List.of();
        }
        List<String> given = new java.util.ArrayList<>();
        for (ArgSpec missing : ex.getMissing()) {
            for (ArgSpec matched : parsed.matchedArgs()) {
                if (missing.group() != null
                        && matched.group() == missing.group()
                        && matched instanceof OptionSpec o
                        && !given.contains(o.longestName())) {
                    given.add(o.longestName());
                }
            }
        }
        return given;
    }

    private static List<String> commands(CommandLine top) {
        return top.getSubcommands().keySet().stream()
                .filter(n -> !n.equals("help"))
                .toList();
    }

    /** An I/O failure in words: the file and what went wrong with it. */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException n) {
            return "no such file: " + n.getFile();
        }
        if (e instanceof AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        return oneLine(e.getMessage());
    }

    private static String oneLine(String message) {
        return message == null ? "(no message)" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** Writes the full trace to {@code target/cursorcheck-error.log} (else a temporary file); says where. */
    private String traceTo(Exception ex) {
        StringWriter trace = new StringWriter();
        ex.printStackTrace(new PrintWriter(trace));
        String text = Instant.now() + " bin/cursorcheck " + String.join(" ", args) + "\n" + trace;
        Path file;
        try {
            try {
                file = SourceTree.root().resolve("target/cursorcheck-error.log");
                Files.createDirectories(file.getParent());
            } catch (IOException
                    | RuntimeException e) { // no source tree (or no room in it): the trace still goes somewhere
                file = Files.createTempFile("cursorcheck-error", ".log");
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return "the trace could not be written either (" + oneLine(e.getMessage()) + ")";
        }
        String shown;
        try {
            shown = Reports.relative(file);
        } catch (RuntimeException e) {
            shown = file.toString();
        }
        return "the full trace is in " + shown;
    }
}
