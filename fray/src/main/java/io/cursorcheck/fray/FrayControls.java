package io.cursorcheck.fray;

import io.cursorcheck.properties.mutants.Mutant;
import java.util.List;

/**
 * Negative controls of this module's own, for races whose racy twin Fray cannot see
 * ({@link FrayGrade#BLIND}): the same bug as the twin, with one synchronisation access inside the
 * bug window, so that Fray can switch threads there. A catch shows that the race's Fray test can fail
 * for the right reason, and that the twin's escape is the missing switching point, nothing else.
 * Compiled like the twins (properties' MutantCompiler, in a package of its own). Stateless.
 */
public final class FrayControls {

    /**
     * end-published-before-entry (the ring publishes the new end before it stores the entry), with a
     * {@code Thread.yield()} in between: a switching point for Fray (the release store and the plain
     * array store around it are none).
     */
    public static final Mutant END_PUBLISHED_BEFORE_ENTRY_AT_SWITCH_POINT = new Mutant(
            "end-published-before-entry-at-switch-point", "The ring publishes the new end before it stores the"
                    + " entry, and yields in between (a switching point for Fray), so a lock-free reader can read a"
                    + " slot that is not written yet.",
            Mutant.Impact.SAFETY, "EntryRing.java", """
            slots[(int) end & (slots.length - 1)] = size;
            END.setRelease(this, end + 1);
            """, """
            long at = end;
            END.setRelease(this, at + 1);
            Thread.yield();
            slots[(int) at & (slots.length - 1)] = size;
            """, "PublishedCursorBroadcast");

    /** Every control of this module, with the race that runs it. */
    public static final List<Mutant> ALL = List.of(END_PUBLISHED_BEFORE_ENTRY_AT_SWITCH_POINT);

    private FrayControls() {
    }

    /** The control of that id, or null. */
    public static Mutant named(String id) {
        return ALL.stream().filter(m -> m.id().equals(id)).findFirst().orElse(null);
    }
}
