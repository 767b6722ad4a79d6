package io.cursorcheck.fray;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.ConcurrencyTest;

/**
 * The negative controls: every racy twin of Mutants.RACY_TWINS through the race(s) whose jcstress test
 * declares it. Each method is expected to FAIL (a forbidden outcome, for the right reason): it runs in
 * an execution of its own whose failures do not stop the build, and FrayVerdictTest then grades the
 * ledger (every twin caught, for the right reason). Fray stops a method at its first failure and saves
 * the schedule. end-published-before-entry is not here: Fray's extension cannot see it (no synchronisation
 * inside its window), MemoryOpsTwinsFrayTest runs it with memory accesses as switching points.
 */
@ExtendWith({FrayTestExtension.class, FrayLedger.class})
class RacyTwinsFrayTest {

    /** The most schedules a twin gets before it counts as NOT CAUGHT. */
    static final int ITERATIONS = 5000;

    /** Compiles every twin (MutantCompiler, in memory) and loads its classes before Fray takes over. */
    @BeforeAll
    static void warmUp() {
        Warmup.everyTwin();
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void readVsTrimOnCursorPublishedBeforeRead() {
        SceneRun.run(Race.READ_VS_TRIM, "cursor-published-before-read");
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void attachVsTrimOnUnlockedAttach() {
        SceneRun.run(Race.ATTACH_VS_TRIM, "unlocked-attach");
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void detachVsRecomputeOnUnlockedDetach() {
        SceneRun.run(Race.DETACH_VS_RECOMPUTE, "unlocked-detach");
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void countRaceOnPlainCountDecrement() {
        SceneRun.run(Race.COUNT_RACE, "plain-count-decrement");
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void advanceVsDetachOnNoHandshake() {
        SceneRun.run(Race.ADVANCE_VS_DETACH, "no-handshake");
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void dropOldestVsLaggardOnCursorPublishedBeforeRead() {
        SceneRun.run(Race.DROP_OLDEST_VS_LAGGARD, "cursor-published-before-read");
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void lastReadVsSnapshotOnSplitLastRead() {
        SceneRun.run(Race.LAST_READ_VS_SNAPSHOT, "split-last-read");
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void blockedWriterOnLostWakeup() {
        SceneRun.run(Race.BLOCKED_WRITER, "lost-wakeup");
    }
}
