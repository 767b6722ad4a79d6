package io.cursorcheck.properties.report;

import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * One run's writing of a reports directory, so that no run loses a report: the run writes into a
 * fresh staging directory, {@code <reports>/.staging/<run>/}, laid out as the reports directory
 * itself, and {@link #commit()} moves what it wrote into place only once it is complete.
 *
 * <p>What commit does, and the invariant each step protects:
 * <ul>
 *   <li>A file replaces its old version by one rename: a reader sees the old file or the new one,
 *       never a half-written one.</li>
 *   <li>A directory declared {@linkplain #wholeDirectory whole} (one release's conformance folder,
 *       the benchmark pages) replaces the old one by renames: the old one is moved aside
 *       (noted in a journal), the new one moved in, and only then the old one deleted. If the second
 *       rename fails, commit moves the old one back at once; a run that dies between the two renames
 *       is repaired by the next run, which moves the old one back. A whole directory the run left
 *       empty only removes the old one.
 *       Every other directory is merged: the run's files are added, the others stay.</li>
 *   <li>Pages are moved last, deepest first and each directory's {@code index.md} after its other
 *       pages, so that a page is in place only once the files it links to are.</li>
 * </ul>
 *
 * <p>A run that is interrupted (Ctrl-C: a shutdown hook), fails, or is closed without a commit
 * replaces nothing and says so: the previous report is whole, the partial output stays in the
 * staging directory until the next run removes it. Commit and the shutdown hook exclude each
 * other, so Ctrl-C during a commit lets the commit finish.
 *
 * <p>The run holds the directory's {@link ReportLock} from {@link #open} to {@link #close}: while it
 * is held every other staging directory is a dead run's, which {@code open} removes.
 */
public final class ReportRun implements AutoCloseable {

    private static final String JOURNAL = "journal";
    private static final String OLD_SUFFIX = ".old";
    private static final AtomicInteger SERIAL = new AtomicInteger();

    private enum State {
        OPEN,
        COMMITTED,
        ABORTED,
        BROKEN
    }

    /** How commit moves a file or directory into place; tests make one move fail. */
    @FunctionalInterface
    interface Mover {
        /** Renames {@code from} to {@code to} in one step. */
        void move(Path from, Path to) throws IOException;
    }

    /** rename(2): a reader sees one version or the other, never half of one. */
    private static final Mover RENAME = (from, to) -> Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);

    /**
     * What a run writes.
     *
     * @param <T> what it returns
     */
    @FunctionalInterface
    public interface Body<T> {
        /**
         * Writes the run's files into {@code run.dir()}.
         *
         * @param run the open run
         * @return the caller's result
         * @throws Exception anything the run throws: nothing is published then
         */
        T write(ReportRun run) throws Exception;
    }

    private final Path reports;
    private final Path staging;
    private final Path old;
    private final ReportLock lock;
    private final PrintStream log;
    private final Mover mover;
    private final Set<Path> whole = new LinkedHashSet<>();
    private final List<Runnable> afterPublishing = new ArrayList<>();
    private final Thread hook;
    private State state = State.OPEN;

    private ReportRun(Path reports, Path staging, ReportLock lock, PrintStream log, Mover mover) {
        this.reports = reports;
        this.staging = staging;
        this.old = staging.resolveSibling(staging.getFileName() + OLD_SUFFIX);
        this.lock = lock;
        this.log = log;
        this.mover = mover;
        this.hook = new Thread(this::interrupted, "cursorcheck report run " + staging.getFileName());
    }

    /**
     * Locks a reports directory, removes what dead runs left, and opens a fresh staging directory.
     *
     * @param reports the reports directory ({@link Reports#dir()})
     * @param command what this run is (shown to a run that finds the directory locked)
     * @param log     where the run says what it kept or removed
     * @throws ReportLock.Busy if another run writes the directory
     */
    public static ReportRun open(Path reports, String command, PrintStream log) throws IOException {
        return open(reports, command, log, RENAME);
    }

    /** {@link #open(Path, String, PrintStream)} with the moves of commit made by {@code mover}. */
    static ReportRun open(Path reports, String command, PrintStream log, Mover mover) throws IOException {
        Path dir = reports.toAbsolutePath().normalize();
        ReportLock lock = ReportLock.acquire(dir, command);
        try {
            Path stagingRoot = dir.resolve(Reports.STAGING);
            cleanDeadRuns(dir, stagingRoot, log);
            String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                    + ProcessHandle.current().pid() + "-" + SERIAL.incrementAndGet();
            Path staging = stagingRoot.resolve(id);
            Files.createDirectories(staging);
            ReportRun run = new ReportRun(dir, staging, lock, log, mover);
            Runtime.getRuntime().addShutdownHook(run.hook);
            return run;
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Opens a run, lets {@code body} write it, and publishes it when the body returns; if the body
     * throws, nothing is published, the run says so, and the exception goes on.
     */
    public static <T> T write(Path reports, String command, PrintStream log, Body<T> body) throws Exception {
        try (ReportRun run = open(reports, command, log)) {
            T result;
            try {
                result = body.write(run);
            } catch (Exception | Error e) {
                run.abort("the run stopped on an error, reported next"); // the caller reports the exception itself
                throw e;
            }
            run.commit();
            return result;
        }
    }

    /** The staging directory: write here as if it were the reports directory. */
    public Path dir() {
        return staging;
    }

    /** The reports directory this run publishes into. */
    public Path reports() {
        return reports;
    }

    /** Where a file of the reports directory is written in this run: {@code reports/a/b} gives {@code staging/a/b}. */
    public Path staged(Path published) {
        Path abs = published.toAbsolutePath().normalize();
        if (!abs.startsWith(reports)) {
            throw new IllegalArgumentException(abs + " is not in the reports directory " + reports);
        }
        return staging.resolve(reports.relativize(abs));
    }

    /**
     * Declares that a directory of the report is replaced whole by what this run writes there, instead
     * of merged, and creates it in the staging directory. If the run writes nothing there, the old
     * directory is removed and none is published in its place.
     *
     * @param relative the directory, relative to the reports directory, e.g. {@code counterexamples}
     * @return the directory to write into
     */
    public synchronized Path wholeDirectory(String relative) throws IOException {
        Path rel = Path.of(relative).normalize();
        if (rel.isAbsolute() || rel.toString().isEmpty() || rel.startsWith("..") || rel.startsWith(Reports.STAGING)) {
            throw new IllegalArgumentException("a directory inside the reports directory, was '" + relative + "'");
        }
        for (Path w : whole) {
            if (!w.equals(rel) && (w.startsWith(rel) || rel.startsWith(w))) {
                throw new IllegalArgumentException(rel + " and " + w + " are nested; declare one of them");
            }
        }
        whole.add(rel);
        Path dir = staging.resolve(rel);
        Files.createDirectories(dir);
        return dir;
    }

    /**
     * Takes back a {@linkplain #wholeDirectory whole directory}: what this run wrote there is dropped and the
     * published directory stays as it is. For a part that failed midway (one release of a history whose run
     * broke off): its partial pages must not replace the last complete ones.
     *
     * @param relative the directory, as given to {@link #wholeDirectory(String)}
     * @throws IllegalArgumentException if it was not declared whole in this run
     */
    public synchronized void keepPublished(String relative) throws IOException {
        Path rel = Path.of(relative).normalize();
        if (!whole.remove(rel)) {
            throw new IllegalArgumentException(rel + " was not declared a whole directory in this run");
        }
        deleteTree(staging.resolve(rel));
    }

    /**
     * Publishes what the run wrote (see the class comment for the order), then removes the staging
     * directory.
     *
     * @throws IllegalStateException if the run was interrupted or aborted, or is already published
     * @throws IOException           if a move fails: a directory it had moved aside is put back at once, and
     *                               the message says so, what of this run is in place, and where the rest is
     */
    public synchronized void commit() throws IOException {
        if (state != State.OPEN) {
            throw new IllegalStateException("the run in " + display(staging) + " is "
                    + state.name().toLowerCase() + "; it cannot be published");
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(staging)) {
            files = walk.filter(Files::isRegularFile)
                    .map(staging::relativize)
                    .filter(f -> whole.stream().noneMatch(f::startsWith))
                    .toList();
        }
        List<Path> wholeDirs = List.copyOf(whole);
        List<String> done = new ArrayList<>();
        Path current = null;
        try {
            for (Path p : publishingOrder(files, wholeDirs)) {
                current = p;
                if (wholeDirs.contains(p)) {
                    replaceDirectory(p, wholeDirs.indexOf(p));
                    done.add(p + "/");
                } else {
                    moveFile(p);
                    done.add(p.toString());
                }
            }
        } catch (IOException | RuntimeException e) {
            state = State.BROKEN;
            // A whole directory moved aside whose replacement did not arrive: put it back now, not at the next
            // run, so that no page (an index linking conformance/<release>/) points at a missing folder meanwhile.
            Restored back = restore(reports, old);
            if (back.failed().isEmpty()) {
                deleteQuietly(old);
            }
            throw new IOException(
                    "publishing the report failed at " + current + " (" + e.getMessage() + "); in place"
                            + " from this run: " + (done.isEmpty() ? "nothing" : String.join(", ", done))
                            + (back.restored().isEmpty()
                                    ? ""
                                    : "; put back the previous " + String.join(", ", back.restored())
                                            + ", which had been moved aside")
                            + "; the rest of this run is in " + display(staging)
                            + (back.failed().isEmpty()
                                    ? ""
                                    : "; could not put back " + String.join(", ", back.failed()) + ": it is in "
                                            + display(old) + " and the next run restores it"),
                    e);
        }
        deleteTree(staging);
        deleteTree(old);
        state = State.COMMITTED;
        afterPublishing.forEach(Runnable::run);
    }

    /**
     * The order in which {@link #commit()} moves what a run wrote: first the files that are not pages,
     * then the whole directories, then the pages, deepest first and each directory's {@code index.md}
     * after its other pages; so that a page is in place only once what it links to is.
     *
     * @param files the files written outside the whole directories, relative to the staging directory
     * @param whole the whole directories, relative to it
     */
    static List<Path> publishingOrder(Collection<Path> files, Collection<Path> whole) {
        List<Path> order =
                new ArrayList<>(files.stream().filter(f -> !isPage(f)).sorted().toList());
        order.addAll(whole);
        order.addAll(files.stream().filter(ReportRun::isPage).sorted(PAGES_LAST).toList());
        return order;
    }

    /**
     * Says {@code line} on {@code out} once the run is published, after its last file is in place: a
     * path of the report (a page, a command that replays a counterexample) names a file that is there
     * only then, and never if the run is given up, which then says none of its lines.
     *
     * @param out  where to say it
     * @param line the line, e.g. {@code "report: reports/explore-dirty-flag.md"}
     */
    public synchronized void whenPublished(PrintStream out, String line) {
        if (state != State.OPEN) {
            throw new IllegalStateException(
                    "the run in " + display(staging) + " is " + state.name().toLowerCase());
        }
        afterPublishing.add(() -> {
            out.println(line);
            out.flush();
        });
    }

    /** Whether {@link #commit()} published the run. */
    public synchronized boolean committed() {
        return state == State.COMMITTED;
    }

    /**
     * Gives the run up: nothing is published; says so, and where the partial output is.
     *
     * @param why what happened, e.g. "interrupted"
     */
    public synchronized void abort(String why) {
        if (state != State.OPEN) {
            return;
        }
        state = State.ABORTED;
        boolean empty;
        try (Stream<Path> walk = Files.walk(staging)) {
            empty = walk.noneMatch(Files::isRegularFile);
        } catch (IOException e) {
            empty = false;
        }
        if (empty) {
            try {
                deleteTree(staging);
            } catch (IOException e) {
                empty = false;
            }
        }
        log.println("cursorcheck: " + why + ": nothing in " + display(reports) + "/ was replaced, the previous"
                + " report is whole; "
                + (empty
                        ? "this run had written nothing yet"
                        : "this run's partial output is in " + display(staging) + "/ (the next run removes it)"));
        log.flush();
    }

    /** Gives the run up if it was not published, and releases the lock. */
    @Override
    public void close() {
        abort("the run ended before its report was complete");
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook runs (or ran) and sees the state.
        }
        lock.close();
    }

    /** The shutdown hook: Ctrl-C (or System.exit) before the commit. */
    private void interrupted() {
        abort("interrupted before the run was complete");
    }

    private void moveFile(Path relative) throws IOException {
        Path target = reports.resolve(relative);
        Files.createDirectories(target.getParent());
        if (Files.isDirectory(target)) {
            throw new IOException(display(target) + " is a directory");
        }
        mover.move(staging.resolve(relative), target); // over the old file, in one rename
    }

    private void replaceDirectory(Path relative, int n) throws IOException {
        Path target = reports.resolve(relative);
        Files.createDirectories(target.getParent());
        Path fresh = Files.createDirectories(staging.resolve(relative)); // before the old one moves: it must be there
        boolean empty;
        try (Stream<Path> inside = Files.list(fresh)) {
            empty = inside.findAny().isEmpty();
        }
        if (Files.exists(target)) {
            // Journal first: a run that dies after the next move leaves the old one where the next run finds it.
            Files.createDirectories(old);
            Files.writeString(
                    old.resolve(JOURNAL),
                    n + "\t" + relative + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND,
                    StandardOpenOption.SYNC);
            mover.move(target, old.resolve(String.valueOf(n)));
        }
        if (!empty) { // an empty folder of a run says nothing: the old one goes, and nothing takes its place
            mover.move(fresh, target);
        }
        deleteTree(old.resolve(String.valueOf(n)));
    }

    /**
     * Removes what dead runs left under {@code .staging}: first moves back any replaced directory whose
     * replacement never arrived, then deletes the rest. Called with the lock held, so no live run is there.
     */
    private static void cleanDeadRuns(Path reports, Path stagingRoot, PrintStream log) throws IOException {
        if (!Files.isDirectory(stagingRoot)) {
            return;
        }
        List<Path> left;
        try (Stream<Path> list = Files.list(stagingRoot)) {
            left = list.sorted().toList();
        }
        for (Path dead : left) {
            if (dead.getFileName().toString().endsWith(OLD_SUFFIX)) {
                Restored back = restore(reports, dead);
                back.restored()
                        .forEach(r -> log.println("cursorcheck: restored " + r + ", which a run that stopped"
                                + " while publishing had moved aside"));
                if (!back.failed().isEmpty()) {
                    throw new IOException("cannot restore " + String.join(", ", back.failed()) + " from "
                            + display(dead) + ", which a run that stopped while publishing had moved aside; move it"
                            + " back by hand");
                }
            }
            deleteTree(dead);
            if (!dead.getFileName().toString().endsWith(OLD_SUFFIX)) {
                log.println("cursorcheck: removed " + display(dead) + "/, the partial output of a run that did not"
                        + " finish");
            }
        }
    }

    /**
     * What {@link #restore} did.
     *
     * @param restored the directories put back, as the user reads them ({@code reports/conformance/x/})
     * @param failed   those that could not be, with why
     */
    private record Restored(List<String> restored, List<String> failed) {}

    /**
     * Moves back every directory that a run's journal in {@code aside} says it moved aside, and whose
     * place in the reports directory is still empty (its replacement never arrived). A directory whose
     * replacement did arrive was deleted from {@code aside} after it, so it is not there to move back.
     */
    private static Restored restore(Path reports, Path aside) {
        List<String> restored = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        Path journal = aside.resolve(JOURNAL);
        if (!Files.isRegularFile(journal)) {
            return new Restored(restored, failed);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(journal, StandardCharsets.UTF_8);
        } catch (IOException e) {
            failed.add("the directories listed in " + display(journal) + " (" + e.getMessage() + ")");
            return new Restored(restored, failed);
        }
        for (String line : lines) {
            String[] f = line.split("\t", 2);
            if (f.length < 2) {
                continue;
            }
            Path saved = aside.resolve(f[0]);
            Path target = reports.resolve(f[1]);
            if (Files.exists(saved) && !Files.exists(target)) {
                try {
                    Files.createDirectories(target.getParent());
                    RENAME.move(saved, target);
                    restored.add(display(target) + "/");
                } catch (IOException e) {
                    failed.add(display(target) + "/ (" + e.getMessage() + ")");
                }
            }
        }
        return new Restored(restored, failed);
    }

    /** Deletes a tree if it can; what is left the next run removes. */
    private static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException e) {
            // Left for the next run's cleanDeadRuns, which restores what is missing and deletes the rest.
        }
    }

    /** Markdown pages go last; deeper ones first, and in a directory its index after its other pages. */
    private static final Comparator<Path> PAGES_LAST = Comparator.<Path>comparingInt(Path::getNameCount)
            .reversed()
            .thenComparing(p -> p.getFileName().toString().equals("index.md"))
            .thenComparing(Path::toString);

    private static boolean isPage(Path p) {
        return p.getFileName().toString().endsWith(".md");
    }

    /** A path as the user should read it: relative to the project root when inside it (not mapped out of staging). */
    private static String display(Path p) {
        Path root = SourceTree.root();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
