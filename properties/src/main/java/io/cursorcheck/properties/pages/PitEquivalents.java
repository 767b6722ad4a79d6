package io.cursorcheck.properties.pages;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The surviving PIT mutants we argued equivalent, from {@code pit-equivalents.tsv} beside this
 * class: one line each, {@code class, method, PIT's description, the source line, argument},
 * tab-separated. A survivor is matched by everything but the line number, so the arguments survive
 * edits elsewhere in the file; a survivor no line matches is a gap to close or to argue.
 */
public final class PitEquivalents {

    /**
     * One argued survivor.
     *
     * @param simpleClass the mutated class's simple name
     * @param method      the mutated method
     * @param description PIT's description of the mutation
     * @param source      the mutated source line, stripped
     * @param argument    why no test can kill it
     */
    record Entry(String simpleClass, String method, String description, String source, String argument) {
        boolean matches(PitMutations.Mutation m, String sourceLine) {
            return simpleClass.equals(m.simpleClass())
                    && method.equals(m.method())
                    && description.equals(m.description())
                    && source.equals(sourceLine.strip());
        }
    }

    private final List<Entry> entries;

    private PitEquivalents(List<Entry> entries) {
        this.entries = entries;
    }

    /** The committed list. */
    public static PitEquivalents load() {
        try (InputStream in = PitEquivalents.class.getResourceAsStream("pit-equivalents.tsv")) {
            if (in == null) {
                throw new IllegalStateException("pit-equivalents.tsv is missing beside " + PitEquivalents.class);
            }
            List<Entry> entries = new ArrayList<>();
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                if (f.length != 5) {
                    throw new IllegalStateException("pit-equivalents.tsv: expected 5 tab-separated fields in: " + line);
                }
                entries.add(new Entry(f[0], f[1], f[2], f[3].strip(), f[4]));
            }
            return new PitEquivalents(entries);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The argument for a survivor, or null if none is written. */
    public String argument(PitMutations.Mutation m, String sourceLine) {
        for (Entry e : entries) {
            if (e.matches(m, sourceLine)) {
                return e.argument();
            }
        }
        return null;
    }
}
