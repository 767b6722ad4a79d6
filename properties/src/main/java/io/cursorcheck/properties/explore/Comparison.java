package io.cursorcheck.properties.explore;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One bound explored twice in one run, by the explorer before issue 16 ({@link LegacyExplorer}: one thread,
 * String keys) and by the current one, with the speed-ups between them and the reduction of its key.
 *
 * @param legacy  the legacy explorer's result
 * @param current the current explorer's result, on the same subject and scope
 * @param order   which ran first (the second runs with a warmer JIT), e.g. {@code legacy first}
 */
public record Comparison(Explorer.Result legacy, Explorer.Result current, String order) {

    /**
     * Checks that both explored the same subject and scope.
     *
     * @throws IllegalArgumentException if they did not, naming both
     */
    public Comparison {
        if (!legacy.subject().equals(current.subject()) || !legacy.scope().equals(current.scope())) {
            throw new IllegalArgumentException("comparison: the legacy run (" + legacy.subject() + ", " + legacy.scope()
                    + ") and the current one (" + current.subject() + ", " + current.scope() + ") differ");
        }
    }

    /** How many times more states per CPU second the current explorer reaches. */
    public double cpuSpeedUp() {
        return current.statesPerCpuSecond() / legacy.statesPerCpuSecond();
    }

    /** How many times more states per second of elapsed time the current explorer reaches. */
    public double elapsedSpeedUp() {
        return current.statesPerSecond() / legacy.statesPerSecond();
    }

    /**
     * The reduction of the current key: states without it (the legacy String key) over states with it; 1 when
     * both keys merge the same states.
     */
    public double reduction() {
        return legacy.states() / (double) Math.max(1, current.states());
    }

    /**
     * Whether both give the same verdict and, for every failure signature, a script of the same length (a key
     * with a reduction reaches fewer states, so the states and the scripts themselves may differ; with the String
     * key, {@link ExploreSettings#STRING_KEY}, the states and transitions must be equal too).
     */
    public boolean agrees() {
        boolean sameKey = current.keyName().equals(ExploreSettings.STRING_KEY);
        boolean sameStates =
                !sameKey || legacy.states() == current.states() && legacy.transitions() == current.transitions();
        return sameStates
                && legacy.holds() == current.holds()
                && legacy.complete() == current.complete()
                && lengths(legacy).equals(lengths(current));
    }

    private static Map<String, Integer> lengths(Explorer.Result r) {
        Map<String, Integer> m = new LinkedHashMap<>();
        // Filed as the explorers file them: every divergence is one kind, since which of two equally short
        // divergences (state or answer) a run meets first depends on the states its key keeps.
        r.found()
                .forEach(f ->
                        m.put(Explorer.signature(f.failure()), f.run().script().length()));
        return m;
    }
}
