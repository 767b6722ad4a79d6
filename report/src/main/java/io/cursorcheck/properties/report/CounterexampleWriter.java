package io.cursorcheck.properties.report;

import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a counterexample as {@code <dir>/<subject>/<slug>.json} and {@code .md}. */
public final class CounterexampleWriter {

    private CounterexampleWriter() {}

    /**
     * Writes both files.
     *
     * @param cx          the counterexample
     * @param run         the lockstep run of its script
     * @param description one sentence about the subject
     * @param known       the known finding it matches, or null
     * @param dir         the counterexamples directory ({@code reports/counterexamples})
     * @return the JSON file and the Markdown page
     */
    public static Path[] write(
            Counterexample cx, Lockstep.Run run, String description, KnownFindings.Finding known, Path dir) {
        return write(cx, run, description, null, known, dir);
    }

    /**
     * Writes both files, for a subject checked through the entry point when {@code entryPointTest} is set.
     *
     * @param cx             the counterexample
     * @param run            the lockstep run of its script
     * @param description    one sentence about the subject
     * @param entryPointTest the user's test class that runs the subject through {@code cursorcheck-junit}
     *                       ({@link io.cursorcheck.properties.BroadcastFactory#entryPointTest()}), or null
     * @param known          the known finding it matches, or null
     * @param dir            the counterexamples directory
     * @return the JSON file and the Markdown page
     */
    public static Path[] write(
            Counterexample cx,
            Lockstep.Run run,
            String description,
            String entryPointTest,
            KnownFindings.Finding known,
            Path dir) {
        Path json = dir.resolve(cx.subject()).resolve(cx.slug() + ".json");
        Path page = dir.resolve(cx.subject()).resolve(cx.slug() + ".md");
        try {
            cx.write(json);
            Files.writeString(
                    page,
                    entryPointTest == null
                            ? CounterexamplePage.render(
                                    cx, run, description, Reports.relative(json), known == null ? null : known.name())
                            : CounterexamplePage.renderForEntryPoint(cx, run, description, json, entryPointTest),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the counterexample " + json, e);
        }
        return new Path[] {json, page};
    }
}
