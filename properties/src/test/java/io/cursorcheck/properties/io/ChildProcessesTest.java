package io.cursorcheck.properties.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A child started through {@link ChildProcesses} ends with its whole tree when the run stops, even a
 * grandchild that ignores SIGTERM; the control is the same tree started without it, which the very
 * same stop leaves running, so the check that the tree is gone can fail.
 */
class ChildProcessesTest {

    /**
     * The grace before SIGKILL here: shorter than the real one, which only makes a run's end wait longer; the
     * sleep that ignores SIGTERM still needs the SIGKILL after it.
     */
    private static final long GRACE_MILLIS = 300;

    /** A shell with two children: one ends on SIGTERM, one ignores it and needs SIGKILL. */
    private static ProcessBuilder tree() {
        return new ProcessBuilder("sh", "-c", "sleep 300 & (trap '' TERM; exec sleep 301) & wait");
    }

    /** The process and its descendants once both sleeps run (bounded wait: a setup error, never a catch). */
    private static List<ProcessHandle> members(Process p) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (p.descendants().count() < 2) {
            assertThat(System.nanoTime() < deadline && p.isAlive())
                    .as("the shell started its two sleeps")
                    .isTrue();
            Thread.sleep(20);
        }
        List<ProcessHandle> all = new ArrayList<>();
        all.add(p.toHandle());
        p.descendants().forEach(all::add);
        return all;
    }

    /** The members still alive after a bounded wait for them to go. */
    private static List<ProcessHandle> survivors(List<ProcessHandle> members) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<ProcessHandle> alive =
                members.stream().filter(ProcessHandle::isAlive).toList();
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            alive = members.stream().filter(ProcessHandle::isAlive).toList();
        }
        return alive;
    }

    /** SIGKILL to the process and its descendants, listed first, and a bounded wait for them to go. */
    private static void killNow(Process p) throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(p.toHandle());
        p.descendants().forEach(all::add);
        all.forEach(ProcessHandle::destroyForcibly);
        survivors(all);
    }

    @Test
    void aStoppedRunEndsEachRegisteredChildWithItsWholeTreeAndLeavesAnUnregisteredTreeRunning() throws Exception {
        Process registered = ChildProcesses.start(tree());
        Process unregistered = tree().start(); // the control: started without the mechanism
        try {
            List<ProcessHandle> ours = members(registered);
            List<ProcessHandle> control = members(unregistered);
            assertThat(ours).hasSize(3);

            ChildProcesses.stopRunning(GRACE_MILLIS);

            assertThat(survivors(ours)).as("the registered tree after the stop").isEmpty();
            assertThat(control)
                    .as("the control tree, never registered, is seen surviving")
                    .allMatch(ProcessHandle::isAlive);
        } finally {
            killNow(unregistered); // the control is not under test: SIGKILL, without stopTree's grace
            ChildProcesses.stopTree(registered, GRACE_MILLIS);
        }
    }

    @Test
    void stopTreeEndsOneChildAndItsDescendants() throws Exception {
        Process p = ChildProcesses.start(tree());
        List<ProcessHandle> members = members(p);
        ChildProcesses.stopTree(p, GRACE_MILLIS);
        assertThat(survivors(members)).isEmpty();
    }
}
