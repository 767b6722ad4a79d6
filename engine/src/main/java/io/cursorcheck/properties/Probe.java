package io.cursorcheck.properties;

import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.WriterState;

/**
 * What a user of Node's broadcast can read between operations without changing anything: the
 * broadcast's {@code consumerCount} and the writer's {@code canWrite} ({@code true}, {@code false},
 * or {@code null} once the writer is not open or the broadcast has ended). Trimming shows in
 * {@code canWrite} as soon as it frees room under the budget.
 *
 * @param consumers the attached consumers
 * @param canWrite  whether a write would be stored now, or null when the writer cannot write
 */
public record Probe(int consumers, Boolean canWrite) {

    /** A broadcast that can report its probe (an external subject, which has no snapshot). */
    public interface Source {
        /** The probe taken right after the last operation. */
        Probe probe();
    }

    /**
     * The probe the spec gives for a snapshot ({@code docs/spec.md} §5): {@code canWrite} is null unless the writer is open and
     * the broadcast has not ended, else {@code bufferedBytes < budget}.
     */
    public static Probe of(Snapshot s, Options options) {
        Boolean canWrite = s.writerState() != WriterState.OPEN || s.ended() || s.cancelled()
                ? null
                : s.bufferedBytes() < options.budget();
        return new Probe(s.consumers().size(), canWrite);
    }

    @Override
    public String toString() {
        return "consumers=" + consumers + " canWrite=" + canWrite;
    }
}
