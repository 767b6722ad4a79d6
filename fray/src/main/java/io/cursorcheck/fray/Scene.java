package io.cursorcheck.fray;

import java.util.List;

/**
 * One race set up on one broadcast: the actors to run on threads of their own, and the outcome to
 * grade once they have all joined.
 */
public interface Scene {

    /**
     * An actor: a thread's name and what it runs.
     *
     * @param name the thread's name, as the trace shows it
     * @param body what the thread runs
     */
    record Actor(String name, Runnable body) {}

    /** The actors, started together and joined in this order. */
    List<Actor> actors();

    /** The outcome in the jcstress test's spelling ({@code e0/7, e0/7-then-accepted, ok-1}), after every actor joined. */
    String outcome();
}
