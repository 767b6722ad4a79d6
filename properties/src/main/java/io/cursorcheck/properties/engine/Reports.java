package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.mutants.SourceTree;
import java.nio.file.Path;

/** Where reports go, and how to name a report file in a command a user can paste. */
public final class Reports {

    private Reports() {
    }

    /** The project's {@code reports/} directory. */
    public static Path dir() {
        return SourceTree.root().resolve("reports");
    }

    /** A path relative to the project root when it is inside it, absolute otherwise. */
    public static String relative(Path file) {
        Path root = SourceTree.root();
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
    }

    /** Deletes a directory and everything in it, if it exists: run output is replaced, never mixed. */
    public static void deleteTree(Path dir) throws java.io.IOException {
        if (!java.nio.file.Files.exists(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> paths = java.nio.file.Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.delete(p);
            }
        }
    }
}
