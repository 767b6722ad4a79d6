package io.cursorcheck.campaign;

/**
 * The upstream part's section of {@code reports/<run>/index.md}: what the fix of Node's {@code broadcast.js} did to
 * the reproductions, the regression test, the conformance to the corrected model, the builtin's answers, and
 * whether the negative control was caught. Stateless.
 */
final class UpstreamSection {

    private UpstreamSection() {}

    /**
     * What the upstream check found, as numbers and words.
     *
     * @param release                 the release the fix was applied to, by id
     * @param reproductions           the reproductions of the symptoms
     * @param showingBuiltin          those that show their symptom on the builtin source
     * @param showingPatched          those that show it with the patched source
     * @param regressionBuiltin       the regression test on the builtin, in words
     * @param regressionPatched       the regression test with the patched source, in words
     * @param conformance             the patched source against the corrected model: the verdict
     * @param sequences               the sequences the builtin and the patched source were compared on
     * @param reachingReentrant       those that reached the re-entrant path
     * @param differing               those answered differently
     * @param differingOutside        those answered differently without reaching it
     * @param controlCaught           whether the negative control was caught
     * @param controlDifferingOutside the control's sequences that differ without reaching the re-entrant path
     * @param controlSequences        the control's sequences
     */
    record Facts(
            String release,
            int reproductions,
            long showingBuiltin,
            long showingPatched,
            String regressionBuiltin,
            String regressionPatched,
            String conformance,
            long sequences,
            long reachingReentrant,
            long differing,
            long differingOutside,
            boolean controlCaught,
            long controlDifferingOutside,
            long controlSequences) {}

    /** The section, under its {@code ##} heading. */
    static String markdown(Facts f) {
        StringBuilder md = new StringBuilder("## Upstream: the fix of Node's broadcast.js\n\n");
        md.append(String.format(
                "- reproductions of the symptoms: %d of %d show theirs on the builtin, %d with the patched source%n",
                f.showingBuiltin(), f.reproductions(), f.showingPatched()));
        md.append("- regression test on ")
                .append(f.release())
                .append("'s builtin: ")
                .append(f.regressionBuiltin())
                .append('\n');
        md.append("- regression test with the patched source: ")
                .append(f.regressionPatched())
                .append('\n');
        md.append("- patched source vs the corrected model: ")
                .append(f.conformance())
                .append('\n');
        md.append(String.format(
                "- builtin vs patched: %,d sequences, %,d reached the re-entrant path, %,d answered"
                        + " differently (%,d without reaching it)%n",
                f.sequences(), f.reachingReentrant(), f.differing(), f.differingOutside()));
        md.append("- negative control (the fix without the line that clears its flag) vs builtin: ")
                .append(f.controlCaught() ? "caught" : "NOT CAUGHT")
                .append(String.format(
                        " (%,d of %,d sequences differ without reaching the re-entrant path)%n",
                        f.controlDifferingOutside(), f.controlSequences()));
        md.append("\nFor Node's maintainers: [upstream/README.md](upstream/README.md).\n");
        return md.toString();
    }
}
