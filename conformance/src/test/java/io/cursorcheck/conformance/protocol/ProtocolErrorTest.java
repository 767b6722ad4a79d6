package io.cursorcheck.conformance.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.FakeSubject;
import io.cursorcheck.conformance.pages.ConformancePage;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A subject that breaks the cursorcheck-subject protocol, played by {@link FakeSubject} in a
 * process of its own: each misbehaviour is a protocol error that names the line (quoted) and what
 * was expected, is never taken for a difference, and the next sequence runs on a fresh process
 * that behaves. A process that dies with a non-zero code stays a crash (the control that the two
 * are told apart).
 */
class ProtocolErrorTest {

    /** Short, so that the silent fake costs little; a process's first answer still gets 10 s to start. */
    private static final long ANSWER_MILLIS = 1_500;

    private static final Options OPTIONS = Options.of(2, Policy.STRICT);
    /** Behaves: the fake answers attach as the protocol says, and as the model does. */
    private static final Script BEHAVES = new Script(OPTIONS, List.of(new Op.Attach(), new Op.Attach()));

    private static ExternalSubject fake;

    @BeforeAll
    static void start() throws Exception {
        fake = new ExternalSubject("fake", FakeSubject.command(), ANSWER_MILLIS);
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    private static Script misbehaving(String mode) {
        return new Script(OPTIONS, List.of(new Op.Attach(), new Op.Fail("misbehave:" + mode)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "garbage          | '{\"op\":1,\"outcome\":'       | not JSON (JSON: Unexpected end-of-input",
                "not-object       | '[1,2,3]'                      | a JSON array; expected one JSON object",
                "string           | '\"hello\"'                    | a JSON string; expected one JSON object",
                "empty            | ''                             | not JSON (JSON: no value",
                "huge             | '{\"op\":1,\"pad\":\"xxxx       | a line of 2097176 bytes; expected at most 1048576 bytes a line",
                "missing-outcome  | '{\"op\":1,\"settled\":[]       | the field outcome is missing; expected an object",
                "missing-probe    | '{\"op\":1,\"outcome\":{\"kind\":\"OK\"},\"settled\":[]}' | the field probe is missing; expected an object",
                "settled-string   | \"settled\":\"none\"           | the field settled is a string '\"none\"'; expected an array of objects",
                "probe-ill-typed  | \"consumers\":\"one\"          | the field probe.consumers is a string '\"one\"'; expected a whole number in 0..2147483647",
                "wrong-number     | '{\"op\":6,                    | the field op is 6; expected 1, this operation's number since the reset",
                "unknown-kind     | \"kind\":\"MAYBE\"             | the field outcome.kind is 'MAYBE'; expected one of [DATA",
                "bad-spec-reason  | {\"spec\":\"NO_SUCH\"}         | the field outcome.reason.spec is 'NO_SUCH'; expected one of [WRITER_CLOSED",
                "huge-number      | 123456789012345678901234567890 | is out of range: whole numbers must lie within",
                "duplicate-key    | '{\"op\":1,\"op\":1,           | Duplicate field 'op'",
                "short-escape     | \"reason\":\"\\u12\"           | expected a hex-digit for character escape sequence",
                "control-char     | \"reason\":\"a\\u0001b\"       | Illegal unquoted character ((CTRL-CHAR, code 1))",
                "error            | '{\"error\":\"cannot serve this\"}' | an error answer: the subject could not serve the request ('cannot serve this')",
                "not-utf8         | '{\"op\":                      | not UTF-8; expected a line of UTF-8 text",
            })
    void aLineThatBreaksTheProtocolIsAProtocolErrorNamingItAndTheNextSequenceRunsOnAFreshProcess(
            String mode, String line, String expected) {
        assertProtocolError(mode, line, expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "silence | did not answer within 1500 ms (a hang, or silence); expected one line",
                "close   | closed its output without answering, and lives on; expected one line",
                "exit-0  | exited with code 0 without answering; expected one line",
            })
    void sayingNothingIsAProtocolErrorToo(String mode, String expected) {
        assertProtocolError(mode, null, expected);
    }

    private static void assertProtocolError(String mode, String line, String expected) {
        long errorsBefore = fake.protocolErrors().count();
        int restartsBefore = fake.restarts();
        Lockstep.Run run = Lockstep.run(fake, misbehaving(mode));

        assertThat(run.failed()).as("the run stops at the misbehaviour").isTrue();
        Failure f = run.failure();
        assertThat(f.step()).isEqualTo(1);
        assertThat(SubjectProtocolError.causedBy(f))
                .as("a protocol error, not something the subject did: %s", f.detail())
                .isTrue();
        String message = f.subject().thrown().message();
        assertThat(message)
                .startsWith("protocol error: ")
                .contains("{\"op\":\"fail\",\"reason\":\"misbehave:" + mode)
                .contains(expected);
        if (line != null) {
            assertThat(message)
                    .as("names the line, quoted")
                    .contains("the subject answered '")
                    .contains(line);
        }
        assertThat(message.length()).as("a line is quoted shortened").isLessThan(2_000);
        assertThat(fake.protocolErrors().count()).as("reported to the run").isEqualTo(errorsBefore + 1);
        if (errorsBefore < ExternalSubject.MAX_KEPT) {
            assertThat(fake.protocolErrors().first()).contains(message);
        }

        Lockstep.Run next = Lockstep.run(fake, BEHAVES);
        assertThat(next.failed())
                .as("the next sequence runs on a process that behaves: %s", next.failure())
                .isFalse();
        assertThat(fake.restarts()).as("on a fresh process").isEqualTo(restartsBefore + 1);
    }

    /** The control: a process that dies with a code other than 0 is a crash (a finding), not a protocol error. */
    @Test
    void aProcessThatDiesIsACrashNotAProtocolError() {
        long errorsBefore = fake.protocolErrors().count();
        int restartsBefore = fake.restarts();
        Lockstep.Run run = Lockstep.run(fake, misbehaving("crash"));
        assertThat(run.failed()).isTrue();
        assertThat(run.failure().kind()).isEqualTo(Failure.Kind.SUBJECT_THREW);
        assertThat(SubjectProtocolError.causedBy(run.failure())).isFalse();
        assertThat(run.failure().subject().thrown().type()).isEqualTo("SubjectCrash");
        assertThat(run.failure().subject().thrown().message())
                .contains("exited with code 70", "fake subject: crashing on purpose");
        assertThat(fake.protocolErrors().count()).isEqualTo(errorsBefore);
        assertThat(Lockstep.run(fake, BEHAVES).failed()).isFalse();
        assertThat(fake.restarts()).isEqualTo(restartsBefore + 1);
    }

    /**
     * A process that prints megabytes on standard error without ending its line: only the end of
     * what it printed is kept (its last words, which a crash report needs), the report stays short,
     * and the next sequence runs on a fresh process.
     */
    @Test
    void aFloodOnStandardErrorKeepsOnlyItsEndForTheCrashReport() {
        int restartsBefore = fake.restarts();
        Lockstep.Run run = Lockstep.run(fake, misbehaving("stderr-flood"));
        assertThat(run.failed()).isTrue();
        assertThat(run.failure().subject().thrown().type()).isEqualTo("SubjectCrash");
        String message = run.failure().subject().thrown().message();
        assertThat(message).contains("exited with code 70", "its last words: ...eee", FakeSubject.LAST_WORDS);
        assertThat(message.length()).as("the flood is not in the report").isLessThan(2 * StreamTail.SHOWN_CHARS);
        assertThat(Lockstep.run(fake, BEHAVES).failed()).isFalse();
        assertThat(fake.restarts()).isEqualTo(restartsBefore + 1);
    }

    /**
     * A process that stops reading its input: a request larger than the pipe cannot be written
     * whole, and must not block the run forever. It is a protocol error naming the request, within
     * the answer timeout. (Without the writer's own thread the write blocked until the fake gave up
     * after {@link FakeSubject#DEAF_MILLIS} and exited, reported as a clean exit without an answer.)
     */
    @Test
    void aSubjectThatStopsReadingItsInputIsAProtocolErrorNamingTheRequest() throws Exception {
        List<SubjectProtocolError> reported = new java.util.ArrayList<>();
        AdapterProcess p =
                new AdapterProcess(FakeSubject.command("--deaf", "after-hello"), ANSWER_MILLIS, reported::add);
        try {
            Map<String, Object> hello = new LinkedHashMap<>();
            hello.put("protocol", Hello.PROTOCOL);
            hello.put("version", Hello.VERSION);
            p.request(hello); // answered; from now on the fake reads nothing
            Map<String, Object> large = new LinkedHashMap<>();
            large.put("op", "fail");
            large.put("reason", "r".repeat(4 << 20)); // far beyond a pipe's buffer (64 KiB on Linux)
            assertThatThrownBy(() -> p.request(large))
                    .isExactlyInstanceOf(SubjectProtocolError.class)
                    .hasMessageStartingWith("protocol error: to {\"op\":\"fail\",\"reason\":\"rrr")
                    .hasMessageContaining("the subject did not read it within " + ANSWER_MILLIS + " ms")
                    .hasMessageContaining("expected it to read every request");
            assertThat(reported).as("reported to the run").hasSize(1);
            assertThat(p.dead())
                    .as("killed, so the next sequence gets a fresh process")
                    .isTrue();
        } finally {
            p.close();
        }
    }

    /** A bad answer to a reset surfaces at the sequence's first operation, and the next sequence gets a fresh process. */
    @Test
    void aBadAnswerToAResetIsAProtocolErrorAtTheFirstOperation() throws Exception {
        try (ExternalSubject subject =
                new ExternalSubject("fake", FakeSubject.command("--reset", "not-object"), ANSWER_MILLIS)) {
            Lockstep.Run run = Lockstep.run(subject, BEHAVES.withOptions(Options.of(2, Policy.DROP_NEWEST)));
            assertThat(run.failed()).isTrue();
            assertThat(run.failure().step()).isZero();
            assertThat(SubjectProtocolError.causedBy(run.failure())).isTrue();
            assertThat(run.failure().subject().thrown().message())
                    .contains(
                            "the subject answered '[1,2,3]' to"
                                    + " {\"op\":\"reset\",\"budget\":2,\"policy\":\"DROP_NEWEST\"}",
                            "expected one JSON object");
            assertThat(Lockstep.run(subject, BEHAVES).failed()).isFalse();
            assertThat(subject.restarts()).isEqualTo(1);
            assertThat(subject.protocolErrors().count()).isEqualTo(1);
        }
    }

    /** The handshake's answer is checked field by field; the error names the field and what it must be. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "--hello-drop | minBudget                          | the field minBudget is missing; expected a whole number >= 1",
                "--hello-set  | minBudget=\"1\"                    | the field minBudget is a string '\"1\"'; expected a whole number >= 1",
                "--hello-set  | minBudget=0                        | the field minBudget is 0; expected a whole number >= 1",
                "--hello-drop | implementation                     | the field implementation is missing; expected an object",
                "--hello-set  | implementation={\"version\":\"1\"} | the field implementation.name is missing; expected a string",
                "--hello-set  | api=\"bytes\"                      | the field api is 'bytes'; expected 'budget' or 'highWaterMark'",
                "--hello-set  | policies={\"FAST\":\"fast\"}       | the field policies.FAST names no policy of the spec (docs/spec.md)",
                "--hello-set  | policies={}                        | the field policies is empty",
                "--hello-set  | unitSizes=null                     | the field unitSizes is null; expected true or false",
                "--hello-set  | overlappingReads=true              | the field overlappingReads reports a behaviour; the handshake describes the API's shape, not behaviours",
                "--hello-set  | writeQueueing=false                | the field writeQueueing reports a behaviour; the handshake describes the API's shape, not behaviours",
                "--hello-set  | speed=\"fast\"                   | the field speed is not part of the handshake of version 3; expected only the fields [protocol,",
                "--hello-drop | unsupported                        | the field unsupported is missing; expected an array of objects",
                "--hello-set  | unsupported={}                     | the field unsupported is an object '{}'; expected an array of objects",
                "--hello-set  | unsupported=[{\"op\":\"rewind\",\"why\":\"no such call\"}] | the field unsupported[0].op is 'rewind', no operation of the protocol; expected one of [attach, next,",
                "--hello-set  | unsupported=[{\"op\":\"cancel\"}] | the field unsupported[0].why is missing; expected a string",
                "--hello-set  | unsupported=[{\"op\":\"cancel\",\"why\":\" \"}] | the field unsupported[0].why is empty; expected why the API cannot express cancel",
                "--hello-set  | unsupported=[{\"op\":\"next\",\"why\":\"pull only\"}] | the field unsupported[0].op is 'next'; an API without",
                "--hello-set  | unsupported=[{\"op\":\"end\",\"why\":\"a\"},{\"op\":\"end\",\"why\":\"b\"}] | the field unsupported[1].op is 'end', listed twice",
                "--hello-set  | unsupported=[{\"op\":\"write\",\"why\":\"a\"},{\"op\":\"writeSync\",\"why\":\"b\"}] | the field unsupported lists both write and writeSync",
                "--hello-set  | protocol=\"other\"                 | the field protocol is 'other'; expected 'cursorcheck-subject'",
                "--hello-set  | version=2                          | the field version is 2; expected the number 3",
                "--hello-raw  | hello                              | not JSON",
            })
    void aBadHandshakeIsRefusedNamingTheField(String option, String value, String expected) {
        assertThatThrownBy(() -> new ExternalSubject("fake", FakeSubject.command(option, value), ANSWER_MILLIS).close())
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("fake does not speak the cursorcheck-subject protocol: its handshake failed:"
                        + " protocol error: the subject answered '")
                .hasMessageContaining(expected);
    }

    /**
     * The control of the handshake's checks: an operation the API cannot express, listed with why, is
     * accepted, kept, shown in the summary, and never drawn (its weight is 0).
     */
    @Test
    void anOperationListedWithWhyIsAcceptedAndNeverDrawn() throws Exception {
        try (ExternalSubject subject = new ExternalSubject(
                "fake",
                FakeSubject.command(
                        "--hello-set", "unsupported=[{\"op\":\"cancel\",\"why\":\"this API has no cancel\"}]"),
                ANSWER_MILLIS)) {
            assertThat(subject.hello().unsupported())
                    .containsExactly(new Hello.Unsupported("cancel", "this API has no cancel"));
            assertThat(subject.hello().supports("cancel")).isFalse();
            assertThat(subject.hello().supports("next")).isTrue();
            assertThat(subject.hello().summary()).contains("cannot express [cancel]");
            assertThat(Conformance.weights(subject.hello()).cancel()).isZero();
            assertThat(Conformance.weights(subject.hello()).next()).isEqualTo(Conformance.WEIGHTS.next());
        }
    }

    /**
     * A whole run against a subject that breaks the protocol at every operation: no difference is
     * found or shrunk, every protocol error is counted, the release's page shows them, the known
     * findings' replays are not taken for differences, and the verdict fails.
     */
    @Test
    void aRunAgainstABrokenSubjectFailsWithProtocolErrorsAndNoDifference() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (ExternalSubject broken =
                new ExternalSubject("fake", FakeSubject.command("--always", "garbage"), ANSWER_MILLIS)) {
            Release label = new Release("node", "0.0.1");
            Conformance.Result r = Conformance.run(
                    new Conformance.Config(
                            label, 7, 30_000, 3, 20, null, new PrintStream(log, true, StandardCharsets.UTF_8)),
                    broken,
                    null);
            assertThat(r.sequences()).isEqualTo(3);
            assertThat(r.differences()).as("a protocol error is no difference").isEmpty();
            assertThat(r.signatures()).isEmpty();
            assertThat(r.protocolErrors().count())
                    .as("3 sequences and each known finding's replay")
                    .isEqualTo(3 + r.known().size());
            assertThat(r.known()).isNotEmpty().allMatch(Conformance.KnownReplay::protocolError);
            assertThat(r.restarts()).isEqualTo(3 + r.known().size() - 1);

            List<String> problems = ConformanceCampaign.problems(r);
            assertThat(problems).hasSize(1);
            assertThat(problems.get(0))
                    .contains(
                            "node-0.0.1: " + r.protocolErrors().count() + " protocol error(s)",
                            "not a difference of semantics",
                            "the subject answered '{\"op\":0,\"outcome\":'");
            assertThat(ConformanceCampaign.verdict(r))
                    .startsWith("BROKEN PROTOCOL: " + r.protocolErrors().count() + " protocol error(s)")
                    .endsWith("no difference in the sequences that kept to the protocol");
            String page = ConformancePage.version(r);
            assertThat(page)
                    .contains(
                            "## Protocol errors",
                            "**" + r.protocolErrors().count() + " protocol error(s)**",
                            "the run's verdict fails",
                            "the replay stopped at a protocol error");
            assertThat(page).contains("the subject answered '\\{\"op\":0,\"outcome\":'");
        }
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("stopped at a protocol error");
    }
}
