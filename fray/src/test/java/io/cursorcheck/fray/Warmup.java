package io.cursorcheck.fray;

import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.mutants.Mutants;

/**
 * Runs scenes once outside Fray's control (from a {@code @BeforeAll}, before Fray starts its runtime)
 * so that class loading, class initialisation and twin compilation happen before the first schedule:
 * the schedules then explore the race only, and a replayed schedule starts from the same state as
 * the search did. A warm-up's own outcome is printed, not graded: it is one real-thread run.
 */
final class Warmup {

    private Warmup() {}

    /** Every race once on each subject. */
    static void everyRace(String... subjects) {
        for (Race race : Race.values()) {
            for (String subject : subjects) {
                once(race, subject);
            }
        }
    }

    /** Every twin once through each race that declares it. */
    static void everyTwin() {
        Mutants.RACY_TWINS.forEach(m -> Subjects.racyTwin(m.id()));
        for (Race race : Race.values()) {
            for (String twin : race.twins()) {
                once(race, twin);
            }
        }
    }

    static void once(Race race, String subject) {
        if (race == Race.BLOCKED_WRITER && Subjects.isRacyTwin(subject)) {
            sequentially(subject); // the lost-wakeup twin can hang a real-thread run: its classes load without one
            return;
        }
        try {
            SceneRun.run(race, subject);
        } catch (RaceViolation e) {
            System.out.println("warm-up (real threads, not graded): " + e.getMessage());
        }
    }

    /** The blocked writer's operations one after the other, none of which blocks. */
    private static void sequentially(String subject) {
        io.cursorcheck.spi.BlockingBroadcast b = Subjects.race(subject, Race.BLOCKED_WRITER.options());
        io.cursorcheck.spi.ConsumerHandle c0 = b.attach();
        b.writeSync(1);
        b.next(c0);
        try {
            b.put(1); // the buffer has room: accepted at once
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted in the warm-up of " + subject, e);
        }
    }
}
