package io.cursorcheck.cli;

import io.cursorcheck.conformance.release.NoSuchReleaseException;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.source.FunctionChange;
import io.cursorcheck.conformance.source.SourceChanges;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/cursorcheck source-diff}: the diff of two Node releases' embedded {@code broadcast.js}, function by
 * function, printed on the user's terminal (the pages only name the functions and count their lines).
 */
@Command(
        name = "source-diff",
        sortOptions = false,
        sortSynopsis = false,
        description = "the unified diff of two Node.js releases' embedded broadcast.js ("
                + SourceChanges.MODULE
                + ", read from each release at run time and cached in target/runtimes/<release>/), function by"
                + " function: each function added, removed or changed (whitespace aside), or the one named; printed"
                + " on standard output, a line per function changed with its line counts on standard error; the"
                + " command the history page gives for each pair of releases where a kind of difference came or went."
                + " Releases are installed from npm under target/runtimes the first time",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {Usage.EXIT_OK, Usage.EXIT_ERROR + "; also if neither release has the function named"})
final class SourceDiffCli extends CliCommand {

    @Option(
            names = "--from",
            paramLabel = "V",
            required = true,
            description = "the older Node release, e.g. 26.5.1 (node-26.5.1 too): the diff's - side")
    String from;

    @Option(
            names = "--to",
            paramLabel = "V",
            required = true,
            description = "the newer Node release, e.g. 26.6.0: the diff's + side")
    String to;

    @Option(
            names = "--function",
            paramLabel = "NAME",
            description = "only this function, by the name the history page gives it, e.g. BroadcastImpl#cancel,"
                    + " 'get BroadcastWriter#canWrite', 'function broadcast' (default: every function changed)")
    String function;

    @Override
    int run() throws Exception {
        Release older = release("--from", from);
        Release newer = release("--to", to);
        if (function != null && function.isBlank()) {
            throw new UsageError("--function '" + function + "': a function's name is not blank");
        }
        for (String option : List.of("--from", "--to")) { // both exist, before either is installed
            Release r = option.equals("--from") ? older : newer;
            r.requireInstallable();
            try {
                r.requireExists();
            } catch (NoSuchReleaseException e) {
                throw new NoSuchReleaseException(option + " " + r.version() + ": " + e.getMessage());
            }
        }
        SourceChanges sources = SourceChanges.embedded(true, err);
        String diff;
        try {
            diff = sources.diff(older, newer, function);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--function " + e.getMessage() + "; " + closest(sources, older, newer));
        }
        out.print(diff);
        List<FunctionChange> changes = sources.between(older, newer).changed();
        if (changes.isEmpty()) {
            err.printf("source-diff: %s and %s have the same broadcast.js, whitespace aside%n", older.id(), newer.id());
        } else {
            err.printf(
                    "source-diff: %d function(s) of broadcast.js changed from %s to %s:%n",
                    changes.size(), older.id(), newer.id());
            changes.forEach(c -> err.println("  " + c.summary()));
        }
        return 0;
    }

    /**
     * The names that come closest to {@link #function}: those of either release that contain its last word (what
     * follows {@code #}, {@code .} or a space), ignoring case; else every name of the newer release.
     */
    private String closest(SourceChanges sources, Release older, Release newer) throws Exception {
        Set<String> names = new LinkedHashSet<>(sources.functions(newer));
        names.addAll(sources.functions(older));
        String word = function.strip().replaceFirst("^.*[#. ]", "").toLowerCase(Locale.ROOT);
        List<String> close = names.stream()
                .filter(n -> !word.isEmpty() && n.toLowerCase(Locale.ROOT).contains(word))
                .toList();
        return close.isEmpty()
                ? "the functions of " + newer.id() + ": " + String.join(", ", sources.functions(newer))
                : "did you mean: " + String.join(", ", close);
    }

    /**
     * The Node release an option names: {@code 26.5.1} or {@code node-26.5.1}.
     *
     * @throws UsageError naming the option and its value: not a version, or a Bun release (no embedded source)
     */
    static Release release(String option, String value) {
        String version = value.startsWith("node-") ? value.substring("node-".length()) : value;
        if (value.startsWith("bun-")) {
            throw new UsageError(option + " '" + value + "': Bun has no embedded broadcast.js (it is not built from"
                    + " Node's lib/); give a Node release, e.g. " + Release.NEWEST_NODE_VERSION);
        }
        try {
            return new Release("node", version);
        } catch (IllegalArgumentException e) {
            throw new UsageError(option + " '" + value + "': not a Node release: " + e.getMessage());
        }
    }
}
