package io.cursorcheck.properties.mutants;

import io.cursorcheck.properties.io.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the mutant catalogue, which is data: {@code index.json} beside this class names one file per area of the
 * algorithm, each a list of patches with their impact and, for an equivalent one, why nothing observable changes.
 * A patch's {@code find} and {@code replace} are a string or a list of lines. A malformed file is refused with its
 * name and the entry, never skipped: a mutant lost from the catalogue would be a control silently gone.
 */
final class MutantCatalogue {

    private static final Set<String> FIELDS = Set.of(
            "id",
            "impact",
            "description",
            "file",
            "entry",
            "find",
            "replace",
            "equivalence",
            "correctedEquivalence",
            "note");

    /** The three lists of the catalogue, in file order. */
    record Lists(List<Mutant> controls, List<Mutant> areas, List<Mutant> racyTwins) {}

    private MutantCatalogue() {}

    /** Loads the whole catalogue from the class path. */
    static Lists load() {
        return load(MutantCatalogue::read);
    }

    /** Loads the catalogue through {@code reader}, which parses one of its files by name. */
    static Lists load(Function<String, Object> reader) {
        Map<String, Object> index = object(reader.apply("index.json"), "index.json");
        List<Mutant> areas = new ArrayList<>();
        for (Object file : list(index.get("catalogue"), "index.json: catalogue")) {
            areas.addAll(area(reader, string(file, "index.json: catalogue")));
        }
        return new Lists(
                area(reader, string(index.get("controls"), "index.json: controls")),
                List.copyOf(areas),
                area(reader, string(index.get("racyTwins"), "index.json: racyTwins")));
    }

    private static List<Mutant> area(Function<String, Object> reader, String file) {
        Map<String, Object> doc = object(reader.apply(file), file);
        List<Mutant> out = new ArrayList<>();
        for (Object o : list(doc.get("mutants"), file + ": mutants")) {
            Map<String, Object> m = object(o, file);
            String where = file + ": mutant " + m.get("id");
            for (String k : m.keySet()) {
                if (!FIELDS.contains(k)) {
                    throw new IllegalStateException(where + ": unknown field '" + k + "'");
                }
            }
            try {
                out.add(new Mutant(
                        string(m.get("id"), where + ": id"),
                        string(m.get("description"), where + ": description"),
                        Mutant.Impact.valueOf(string(m.get("impact"), where + ": impact")),
                        string(m.get("file"), where + ": file"),
                        text(m.get("find"), where + ": find"),
                        text(m.get("replace"), where + ": replace"),
                        string(m.get("entry"), where + ": entry"),
                        equivalence(m.get("equivalence"), where + ": equivalence"),
                        equivalence(m.get("correctedEquivalence"), where + ": correctedEquivalence")));
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(where + ": " + e.getMessage(), e);
            }
        }
        return List.copyOf(out);
    }

    private static Mutant.Equivalence equivalence(Object o, String where) {
        if (o == null) {
            return null;
        }
        Map<String, Object> e = object(o, where);
        return new Mutant.Equivalence(
                string(e.get("argument"), where + ".argument"),
                Mutant.WhiteBox.valueOf(string(e.get("seenBy"), where + ".seenBy")));
    }

    /** A string, or a list of lines joined with newlines. */
    private static String text(Object o, String where) {
        if (o instanceof List<?> lines) {
            List<String> s = new ArrayList<>();
            for (Object line : lines) {
                s.add(string(line, where));
            }
            return String.join("\n", s);
        }
        return string(o, where);
    }

    private static String string(Object o, String where) {
        if (o instanceof String s) {
            return s;
        }
        throw new IllegalStateException(where + ": expected a string, found " + o);
    }

    private static List<?> list(Object o, String where) {
        if (o instanceof List<?> l) {
            return l;
        }
        throw new IllegalStateException(where + ": expected a list, found " + o);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object o, String where) {
        if (o instanceof Map<?, ?>) {
            return (Map<String, Object>) o;
        }
        throw new IllegalStateException(where + ": expected an object, found " + o);
    }

    private static Object read(String file) {
        try (InputStream in = MutantCatalogue.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("the mutant catalogue's " + file + " is not on the class path");
            }
            return Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the mutant catalogue's " + file, e);
        }
    }
}
