package io.cursorcheck.properties.engine.shrink;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.Minimality;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.properties.engine.search.LevelExpander;
import io.cursorcheck.spi.Options;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * After the shrinker: a breadth-first search for a shortest script that fails the same way.
 *
 * <p>The shrinker only deletes and simplifies, so it stops at a 1-minimal script (removing any one step
 * loses the failure) which need not be a shortest one ({@code detach-forgets-count} shrinks to 5 where 3
 * suffice). This search runs every operation sequence over the shrunk script's {@link Alphabet}, on the
 * script's options and then on one budget more (writes of that size added: the shrinker lowers budgets even
 * where that lengthens the script), under the shrinker's {@link Tolerance}, the model and the subject in lockstep,
 * states deduplicated by the pair's exact key ({@link LockstepPair#key}, consumers by id, as the explorer's
 * {@code binary} keying), level by level
 * up to one operation shorter than the shortest script so far, and stops at the first level where a script fails
 * as the shrunk one does ({@link Shrinker#sameFailure}: the kind a control is judged on never changes).
 * The script it finds is replayed and checked before it replaces the shrunk one.
 *
 * <p>Why in the engine and not the explorer's package: every caller (a random run's report, and through it
 * the check, the campaign, the controls and the kill matrix) is in the engine, which must not import
 * {@code explore}; its alphabet comes from the script, not from an explorer's scope. Its breadth-first loop is the
 * explorer's: {@link #breadthFirst} runs the {@link LevelExpander} on one thread, with an expansion that says what
 * differs, each of which decides a result it reports: it keeps the first failure {@link Shrinker#sameFailure}
 * accepts (the explorer keeps the first of each signature, and merges every divergence into one), it stops in the
 * middle of a level, at that failure or at the state limit (the explorer stops at a level's end), and it counts the
 * states reached up to there (the page's {@link Minimality#states()}).
 *
 * <p>Bounded: it stops once it has reached {@code stateLimit} distinct states, and the result says so
 * ({@link Minimality#proven()} false). A subject that cannot be forked (an external process) is not
 * searched: {@link #search} returns null.
 */
public final class ShortestSearch {

    /** The system property that sets the default state limit; {@code 0} switches the search off. */
    public static final String STATES_PROPERTY = "cursorcheck.shortest.states";

    /**
     * The default state limit: the alphabet is the explorer's scope around the script, and a 10-operation
     * {@code end-data-skips-advance} needed more than 50,000 states to be proven (a fresh-seed CI lane, seed
     * 277967527375290783; its kill matrix test passed with this limit in under a minute); a search that stops
     * here leaves the script 1-minimal, said so on its page.
     */
    public static final long DEFAULT_STATES = 1_000_000;

    private ShortestSearch() {}

    /**
     * What the search found.
     *
     * @param run        the lockstep run of the reported script: a shortest one, or the shrunk one
     * @param minimality how short it is known to be
     */
    public record Result(Lockstep.Run run, Minimality minimality) {}

    /**
     * The state limit the {@link #STATES_PROPERTY} system property sets, {@link #DEFAULT_STATES} without it.
     *
     * @throws IllegalArgumentException naming the property and its value if it is not a whole number >= 0
     */
    public static long defaultStateLimit() {
        String value = System.getProperty(STATES_PROPERTY);
        if (value == null) {
            return DEFAULT_STATES;
        }
        try {
            long limit = Long.parseLong(value.strip());
            if (limit >= 0) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // reported below, with the property's name
        }
        throw new IllegalArgumentException("system property " + STATES_PROPERTY + " must be a whole number >= 0"
                + " (0: no shortest search), was '" + value + "'");
    }

    /**
     * Searches for a shortest script failing as {@code shrunk} does.
     *
     * @param subject    what the script runs against, with the model
     * @param shrunk     the shrinker's run, ending in its failure
     * @param tolerance  the known findings to continue past, as the shrinker did
     * @param stateLimit the most distinct states to reach (at least 1)
     * @return the reported run and its minimality, or null if the subject cannot be forked
     * @throws IllegalArgumentException if the run did not fail or {@code stateLimit} is below 1
     */
    public static Result search(BroadcastFactory subject, Lockstep.Run shrunk, Tolerance tolerance, long stateLimit) {
        if (!shrunk.failed()) {
            throw new IllegalArgumentException("shortest search: only a failing run has a shortest script");
        }
        if (stateLimit < 1) {
            throw new IllegalArgumentException("shortest search: stateLimit must be >= 1, was " + stateLimit);
        }
        Script script = shrunk.script();
        // An observable-only subject is another process (never forkable): asked first, so that no pair is made for it,
        // which would reset that process for nothing.
        if (subject.capabilities().observableOnly()
                || !new LockstepPair(subject, script.options(), tolerance).forkable()) {
            return null;
        }
        Failure target = shrunk.failure();
        Predicate<Failure> same = f -> Shrinker.sameFailure(subject, target, f);
        List<Op> best = null;
        Options bestOptions = script.options();
        int length = script.length();
        int checkedUpTo = Integer.MAX_VALUE;
        long states = 0;
        List<String> searched = new ArrayList<>();
        for (Attempt attempt : attempts(script)) {
            LockstepPair root = new LockstepPair(subject, attempt.options(), tolerance);
            Level found = breadthFirst(root, attempt.alphabet(), same, length - 1, stateLimit);
            states += found.states();
            checkedUpTo = Math.min(checkedUpTo, found.checkedUpTo());
            searched.add("budget " + attempt.options().budget() + ": " + attempt.alphabet());
            if (found.hit() != null) {
                best = found.hit();
                bestOptions = attempt.options();
                length = best.size();
            }
        }
        Lockstep.Run reported = shrunk;
        if (best != null) {
            Lockstep.Run replay = Lockstep.run(subject, new Script(bestOptions, best), tolerance);
            // A pair's step is the replay's step, so this holds; checked, since the shorter script replaces the shrunk
            // one.
            if (!replay.failed()
                    || !same.test(replay.failure())
                    || replay.script().length() != best.size()) {
                throw new IllegalStateException("shortest search: " + subject.id() + " replays the script it found ("
                        + String.join("; ", replay.script().lines()) + ") with " + replay.failure() + ", not "
                        + target.signature());
            }
            reported = replay;
        }
        return new Result(
                reported,
                new Minimality(
                        script,
                        reported.script().length(),
                        checkedUpTo,
                        states,
                        stateLimit,
                        script.options().policy() + "; " + String.join("; ", searched)));
    }

    /**
     * The options and alphabet searched in turn: the shrunk script's, then one budget up with writes of that
     * size too, since the shrinker lowers budgets and sizes even where that lengthens the script (a stranded
     * read behind a write of 2 on a budget of 2 takes one write more on a budget of 1).
     */
    private static List<Attempt> attempts(Script script) {
        Options options = script.options();
        Alphabet alphabet = Alphabet.of(script);
        List<Attempt> attempts = new ArrayList<>(List.of(new Attempt(options, alphabet)));
        if (options.budget() < Integer.MAX_VALUE) { // a write's size is an int
            long up = options.budget() + 1;
            attempts.add(new Attempt(Options.of(up, options.policy()), alphabet.withSize((int) up)));
        }
        return attempts;
    }

    /** One search: the options of the broadcast and the alphabet. */
    private record Attempt(Options options, Alphabet alphabet) {}

    /**
     * Where a breadth-first search stopped.
     *
     * @param hit         the first failing script found, or null
     * @param checkedUpTo every script up to this many operations was run and none failed as wanted
     * @param states      distinct states reached
     */
    record Level(List<Op> hit, int checkedUpTo, long states) {}

    /**
     * The breadth-first search, the explorer's {@link LevelExpander} on one thread: every sequence of the alphabet
     * from {@code root}, level by level, up to {@code maxDepth} operations, each state expanded once (by
     * {@link LockstepPair#key}, consumers by id); a step that fails is never expanded (a run ends at its first
     * failure), and the first one {@code wanted} accepts ends the search in the middle of its level. Level-synchronous,
     * so a hit at depth {@code d} means no script below {@code d} fails as wanted. Stops, incomplete, in the middle
     * of a level once {@code stateLimit} distinct states are reached.
     */
    static Level breadthFirst(
            LockstepPair root, Alphabet alphabet, Predicate<Failure> wanted, int maxDepth, long stateLimit) {
        StateKeyBuilder keys = new StateKeyBuilder(); // one thread: one builder
        LevelExpander.Expansion expansion = new LevelExpander.Expansion() {
            @Override
            public List<Op> operations(LockstepPair pair, int depth) {
                return alphabet.at(pair, depth);
            }

            @Override
            public String signature(Failure failure, boolean explorePast) {
                // Only a step that fails counts (a run ends there), and only as wanted: the one kept is the first.
                return !explorePast && wanted.test(failure) ? "wanted" : null;
            }

            @Override
            public boolean stopAtFailure() {
                return true;
            }

            @Override
            public long stopAtStates() {
                return stateLimit;
            }
        };
        try (LevelExpander expander = new LevelExpander(
                expansion, pair -> pair.key(keys, false), 1, LevelExpander.WinnerRule.SMALLEST_ORDINAL)) {
            expander.seed(root);
            List<LevelExpander.Node> level =
                    new ArrayList<>(List.of(new LevelExpander.Node(root, LevelExpander.Path.ROOT)));
            long expanded = 0; // states expanded at the levels before: the ordinals of a level follow theirs
            for (int depth = 0; depth < maxDepth && !level.isEmpty(); depth++) {
                boolean last = depth + 1 == maxDepth; // the last level's states are checked, never expanded
                int size = level.size();
                LevelExpander.Outcome o = expander.expand(level, depth, expanded, last, Set.of());
                expanded += size;
                if (!o.failures().isEmpty()) {
                    return new Level(o.failures().get(0).path().ops(), depth, expander.states());
                }
                if (o.stopped()) {
                    return new Level(null, depth, expander.states()); // this level is not finished
                }
                level = o.next();
            }
            return new Level(null, maxDepth, expander.states());
        }
    }
}
