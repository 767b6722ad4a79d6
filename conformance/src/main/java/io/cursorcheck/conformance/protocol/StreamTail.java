package io.cursorcheck.conformance.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The last bytes a stream delivered, at most {@link #CAPACITY}: what a subject printed on standard
 * error last, for the report of its crash. Reading never stops (a subject must not block on a
 * full pipe) and never holds more than the capacity, however much the subject prints and whether
 * or not it ever ends a line, so a flood cannot exhaust memory.
 *
 * <p>One thread {@linkplain #drain drains} the stream; any thread may read the {@linkplain #lines tail}.
 */
final class StreamTail {

    /** Bytes kept: the last 8 KiB. */
    static final int CAPACITY = 8 * 1024;

    /** Lines shown of the tail at most, the last ones. */
    static final int SHOWN_LINES = 20;

    /** Characters shown of one line at most, its end (a crash's last words end it). */
    static final int SHOWN_CHARS = 500;

    private final byte[] ring = new byte[CAPACITY];
    private long total;

    /** Reads the stream to its end, keeping its last bytes; returns at the end or on an error of the stream. */
    void drain(InputStream in) {
        byte[] chunk = new byte[8 * 1024];
        try (in) {
            for (int n; (n = in.read(chunk)) != -1; ) {
                append(chunk, n);
            }
        } catch (IOException e) {
            // the process is gone: what was read is the tail
        }
    }

    /** Adds {@code n} bytes of {@code chunk}, dropping the oldest beyond the capacity. */
    synchronized void append(byte[] chunk, int n) {
        for (int i = Math.max(0, n - CAPACITY); i < n; i++) { // of a chunk larger than the ring, only its end stays
            ring[(int) ((total + i) % CAPACITY)] = chunk[i];
        }
        total += n;
    }

    /** Bytes delivered so far, kept or not. */
    synchronized long total() {
        return total;
    }

    /**
     * The last lines of the tail, at most {@link #SHOWN_LINES}, each cut to its last
     * {@link #SHOWN_CHARS} characters; the first is partial when the tail starts inside a line.
     * Decoded leniently (bytes that are not UTF-8 become U+FFFD), blank lines left out.
     */
    synchronized List<String> lines() {
        int kept = (int) Math.min(total, CAPACITY);
        byte[] bytes = new byte[kept];
        for (int i = 0; i < kept; i++) {
            bytes[i] = ring[(int) ((total - kept + i) % CAPACITY)];
        }
        List<String> lines = new ArrayList<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\r?\n")) {
            if (!line.isBlank()) {
                lines.add(line.length() > SHOWN_CHARS ? "..." + line.substring(line.length() - SHOWN_CHARS) : line);
            }
        }
        return List.copyOf(lines.subList(Math.max(0, lines.size() - SHOWN_LINES), lines.size()));
    }
}
