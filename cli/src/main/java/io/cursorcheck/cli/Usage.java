package io.cursorcheck.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The usage text, rendered from the commands' own declarations: the top level lists each command
 * with its synopsis and description; a command's help lists its options with their ranges
 * ({@link Range}), defaults and choices.
 */
final class Usage {

    /** Width of the usage text. */
    static final int WIDTH = 110;

    /**
     * The heading of each command's exit codes. Every command declares its own list ({@code exitCodeList}; one
     * that declares none is given the launcher's, see {@link #install}): 0 and 2 mean the same everywhere
     * ({@link #EXIT_OK}, {@link #EXIT_ERROR}), 1 says what that command counts as a failure.
     */
    static final String EXIT_HEADING = "%nExit codes:%n";

    /** Exit code 0, the same for every command. */
    static final String EXIT_OK = "0:nothing failed";

    /** Exit code 2, the same for every command ({@link ErrorHandler#EXIT}). */
    static final String EXIT_ERROR =
            "2:a usage or setup error (named on standard error), or a run that could not complete";

    private static final int OPTION_COLUMN = 26;

    private Usage() {}

    /** Installs the renderers on the command and every subcommand. */
    static void install(CommandLine top) {
        top.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, Usage::commands);
        CommandLine.Model.UsageMessageSpec general = top.getCommandSpec().usageMessage();
        for (CommandLine sub : top.getSubcommands().values()) {
            sub.getCommandSpec().usageMessage().synopsisHeading("usage: ").optionListHeading("%n");
            if (sub.getCommandSpec().usageMessage().exitCodeList().isEmpty()
                    && !(sub.getCommandSpec().userObject() instanceof CommandLine.HelpCommand)) {
                // a command that declares no exit codes of its own has the general ones, never none
                sub.getCommandSpec()
                        .usageMessage()
                        .exitCodeListHeading(general.exitCodeListHeading())
                        .exitCodeList(general.exitCodeList());
            }
            sub.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST, help -> "");
            sub.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, Usage::options);
        }
    }

    /** An option by its longest name, a positional parameter by its label. */
    static String name(ArgSpec arg) {
        return arg instanceof OptionSpec o ? o.longestName() : ((PositionalParamSpec) arg).paramLabel();
    }

    /** Each command (but help) with its synopsis, then its description indented below it. */
    private static String commands(Help help) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Help> e : help.subcommands().entrySet()) {
            if (e.getKey().equals("help")) {
                continue;
            }
            Help sub = e.getValue();
            String synopsis = sub.synopsis(0).replace(help.commandSpec().qualifiedName() + " ", "");
            b.append(wrap(synopsis, 2, 6));
            b.append(wrap(String.join(" ", sub.commandSpec().usageMessage().description()), 6, 6));
        }
        return b.toString();
    }

    /** The words of {@code text} in lines of at most {@link #WIDTH}, the first indented by {@code first}. */
    static String wrap(String text, int first, int rest) {
        StringBuilder b = new StringBuilder();
        StringBuilder line = new StringBuilder(" ".repeat(first));
        for (String word : text.strip().split("\\s+")) {
            if (line.length() + 1 + word.length() > WIDTH && !line.toString().isBlank()) {
                b.append(line.toString().stripTrailing()).append('\n');
                line = new StringBuilder(" ".repeat(rest));
            }
            line.append(line.toString().isBlank() ? "" : " ").append(word);
        }
        return b.append(line).append('\n').toString();
    }

    /**
     * The parameters and options of one command, each with its description, then its default and range from the
     * declaration: {@code operations per sequence at most (default: 60; 1 to 100000)}.
     */
    private static String options(Help help) {
        TextTable table = TextTable.forColumns(
                help.colorScheme(),
                new Column(OPTION_COLUMN, 2, Column.Overflow.SPAN),
                new Column(WIDTH - OPTION_COLUMN, 1, Column.Overflow.WRAP));
        for (PositionalParamSpec p : help.commandSpec().positionalParameters()) {
            table.addRowValues(p.paramLabel(), String.join(" ", p.description()));
        }
        for (OptionSpec o : help.commandSpec().options()) {
            if (o.hidden()) {
                continue;
            }
            String label = String.join(", ", o.names()) + (o.arity().max() > 0 ? "=" + o.paramLabel() : "");
            List<String> notes = new ArrayList<>();
            String shown = shownDefault(o);
            if (shown != null) {
                notes.add("default: " + shown);
            }
            Range range = RangeCheck.of(o);
            if (range != null) {
                notes.add(
                        range.max() == Long.MAX_VALUE ? "at least " + range.min() : range.min() + " to " + range.max());
            }
            String text = String.join(" ", o.description());
            if (!notes.isEmpty()) { // into the description's closing parenthesis, if it ends with one
                String more = String.join("; ", notes);
                text = text.endsWith(")")
                        ? text.substring(0, text.length() - 1) + "; " + more + ")"
                        : text + " (" + more + ")";
            }
            table.addRowValues(label, text);
        }
        return table.toString();
    }

    /** The declared default (annotation or field initialiser), or null where there is none worth showing. */
    static String shownDefault(OptionSpec o) {
        if (o.defaultValue() != null) {
            return o.defaultValue();
        }
        Object initial = o.initialValue();
        boolean nothing = initial == null
                || Boolean.FALSE.equals(initial)
                || "".equals(initial)
                || initial instanceof Collection<?> c && c.isEmpty();
        return nothing ? null : String.valueOf(initial);
    }
}
