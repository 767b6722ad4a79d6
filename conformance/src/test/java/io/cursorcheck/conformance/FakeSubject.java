package io.cursorcheck.conformance;

import io.cursorcheck.conformance.protocol.Hello;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fake external subject for {@link ProtocolErrorTest}: a separate process that does the
 * cursorcheck-subject handshake, answers {@code reset} and {@code attach} as the protocol says,
 * and misbehaves in a chosen way when asked to:
 * <ul>
 *   <li>{@code fail} with the reason {@code "misbehave:MODE"} is answered as MODE says (the modes
 *       are the cases of {@link #misbehave});</li>
 *   <li>{@code --always MODE}: every operation is answered so;</li>
 *   <li>{@code --reset MODE}: the reset of a {@code DROP_NEWEST} broadcast is answered so;</li>
 *   <li>{@code --deaf after-hello}: after answering the handshake, it never reads its input again
 *       (and exits with code 0 after {@link #DEAF_MILLIS}, so that nothing waits for it forever);</li>
 *   <li>{@code --hello-drop FIELD}, {@code --hello-set FIELD=JSON}, {@code --hello-raw LINE}: the
 *       handshake's answer without a field, with another value, or replaced.</li>
 * </ul>
 * Any other operation is answered {@code {"error": ...}}. No dependency but the JDK, so that it
 * starts fast.
 */
public final class FakeSubject {

    /** How long a deaf fake lives on without reading: far beyond any answer timeout of the tests. */
    static final long DEAF_MILLIS = 20_000;

    /** Bytes the {@code stderr-flood} misbehaviour prints on standard error before its last words. */
    static final int FLOOD_BYTES = 16 << 20;

    /** What the {@code stderr-flood} misbehaviour prints last, on the same line as the flood. */
    public static final String LAST_WORDS = "fake subject: the last words after the flood";

    private static final Pattern OP = Pattern.compile("\"op\":\"([a-zA-Z]+)\"");
    private static final Pattern REASON = Pattern.compile("\"reason\":\"misbehave:([a-z0-9-]+)\"");

    private final PrintStream out =
            new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
    private final Map<String, String> hello = new LinkedHashMap<>();
    private String helloRaw;
    private String always;
    private String badReset;
    private boolean deaf;
    private long op;
    private int consumers;

    private FakeSubject(String[] args) {
        hello.put("protocol", "\"cursorcheck-subject\"");
        hello.put("version", String.valueOf(Hello.VERSION));
        hello.put("implementation", "{\"name\":\"fake\",\"version\":\"0.0.1\"}");
        hello.put("api", "\"budget\"");
        hello.put(
                "policies",
                "{\"STRICT\":\"strict\",\"UNBOUNDED\":\"unbounded\",\"DROP_OLDEST\":\"drop-oldest\","
                        + "\"DROP_NEWEST\":\"drop-newest\"}");
        hello.put("minBudget", "1");
        hello.put("unitSizes", "false");
        hello.put("unsupported", "[]");
        for (int i = 0; i < args.length; i += 2) {
            String value = args[i + 1];
            switch (args[i]) {
                case "--always" -> always = value;
                case "--reset" -> badReset = value;
                case "--hello-drop" -> hello.remove(value);
                case "--hello-set" ->
                    hello.put(value.substring(0, value.indexOf('=')), value.substring(value.indexOf('=') + 1));
                case "--hello-raw" -> helloRaw = value;
                case "--deaf" -> deaf = value.equals("after-hello");
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
    }

    /** Runs the fake on standard input and output. */
    public static void main(String[] args) throws IOException, InterruptedException {
        new FakeSubject(args).run();
    }

    /** The command line that starts the fake in a JVM of its own. */
    public static List<String> command(String... args) throws Exception {
        Path classes = Path.of(FakeSubject.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        List<String> c = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xmx32m",
                "-cp",
                classes.toString(),
                FakeSubject.class.getName()));
        c.addAll(List.of(args));
        return c;
    }

    private void run() throws IOException, InterruptedException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.contains("\"protocol\"")) {
                answer(helloRaw != null ? helloRaw : hello());
                if (deaf) { // never reads again: a request larger than the pipe cannot be written whole
                    Thread.sleep(DEAF_MILLIS);
                    System.exit(0);
                }
                continue;
            }
            Matcher m = OP.matcher(line);
            String name = m.find() ? m.group(1) : "";
            if (name.equals("reset")) {
                op = 0;
                consumers = 0;
                if (badReset != null && line.contains("\"policy\":\"DROP_NEWEST\"")) {
                    misbehave(badReset, in);
                } else {
                    answer("{\"reset\":true,\"unit\":4}");
                }
                continue;
            }
            Matcher r = REASON.matcher(line);
            String mode = always != null ? always : name.equals("fail") && r.find() ? r.group(1) : null;
            if (mode != null) {
                misbehave(mode, in);
            } else if (name.equals("attach")) {
                consumers++;
                answer("{\"op\":" + op++ + ",\"outcome\":{\"kind\":\"ATTACHED\",\"consumer\":" + (consumers - 1)
                        + "},\"settled\":[]," + probe() + "}");
            } else {
                op++;
                answer("{\"error\":\"the fake subject serves attach only, not " + name + "\"}");
            }
        }
    }

    private String hello() {
        StringBuilder b = new StringBuilder("{");
        hello.forEach((k, v) -> b.append(b.length() > 1 ? "," : "")
                .append('"')
                .append(k)
                .append("\":")
                .append(v));
        return b.append('}').toString();
    }

    private String probe() {
        return "\"probe\":{\"consumers\":" + consumers + ",\"canWrite\":true}";
    }

    private void answer(String line) {
        out.print(line + "\n");
        out.flush();
    }

    /** Answers the current request the way {@code mode} says, breaking the protocol (or crashing). */
    private void misbehave(String mode, BufferedReader in) throws IOException, InterruptedException {
        long n = op++;
        String ok = "\"settled\":[]," + probe();
        switch (mode) {
            case "garbage" -> answer("{\"op\":" + n + ",\"outcome\":");
            case "not-object" -> answer("[1,2,3]");
            case "string" -> answer("\"hello\"");
            case "empty" -> answer("");
            case "huge" -> answer("{\"op\":" + n + ",\"pad\":\"" + "x".repeat((1 << 21) + 7) + "\"}");
            case "missing-outcome" -> answer("{\"op\":" + n + "," + ok + "}");
            case "missing-probe" -> answer("{\"op\":" + n + ",\"outcome\":{\"kind\":\"OK\"},\"settled\":[]}");
            case "settled-string" ->
                answer("{\"op\":" + n + ",\"outcome\":{\"kind\":\"OK\"},\"settled\":\"none\"," + probe() + "}");
            case "probe-ill-typed" ->
                answer("{\"op\":" + n + ",\"outcome\":{\"kind\":\"OK\"},\"settled\":[],"
                        + "\"probe\":{\"consumers\":\"one\",\"canWrite\":true}}");
            case "wrong-number" -> answer("{\"op\":" + (n + 5) + ",\"outcome\":{\"kind\":\"OK\"}," + ok + "}");
            case "unknown-kind" -> answer("{\"op\":" + n + ",\"outcome\":{\"kind\":\"MAYBE\"}," + ok + "}");
            case "bad-spec-reason" ->
                answer("{\"op\":" + n + ",\"outcome\":{\"kind\":\"FAILED\",\"reason\":" + "{\"spec\":\"NO_SUCH\"}},"
                        + ok + "}");
            case "huge-number" ->
                answer("{\"op\":123456789012345678901234567890,\"outcome\":{\"kind\":\"OK\"}," + ok + "}");
            case "duplicate-key" ->
                answer("{\"op\":" + n + ",\"op\":" + n + ",\"outcome\":{\"kind\":\"OK\"}," + ok + "}");
            case "short-escape" ->
                answer("{\"op\":" + n + ",\"outcome\":{\"kind\":\"FAILED\",\"reason\":\"\\u12\"}," + ok + "}");
            case "control-char" ->
                answer("{\"op\":" + n + ",\"outcome\":{\"kind\":\"FAILED\",\"reason\":\"a\u0001b\"}," + ok + "}");
            case "error" -> answer("{\"error\":\"cannot serve this\"}");
            case "not-utf8" -> {
                out.write(new byte[] {'{', '"', 'o', 'p', '"', ':', (byte) 0xC3, (byte) 0x28, '}', '\n'});
                out.flush();
            }
            case "silence" -> {
                // no answer: the suite must give up after its timeout
            }
            case "close" -> {
                System.out.close();
                out.close();
                while (in.readLine() != null) {
                    // live on, silent, until the suite closes our input or kills us
                }
                System.exit(0);
            }
            case "exit-0" -> System.exit(0);
            case "stderr-flood" -> { // megabytes on standard error without a line end, then its last words, then a
                // crash
                java.io.FileOutputStream err = new java.io.FileOutputStream(java.io.FileDescriptor.err);
                byte[] chunk = "e".repeat(1 << 16).getBytes(StandardCharsets.US_ASCII);
                for (int sent = 0; sent < FLOOD_BYTES; sent += chunk.length) {
                    err.write(chunk);
                }
                err.write((" " + LAST_WORDS + "\n").getBytes(StandardCharsets.US_ASCII));
                err.flush();
                System.exit(70);
            }
            case "crash" -> {
                System.err.println("fake subject: crashing on purpose");
                System.exit(70);
            }
            default -> answer("{\"error\":\"unknown misbehaviour " + mode + "\"}");
        }
    }
}
