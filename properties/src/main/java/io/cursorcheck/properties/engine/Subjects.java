package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import java.util.stream.Collectors;

/** Resolves a subject's id: a {@link Variant} of the registry, or a {@link Mutant}. */
public final class Subjects {

    private Subjects() {
    }

    /**
     * The variant or mutant with this id.
     *
     * @throws IllegalArgumentException listing the known ids if there is none
     */
    public static BroadcastFactory named(String id) {
        for (Variant v : Variant.values()) {
            if (v.id().equals(id)) {
                return v;
            }
        }
        Mutant m = Mutants.named(id);
        if (m != null) {
            return Mutants.factory(m);
        }
        throw new IllegalArgumentException("unknown variant '" + id + "'; variants: " + Variant.names() + "; mutants: "
                + Mutants.all().stream().map(Mutant::id).collect(Collectors.joining(", ")));
    }
}
