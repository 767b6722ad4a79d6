package io.cursorcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

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

    @Test
    void theLargestValuesKeepTheArithmeticExact() {
        // the products the commands compute from their options, at the top of each range
        assertThat(Math.multiplyExact(Range.YEAR_SECONDS, 1000)).isPositive();
        assertThat(Math.multiplyExact(Range.YEAR_MINUTES, 60_000)).isPositive();
        // int options fit an int
        CommandLine cli = cli();
        for (CommandLine sub : cli.getSubcommands().values()) {
            for (OptionSpec o : sub.getCommandSpec().options()) {
                Range r = RangeCheck.of(o);
                boolean isInt = o.type() == int.class
                        || o.type() == Integer.class
                        || o.isMultiValue() && o.auxiliaryTypes()[0] == Integer.class;
                if (r != null && isInt) {
                    assertThat(r.max())
                            .as("%s %s", sub.getCommandName(), o.longestName())
                            .isLessThanOrEqualTo(Integer.MAX_VALUE);
                    assertThat(r.min())
                            .as("%s %s", sub.getCommandName(), o.longestName())
                            .isGreaterThanOrEqualTo(Integer.MIN_VALUE);
                }
            }
        }
    }
}
