package io.cursorcheck.conformance.upstream;

/**
 * A {@link SourceEdit} that does not fit a release's source: one of its anchors is missing there,
 * occurs more than once, or is not at a line boundary. Names the edit, the release and the anchor.
 */
public final class EditDoesNotApplyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The release whose source the edit does not fit, e.g. {@code node-26.7.0}. */
    private final String release;

    /** The anchor that does not fit. */
    private final String anchor;

    /** What is wrong with the anchor there. */
    private final String why;

    /**
     * @param edit    the edit's name
     * @param release the release
     * @param anchor  the anchor
     * @param why     what is wrong with it there
     */
    public EditDoesNotApplyException(String edit, String release, String anchor, String why) {
        super("the edit '" + edit + "' does not apply to " + release + "'s source: its anchor "
                + SourceEdit.quoted(anchor) + " " + why);
        this.release = release;
        this.anchor = anchor;
        this.why = why;
    }

    /** The anchor and what is wrong with it, without the edit and the release: for a table of releases. */
    public String reason() {
        return "anchor " + SourceEdit.quoted(anchor) + " " + why;
    }

    /** The release whose source the edit does not fit. */
    public String release() {
        return release;
    }

    /** The anchor that does not fit. */
    public String anchor() {
        return anchor;
    }
}
