package io.cursorcheck.fray;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import kotlin.Unit;
import kotlinx.serialization.json.Json;
import org.pastalab.fray.core.TestRunner;
import org.pastalab.fray.core.command.Configuration;
import org.pastalab.fray.core.command.ExecutionInfo;
import org.pastalab.fray.core.command.LambdaExecutor;
import org.pastalab.fray.core.command.NetworkDelegateType;
import org.pastalab.fray.core.command.SystemTimeDelegateType;
import org.pastalab.fray.core.observers.TimelineCoverageType;
import org.pastalab.fray.core.randomness.ControlledRandomProvider;
import org.pastalab.fray.core.randomness.Randomness;
import org.pastalab.fray.core.scheduler.POSScheduler;
import org.pastalab.fray.core.scheduler.Scheduler;

/**
 * Runs a scene under Fray with memory accesses as switching points ({@code interleaveMemoryOps=true}), which
 * Fray's JUnit extension cannot: it hard-codes {@code false}, and then Fray switches threads only at
 * synchronisation (locks, volatile fields, atomics, VarHandle accesses in volatile mode), never at a plain
 * array store. Fray's agent instruments every array load and store anyway (plain fields it leaves alone); with
 * the flag on, each array access is a point where the scheduler may switch, so a reader can run between a
 * ring's release store of its new end and its plain store of the entry (end-published-before-entry's window).
 *
 * <p>Everything else is as the extension sets it for a {@code @ConcurrencyTest} with the defaults our other
 * Fray tests use (POS scheduler, resource-ordering coverage, no network or time delegates, a timeout of 600 s),
 * so the two modes differ in that flag alone. A search stops at the first failure and saves Fray's recording
 * ({@code scheduler}, {@code random.json}) under {@code <report>/recording}; a replay rebuilds that scheduler on
 * the recorded randomness, the way Fray's own replay does.
 */
final class MemoryOpsLauncher {

    /** Fray's wall-time limit of one search, in seconds (the extension's). */
    private static final int TIMEOUT_SECONDS = 600;

    /**
     * What a search or replay did.
     *
     * @param schedules schedules run, the failing one included
     * @param millis    wall time of those schedules
     * @param failure   what Fray reported for the failing schedule, or null when every schedule passed
     */
    record Result(int schedules, long millis, Throwable failure) {}

    private MemoryOpsLauncher() {}

    /** Up to {@code iterations} schedules of {@code scene}, each a fresh run; Fray writes into {@code report}. */
    static Result search(Runnable scene, int iterations, Path report) {
        return launch(scene, new POSScheduler(), iterations, report, false);
    }

    /**
     * One schedule: the one Fray saved in {@code recording} (its {@code scheduler} names the class, built on
     * its {@code random.json}).
     *
     * @throws IOException              if the recording cannot be read
     * @throws IllegalArgumentException if the recording names a scheduler Fray does not have
     */
    static Result replay(Runnable scene, Path recording, Path report) throws IOException {
        String className = Files.readString(recording.resolve("scheduler"), StandardCharsets.UTF_8)
                .trim();
        Randomness recorded = Json.Default.decodeFromString(
                Randomness.Companion.serializer(),
                Files.readString(recording.resolve("random.json"), StandardCharsets.UTF_8));
        Scheduler scheduler;
        try {
            scheduler = (Scheduler)
                    Class.forName(className).getConstructor(Randomness.class).newInstance(recorded);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalArgumentException(recording + ": scheduler '" + className + "' cannot be rebuilt", e);
        }
        return launch(scene, scheduler, 1, report, true);
    }

    private static Result launch(Runnable scene, Scheduler scheduler, int iterations, Path report, boolean replay) {
        int[] schedules = new int[1];
        LambdaExecutor executor = new LambdaExecutor(() -> {
            schedules[0]++;
            scene.run();
            return Unit.INSTANCE;
        });
        Configuration config = new Configuration(
                new ExecutionInfo(executor, false, true, -1),
                report,
                iterations,
                TIMEOUT_SECONDS,
                scheduler,
                new ControlledRandomProvider(),
                false, // fullSchedule
                false, // exploreMode: stop at the first failure
                true, // noExitWhenBugFound: report it, do not exit the JVM
                replay, // isReplay
                false, // noFray
                false, // dummyRun
                NetworkDelegateType.NONE,
                SystemTimeDelegateType.NONE,
                100_000L,
                true, // ignoreTimedBlock
                false, // sleepAsYield
                false, // resetClassLoader
                false, // redirectStdout
                false, // abortThreadExecutionAfterMainExit
                false, // resolveRacingOperationStackTraceHash (only the SURW scheduler uses it)
                TimelineCoverageType.RESOURCE_ORDERING);
        long start = System.nanoTime();
        Throwable failure = new TestRunner(config).run();
        return new Result(schedules[0], (System.nanoTime() - start) / 1_000_000, failure);
    }
}
