package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.run.GateSeed;
import io.cursorcheck.spi.Algorithm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The self-check of {@code --source} (issue 14 §1): a release's own embedded {@code broadcast.js},
 * loaded through the source loader, answers exactly like the release's builtin on the same seeded
 * sequences, on the newest release and on one with the entry-count API. Its negative control: a copy
 * of the embedded source with one deliberate change, made here at run time (no Node text is in the
 * repository), is told apart by the same comparison, as a difference and not a crash.
 *
 * <p>A fixed number of sequences, not a time: the outcome does not depend on the machine's load.
 */
class SourceSelfCheckTest {

    /** Sequences compared per release. */
    private static final int SEQUENCES = 500;

    private static final int MAX_STEPS = 60;

    private static long seed(String test) {
        GateSeed.Seed seed = GateSeed.get();
        System.out.printf(
                "%s: %s; replay: %s%n",
                test, seed.describe(), GateSeed.mavenCommand("conformance", "SourceSelfCheckTest", seed.value()));
        return seed.value();
    }

    @ParameterizedTest(name = "node {0}")
    @ValueSource(strings = {"26.12.1", "26.2.0"})
    void theEmbeddedSourceAnswersLikeTheBuiltin(String version) throws Exception {
        Release release = new Release("node", version);
        Path binary = release.install(System.out);
        try (ExternalSubject builtin = ExternalSubject.of(release, binary);
                ExternalSubject source =
                        ExternalSubject.ofSource(release, binary, BroadcastSource.EMBEDDED, Algorithm.AS_RELEASED)) {
            assertThat(source.id()).isEqualTo(release.id() + "+builtin-source");
            assertThat(source.hello()).isEqualTo(builtin.hello());
            SubjectComparison.Result r = SubjectComparison.compare(
                    builtin,
                    source,
                    SubjectComparison.Config.sequences(seed("self-check " + version), SEQUENCES, MAX_STEPS));
            System.out.print(r.render());
            assertThat(r.sequences()).isEqualTo(SEQUENCES);
            assertThat(r.broken()).as("crashes or protocol errors").isZero();
            assertThat(r.differences()).as("differences").isEmpty();
            assertThat(r.identical()).isTrue();
        }
    }

    /** The control: one deliberate change to the embedded source (a full buffer's test made one byte late). */
    @Test
    void aChangedSourceIsToldApartFromTheBuiltin(@TempDir Path dir) throws Exception {
        Release release = Release.NEWEST_NODE;
        Path binary = release.install(System.out);
        String embedded = embedded(binary);
        String full = "this.#bufferedBytes >= this.#options.budget";
        assertThat(embedded)
                .as("the embedded source has the line the control changes")
                .contains(full);
        Path changed = dir.resolve("changed.js");
        Files.writeString(
                changed,
                embedded.replaceFirst(
                        java.util.regex.Pattern.quote(full), "this.#bufferedBytes > this.#options.budget"),
                StandardCharsets.UTF_8);
        try (ExternalSubject builtin = ExternalSubject.of(release, binary);
                ExternalSubject source = ExternalSubject.ofSource(
                        release, binary, BroadcastSource.parse(changed.toString()), Algorithm.AS_RELEASED)) {
            assertThat(source.id()).isEqualTo(release.id() + "+changed");
            SubjectComparison.Result r = SubjectComparison.compare(
                    builtin,
                    source,
                    SubjectComparison.Config.sequences(seed("self-check control"), SEQUENCES, MAX_STEPS));
            System.out.print(r.render());
            assertThat(r.broken()).as("a crash is no catch").isZero();
            assertThat(r.differing()).as("sequences told apart").isGreaterThan(0);
            assertThat(r.differingOutsideReentrant())
                    .as("told apart off the re-entrant path, where it changed")
                    .isGreaterThan(0);
            assertThat(r.identical()).isFalse();
        }
    }

    /** The release's embedded broadcast.js, read from the release itself. */
    static String embedded(Path binary) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of(
                        binary.toString(),
                        "--expose-internals",
                        "--no-warnings",
                        "-e",
                        "process.stdout.write(process.binding('natives')['internal/streams/iter/broadcast'])"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("the release prints its embedded source").isZero();
        assertThat(text).contains("function broadcast(");
        return text;
    }
}
