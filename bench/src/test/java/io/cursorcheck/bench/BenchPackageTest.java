package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No split package: every class {@code bench/} compiles lives in {@code io.cursorcheck.bench} (or below it, as
 * JMH's generated classes do), never in {@code impl}'s package, which it reaches only through {@code impl}'s
 * public types ({@link ApiFloor} plugs into {@code ExternallyTrackedBroadcast}). The control: a class file in
 * {@code io/cursorcheck/impl/} of a scratch class tree is found.
 */
class BenchPackageTest {

    @Test
    void everyClassOfBenchIsInItsOwnPackage() throws Exception {
        Path classes = Path.of(ApiFloor.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        assertThat(classes.resolve("io/cursorcheck/bench/ApiFloor.class"))
                .as("the compiled classes of bench/")
                .exists();

        assertThat(outsideBench(classes)).isEmpty();
    }

    @Test
    void aClassInImplsPackageIsFound(@TempDir Path classes) throws IOException {
        Files.createDirectories(classes.resolve("io/cursorcheck/bench/jmh_generated"));
        Files.write(classes.resolve("io/cursorcheck/bench/jmh_generated/Generated.class"), new byte[] {0});
        Files.createDirectories(classes.resolve("io/cursorcheck/impl"));
        Files.write(classes.resolve("io/cursorcheck/impl/ApiFloorBroadcast.class"), new byte[] {0});

        assertThat(outsideBench(classes)).containsExactly("io/cursorcheck/impl/ApiFloorBroadcast.class");
    }

    /** The class files under {@code classes} outside {@code io/cursorcheck/bench/}, as relative paths. */
    private static List<String> outsideBench(Path classes) throws IOException {
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(f -> f.toString().endsWith(".class"))
                    .map(f -> classes.relativize(f).toString().replace('\\', '/'))
                    .filter(f -> !f.startsWith("io/cursorcheck/bench/"))
                    .sorted()
                    .toList();
        }
    }
}
