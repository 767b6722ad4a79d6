package io.cursorcheck.conformance.protocol;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits what a subject process prints into lines without trusting it: a line is cut at
 * {@code '\n'} (a {@code '\r'} before it is dropped), must be UTF-8, and may hold at most
 * {@link #MAX_LINE_BYTES}; of a longer line only the first bytes are kept (to quote it) and the
 * rest is counted and skipped, so a subject that never ends its line cannot exhaust memory.
 *
 * <p>One thread reads from one stream.
 */
final class BoundedLines {

    /** The most bytes one line of the protocol may hold: 1 MiB (Node's answers take a few hundred). */
    static final int MAX_LINE_BYTES = 1 << 20;

    /** Bytes kept of a line that is too long, to show its beginning. */
    static final int KEPT_OF_A_LONG_LINE = 1024;

    /** One line as it came. */
    sealed interface Line permits Text, TooLong, NotUtf8 {}

    /**
     * A line of UTF-8 text within the cap, without its line end.
     *
     * @param text the text
     */
    record Text(String text) implements Line {}

    /**
     * A line longer than {@link #MAX_LINE_BYTES}.
     *
     * @param head  its beginning, decoded leniently
     * @param bytes its whole length in bytes, line end excluded
     */
    record TooLong(String head, long bytes) implements Line {}

    /**
     * A line that is not valid UTF-8.
     *
     * @param shown the line decoded leniently (malformed bytes as U+FFFD)
     */
    record NotUtf8(String shown) implements Line {}

    private final InputStream in;
    private byte[] buffer = new byte[256];

    BoundedLines(InputStream in) {
        this.in = new BufferedInputStream(in, 1 << 16);
    }

    /**
     * The next line, or null at the end of the stream. A last line without a line end is
     * returned as a line.
     */
    Line next() throws IOException {
        int kept = 0;
        long length = 0;
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (length < MAX_LINE_BYTES) {
                if (kept == buffer.length) {
                    buffer = Arrays.copyOf(buffer, Math.min(MAX_LINE_BYTES, buffer.length * 2));
                }
                buffer[kept++] = (byte) b;
            }
            length++;
        }
        if (b == -1 && length == 0) {
            return null;
        }
        if (length > MAX_LINE_BYTES) {
            return new TooLong(
                    new String(buffer, 0, Math.min(kept, KEPT_OF_A_LONG_LINE), StandardCharsets.UTF_8), length);
        }
        if (kept > 0 && buffer[kept - 1] == '\r') {
            kept--;
        }
        try {
            return new Text(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(buffer, 0, kept))
                    .toString());
        } catch (CharacterCodingException e) {
            return new NotUtf8(new String(buffer, 0, kept, StandardCharsets.UTF_8));
        }
    }
}
