package io.cursorcheck.properties.mutants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared folder of compiled mutants reuses an entry only for the very inputs it was compiled from: the same
 * inputs compile once and read back the same bytes; a change of a source, an option or the classes compiled against
 * compiles again (the control: a key that ignored an input would read the old bytes here, and fail).
 */
class CompiledMutantsTest {

    @TempDir
    Path dir;

    private final AtomicInteger compiles = new AtomicInteger();

    private Map<String, byte[]> reuse(Map<String, String> sources, List<String> options, Path against) {
        return CompiledMutants.reuse(dir.resolve("shared"), "some-mutant", sources, options, against, () -> {
            compiles.incrementAndGet();
            return Map.of(
                    "p.A", ("compiled " + sources + options).getBytes(StandardCharsets.UTF_8), "p.A$Inner", new byte[] {
                        1, 2, 3
                    });
        });
    }

    private Path against(String content) throws Exception {
        Path spi = Files.createDirectories(dir.resolve("spi-" + content.hashCode()));
        Files.writeString(spi.resolve("S.class"), content);
        return spi;
    }

    @Test
    void theSameInputsCompileOnceAndReadBackTheSameBytes() throws Exception {
        Path spi = against("spi 1");
        Map<String, byte[]> first = reuse(Map.of("p.A", "class A {}"), List.of("--release", "17"), spi);
        Map<String, byte[]> second = reuse(Map.of("p.A", "class A {}"), List.of("--release", "17"), spi);
        assertThat(compiles).hasValue(1);
        assertThat(second.keySet()).containsExactlyInAnyOrderElementsOf(first.keySet());
        second.forEach((name, bytes) -> assertThat(bytes).isEqualTo(first.get(name)));
        try (Stream<Path> entries = Files.list(dir.resolve("shared"))) {
            assertThat(entries.map(p -> p.getFileName().toString()).toList())
                    .as("one complete entry, nothing staged left behind")
                    .singleElement()
                    .asString()
                    .startsWith("some-mutant-");
        }
    }

    @Test
    void aChangedSourceOptionOrClassCompiledAgainstCompilesAgain() throws Exception {
        Path spi = against("spi 1");
        reuse(Map.of("p.A", "class A {}"), List.of("--release", "17"), spi);
        reuse(Map.of("p.A", "class A { int x; }"), List.of("--release", "17"), spi);
        assertThat(compiles).as("after a changed source").hasValue(2);
        reuse(Map.of("p.A", "class A {}"), List.of("--release", "21"), spi);
        assertThat(compiles).as("after a changed option").hasValue(3);
        reuse(Map.of("p.A", "class A {}"), List.of("--release", "17"), against("spi 2"));
        assertThat(compiles).as("after changed classes compiled against").hasValue(4);
        reuse(Map.of("p.A", "class A {}", "p.B", "class B {}"), List.of("--release", "17"), spi);
        assertThat(compiles).as("after an added source").hasValue(5);
    }

    /**
     * A real twin compiled into the folder is read back from it, not compiled again: a class file changed in the
     * entry comes back changed (a second compile would give the compiler's bytes).
     */
    @Test
    void aRealMutantIsReadBackFromTheFolderOnceCompiledThere() throws Exception {
        Mutant twin = Mutants.RACY_TWINS.get(0);
        Path folder = dir.resolve("classes");
        Map<String, byte[]> compiled = MutantCompiler.compiledIn(twin, folder);
        String entryClass = compiled.keySet().stream()
                .filter(n -> n.endsWith("." + twin.entry()))
                .findFirst()
                .orElseThrow();
        Path entry;
        try (Stream<Path> s = Files.list(folder)) {
            entry = s.collect(java.util.stream.Collectors.toList()).get(0);
        }
        assertThat(entry.getFileName().toString()).startsWith(twin.id() + "-");
        Files.write(entry.resolve(entryClass + ".class"), new byte[] {42});
        Map<String, byte[]> again = MutantCompiler.compiledIn(twin, folder);
        assertThat(again.get(entryClass)).as("the entry's bytes, read back").containsExactly(42);
        assertThat(again.keySet()).containsExactlyInAnyOrderElementsOf(compiled.keySet());
    }
}
