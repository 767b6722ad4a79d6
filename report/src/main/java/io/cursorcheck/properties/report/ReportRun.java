package io.cursorcheck.properties.report;

import io.cursorcheck.properties.io.Json;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One run's report, published as a folder of its own so that no run loses or rewrites another's: the
 * run writes into a fresh staging directory, {@code <reports>/.staging/<run>/}, and {@link #commit()}
 * moves it whole, in one rename, to {@code <reports>/<run>/}, then points {@code <reports>/latest} at it.
 *
 * <p>The run's folder is named {@code <start time>-<command>} ({@code yyyy-MM-ddTHH-mm-ss-campaign}, in UTC):
 * sortable by time, and never confused with the committed records ({@code runs/}, {@code findings/}, ...),
 * whose names have no {@code T}-time. A published page is never rewritten: a later run writes its own
 * folder, so an index always links the pages of its own run.
 *
 * <p>What commit does, and the invariant each step protects:
 * <ul>
 *   <li>It appends one line to every page ({@code .md}) naming the run that wrote it (folder, start
 *       time, command line) and writes the run's facts to {@code run.json}, before anything moves.</li>
 *   <li>The staging directory becomes the run's folder by one rename: a reader sees the whole run or
 *       none of it. If the rename fails nothing is published, and the message says where the run is.</li>
 *   <li>{@code latest} moves by a second rename: a new symlink made beside it replaces the old one, so
 *       it always points at a whole run, the previous one until this one is in place.</li>
 *   <li>Retention, last: the newest {@value #KEEP} run folders stay, and the newest of each
 *       command; older ones are deleted, never the one {@code latest} points to. Only folders named as runs are touched.</li>
 * </ul>
 *
 * <p>A run that is interrupted (Ctrl-C: a shutdown hook), fails, or is closed without a commit
 * publishes nothing and says so: the previous run's folder and {@code latest} are whole, the partial
 * output stays in the staging directory until the next run removes it. Commit and the shutdown hook
 * exclude each other, so Ctrl-C during a commit lets the commit finish.
 *
 * <p>The run holds the directory's {@link ReportLock} from {@link #open} to {@link #close}: while it
 * is held every other staging directory is a dead run's, which {@code open} removes.
 */
public final class ReportRun implements AutoCloseable {

    /** How many run folders a reports directory keeps: older ones go once a new run is published. */
    public static final int KEEP = 10;

    /** The facts of a run, written into its folder. */
    public static final String RUN_JSON = "run.json";

    /** The first words of the line commit appends to every page: how a page copied from an earlier run is told. */
    static final String PAGE_LINE = "Written by the run ";

    /** A run folder's name: its start time to the second, then its command, then a serial if needed. */
    static final Pattern RUN_FOLDER = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-[a-z0-9][a-z0-9-]*");

    private static final DateTimeFormatter FOLDER_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");
    private static final String LATEST_NEW = Reports.LATEST + ".new";

    /** The list of runs at the top of the reports directory. */
    static final String RUNS_PAGE = "index.md";

    /** The folder each reports directory's last run of this JVM published, for what a command prints after it. */
    private static final Map<Path, Path> PUBLISHED = new ConcurrentHashMap<>();

    private enum State {
        OPEN,
        COMMITTED,
        ABORTED,
        BROKEN
    }

    /** How commit moves the run's folder and {@code latest} into place; tests make one move fail. */
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
    private final Path folder;
    private final String command;
    private final Instant started;
    private final ReportLock lock;
    private final PrintStream log;
    private final Mover mover;
    private final Set<Path> whole = new LinkedHashSet<>();
    private final List<Runnable> afterPublishing = new ArrayList<>();
    private final Thread hook;
    private State state = State.OPEN;

    private ReportRun(
            Path reports, String name, String command, Instant started, ReportLock lock, PrintStream log, Mover mover) {
        this.reports = reports;
        this.staging = reports.resolve(Reports.STAGING).resolve(name);
        this.folder = reports.resolve(name);
        this.command = command;
        this.started = started;
        this.lock = lock;
        this.log = log;
        this.mover = mover;
        this.hook = new Thread(this::interrupted, "cursorcheck report run " + name);
    }

    /**
     * Locks a reports directory, removes what dead runs left, and opens a fresh staging directory.
     *
     * @param reports the reports directory ({@link Reports#dir()})
     * @param command the run's command line (shown to a run that finds the directory locked, named on
     *                every page, its first word after {@code cursorcheck} naming the folder)
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
            Instant started = Instant.now();
            String name = freeName(
                    dir, LocalDateTime.ofInstant(started, ZoneOffset.UTC).format(FOLDER_TIME), kind(command));
            ReportRun run = new ReportRun(dir, name, command, started, lock, log, mover);
            Files.createDirectories(run.staging);
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

    /** The staging directory: write here as if it were the run's folder. */
    public Path dir() {
        return staging;
    }

    /** The reports directory this run publishes into (its folder is {@link #folder()}). */
    public Path reports() {
        return reports;
    }

    /** The folder this run is published as, {@code <reports>/<run>/}: the paths a run prints are in it. */
    public Path folder() {
        return folder;
    }

    /** The run's command line, as given to {@link #open}. */
    public String command() {
        return command;
    }

    /**
     * Where a file of the run's folder is written in this run: {@code <reports>/<run>/a/b}, or the same
     * file named as in the reports directory, {@code <reports>/a/b}, gives {@code staging/a/b}.
     */
    public Path staged(Path published) {
        Path abs = published.toAbsolutePath().normalize();
        if (abs.startsWith(folder)) {
            return staging.resolve(folder.relativize(abs));
        }
        if (!abs.startsWith(reports) || abs.startsWith(reports.resolve(Reports.STAGING))) {
            throw new IllegalArgumentException(abs + " is not in the reports directory " + reports);
        }
        return staging.resolve(reports.relativize(abs));
    }

    /**
     * Declares a directory of the run that holds what this run writes there and nothing else (one
     * release's conformance folder, the benchmark pages), and creates it in the staging directory. If the
     * run writes nothing there, no folder is published.
     *
     * @param relative the directory, relative to the run's folder, e.g. {@code counterexamples}
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
     * Takes back a {@linkplain #wholeDirectory whole directory}: what this run wrote there is dropped, so
     * that a part that failed midway (one release of a history whose run broke off) publishes no partial
     * pages; the caller may {@linkplain #carryOver carry over} the last complete ones instead.
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
     * The newest published run folder that holds {@code relative}: what a run that adds to an earlier
     * report (one release's row of the conformance index) starts from.
     *
     * @param relative a file or directory, relative to a run folder
     * @return that file in the newest run that has it, or empty
     */
    public Optional<Path> previous(String relative) throws IOException {
        for (Path run : Reports.runs(reports)) {
            Path p = run.resolve(relative);
            if (Files.exists(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * Copies a file or directory of an earlier run folder into this run, unchanged, unless this run wrote
     * it: a page the new index links to must be in the new run's folder. Its pages keep the line naming
     * the run that wrote them.
     *
     * @param from     the file or directory in an earlier run's folder ({@link #previous})
     * @param relative where it goes, relative to this run's folder
     * @return whether it was copied
     */
    public synchronized boolean carryOver(Path from, String relative) throws IOException {
        Path to = staging.resolve(relative).normalize();
        if (!to.startsWith(staging) || Files.exists(to) || !Files.exists(from)) {
            return false;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return true;
    }

    /**
     * Publishes the run (see the class comment for the order), then keeps the newest {@value #KEEP}
     * run folders.
     *
     * @throws IllegalStateException if the run was interrupted or aborted, or is already published
     * @throws IOException           if a move fails: the message says what is in place and where the run is
     */
    public synchronized void commit() throws IOException {
        if (state != State.OPEN) {
            throw new IllegalStateException("the run in " + display(staging) + " is "
                    + state.name().toLowerCase() + "; it cannot be published");
        }
        try {
            for (Path w : whole) {
                deleteIfEmpty(staging.resolve(w)); // an empty folder of a run says nothing: none is published
            }
            namePages();
            Files.writeString(staging.resolve(RUN_JSON), runJson(), StandardCharsets.UTF_8);
            mover.move(staging, folder);
        } catch (IOException | RuntimeException e) {
            state = State.BROKEN;
            throw new IOException(
                    "publishing the report failed (" + e.getMessage() + "); nothing of this run was published, the"
                            + " earlier runs and latest are untouched; this run is in " + display(staging),
                    e);
        }
        state = State.COMMITTED;
        PUBLISHED.put(reports, folder);
        try {
            pointLatest();
        } catch (IOException | RuntimeException e) {
            throw new IOException(
                    "the run is published in " + display(folder) + ", but " + display(Reports.latestOf(reports))
                            + " could not be moved to it (" + e.getMessage() + ") and still points to the"
                            + " previous run",
                    e);
        }
        retain();
        listRuns();
        afterPublishing.forEach(Runnable::run);
    }

    /** Moves {@code latest} to this run: a new symlink beside it, renamed over it. */
    private void pointLatest() throws IOException {
        Path fresh = reports.resolve(LATEST_NEW);
        Files.deleteIfExists(fresh);
        Files.createSymbolicLink(fresh, Path.of(folder.getFileName().toString()));
        mover.move(fresh, Reports.latestOf(reports));
    }

    /**
     * Deletes the run folders beyond the newest {@value #KEEP}, never the newest of each command (the
     * last campaign outlives a gate's many runs) nor the one {@code latest} points to;
     * a folder that cannot be deleted is named and left for the next run.
     */
    private void retain() {
        List<Path> runs;
        Path latest;
        try {
            runs = Reports.runs(reports);
            latest = Reports.latestRun(reports);
        } catch (IOException | RuntimeException e) {
            log.println("cursorcheck: kept every run folder (" + e.getMessage() + ")");
            return;
        }
        Set<String> kinds = new HashSet<>();
        for (int i = 0; i < runs.size(); i++) {
            Path old = runs.get(i);
            boolean newestOfItsKind = kinds.add(kindOf(old.getFileName().toString()));
            if (i < KEEP || newestOfItsKind || old.equals(latest)) {
                continue;
            }
            try {
                deleteTree(old);
            } catch (IOException | UncheckedIOException e) {
                log.println("cursorcheck: could not delete the old run " + display(old) + " (" + e.getMessage()
                        + "); the next run tries again");
            }
        }
    }

    /**
     * Rewrites {@code <reports>/index.md}, the list of the run folders kept, newest first, each with its
     * start time and command: written aside and renamed over the old list, which is only a convenience
     * (a failure is said, not thrown: the run is published).
     */
    private void listRuns() {
        try {
            MarkdownTable table = MarkdownTable.of("run", "started", "command");
            for (Path run : Reports.runs(reports)) {
                String name = run.getFileName().toString();
                Map<?, ?> facts = Files.isRegularFile(run.resolve(RUN_JSON))
                        ? (Map<?, ?>) Json.parse(Files.readString(run.resolve(RUN_JSON), StandardCharsets.UTF_8))
                        : Map.of();
                String page = name + "/" + mainPage(run);
                table.row(
                        "[" + name + "](" + page + ")",
                        String.valueOf(facts.get("started")),
                        MarkdownTable.code(String.valueOf(facts.get("command"))));
            }
            Path list = reports.resolve(RUNS_PAGE);
            Path fresh = reports.resolve(RUNS_PAGE + ".new");
            Files.writeString(
                    fresh,
                    "# Runs\n\nThe run folders kept here, newest first; `" + Reports.LATEST
                            + "` links the newest. Each page names the run that wrote it.\n\n" + table,
                    StandardCharsets.UTF_8);
            RENAME.move(fresh, list);
        } catch (IOException | RuntimeException e) {
            log.println("cursorcheck: could not list the runs in " + display(reports.resolve(RUNS_PAGE)) + " ("
                    + e.getMessage() + ")");
        }
    }

    /**
     * The page a run's line in the list links: its shallowest page, an {@code index.md} first ({@code
     * index.md} of a campaign, {@code conformance/index.md} of a release's run), else its {@code run.json}.
     */
    private static String mainPage(Path run) throws IOException {
        try (Stream<Path> walk = Files.walk(run)) {
            return walk.filter(Files::isRegularFile)
                    .filter(ReportRun::isPage)
                    .map(run::relativize)
                    .min(Comparator.<Path>comparingInt(Path::getNameCount)
                            .thenComparing(p -> !p.getFileName().toString().equals("index.md"))
                            .thenComparing(Path::toString))
                    .map(p -> p.toString().replace('\\', '/'))
                    .orElse(RUN_JSON);
        }
    }

    /** Appends the line naming this run to every page it wrote (a page carried over keeps its own). */
    private void namePages() throws IOException {
        List<Path> pages;
        try (Stream<Path> walk = Files.walk(staging)) {
            pages = walk.filter(Files::isRegularFile).filter(ReportRun::isPage).toList();
        }
        for (Path page : pages) {
            String text = Files.readString(page, StandardCharsets.UTF_8);
            if (text.contains("\n" + PAGE_LINE) || text.startsWith(PAGE_LINE)) {
                continue;
            }
            String json = page.getParent()
                    .relativize(staging.resolve(RUN_JSON))
                    .toString()
                    .replace('\\', '/');
            Files.writeString(
                    page,
                    (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + "\n" + PAGE_LINE + "`" + folder.getFileName()
                            + "/`, started " + startedText() + ": " + code(command) + " ([" + RUN_JSON + "](" + json
                            + "))\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
        }
    }

    private String runJson() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("folder", folder.getFileName().toString());
        facts.put("command", command);
        facts.put("started", startedText());
        facts.put("published", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        facts.put("pid", ProcessHandle.current().pid());
        return Json.write(facts) + "\n";
    }

    private String startedText() {
        return started.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** A Markdown code span holding {@code text} whatever backticks it has. */
    private static String code(String text) {
        String fence = "`";
        while (text.contains(fence)) {
            fence += "`";
        }
        return fence + (text.startsWith("`") || text.endsWith("`") ? " " + text + " " : text) + fence;
    }

    /**
     * The folder's command word: the first word after {@code cursorcheck} that is not an option
     * ({@code bin/cursorcheck node --version 26.12.1} gives {@code node}), else the command's first words,
     * in lower-case letters, digits and dashes.
     */
    static String kind(String command) {
        String[] words = command.strip().split("\\s+");
        String kind = null;
        for (int i = 0; i < words.length - 1; i++) {
            if (words[i].endsWith("cursorcheck") && !words[i + 1].startsWith("-")) {
                kind = words[i + 1];
                break;
            }
        }
        if (kind == null) {
            kind = String.join("-", Arrays.asList(words).subList(0, Math.min(2, words.length)));
        }
        String slug =
                kind.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (slug.length() > 40) {
            slug = slug.substring(0, 40).replaceAll("-+$", "");
        }
        return slug.isEmpty() ? "run" : Character.isDigit(slug.charAt(0)) ? "run-" + slug : slug; // never a serial
    }

    /**
     * The folder's name: {@code <time>-<kind>}, or, if a run folder or staging directory of the same second
     * exists, {@code <time>-<n>-<kind>} with {@code n} one more than their highest (the first is 1), so that names sort by
     * time and then by {@code n} ({@link #ORDER}) whatever the kinds.
     */
    private static String freeName(Path reports, String time, String kind) throws IOException {
        int last = 0;
        for (Path dir : List.of(reports, reports.resolve(Reports.STAGING))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> list = Files.list(dir)) {
                    last = Math.max(
                            last,
                            list.map(p -> p.getFileName().toString())
                                    .filter(n -> n.startsWith(time + "-"))
                                    .mapToInt(ReportRun::serial)
                                    .max()
                                    .orElse(0));
                }
            }
        }
        return last == 0 ? time + "-" + kind : time + "-" + (last + 1) + "-" + kind;
    }

    /** Run folder names, oldest first: by start time, then by the serial of runs in the same second. */
    static final Comparator<String> ORDER = Comparator.<String, String>comparing(n -> n.substring(0, 19))
            .thenComparingInt(ReportRun::serial)
            .thenComparing(Comparator.naturalOrder());

    /** A run folder's command word: its name less the time and the serial. */
    static String kindOf(String name) {
        String rest = name.substring(Math.min(20, name.length()));
        Matcher m = SERIAL.matcher(name);
        return m.find() ? rest.substring(m.group(1).length() + 1) : rest;
    }

    private static int serial(String name) {
        Matcher m = SERIAL.matcher(name);
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }

    private static final Pattern SERIAL = Pattern.compile("^.{19}-(\\d{1,6})-");

    /**
     * Says {@code line} on {@code out} once the run is published, after its folder is in place: a
     * path of the report (a page, a command that replays a counterexample) names a file that is there
     * only then, and never if the run is given up, which then says none of its lines.
     *
     * @param out  where to say it
     * @param line the line, e.g. {@code "report: reports/<run>/explore-dirty-flag.md"}
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
        log.println("cursorcheck: " + why + ": nothing was published in " + display(reports)
                + "/ (its earlier runs and latest are untouched); "
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

    /** The folder the last run of this JVM published into {@code reports}, if any. */
    static Optional<Path> lastPublished(Path reports) {
        return Optional.ofNullable(PUBLISHED.get(reports.toAbsolutePath().normalize()));
    }

    /**
     * Removes what dead runs left: their staging directories and a {@code latest.new} a run made but
     * did not rename. Called with the lock held, so no live run is there.
     */
    private static void cleanDeadRuns(Path reports, Path stagingRoot, PrintStream log) throws IOException {
        Files.deleteIfExists(reports.resolve(LATEST_NEW));
        Files.deleteIfExists(reports.resolve(RUNS_PAGE + ".new"));
        if (!Files.isDirectory(stagingRoot)) {
            return;
        }
        List<Path> left;
        try (Stream<Path> list = Files.list(stagingRoot)) {
            left = list.sorted().toList();
        }
        for (Path dead : left) {
            deleteTree(dead);
            log.println("cursorcheck: removed " + display(dead) + "/, the partial output of a run that did not"
                    + " finish");
        }
    }

    private static void deleteIfEmpty(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> inside = Files.list(dir)) {
                if (inside.findAny().isEmpty()) {
                    Files.delete(dir);
                }
            }
        }
    }

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
