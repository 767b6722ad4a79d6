package io.cursorcheck.properties.source;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the project's source tree: the system property {@code cursorcheck.root} if set, else the
 * nearest directory at or above the working directory that holds {@code impl/src/main/java}.
 */
public final class SourceTree {

    private static final String IMPL = "impl/src/main/java/io/cursorcheck/impl";

    private SourceTree() {
    }

    /** The project root. */
    public static Path root() {
        String property = System.getProperty("cursorcheck.root");
        if (property != null) {
            Path root = Path.of(property).toAbsolutePath().normalize();
            if (!Files.isDirectory(root.resolve(IMPL))) {
                throw new IllegalStateException("cursorcheck.root=" + property + " has no " + IMPL);
            }
            return root;
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(IMPL))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the cursorcheck source tree above " + Path.of("").toAbsolutePath()
                + "; run from inside it or set -Dcursorcheck.root");
    }

    /** The directory of the {@code impl} sources. */
    public static Path implSources() {
        return root().resolve(IMPL);
    }
}
