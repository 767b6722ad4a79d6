package io.cursorcheck.properties.report;

import io.cursorcheck.properties.source.SourceTree;
import java.nio.file.Path;

/**
 * Where reports go, and how to name a report file in a command a user can paste or in a link.
 *
 * <p>A run writes into a staging copy of the reports directory ({@link ReportRun}); the names it prints
 * and the links it writes are those its files will have once the run is published, so this class
 * maps a staged path to its published place ({@link #published}) before naming it.
 */
public final class Reports {

    /** The system property that points the reports directory elsewhere (tests write to a temporary one). */
    public static final String DIR_PROPERTY = "cursorcheck.reports";

    /** The folder, directly under the reports directory, that holds the runs' staging directories. */
    public static final String STAGING = ".staging";

    private Reports() {}

    /** The reports directory: {@code -Dcursorcheck.reports} if set, else the project's {@code reports/}. */
    public static Path dir() {
        String dir = System.getProperty(DIR_PROPERTY);
        return dir != null && !dir.isBlank()
                ? Path.of(dir).toAbsolutePath().normalize()
                : SourceTree.root().resolve("reports");
    }

    /**
     * Where a file written into a run's staging directory lands when the run is published:
     * {@code <reports>/.staging/<run>/a/b} becomes {@code <reports>/a/b}, where {@code <reports>} is
     * {@link #dir()}; any other path is returned as it is (absolute and normalized). Only the reports
     * directory's own staging folder is mapped: a checkout that happens to sit under a folder named
     * {@code .staging} keeps its paths.
     */
    public static Path published(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path reports = dir();
        Path staging = reports.resolve(STAGING);
        if (!abs.startsWith(staging) || abs.getNameCount() == staging.getNameCount()) {
            return abs;
        }
        Path run = staging.resolve(abs.getName(staging.getNameCount()));
        return reports.resolve(run.relativize(abs).toString());
    }

    /**
     * A file's published path relative to the project root when it is inside it, absolute otherwise:
     * how a command a user can paste names it.
     */
    public static String relative(Path file) {
        Path root = SourceTree.root();
        Path abs = published(file);
        return abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
    }

    /**
     * A relative link from a page in {@code fromDir} to {@code target}, both taken at their published
     * places, with forward slashes as Markdown wants them.
     */
    public static String link(Path fromDir, Path target) {
        return published(fromDir).relativize(published(target)).toString().replace('\\', '/');
    }
}
