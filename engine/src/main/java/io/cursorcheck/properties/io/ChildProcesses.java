package io.cursorcheck.properties.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Every process a run starts goes through {@link #start}, so that a stopped run stops everything it
 * started: a shutdown hook (Ctrl-C, SIGTERM, SIGHUP, or the JVM's normal exit) ends each child that is
 * still running together with its whole process tree, since a child's own children (Maven's forked test
 * JVMs, Fray's JVM, npm's and Node's children, jcstress forks) would otherwise run on holding the cores.
 *
 * <p>How a tree is ended: its members are listed first ({@link ProcessHandle#descendants()} follows
 * parent links, which a member loses when its parent dies, so the list is taken before anyone is
 * signalled), then each gets SIGTERM (Maven and the JVMs run their own shutdown), and whoever is still
 * alive after {@link #GRACE_MILLIS} gets SIGKILL. What this cannot cover, the JVM itself killed with
 * SIGKILL, is covered by the launcher: {@code bin/cursorcheck} runs the JVM in a process group of its own
 * and ends that whole group when the JVM ends or the launcher is stopped.
 *
 * <p>Thread-safe. Once the hook has begun, {@link #start} starts nothing and blocks until the JVM ends: a
 * child started after the hook listed the trees would outlive the run.
 */
public final class ChildProcesses {

    /** How long a tree has, after SIGTERM, to end by itself before SIGKILL; short, since it delays the exit. */
    static final long GRACE_MILLIS = 3_000;

    /** How long to wait for a process to be gone after SIGKILL. */
    private static final long KILL_WAIT_MILLIS = 1_000;

    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();
    private static final Object LOCK = new Object();
    private static boolean hooked;
    private static boolean stopping;

    private ChildProcesses() {}

    /**
     * Starts {@code builder}'s process and registers it, so that the end of this JVM ends it and all its
     * descendants.
     *
     * @param builder the process to start, configured as for {@link ProcessBuilder#start()}
     * @return the started process
     * @throws IOException as {@link ProcessBuilder#start()}; once the run is stopping, it does not return
     */
    public static Process start(ProcessBuilder builder) throws IOException {
        synchronized (LOCK) {
            if (!stopping && hooked()) {
                Process p = builder.start();
                RUNNING.add(p);
                p.onExit().thenRun(() -> RUNNING.remove(p));
                return p;
            }
        }
        // the JVM is ending: the thread waits for the end instead of failing, since a failure here would be
        // reported as the run's error (a subject that "cannot start") while the run is only being stopped
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new InterruptedIOException(
                "the run is stopping: " + String.join(" ", builder.command()) + " not started");
    }

    /** Installs the shutdown hook once; false if the JVM is already ending (too late for a hook). */
    private static boolean hooked() {
        if (!hooked) {
            try {
                Runtime.getRuntime()
                        .addShutdownHook(new Thread(ChildProcesses::stopAll, "cursorcheck child processes"));
                hooked = true;
            } catch (IllegalStateException e) {
                stopping = true;
            }
        }
        return hooked;
    }

    /** What the shutdown hook does: holds further starts, then ends every registered child that still runs. */
    private static void stopAll() {
        synchronized (LOCK) {
            stopping = true;
        }
        stopRunning();
    }

    /** Ends every registered child that still runs, with its tree. */
    static void stopRunning() {
        stopRunning(GRACE_MILLIS);
    }

    /** As {@link #stopRunning()}, with another grace before SIGKILL (tests, which need not wait the real one). */
    static void stopRunning(long graceMillis) {
        List<Process> children = new ArrayList<>(RUNNING);
        List<ProcessHandle> tree = new ArrayList<>();
        for (Process p : children) {
            tree.addAll(treeOf(p.toHandle()));
        }
        end(tree, graceMillis);
    }

    /**
     * Ends {@code p} and every process below it now (a caller that gives up on a child: a timeout), the
     * way the shutdown hook would.
     *
     * @param p a process this JVM started
     */
    public static void stopTree(Process p) {
        stopTree(p, GRACE_MILLIS);
    }

    /** As {@link #stopTree(Process)}, with another grace before SIGKILL (tests, which need not wait the real one). */
    static void stopTree(Process p, long graceMillis) {
        end(treeOf(p.toHandle()), graceMillis);
    }

    /** The process and its descendants, listed before any of them is signalled. */
    private static List<ProcessHandle> treeOf(ProcessHandle root) {
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(root);
        root.descendants().forEach(tree::add);
        return tree;
    }

    /** SIGTERM to every member, then SIGKILL to whoever is alive after the grace. */
    private static void end(List<ProcessHandle> tree, long graceMillis) {
        for (ProcessHandle h : tree) {
            h.destroy();
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        for (ProcessHandle h : tree) {
            long left = deadline - System.nanoTime();
            try {
                if (left > 0) {
                    h.onExit().get(left, TimeUnit.NANOSECONDS);
                }
            } catch (Exception e) {
                // not ended within the grace (or the wait was cut short): SIGKILL below
            }
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
        // SIGKILL is not instant (a process is gone once its new parent reaps it): wait a moment for it, so
        // that a caller of stopTree finds the tree gone
        for (ProcessHandle h : tree) {
            try {
                h.onExit().get(KILL_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                // still listed after SIGKILL: nothing more can be done from here
            }
        }
    }
}
