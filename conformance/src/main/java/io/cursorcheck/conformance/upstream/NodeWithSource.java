package io.cursorcheck.conformance.upstream;

import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.properties.source.SourceTree;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that runs a script on a Node release with {@code node:stream/iter}'s
 * {@code broadcast} taken from a given {@code broadcast.js} (or the release's embedded one), through
 * {@code conformance/src/main/js/source-hooks.mjs}.
 *
 * @param node   the release's executable
 * @param source the file, or null for the release's embedded source ({@code ?source=builtin})
 */
public record NodeWithSource(Path node, Path source) {

    /** The status with which the loader refuses a file that does not load. */
    public static final int SOURCE_ERROR_STATUS = 3;

    /** The first word of the loader's one-line refusal on stderr. */
    public static final String SOURCE_ERROR = "cursorcheck-source-error:";

    /** {@code builtin} or the file's absolute path. */
    public String label() {
        return source == null ? "builtin" : source.toAbsolutePath().toString();
    }

    /** The flags before the script: the stream/iter flag, internals and the loader with this source. */
    public List<String> flags() {
        return new BroadcastSource(
                        source == null ? null : source.toAbsolutePath().normalize())
                .flags();
    }

    /** The whole command: the executable, {@link #flags()}, then {@code rest}. */
    public List<String> command(List<String> rest) {
        List<String> c = new ArrayList<>();
        c.add(node.toString());
        c.addAll(flags());
        c.addAll(rest);
        return c;
    }

    /**
     * The command as a user types it in the source tree's root: paths under it relative, the loader's
     * URL built from {@code $PWD}, so that it can be copied and run.
     */
    public String typed(List<String> rest) {
        Path root = SourceTree.root().toAbsolutePath();
        String query = source == null
                ? "builtin"
                : "$PWD/" + root.relativize(source.toAbsolutePath().normalize());
        return shell(List.of(
                        root.relativize(node.toAbsolutePath()).toString(),
                        "--experimental-stream-iter",
                        "--expose-internals",
                        "--no-warnings",
                        "--import"))
                + " \"file://$PWD/conformance/src/main/js/"
                + "source-hooks.mjs?source=" + query + "\" " + shell(rest);
    }

    /** The command as a user types it (shell-quoted where needed). */
    public static String shell(List<String> command) {
        StringBuilder s = new StringBuilder();
        for (String word : command) {
            if (!s.isEmpty()) {
                s.append(' ');
            }
            s.append(word.matches("[A-Za-z0-9_./=:,+@%-]+") ? word : "'" + word.replace("'", "'\\''") + "'");
        }
        return s.toString();
    }
}
