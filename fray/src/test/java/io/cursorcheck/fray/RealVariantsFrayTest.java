package io.cursorcheck.fray;

import io.cursorcheck.properties.campaign.Subjects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.ConcurrencyTest;

/**
 * Every race of the jcstress tests on both thread-safe variants, under Fray's scheduler (probabilistic
 * concurrency testing, POS): each method runs {@value #ITERATIONS} schedules and must pass them all.
 * A failure is saved by Fray and replays (FrayReplayTest).
 */
@ExtendWith({FrayTestExtension.class, FrayLedger.class})
class RealVariantsFrayTest {

    /** Schedules per race and variant. */
    static final int ITERATIONS = 1000;

    /** Loads and initialises every class a scene uses before Fray takes over, the same in a search and in a replay. */
    @BeforeAll
    static void warmUp() {
        Warmup.everyRace(Subjects.LOCKED, Subjects.PUBLISHED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void publishVsReadOnLocked() {
        SceneRun.run(Race.PUBLISH_VS_READ, Subjects.LOCKED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void publishVsReadOnPublished() {
        SceneRun.run(Race.PUBLISH_VS_READ, Subjects.PUBLISHED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void readVsTrimOnLocked() {
        SceneRun.run(Race.READ_VS_TRIM, Subjects.LOCKED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void readVsTrimOnPublished() {
        SceneRun.run(Race.READ_VS_TRIM, Subjects.PUBLISHED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void attachVsTrimOnLocked() {
        SceneRun.run(Race.ATTACH_VS_TRIM, Subjects.LOCKED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void attachVsTrimOnPublished() {
        SceneRun.run(Race.ATTACH_VS_TRIM, Subjects.PUBLISHED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void detachVsRecomputeOnLocked() {
        SceneRun.run(Race.DETACH_VS_RECOMPUTE, Subjects.LOCKED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void detachVsRecomputeOnPublished() {
        SceneRun.run(Race.DETACH_VS_RECOMPUTE, Subjects.PUBLISHED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void countRaceOnLocked() {
        SceneRun.run(Race.COUNT_RACE, Subjects.LOCKED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void countRaceOnPublished() {
        SceneRun.run(Race.COUNT_RACE, Subjects.PUBLISHED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void advanceVsDetachOnLocked() {
        SceneRun.run(Race.ADVANCE_VS_DETACH, Subjects.LOCKED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void advanceVsDetachOnPublished() {
        SceneRun.run(Race.ADVANCE_VS_DETACH, Subjects.PUBLISHED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void dropOldestVsLaggardOnLocked() {
        SceneRun.run(Race.DROP_OLDEST_VS_LAGGARD, Subjects.LOCKED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void dropOldestVsLaggardOnPublished() {
        SceneRun.run(Race.DROP_OLDEST_VS_LAGGARD, Subjects.PUBLISHED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void lastReadVsSnapshotOnLocked() {
        SceneRun.run(Race.LAST_READ_VS_SNAPSHOT, Subjects.LOCKED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void lastReadVsSnapshotOnPublished() {
        SceneRun.run(Race.LAST_READ_VS_SNAPSHOT, Subjects.PUBLISHED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void blockedWriterOnLocked() {
        SceneRun.run(Race.BLOCKED_WRITER, Subjects.LOCKED);
    }

    @ConcurrencyTest(iterations = ITERATIONS)
    void blockedWriterOnPublished() {
        SceneRun.run(Race.BLOCKED_WRITER, Subjects.PUBLISHED);
    }
}
