package io.cursorcheck.properties.source;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the project's source tree: the system property {@code cursorcheck.root} if set, else the
 * nearest directory at or above the working directory that holds {@code impl/src/main/java}.
 *
 * <p>Outside the source tree (a user's project checking its own broadcast through
 * {@code cursorcheck-junit}), {@code cursorcheck.root} may name a <em>pages root</em> instead: a
 * directory holding a copy of {@value #SPEC}, under which counterexample pages are written and from
 * which their links to the spec are resolved. Such a root has no sources: {@link #implSources()}
 * names a directory that does not exist there, and what needs the sources (the mutants) fails on it.
 */
public final class SourceTree {

    private static final String IMPL = "impl/src/main/java/io/cursorcheck/impl";

    /** The spec, relative to the root: what a pages root outside the source tree must hold. */
    public static final String SPEC = "docs/spec.md";

    private SourceTree() {}

    /** The project root. */
    public static Path root() {
        String property = System.getProperty("cursorcheck.root");
        if (property != null) {
            Path root = Path.of(property).toAbsolutePath().normalize();
            if (!Files.isDirectory(root.resolve(IMPL)) && !Files.isRegularFile(root.resolve(SPEC))) {
                throw new IllegalStateException("cursorcheck.root=" + property + " has neither " + IMPL
                        + " (a source tree) nor " + SPEC + " (a pages root)");
            }
            return root;
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(IMPL))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the cursorcheck source tree above "
                + Path.of("").toAbsolutePath() + "; run from inside it or set -Dcursorcheck.root");
    }

    /** The directory of the {@code impl} sources. */
    public static Path implSources() {
        return root().resolve(IMPL);
    }
}
