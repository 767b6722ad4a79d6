package io.cursorcheck.properties.report;

import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Invariant;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Links from generated pages to the semantics, {@code docs/spec.md}: relative to the directory the
 * page is written to, so they resolve in a checkout and on GitHub alike, and aimed at the stable
 * anchors the spec promises (its section headings, one heading per operation and per invariant).
 */
public final class SpecLinks {

    /** The spec's path from the project root. */
    public static final String PATH = "docs/spec.md";

    /** The anchors of the spec's numbered sections, §1 to §7. */
    static final String[] SECTIONS = {
        "1-state", "2-operations", "3-invariants", "4-variants", "5-observing", "6-releases", "7-model-notes"
    };

    private static final Pattern INVARIANT = Pattern.compile("\\bI(1[0-2]|[1-9])\\b");
    private static final Pattern OPERATION = Pattern.compile("§2 (\\w+)\\(\\)");
    private static final Pattern SECTION = Pattern.compile("§([1-7])");

    private SpecLinks() {}

    /**
     * The link from a page in {@code dir} to the spec.
     *
     * @param dir    the directory the page is written to, absolute or relative to the project root
     * @param anchor the anchor without {@code #}, or null for the top of the spec
     * @return e.g. {@code ../../../docs/spec.md#i6-cache-exactness}
     */
    public static String from(Path dir, String anchor) {
        Path root = SourceTree.root();
        // From where the page will be published, not from the run's staging directory it is written to.
        String relative = Reports.link(root.resolve(dir), root.resolve(PATH));
        return anchor == null ? relative : relative + "#" + anchor;
    }

    /**
     * The link from a page in {@code dir} to an invariant's section of the spec.
     *
     * @param dir       the directory the page is written to
     * @param invariant the invariant
     * @return the relative link with the invariant's anchor
     */
    public static String from(Path dir, Invariant invariant) {
        return from(dir, invariant.anchor());
    }

    /**
     * The anchor a short reference points at, by its first mention: an invariant ({@code "I7
     * retention"}), an operation of section 2 ({@code "spec §2 end()"}) or a section ({@code "spec
     * §5"}).
     *
     * @param reference the reference, or null
     * @return the anchor without {@code #}, or null if the reference names none of these
     */
    public static String anchorOf(String reference) {
        if (reference == null) {
            return null;
        }
        String anchor = null;
        int first = Integer.MAX_VALUE;
        Matcher m = INVARIANT.matcher(reference);
        if (m.find()) {
            first = m.start();
            anchor = Invariant.valueOf("I" + m.group(1)).anchor();
        }
        m = OPERATION.matcher(reference);
        if (m.find() && m.start() < first) {
            first = m.start();
            anchor = m.group(1).toLowerCase(Locale.ROOT);
        }
        m = SECTION.matcher(reference);
        if (m.find() && m.start() < first) {
            anchor = SECTIONS[Integer.parseInt(m.group(1)) - 1];
        }
        return anchor;
    }
}
