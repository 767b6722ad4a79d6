package io.cursorcheck.conformance.upstream;

import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which Node releases an edit fits: tried on each release installed under {@code target/runtimes/}
 * (nothing is downloaded for it), each with its embedded source.
 */
public final class Applicability {

    /**
     * One release.
     *
     * @param release the release
     * @param applies whether every anchor fits
     * @param why     when it does not, the error (naming the anchor); else empty
     */
    public record Row(Release release, boolean applies, String why) {}

    private Applicability() {}

    /** The edit on each installed Node release, oldest first. */
    public static List<Row> ofInstalled(SourceEdit edit) throws IOException, InterruptedException {
        List<Release> releases = new ArrayList<>();
        Path runtimes = SourceTree.root().resolve("target/runtimes");
        if (Files.isDirectory(runtimes)) {
            try (Stream<Path> dirs = Files.list(runtimes)) {
                for (Path d : dirs.toList()) {
                    String id = d.getFileName().toString();
                    if (id.matches("node-\\d+\\.\\d+\\.\\d+")) {
                        Release r = Release.parse(id);
                        if (Files.isExecutable(r.binary())) {
                            releases.add(r);
                        }
                    }
                }
            }
        }
        releases.sort(Comparator.comparing(Applicability::versionKey));
        List<Row> rows = new ArrayList<>();
        for (Release r : releases) {
            String source;
            try {
                source = EmbeddedSource.read(r.binary(), r.id(), edit.module());
            } catch (IOException e) {
                rows.add(new Row(r, false, e.getMessage()));
                continue;
            }
            try {
                edit.apply(source, r.id());
                rows.add(new Row(r, true, ""));
            } catch (EditDoesNotApplyException e) {
                rows.add(new Row(r, false, e.reason()));
            }
        }
        return rows;
    }

    private static String versionKey(Release r) {
        StringBuilder k = new StringBuilder();
        for (String part : r.version().split("\\.")) {
            k.append(String.format("%08d", Long.parseLong(part)));
        }
        return k.toString();
    }
}
