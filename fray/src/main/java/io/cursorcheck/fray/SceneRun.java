package io.cursorcheck.fray;

import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.spi.BlockingBroadcast;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one race on one subject once: sets it up, starts every actor on a thread of its own, joins
 * them in order and grades the outcome. Under Fray, each run is one schedule Fray chose; the
 * harness itself is deterministic, so a saved schedule replays the same run.
 *
 * <p>The run in progress is published in {@link #current()} so that the test extension can tell,
 * when Fray reports a failure, where the harness was (a deadlock while joining the writer of
 * BlockedWriter is that race's forbidden outcome, STALE; a deadlock anywhere else is an error).
 */
public final class SceneRun {

    private static volatile SceneRun current;

    private final Race race;
    private final String subject;
    private final Trace trace;
    private volatile String phase = "set-up";
    private volatile String outcome;

    private SceneRun(Race race, String subject, Trace trace) {
        this.race = race;
        this.subject = subject;
        this.trace = trace;
    }

    /**
     * Runs the race once on a new broadcast of the subject.
     *
     * @return the outcome, one the race allows
     * @throws RaceViolation         if the outcome is one the race forbids
     * @throws IllegalStateException if an actor's thread is interrupted while the harness joins it
     */
    public static String run(Race race, String subject) {
        BlockingBroadcast b = Subjects.race(subject, race.options());
        Trace trace = new Trace(b);
        SceneRun run = new SceneRun(race, subject, trace);
        current = run;
        Scene scene = race.setUp(b, trace);
        List<Thread> threads = new ArrayList<>();
        for (Scene.Actor a : scene.actors()) {
            threads.add(new Thread(a.body(), a.name()));
        }
        run.phase = "running";
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            run.phase = "joining " + t.getName();
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while joining " + t.getName(), e);
            }
            trace.note("joined " + t.getName());
        }
        run.phase = "grading";
        String outcome = scene.outcome();
        run.outcome = outcome;
        trace.note("outcome [" + outcome + "]" + (race.allowed().contains(outcome) ? "" : " FORBIDDEN"));
        run.phase = "done";
        if (!race.allowed().contains(outcome)) {
            throw new RaceViolation(race, subject, outcome);
        }
        return outcome;
    }

    /** The run in progress or last run in this JVM, or null before the first. */
    public static SceneRun current() {
        return current;
    }

    /** The race. */
    public Race race() {
        return race;
    }

    /** The subject: a variant's name or a twin's id. */
    public String subject() {
        return subject;
    }

    /** The trace so far. */
    public Trace trace() {
        return trace;
    }

    /** Where the harness is: {@code set-up}, {@code running}, {@code joining <actor>}, {@code grading}, {@code done}. */
    public String phase() {
        return phase;
    }

    /** The graded outcome, or null before grading. */
    public String outcome() {
        return outcome;
    }
}
