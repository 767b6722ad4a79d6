package io.cursorcheck.conformance.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tail of standard error: bounded whatever is printed, and ending with what was printed last. */
class StreamTailTest {

    /** A stream of {@code bytes} bytes of 'e' without a line end, then {@code last}; made as it is read. */
    private static InputStream flood(long bytes, String last) {
        byte[] end = last.getBytes(StandardCharsets.UTF_8);
        return new InputStream() {
            private long at;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) == -1 ? -1 : one[0];
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (at >= bytes + end.length) {
                    return -1;
                }
                int n = 0;
                for (; n < len && at < bytes + end.length; n++, at++) {
                    b[off + n] = at < bytes ? (byte) 'e' : end[(int) (at - bytes)];
                }
                return n;
            }
        };
    }

    @Test
    void aFloodWithoutALineEndKeepsOnlyItsEnd() {
        StreamTail tail = new StreamTail();
        tail.drain(flood(256L << 20, " the last words\n")); // 256 MiB, never held: the ring is 8 KiB
        assertThat(tail.total()).isEqualTo((256L << 20) + " the last words\n".length());
        List<String> lines = tail.lines();
        assertThat(lines)
                .singleElement()
                .asString()
                .startsWith("...eee")
                .endsWith("eee the last words")
                .hasSize(3 + StreamTail.SHOWN_CHARS);
    }

    @Test
    void manyLinesKeepTheLastOnesAndAChunkLargerThanTheRingKeepsItsEnd() {
        StreamTail tail = new StreamTail();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 1_000; i++) {
            b.append("line ").append(i).append('\n');
        }
        byte[] bytes = b.toString().getBytes(StandardCharsets.US_ASCII);
        assertThat(bytes.length).isGreaterThan(StreamTail.CAPACITY);
        tail.append(bytes, bytes.length);
        assertThat(tail.lines())
                .hasSize(StreamTail.SHOWN_LINES)
                .endsWith("line 998", "line 999")
                .startsWith("line " + (1_000 - StreamTail.SHOWN_LINES));
        tail.append("crash\r\n".getBytes(StandardCharsets.US_ASCII), 7);
        assertThat(tail.lines()).endsWith("line 999", "crash");
    }

    @Test
    void nothingPrintedIsNoLine() {
        StreamTail tail = new StreamTail();
        tail.drain(InputStream.nullInputStream());
        assertThat(tail.lines()).isEmpty();
        assertThat(tail.total()).isZero();
    }
}
