package io.cursorcheck.stress;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.stress.lincheck.LincheckRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every racy twin is a negative control of some check: a jcstress test, a Lincheck check, or both. */
class TwinCoverageTest {

    @Test
    void everyRacyTwinIsExercisedByJcstressOrLincheck() throws IOException {
        Set<String> jcstress;
        try (Stream<Path> files = Files.list(Path.of("src/main/java/io/cursorcheck/stress"))) {
            jcstress = files.filter(f -> f.getFileName().toString().endsWith("Stress.java")).map(f -> {
                try {
                    return Files.readString(f, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }).flatMap(text -> Mutants.RACY_TWINS.stream().map(Mutant::id)
                    .filter(id -> text.contains("Stress.twin(\"" + id + "\""))).collect(Collectors.toSet());
        }
        for (Mutant twin : Mutants.RACY_TWINS) {
            assertThat(jcstress.contains(twin.id()) || LincheckRun.twins().contains(twin.id()))
                    .as("racy twin %s is the negative control of no jcstress test and no Lincheck check", twin.id())
                    .isTrue();
        }
    }
}
