package io.cursorcheck.fray;

import io.cursorcheck.properties.report.Reports;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Keeps the account of every Fray test method of a class: iterations run, whether and when the
 * first failure came, and why; at the end of the class, one ledger file per method under
 * {@code target/fray-results/}, and for a failure, Fray's saved recording with our trace under
 * {@code <reports>/stress/fray/<subject>/<race>/}, where {@code <reports>} is the directory the run was
 * given ({@value #REPORTS_PROPERTY}; {@code bin/cursorcheck fray} gives its ReportRun's staging copy of
 * reports/). Without that property nothing is written outside {@code target/}: a report is written only
 * where a run that publishes it whole has asked for it.
 *
 * <p>A failure is a catch only for the right reason: a {@link RaceViolation} (a forbidden outcome),
 * or for BlockedWriter a deadlock Fray reports while the harness joins the writer after the reader
 * (the writer slept through its wake-up: STALE). Anything else (an exception of the harness, a
 * deadlock elsewhere, a set-up error) is an ERROR.
 */
public final class FrayLedger implements BeforeEachCallback, AfterEachCallback, TestWatcher, AfterAllCallback {

    /** Where the ledger files go, relative to the module. */
    static final Path RESULTS = Path.of("target", "fray-results");

    /**
     * The system property naming the directory the run writes its reports into, laid out as reports/
     * (tools/fray-run.sh --reports DIR sets it); unset, the run writes no report.
     */
    static final String REPORTS_PROPERTY = "cursorcheck.fray.reports";

    /**
     * The account of one method: schedules run, and the first failure's classification. The extension fills
     * it schedule by schedule; {@link MemoryOpsFrayRun} fills it from one search of its own launcher.
     */
    static final class Account {
        int iterations;
        long startNanos;
        long lastEndNanos;
        long failedAfterMillis = -1;
        int failedAt = -1;
        String verdict;
        String reason;
        String outcome = "";
        String race;
        String subject;
        String trace;
        /** Whether Fray switched at memory accesses too (interleaveMemoryOps); the extension's runs do not. */
        boolean memoryOps;

        /**
         * Classifies the first failure, at that schedule and after that many milliseconds: CAUGHT for a
         * forbidden outcome (or BlockedWriter's deadlock while joining the writer, STALE), else ERROR.
         */
        void failed(Throwable cause, SceneRun run, int schedule, long afterMillis) {
            if (failedAt >= 0) {
                return;
            }
            failedAt = schedule;
            failedAfterMillis = afterMillis;
            RaceViolation violation = find(cause, RaceViolation.class);
            if (violation != null) {
                verdict = "CAUGHT";
                outcome = violation.outcome();
                reason = "forbidden outcome [" + violation.outcome() + "]";
            } else if (isDeadlock(cause)
                    && run != null
                    && run.race() == Race.BLOCKED_WRITER
                    && run.phase().equals("joining writer")) {
                verdict = "CAUGHT";
                outcome = "STALE";
                reason = "forbidden outcome [STALE]: the reader returned, and the writer never woke (Fray: every"
                        + " thread blocked while the harness joined the writer)";
            } else {
                verdict = "ERROR";
                reason = "not a forbidden outcome: " + cause
                        + (run == null ? "" : " (harness phase: " + run.phase() + ")");
            }
            if (run != null) {
                race = run.race().shortName();
                subject = run.subject();
                trace = String.join("\n", run.trace().lines()) + "\n";
                System.out.println("Fray " + verdict + " " + race + " on " + subject + " at iteration " + failedAt
                        + (memoryOps ? " (memory accesses as switching points)" : "") + ": " + reason
                        + "\nTrace (thread: operation -> answer | state after it):\n" + trace);
            }
        }
    }

    private final Map<String, Account> accounts = new LinkedHashMap<>();

    private Account account(ExtensionContext context) {
        return accounts.computeIfAbsent(context.getRequiredTestMethod().getName(), name -> new Account());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Account a = account(context);
        if (a.iterations == 0) {
            a.startNanos = System.nanoTime();
        }
        a.iterations++;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        SceneRun run = SceneRun.current();
        Account a = account(context);
        a.lastEndNanos = System.nanoTime();
        if (run != null) {
            a.race = run.race().shortName();
            a.subject = run.subject();
        }
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        Account a = account(context);
        a.failed(cause, SceneRun.current(), a.iterations, (System.nanoTime() - a.startNanos) / 1_000_000);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (System.getProperty(FrayReplayTest.REPLAY) != null) {
            return; // a replay is graded by its own test and printed; it is no entry of the run's ledger
        }
        String testClass = context.getRequiredTestClass().getName();
        for (Map.Entry<String, Account> e : accounts.entrySet()) {
            Account a = e.getValue();
            // the method's own time (its first schedule to its last), not the time until the class ended
            write(
                    testClass,
                    e.getKey(),
                    a,
                    a.failedAt >= 0 ? a.failedAfterMillis : (a.lastEndNanos - a.startNanos) / 1_000_000);
        }
    }

    /**
     * Writes one method's ledger file, and for a failure saves Fray's recording (see {@link #saveRecording}).
     *
     * @param wallMillis the time of its schedules: to the first failure, or of every schedule when none failed
     */
    static void write(String testClass, String method, Account a, long wallMillis) throws IOException {
        Files.createDirectories(RESULTS);
        Properties p = new Properties();
        p.setProperty("class", testClass);
        p.setProperty("method", method);
        p.setProperty("race", String.valueOf(a.race));
        p.setProperty("subject", String.valueOf(a.subject));
        p.setProperty("iterations", String.valueOf(a.iterations));
        p.setProperty("verdict", a.verdict == null ? "PASSED" : a.verdict);
        p.setProperty("wallMillis", String.valueOf(wallMillis));
        p.setProperty("memoryOps", String.valueOf(a.memoryOps));
        if (a.failedAt >= 0) {
            p.setProperty("failedAtIteration", String.valueOf(a.failedAt));
            p.setProperty("reason", a.reason);
            p.setProperty("outcome", a.outcome);
            Path saved = saveRecording(testClass, method, a);
            p.setProperty("saved", saved == null ? "" : Reports.relative(saved));
        }
        try (OutputStream out = Files.newOutputStream(RESULTS.resolve(testClass + "." + method + ".properties"))) {
            p.store(out, "Fray ledger of one test method");
        }
    }

    /**
     * Copies Fray's recording of the failure ({@code <fray.workDir>/<class>/<method>/recording}) with our
     * trace and the scene's name into {@code <reports>/stress/fray/<subject>/<race>/}: written aside, then
     * moved over the previous one. Null when Fray saved no recording (a replay saves none) or the run was
     * given no reports directory.
     */
    private static Path saveRecording(String testClass, String method, Account a) throws IOException {
        String workDir = System.getProperty("fray.workDir");
        Path reports = reportsDir();
        if (reports == null || workDir == null || a.race == null || System.getProperty(FrayReplayTest.REPLAY) != null) {
            return null;
        }
        Path recording = Path.of(workDir, testClass, method, "recording");
        if (!Files.isDirectory(recording)) {
            return null;
        }
        Path target = reports.resolve("stress/fray").resolve(a.subject).resolve(a.race);
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        deleteTree(partial);
        Files.createDirectories(partial.resolve("recording"));
        try (Stream<Path> files = Files.list(recording)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(f)) {
                    Files.copy(f, partial.resolve("recording").resolve(f.getFileName()));
                }
            }
        }
        Files.writeString(partial.resolve("trace.txt"), a.trace == null ? "" : a.trace, StandardCharsets.UTF_8);
        Properties scene = new Properties();
        scene.setProperty("race", a.race);
        scene.setProperty("subject", a.subject);
        scene.setProperty("verdict", a.verdict);
        scene.setProperty("reason", a.reason);
        scene.setProperty("outcome", a.outcome);
        scene.setProperty("failedAtIteration", String.valueOf(a.failedAt));
        scene.setProperty("testClass", testClass);
        scene.setProperty("testMethod", method);
        // the replay must run in the same mode: a schedule of one mode means nothing in the other
        scene.setProperty("memoryOps", String.valueOf(a.memoryOps));
        try (OutputStream out = Files.newOutputStream(partial.resolve("scene.properties"))) {
            // the published path: the run writes into a staging copy that is moved into reports/ when complete
            scene.store(
                    out, "The scene this recording replays: bin/cursorcheck fray --replay " + Reports.relative(target));
        }
        Path old = target.resolveSibling(target.getFileName() + ".old");
        deleteTree(old);
        if (Files.exists(target)) {
            Files.move(target, old);
        }
        Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        deleteTree(old);
        return target;
    }

    /** The directory the run writes its reports into ({@value #REPORTS_PROPERTY}), or null: write none. */
    static Path reportsDir() {
        String dir = System.getProperty(REPORTS_PROPERTY);
        return dir == null || dir.isBlank()
                ? null
                : Path.of(dir).toAbsolutePath().normalize();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted((x, y) -> y.getNameCount() - x.getNameCount()).forEach(f -> {
                try {
                    Files.delete(f);
                } catch (IOException ex) {
                    throw new UncheckedIOException(ex);
                }
            });
        }
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }

    /** Fray's deadlock report (org.pastalab.fray.core...DeadlockException), by name: its class is Fray's internals. */
    private static boolean isDeadlock(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c.getClass().getSimpleName().equals("DeadlockException")) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return false;
    }
}
