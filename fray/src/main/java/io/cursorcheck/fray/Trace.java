package io.cursorcheck.fray;

import io.cursorcheck.properties.RaceOutcomes;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The interleaving of one run, as the harness saw it: which thread ran which operation, what it
 * answered and the state after it, in the order the operations finished. Thread-safe: the actors
 * append to it concurrently (a synchronised append, the same in a search and in its replay, so it
 * does not change which schedule a recording replays).
 */
public final class Trace {

    private final Broadcast broadcast;
    private final List<String> lines = new ArrayList<>();

    /** A trace of the operations on {@code broadcast}. */
    public Trace(Broadcast broadcast) {
        this.broadcast = broadcast;
    }

    /**
     * Logs an operation the current thread finished, with its answer and the state after it. The
     * state is a snapshot taken by the same thread right after the operation; another thread may
     * already have moved on, which the next line shows.
     */
    public void log(String operation, String answer) {
        String line = Thread.currentThread().getName() + ": " + operation + " -> " + answer + "   | " + state();
        synchronized (lines) {
            lines.add(line);
        }
    }

    /**
     * Runs an operation of the subject and logs it with its operation number.
     *
     * @return its outcome token, or {@code threw-<Exception>} if the subject threw (an answer the spec does
     *     not allow, which every race's allowed outcomes exclude); as {@link RaceOutcomes#call} grades it
     */
    public String call(String operation, Supplier<Reply> call) {
        String answer;
        Reply reply = null;
        try {
            reply = call.get();
            answer = RaceOutcomes.token(reply.outcome());
        } catch (RuntimeException e) {
            answer = RaceOutcomes.threw(e);
        }
        log(operation, reply == null ? answer : answer + " (op " + reply.op() + ")");
        return answer;
    }

    /** Logs a note of the harness (a set-up step, a join), without a state. */
    public void note(String text) {
        synchronized (lines) {
            lines.add(Thread.currentThread().getName() + ": " + text);
        }
    }

    /** The lines so far, numbered from 1. */
    public List<String> lines() {
        synchronized (lines) {
            List<String> numbered = new ArrayList<>(lines.size());
            for (int i = 0; i < lines.size(); i++) {
                numbered.add((i + 1) + ". " + lines.get(i));
            }
            return numbered;
        }
    }

    /** The broadcast's state in one line; a snapshot that throws (a racy twin may) says so. */
    private String state() {
        try {
            String s = broadcast.snapshot().toString();
            Diagnostics.MinCache cache = broadcast.diagnostics().minCache();
            return cache == null ? s : s + " cache=(min " + cache.cachedMin() + ", count " + cache.minCount() + ")";
        } catch (RuntimeException e) {
            return "snapshot threw " + e.getClass().getSimpleName();
        }
    }
}
