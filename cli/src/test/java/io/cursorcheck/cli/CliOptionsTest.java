package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The declarations themselves: every numeric option states its range ({@link Range}), and the
 * ranges keep each command's arithmetic exact. A new option without a range fails here, before a
 * user finds that it wraps.
 */
class CliOptionsTest {

    private static final Set<Class<?>> WHOLE_NUMBERS = Set.of(int.class, Integer.class, long.class, Long.class);

    /** Every numeric option of {@code command} and its subcommands that has no range, as "command --option". */
    static List<String> unranged(CommandLine command) {
        List<String> missing = new ArrayList<>();
        for (OptionSpec o : command.getCommandSpec().options()) {
            boolean numeric = WHOLE_NUMBERS.contains(o.type())
                    || o.isMultiValue()
                            && o.auxiliaryTypes().length > 0
                            && WHOLE_NUMBERS.contains(o.auxiliaryTypes()[0]);
            // every 64-bit value is a seed (--seed, subject --replay-seed): its converter is its range
            boolean seed = o.converters().length > 0 && o.converters()[0] instanceof Converters.Seed;
            if (numeric && !seed && RangeCheck.of(o) == null) {
                missing.add(command.getCommandName() + " " + o.longestName());
            }
        }
        command.getSubcommands().values().forEach(sub -> missing.addAll(unranged(sub)));
        return missing;
    }

    private static CommandLine cli() {
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
        return new Main(nowhere, nowhere).commandLine();
    }

    @Test
    void everyNumericOptionStatesItsRange() {
        CommandLine cli = cli();
        assertThat(unranged(cli)).isEmpty();
        // and the rule looked at the options it should: these are numeric and ranged
        assertThat(cli.getSubcommands()
                        .get("check")
                        .getCommandSpec()
                        .findOption("--threads")
                        .type())
                .isEqualTo(Integer.class);
        assertThat(RangeCheck.of(
                        cli.getSubcommands().get("explore").getCommandSpec().findOption("--sizes")))
                .isNotNull();
    }

    /** A command with an option that has no range: the control the rule must catch. */
    @Command(name = "unranged")
    static final class Unranged implements Runnable {
        @Option(names = "--count")
        long count;

        @Option(names = "--sizes", split = ",")
        List<Integer> sizes;

        @Option(names = "--depth")
        @Range(min = 1, max = 10)
        int depth;

        @Override
        public void run() {}
    }

    @Test
    void theRuleCatchesANumericOptionWithoutARange() {
        assertThat(unranged(new CommandLine(new Unranged()))).containsExactly("unranged --count", "unranged --sizes");
    }

    /** Every option of {@code command} and its subcommands whose description writes a constant default by hand. */
    static List<String> handWrittenDefaults(CommandLine command) {
        List<String> found = new ArrayList<>();
        for (OptionSpec o : command.getCommandSpec().options()) {
            if (String.join(" ", o.description()).matches("(?s).*default: ?[0-9].*")) {
                found.add(command.getCommandName() + " " + o.longestName());
            }
        }
        command.getSubcommands().values().forEach(sub -> found.addAll(handWrittenDefaults(sub)));
        return found;
    }

    /**
     * A constant default is declared ({@code defaultValue} or the field's initial value), and the
     * help prints it from there: written by hand in a description, it could drift from the one the
     * command uses.
     */
    @Test
    void noDescriptionWritesAConstantDefaultByHand() {
        assertThat(handWrittenDefaults(cli())).isEmpty();
        CommandLine check = cli().getSubcommands().get("check");
        assertThat(check.getCommandSpec().findOption("--seconds").defaultValue())
                .isEqualTo("10");
        assertThat(check.getCommandSpec().findOption("--max-steps").defaultValue())
                .isEqualTo(String.valueOf(MaxStepsOption.DEFAULT));
    }

    /** The control: an option whose description says its default itself. */
    @Command(name = "by-hand")
    static final class ByHand implements Runnable {
        @Option(names = "--seconds", description = "run for N seconds (default: 10)")
        long seconds = 10;

        @Option(names = "--threads", description = "worker threads (default: one per core)")
        Integer threads;

        @Override
        public void run() {}
    }

    @Test
    void theRuleCatchesADefaultWrittenByHand() {
        assertThat(handWrittenDefaults(new CommandLine(new ByHand()))).containsExactly("by-hand --seconds");
    }

    /**
     * The shared options are declared once, in mixins: each command that takes one has the same
     * declaration (the same description, converter and range), not a copy that could drift.
     */
    @Test
    void theSharedOptionsAreDeclaredOnce() {
        CommandLine cli = cli();
        for (String option : List.of("--seed", "--threads", "--max-steps", "--weights")) {
            List<String> descriptions = new ArrayList<>();
            List<Object> declarations = new ArrayList<>();
            for (CommandLine sub : cli.getSubcommands().values()) {
                OptionSpec o = sub.getCommandSpec().findOption(option);
                if (o != null && !sub.getCommandName().equals("replay")) { // replay's are in a group: no mixin there
                    descriptions.add(String.join(" ", o.description()));
                    declarations.add(((java.lang.reflect.Field) o.userObject()).getDeclaringClass());
                }
            }
            assertThat(declarations).as(option).hasSizeGreaterThanOrEqualTo(2).allMatch(c -> c == declarations.get(0));
            assertThat(descriptions).as(option).allMatch(d -> d.equals(descriptions.get(0)));
        }
    }

    /** What a command needs besides the option under test to parse: its required options, or COMMAND after --. */
    private static final Map<String, List<String>> BASE = Map.of(
            "check", List.of("--variant", "model"),
            "replay", List.of("--variant", "model", "--seed", "1"),
            "explore", List.of("--variant", "cached-count"),
            "node", List.of("--version", "26.12.1"),
            "bun", List.of("--version", "1.4.5"));

    private static final Map<String, List<String>> TAIL = Map.of("subject", List.of("--", "cat"));

    /**
     * Every ranged option of {@code cli}'s commands at the ends of its range and one past them, parsed and held to
     * its range as a run would be ({@link RangeCheck}): the ends must be accepted, one past must be refused with
     * a message naming the option and its range. The ranges are what keep a command's arithmetic (seconds and
     * minutes to milliseconds, an int option in an int) exact: a range the parser cannot hold shows here.
     */
    static List<String> boundaryProblems(java.util.function.Supplier<CommandLine> cli) {
        List<String> problems = new ArrayList<>();
        for (CommandLine sub : cli.get().getSubcommands().values()) {
            String name = sub.getCommandName();
            for (OptionSpec o : sub.getCommandSpec().options()) {
                Range range = RangeCheck.of(o);
                if (range == null) {
                    continue;
                }
                for (long v : new long[] {range.min(), range.max()}) {
                    String refused = refusal(cli.get(), name, o.longestName(), String.valueOf(v));
                    if (refused != null) {
                        problems.add(name + " " + o.longestName() + " " + v + " (an end of its range) is refused: "
                                + refused);
                    }
                }
                List<String> outside = new ArrayList<>();
                if (range.min() > Long.MIN_VALUE) {
                    outside.add(String.valueOf(range.min() - 1));
                }
                outside.add(
                        range.max() < Long.MAX_VALUE
                                ? String.valueOf(range.max() + 1)
                                : "9223372036854775808"); // one past a long
                for (String v : outside) {
                    String refused = refusal(cli.get(), name, o.longestName(), v);
                    String bounds =
                            range.max() == Long.MAX_VALUE ? "from " + range.min() : range.min() + " to " + range.max();
                    if (refused == null) {
                        problems.add(name + " " + o.longestName() + " " + v + " (outside its range) is accepted");
                    } else if (!refused.contains(o.longestName()) || !refused.contains(bounds)) {
                        problems.add(name + " " + o.longestName() + " " + v + ": the refusal does not name the option"
                                + " and " + bounds + ": " + refused);
                    }
                }
            }
        }
        return problems;
    }

    /** The one-line refusal of {@code command option value} (parsed, then range-checked), or null if accepted. */
    private static String refusal(CommandLine cli, String command, String option, String value) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(BASE.getOrDefault(command, List.of()));
        args.add(option + "=" + value);
        args.addAll(TAIL.getOrDefault(command, List.of()));
        try {
            RangeCheck.check(cli.parseArgs(args.toArray(String[]::new)));
            return null;
        } catch (ParameterException e) {
            return ErrorHandler.message(e);
        }
    }

    @Test
    void everyRangeIsHeldAtBothEnds() {
        List<String> problems = boundaryProblems(CliOptionsTest::cli);
        assertThat(problems).isEmpty();
        // and it looked at the timed options whose products the commands compute
        assertThat(refusal(cli(), "campaign", "--minutes", String.valueOf(Range.YEAR_MINUTES + 1)))
                .contains("--minutes", "1 to 525600");
        assertThat(refusal(cli(), "check", "--seconds", String.valueOf(Range.YEAR_SECONDS)))
                .isNull();
    }

    /** A range the option's type cannot hold (an int whose range goes past an int) and one nobody checks. */
    @Command(
            name = "top",
            subcommands = {Wide.class})
    static final class Top implements Runnable {
        @Override
        public void run() {}
    }

    /** The planted command. */
    @Command(name = "wide")
    static final class Wide implements Runnable {
        @Option(names = "--count")
        @Range(min = 1, max = 3_000_000_000L)
        int count;

        @Override
        public void run() {}
    }

    /** The control: an int option whose range goes past an int cannot take the top of its range. */
    @Test
    void theBoundaryRuleCatchesARangeTheTypeCannotHold() {
        java.util.function.Supplier<CommandLine> planted = () -> {
            CommandLine cl = new CommandLine(new Top());
            cl.registerConverter(Integer.class, new Converters.WholeInt());
            cl.registerConverter(int.class, new Converters.WholeInt());
            return cl;
        };
        assertThat(boundaryProblems(planted))
                .singleElement()
                .asString()
                .startsWith("wide --count 3000000000 (an end of its range) is refused");
    }
}
