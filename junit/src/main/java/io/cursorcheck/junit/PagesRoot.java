package io.cursorcheck.junit;

import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where a user's counterexample pages are written ({@code target/cursorcheck/} by default): a pages
 * root in {@link SourceTree}'s sense, holding a copy of the spec the pages link to. The suite finds
 * its root through the system property {@code cursorcheck.root}, which is set here unless the user set
 * it: a side effect on the test JVM, limited to that property.
 */
final class PagesRoot {

    private static final String PROPERTY = "cursorcheck.root";
    private static final String SPEC_RESOURCE = "spec.md";

    /** The value this class gave {@code cursorcheck.root}, or null if it gave none. */
    private static String setHere;

    private PagesRoot() {}

    /**
     * Prepares {@code dir} as the pages root: the spec copied to {@code docs/spec.md} under it (written to a
     * temporary file first and moved, so a reader never meets half a spec) and, unless the user set
     * it, {@code cursorcheck.root} pointed at it.
     *
     * @return the directory, absolute
     */
    static synchronized Path prepare(Path dir) {
        Path root = dir.toAbsolutePath().normalize();
        Path spec = root.resolve(SourceTree.SPEC);
        try (InputStream in = PagesRoot.class.getResourceAsStream(SPEC_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("cursorcheck-junit: the spec is missing from its jar (" + SPEC_RESOURCE
                        + " next to " + PagesRoot.class.getName() + ")");
            }
            Files.createDirectories(spec.getParent());
            Path staged = Files.createTempFile(spec.getParent(), "spec", ".md.tmp");
            Files.copy(in, staged, StandardCopyOption.REPLACE_EXISTING);
            Files.move(staged, spec, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cursorcheck-junit: cannot write the spec's copy to " + spec, e);
        }
        // A root the user set is theirs; one set here earlier (another check's pages) follows the latest check, so
        // each page's links to the spec resolve in its own pages directory.
        String current = System.getProperty(PROPERTY);
        if (current == null || current.equals(setHere)) {
            System.setProperty(PROPERTY, root.toString());
            setHere = root.toString();
        }
        return root;
    }
}
