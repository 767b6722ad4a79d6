package io.cursorcheck.properties.report;

import io.cursorcheck.properties.io.SetupProblem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The lock that lets one run at a time write a reports directory: {@code <reports>/.lock}, held with
 * {@link FileChannel#tryLock()} and holding the holder's pid, command and start time, so that a second
 * run is refused with a message naming the first instead of mixing its files into the first one's.
 *
 * <p>The operating system drops the lock when its process ends, however it ends, so a run that was
 * killed never leaves the directory locked. The file itself is never deleted: a process that opened
 * it just before a delete would lock a file nobody else sees.
 *
 * <p>Within one JVM a second {@code tryLock} on the same file throws
 * {@link OverlappingFileLockException}, and opening and closing another channel on a file the process
 * has locked may release the lock (POSIX locks belong to the process, not to a channel). So locks held
 * by this JVM are kept in a table, consulted before any channel is opened: a second run in the same
 * JVM (the cli module's tests call {@code Main} in-process) gets the same {@link Busy} as a second
 * process.
 */
public final class ReportLock implements AutoCloseable {

    /** The lock file's name in the reports directory. */
    public static final String FILE = ".lock";

    /** The locks this JVM holds, by lock file: never two channels on one of them. */
    private static final Map<Path, ReportLock> HELD = new HashMap<>();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    private final String holder;

    private ReportLock(Path file, FileChannel channel, FileLock lock, String holder) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.holder = holder;
    }

    /**
     * Another run holds the reports directory.
     */
    public static final class Busy extends RuntimeException implements SetupProblem {
        private static final long serialVersionUID = 1L;

        private Busy(String message) {
            super(message);
        }
    }

    /**
     * Takes the lock of a reports directory (creating the directory if needed).
     *
     * @param reports the reports directory
     * @param command what this run is, for the message another run would print
     * @return the lock; close it to release it
     * @throws Busy        if another run, in this JVM or another process, holds it
     * @throws IOException if the lock file cannot be opened
     */
    public static ReportLock acquire(Path reports, String command) throws IOException {
        Files.createDirectories(reports);
        Path file = reports.resolve(FILE).toAbsolutePath().normalize();
        String holder = "pid " + ProcessHandle.current().pid() + ", started "
                + Instant.now().toString().replaceAll("\\.\\d+Z$", "Z") + ", command: " + command;
        synchronized (HELD) {
            ReportLock mine = HELD.get(file);
            if (mine != null) {
                throw busy(reports, "another run in this process (" + mine.holder + ")");
            }
            FileChannel channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                // Not reachable through this class (HELD is consulted first); another class of this JVM holds it.
                channel.close();
                throw busy(reports, "another part of this process");
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
            if (lock == null) {
                String other = Files.readString(file, StandardCharsets.UTF_8).strip();
                channel.close();
                throw busy(
                        reports,
                        other.isEmpty()
                                ? "another process (it has not yet written who it is)"
                                : "another run (" + other + ")");
            }
            try {
                channel.truncate(0);
                channel.write(ByteBuffer.wrap((holder + "\n").getBytes(StandardCharsets.UTF_8)), 0);
                channel.force(false);
            } catch (IOException e) {
                lock.release();
                channel.close();
                throw e;
            }
            ReportLock taken = new ReportLock(file, channel, lock, holder);
            HELD.put(file, taken);
            return taken;
        }
    }

    private static Busy busy(Path reports, String who) {
        return new Busy(Reports.relative(reports) + "/ is being written by " + who + "; wait until it ends, or stop"
                + " it, then run again (two runs writing one reports directory would mix their files)");
    }

    /** Who holds it: pid, start time and command. */
    public String holder() {
        return holder;
    }

    /** Releases the lock (the file stays, see the class comment). */
    @Override
    public void close() {
        synchronized (HELD) {
            if (HELD.get(file) != this) {
                return;
            }
            HELD.remove(file);
            try {
                lock.release();
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot release the lock " + file, e);
            }
        }
    }
}
