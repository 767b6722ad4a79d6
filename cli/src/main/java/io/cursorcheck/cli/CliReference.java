package io.cursorcheck.cli;

import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.properties.campaign.ExampleStore;
import io.cursorcheck.properties.engine.shrink.ShortestSearch;
import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.report.MarkdownTable;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.run.GateSeed;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The command-line reference, {@value #FILE}: rendered from the declarations picocli parses
 * ({@link Main#commandLine()} and its subcommands), so it says what the parser accepts and cannot
 * drift from it. Per command: its synopsis as the usage text prints it, its description, a table of
 * its options and parameters (value label, default, range, description) and a table of its exit
 * codes ({@code exitCodeList}); then one table of the {@code cursorcheck.*} system properties that
 * main code reads ({@link #PROPERTIES}). {@code CliReferenceTest} regenerates the page and compares
 * it with the committed file, and checks the property table against the sources.
 */
public final class CliReference {

    /** The page, relative to the project root. */
    public static final String FILE = "docs/cli.md";

    /** The command that rewrites {@value #FILE} from the declarations. */
    public static final String REGENERATE = "mvn -B -q -pl cli -am test -Dtest=CliReferenceTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dcursorcheck.cli.regenerate=true";

    /**
     * A system property that main code reads.
     *
     * @param name         the property
     * @param defaultValue what applies when it is not set
     * @param effect       what it does
     */
    public record Property(String name, String defaultValue, String effect) {}

    /**
     * Every {@code cursorcheck.*} system property read in main code, in any module ({@code CliReferenceTest}
     * scans the sources both ways: a property read but missing here, or listed here but read nowhere, fails).
     */
    public static final List<Property> PROPERTIES = List.of(
            new Property(
                    "cursorcheck.root",
                    "the nearest directory at or above the working directory that holds impl/src/main/java",
                    "the project's source tree (bin/cursorcheck sets it to its own checkout); for cursorcheck-junit in"
                            + " a user's project, a pages root: a directory holding a copy of docs/spec.md, under which"
                            + " counterexample pages are written"),
            new Property(
                    Reports.DIR_PROPERTY,
                    "reports/ under the root",
                    "where runs write their reports, a folder per run (reports/<run>/; latest links the newest); tests"
                            + " point it at a temporary directory, and CURSORCHECK_JAVA_OPTS=-Dcursorcheck.reports=DIR lets"
                            + " a second run of bin/cursorcheck write beside a first"),
            new Property(
                    GateSeed.PROPERTY,
                    String.valueOf(GateSeed.FIXED),
                    "the seed of the random parts of mvn verify and of cursorcheck-junit's checks: a number pins one, "
                            + GateSeed.FRESH + " draws a fresh one; every part prints it with the command that reruns"
                            + " it"),
            new Property(
                    ExampleStore.PROPERTY,
                    ExampleStore.DEFAULT_DIR + " under the root",
                    "the store of counterexamples a conforming variant replays before its random sequences"),
            new Property(
                    ShortestSearch.STATES_PROPERTY,
                    String.valueOf(ShortestSearch.DEFAULT_STATES),
                    "the most distinct states the search for a shortest counterexample reaches before it settles for"
                            + " the shrunk one (said so on the page); 0 switches the search off; a value that is not a"
                            + " whole number >= 0 is refused (exit 2)"),
            new Property(
                    BroadcastSource.LOAD_SECONDS_PROPERTY,
                    String.valueOf(BroadcastSource.DEFAULT_LOAD_SECONDS),
                    "how many seconds a --source file may take to load into the release before the run stops it"
                            + " and names the file (a file that loops while it loads); a value that is not a whole"
                            + " number from 1 to 3600 is refused (exit 2)"),
            new Property(
                    MutantCompiler.CLASSES_PROPERTY,
                    "none: each JVM compiles its mutants",
                    "a folder of compiled mutants that JVMs share: a mutant compiled from the very same sources (a hash"
                            + " of them names its entry) is read from it instead of compiled again; the stress command"
                            + " sets it for its jcstress forks (target/stress/mutant-classes)"),
            new Property(
                    "cursorcheck.replay",
                    "none: the random sequences run",
                    "cursorcheck-junit: a counterexample file to replay instead of the random sequences (the command"
                            + " its page gives)"));

    private CliReference() {}

    /** The page, from the declarations of {@code bin/cursorcheck}. */
    public static String render() {
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
        return render(new Main(nowhere, nowhere).commandLine());
    }

    /** The page for {@code top} and its subcommands (package-private: tests render planted commands). */
    static String render(CommandLine top) {
        StringBuilder b = new StringBuilder();
        b.append("Generated by `io.cursorcheck.cli.CliReference` from the picocli declarations; do not edit by hand.")
                .append(" Regenerate: `")
                .append(REGENERATE)
                .append("`\n\n");
        b.append("# Command-line reference\n\n");
        b.append("Rendered from the declarations `bin/cursorcheck` parses, so it says exactly what the command line")
                .append(" accepts. Each command's usage is also printed by `bin/cursorcheck help COMMAND`.\n\n");
        Help help = new Help(top.getCommandSpec(), top.getColorScheme());
        b.append("```text\n").append(help.synopsis(0).stripTrailing()).append("\n```\n\n");
        String about = description(top.getCommandSpec());
        if (!about.isEmpty()) {
            b.append(prose(about)).append("\n\n");
        }
        b.append("Commands:\n\n");
        for (CommandLine sub : commands(top)) {
            b.append("- [`")
                    .append(sub.getCommandName())
                    .append("`](#")
                    .append(sub.getCommandName())
                    .append(")\n");
        }
        b.append("\n");
        for (String line : top.getCommandSpec().usageMessage().footer()) {
            b.append(prose(line)).append("\n\n");
        }
        exitCodes(b, top.getCommandSpec());
        for (CommandLine sub : commands(top)) {
            command(b, sub);
        }
        b.append("## System properties\n\n");
        b.append("Main code reads these; give them as `-Dname=value`: to the launcher through")
                .append(" `CURSORCHECK_JAVA_OPTS`, to the gate on the `mvn` command line.\n\n");
        MarkdownTable t = MarkdownTable.of("Property", "Default", "What it does");
        for (Property p : PROPERTIES) {
            t.row(MarkdownTable.code(p.name()), prose(p.defaultValue()), prose(p.effect()));
        }
        b.append(t);
        return b.toString();
    }

    /** The subcommands in declaration order, help left out (it is the usage text itself). */
    static List<CommandLine> commands(CommandLine top) {
        List<CommandLine> all = new ArrayList<>();
        for (Map.Entry<String, CommandLine> e : top.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                all.add(e.getValue());
            }
        }
        return all;
    }

    private static void command(StringBuilder b, CommandLine command) {
        CommandSpec spec = command.getCommandSpec();
        Help help = new Help(spec, command.getColorScheme());
        b.append("## ").append(command.getCommandName()).append("\n\n");
        b.append("```text\n")
                .append(help.synopsis(0).stripTrailing().replaceFirst("^usage: ", ""))
                .append("\n```\n\n");
        b.append(prose(description(spec))).append("\n\n");
        MarkdownTable t = MarkdownTable.of(
                spec.positionalParameters().isEmpty() ? "Option" : "Option or parameter",
                "Value",
                "Default",
                "Range",
                "Description");
        for (PositionalParamSpec p : spec.positionalParameters()) {
            t.row(MarkdownTable.code(p.paramLabel()), "", "", "", prose(String.join(" ", p.description())));
        }
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            String shown = Usage.shownDefault(o);
            Range range = RangeCheck.of(o);
            t.row(
                    MarkdownTable.code(String.join(", ", o.names())),
                    o.arity().max() > 0 ? MarkdownTable.code(o.paramLabel()) : "",
                    shown == null ? "" : MarkdownTable.code(shown),
                    range == null
                            ? ""
                            : range.max() == Long.MAX_VALUE
                                    ? "at least " + range.min()
                                    : range.min() + " to " + range.max(),
                    prose(String.join(" ", o.description())));
        }
        if (t.size() > 0) {
            b.append(t).append("\n");
        }
        exitCodes(b, spec);
    }

    /**
     * Help text as Markdown that shows it as written: table-safe ({@link MarkdownTable#text}), and the characters
     * Markdown would read as markup escaped ({@code reports/<name>/} is not an HTML tag, {@code *} no emphasis).
     */
    static String prose(String text) {
        return MarkdownTable.text(text).replace("<", "&lt;").replace("*", "\\*");
    }

    /** The command's description, its lines joined. */
    static String description(CommandSpec spec) {
        return String.join(" ", spec.usageMessage().description()).strip();
    }

    private static void exitCodes(StringBuilder b, CommandSpec spec) {
        Map<String, String> codes = spec.usageMessage().exitCodeList();
        if (codes.isEmpty()) {
            return;
        }
        MarkdownTable t = MarkdownTable.of("Exit code", "When").right(0);
        codes.forEach((code, when) -> t.row(code.strip(), prose(when.strip())));
        b.append(t).append("\n");
    }

    /**
     * Prints the page on standard output: {@code bin/cursorcheck}'s classpath and {@code > docs/cli.md} rewrite
     * it, as {@link #REGENERATE} does.
     */
    public static void main(String[] args) {
        System.out.print(render());
    }
}
