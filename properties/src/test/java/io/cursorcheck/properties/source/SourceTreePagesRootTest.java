package io.cursorcheck.properties.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Dcursorcheck.root} names a source tree or a pages root (a directory holding the spec's copy,
 * where cursorcheck-junit writes a user's pages); anything else is refused, naming both.
 */
class SourceTreePagesRootTest {

    private static final String PROPERTY = "cursorcheck.root";
    private String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(PROPERTY);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(PROPERTY);
        } else {
            System.setProperty(PROPERTY, saved);
        }
    }

    @Test
    void aDirectoryHoldingTheSpecIsAPagesRoot(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("docs"));
        Files.writeString(dir.resolve(SourceTree.SPEC), "# spec\n");
        System.setProperty(PROPERTY, dir.toString());
        assertThat(SourceTree.root()).isEqualTo(dir.toAbsolutePath().normalize());
    }

    @Test
    void aDirectoryWithNeitherSourcesNorSpecIsRefusedNamingBoth(@TempDir Path dir) {
        System.setProperty(PROPERTY, dir.toString());
        assertThatThrownBy(SourceTree::root)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(dir.toString())
                .hasMessageContaining("impl/src/main/java")
                .hasMessageContaining(SourceTree.SPEC);
    }
}
