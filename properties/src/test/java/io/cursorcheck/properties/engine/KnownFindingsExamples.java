package io.cursorcheck.properties.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.Variant;
import java.nio.file.Files;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every known finding against the spec's algorithm ({@code docs/spec.md}) still reproduces, on the model and on
 * {@code cached-count} alike, with its recorded signature. When the spec or the algorithm is fixed,
 * these fail: update reports/findings then.
 */
class KnownFindingsExamples {

    static Stream<KnownFindings.Finding> findings() {
        return Gate.known().all().stream();
    }

    @ParameterizedTest
    @MethodSource("findings")
    void reproducesOnTheModelAndOnCachedCount(KnownFindings.Finding f) {
        for (Variant v : new Variant[] {Variant.MODEL, Variant.CACHED_COUNT}) {
            Lockstep.Run run = Lockstep.run(v, f.counterexample().script());
            assertThat(run.failed()).as("%s on %s", f.name(), v).isTrue();
            assertThat(run.failure().signature()).as("%s on %s", f.name(), v).isEqualTo(f.signature());
            assertThat(run.failure().kind().againstModel()).isTrue();
        }
        assertThat(f.directory().resolve("README.md")).exists();
        assertThat(f.directory().resolve("reproduce.mjs")).exists();
    }

    @ParameterizedTest
    @MethodSource("findings")
    void isExplainedWithItsScript(KnownFindings.Finding f) throws Exception {
        String readme = Files.readString(f.directory().resolve("README.md"));
        assertThat(readme).contains(f.signature().substring(0, f.signature().indexOf(':')));
        for (String line : f.counterexample().script().lines()) {
            assertThat(readme).contains(line);
        }
    }
}
