package io.cursorcheck.cli;

import java.lang.reflect.Field;
import java.util.Collection;
import java.util.List;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Holds every numeric option to its {@link Range}: after parsing, before any command runs, and in
 * the one message a value outside it (or one that is not a whole number at all) gets.
 */
final class RangeCheck {

    private RangeCheck() {}

    /** The range declared on the option's field, or null. */
    static Range of(ArgSpec arg) {
        return arg != null && arg.userObject() instanceof Field f ? f.getAnnotation(Range.class) : null;
    }

    /**
     * Checks every matched option of the command and its subcommand against its range.
     *
     * @throws ParameterException naming the option, the range and the value given
     */
    static void check(ParseResult parsed) {
        for (ParseResult r = parsed; r != null; r = r.subcommand()) {
            for (OptionSpec option : r.matchedOptions()) {
                Range range = of(option);
                if (range == null) {
                    continue;
                }
                Object value = option.getValue();
                for (Object element : value instanceof Collection<?> c ? c : List.of(value)) {
                    long n = ((Number) element).longValue(); // an int or a long: exact
                    if (n < range.min() || n > range.max()) {
                        String given = value instanceof Collection ? String.valueOf(n) : last(option);
                        throw new ParameterException(
                                r.commandSpec().commandLine(), message(option, given), option, given);
                    }
                }
            }
        }
    }

    /** The answer to a value outside the option's range, or one that is not a whole number. */
    static String message(ArgSpec arg, String given) {
        Range range = of(arg);
        boolean list = arg.isMultiValue();
        return Usage.name(arg) + (list ? " takes whole numbers" : " must be a whole number") + " from " + range.min()
                + " to " + range.max()
                + (list ? ", separated by commas; '" + given + "' is not one" : ", was '" + given + "'");
    }

    private static String last(OptionSpec option) {
        List<String> typed = option.originalStringValues();
        return typed.isEmpty() ? String.valueOf(option.getValue()) : typed.get(typed.size() - 1);
    }
}
