package io.cursorcheck.conformance.upstream;

import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A release's {@code broadcast.js} and the same with our edit, as files under
 * {@code target/upstream/<release>/} ({@code broadcast.js}, the builtin's copy, and
 * {@code broadcast-patched.js}): build output, never committed, since it is Node's text.
 *
 * @param release the release
 * @param builtin its embedded source, copied
 * @param patched the source with the edit applied
 * @param result  the patched text and our hunks
 */
public record UpstreamPatch(Release release, Path builtin, Path patched, SourceEdit.Patched result) {

    /** Where the files of a release go. */
    public static Path directory(Release release) {
        return SourceTree.root().resolve("target/upstream").resolve(release.version());
    }

    /**
     * Reads the release's embedded source, applies the edit and writes both files.
     *
     * @param release the release (a Node release)
     * @param node    its executable
     * @param edit    the edit
     * @throws EditDoesNotApplyException if an anchor does not fit the release's source
     * @throws IOException               if the source cannot be read or the files written
     */
    public static UpstreamPatch make(Release release, Path node, SourceEdit edit)
            throws IOException, InterruptedException {
        return make(release, node, edit, "broadcast-patched.js");
    }

    /**
     * As {@link #make(Release, Path, SourceEdit)}, the patched source under another name (a control's).
     *
     * @param patchedName the patched file's name in {@link #directory}
     */
    public static UpstreamPatch make(Release release, Path node, SourceEdit edit, String patchedName)
            throws IOException, InterruptedException {
        if (!release.runtime().equals("node")) {
            throw new IllegalArgumentException("the edit is of Node's broadcast.js; " + release.id() + " is not Node");
        }
        String source = EmbeddedSource.read(node, release.id(), edit.module());
        SourceEdit.Patched result = edit.apply(source, release.id());
        Path dir = directory(release);
        Files.createDirectories(dir);
        Path builtin = writeWhole(dir.resolve("broadcast.js"), source);
        Path patched = writeWhole(dir.resolve(patchedName), result.text());
        return new UpstreamPatch(release, builtin, patched, result);
    }

    /**
     * Writes a file by one rename, so that a run that dies leaves the old file or the new one; the temporary file
     * is this writer's own, so that two runs writing the same file at once cannot move each other's.
     */
    private static Path writeWhole(Path file, String text) throws IOException {
        Path temp = Files.createTempFile(file.getParent(), file.getFileName() + ".", ".tmp");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        return Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
