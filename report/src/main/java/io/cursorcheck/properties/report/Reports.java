package io.cursorcheck.properties.report;

import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where reports go, and how to name a report file in a command a user can paste or in a link.
 *
 * <p>Each run is published as a folder of its own, {@code <reports>/<run>/}, and {@code <reports>/latest}
 * points to the newest ({@link ReportRun}). A run writes into a staging directory, {@code
 * <reports>/.staging/<run>/}; the names it prints and the links it writes are those its files will have
 * once the run is published, so this class maps a staged path to its published place ({@link #published})
 * before naming it.
 */
public final class Reports {

    /** The system property that points the reports directory elsewhere (tests write to a temporary one). */
    public static final String DIR_PROPERTY = "cursorcheck.reports";

    /** The folder, directly under the reports directory, that holds the runs' staging directories. */
    public static final String STAGING = ".staging";

    /** The symlink, directly under the reports directory, to the newest published run's folder. */
    public static final String LATEST = "latest";

    private Reports() {}

    /** {@code <reports>/latest}, the symlink to the newest run's folder (which may not exist yet). */
    public static Path latestOf(Path reports) {
        return reports.toAbsolutePath().normalize().resolve(LATEST);
    }

    /**
     * The folder {@code <reports>/latest} points to: the newest published run of a reports directory.
     *
     * @throws IllegalStateException if no run was published there
     */
    public static Path latestRun(Path reports) {
        Path latest = latestOf(reports);
        try {
            return latest.resolveSibling(Files.readSymbolicLink(latest)).normalize();
        } catch (IOException e) {
            throw new IllegalStateException("no run is published in " + relative(latest.getParent()) + " ("
                    + relative(latest) + " is missing: " + e.getMessage() + ")");
        }
    }

    /**
     * The folder of the run this JVM published last into the reports directory ({@link #dir()}), else
     * the one {@code latest} points to: where a command that ran through {@link ReportRun} names its pages.
     */
    public static Path lastRun() {
        Path dir = dir();
        return ReportRun.lastPublished(dir).orElseGet(() -> latestRun(dir));
    }

    /**
     * The published folder of the run a file belongs to: {@code <reports>/<run>/} for a file staged in
     * {@code <reports>/.staging/<run>/} or published in {@code <reports>/<run>/}; the reports directory for
     * any other file.
     */
    public static Path runOf(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path reports = dir();
        Path staging = reports.resolve(STAGING);
        if (abs.startsWith(staging) && abs.getNameCount() > staging.getNameCount()) {
            return reports.resolve(abs.getName(staging.getNameCount()).toString());
        }
        if (abs.startsWith(reports) && abs.getNameCount() > reports.getNameCount()) {
            Path top = reports.resolve(abs.getName(reports.getNameCount()).toString());
            if (ReportRun.RUN_FOLDER.matcher(top.getFileName().toString()).matches()) {
                return top;
            }
        }
        return reports;
    }

    /** The published run folders of a reports directory, newest first (committed records are never among them). */
    public static List<Path> runs(Path reports) throws IOException {
        Path dir = reports.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> ReportRun.RUN_FOLDER
                                    .matcher(p.getFileName().toString())
                                    .matches()
                            && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .sorted(Comparator.comparing((Path p) -> p.getFileName().toString(), ReportRun.ORDER)
                            .reversed())
                    .toList();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The reports directory: {@code -Dcursorcheck.reports} if set, else the project's {@code reports/}. */
    public static Path dir() {
        String dir = System.getProperty(DIR_PROPERTY);
        return dir != null && !dir.isBlank()
                ? Path.of(dir).toAbsolutePath().normalize()
                : SourceTree.root().resolve("reports");
    }

    /**
     * Where a file written into a run's staging directory lands when the run is published:
     * {@code <reports>/.staging/<run>/a/b} becomes {@code <reports>/<run>/a/b}, where {@code <reports>} is
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
        return reports.resolve(staging.relativize(abs).toString()); // the staging directory's name is the run's
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
