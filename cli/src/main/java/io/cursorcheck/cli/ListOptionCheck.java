package io.cursorcheck.cli;

import java.util.Arrays;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Refuses a list option given a value that names nothing ({@code --skip ,}, {@code --sizes=}):
 * picocli splits such a value into no element at all, so the option would silently mean its empty
 * list (skip nothing, explore no size) instead of what the user meant.
 */
final class ListOptionCheck {

    private ListOptionCheck() {}

    /**
     * Checks every value given to a split option of the command and its subcommand.
     *
     * @throws ParameterException naming the option and the value that names nothing
     */
    static void check(ParseResult parsed) {
        for (ParseResult r = parsed; r != null; r = r.subcommand()) {
            for (OptionSpec option : r.matchedOptions()) {
                if (option.splitRegex().isEmpty()) {
                    continue;
                }
                for (String given : option.originalStringValues()) {
                    if (Arrays.stream(given.split(option.splitRegex())).allMatch(String::isBlank)) {
                        throw new ParameterException(
                                r.commandSpec().commandLine(),
                                Usage.name(option) + ": '" + given
                                        + "' names nothing; give one or more values separated by commas",
                                option,
                                given);
                    }
                }
            }
        }
    }
}
