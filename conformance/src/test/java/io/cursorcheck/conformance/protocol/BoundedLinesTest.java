package io.cursorcheck.conformance.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The line reader's cap, line ends and UTF-8 check, on bytes in memory. */
class BoundedLinesTest {

    private static BoundedLines of(byte[] bytes) {
        return new BoundedLines(new ByteArrayInputStream(bytes));
    }

    private static BoundedLines of(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void splitsAtNewlinesDropsACarriageReturnAndEndsWithNull() throws Exception {
        BoundedLines r = of("{\"a\":1}\r\n\nlast é");
        assertThat(r.next()).isEqualTo(new BoundedLines.Text("{\"a\":1}"));
        assertThat(r.next()).isEqualTo(new BoundedLines.Text(""));
        assertThat(r.next()).as("a last line without its newline").isEqualTo(new BoundedLines.Text("last é"));
        assertThat(r.next()).isNull();
    }

    @Test
    void aLineOfExactlyTheCapIsKeptOneByteMoreIsTooLongAndTheNextLineIsReadWhole() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes("y".repeat(BoundedLines.MAX_LINE_BYTES).getBytes(StandardCharsets.US_ASCII));
        b.write('\n');
        b.writeBytes("x".repeat(BoundedLines.MAX_LINE_BYTES + 1).getBytes(StandardCharsets.US_ASCII));
        b.write('\n');
        b.writeBytes("next".getBytes(StandardCharsets.US_ASCII));
        BoundedLines r = of(b.toByteArray());
        assertThat(((BoundedLines.Text) r.next()).text()).hasSize(BoundedLines.MAX_LINE_BYTES);
        BoundedLines.TooLong t = (BoundedLines.TooLong) r.next();
        assertThat(t.bytes()).isEqualTo(BoundedLines.MAX_LINE_BYTES + 1L);
        assertThat(t.head()).hasSize(BoundedLines.KEPT_OF_A_LONG_LINE);
        assertThat(r.next()).isEqualTo(new BoundedLines.Text("next"));
    }

    @Test
    void bytesThatAreNotUtf8AreSaidSo() throws Exception {
        BoundedLines r = of(new byte[] {'o', 'k', (byte) 0xC3, (byte) 0x28, '\n', (byte) 0xF0, '\n'});
        assertThat(r.next()).isInstanceOf(BoundedLines.NotUtf8.class);
        assertThat(r.next()).isInstanceOf(BoundedLines.NotUtf8.class);
        assertThat(r.next()).isNull();
    }

    @Test
    void aQuotedLineStaysOnOneLineAndShort() {
        assertThat(SubjectProtocolError.quote("a\u0001b\tc")).isEqualTo("'a\\u0001b\\u0009c'");
        String quoted = SubjectProtocolError.quote("z".repeat(1000));
        assertThat(quoted).startsWith("'zzz").endsWith("' (800 more characters)");
        assertThat(quoted).hasSize(SubjectProtocolError.SHOWN_CHARS + 2 + " (800 more characters)".length());
    }
}
