package io.cursorcheck.properties.mutants;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.List;
import java.util.stream.Stream;

/**
 * The catalogue of deliberately broken variants of {@code CachedCountBroadcast} and
 * {@code WheelBroadcast} (the {@code wheel-} ones), and the racy twins of the thread-safe variants. Each is the
 * kind of slip a careful engineer could make writing the algorithm, named for what it gets wrong. The entries are
 * data ({@link MutantCatalogue}); this class holds the lists and what a mutant is compared with.
 */
public final class Mutants {

    private Mutants() {}

    private static final MutantCatalogue.Lists LOADED = MutantCatalogue.load();

    /** The negative controls the default lockstep run must catch and shrink. */
    public static final List<Mutant> CONTROLS = LOADED.controls();

    /**
     * The catalogue: the negative controls plus every other slip of spec §2 ({@code docs/spec.md}) we could think
     * of, grouped by the part of the algorithm they break (one data file per area, beside {@link MutantCatalogue}).
     * The kill matrix ({@code properties/.../campaign/KillMatrix}) runs each one and holds it to its impact: SAFETY
     * and LIVENESS mutants must be caught black-box (answers, states, I1-I12 without I6), EQUIVALENT ones must not
     * be, and must be caught by the white-box check they name, if any.
     */
    public static final List<Mutant> CATALOGUE =
            Stream.concat(CONTROLS.stream(), LOADED.areas().stream()).toList();

    /**
     * Racy twins of the thread-safe variants: single-threaded they behave exactly like the real
     * class (the lockstep engine cannot see them); only concurrent runs can. They are the negative
     * controls of the jcstress and Lincheck tests in {@code stress/}.
     */
    public static final List<Mutant> RACY_TWINS = LOADED.racyTwins();

    /** Every mutant: the catalogue (controls included), then the racy twins. */
    public static List<Mutant> all() {
        return Stream.concat(CATALOGUE.stream(), RACY_TWINS.stream()).toList();
    }

    /**
     * The registry's real implementation a mutant patches: the variant whose broadcasts are of
     * the mutant's entry class.
     *
     * @throws IllegalArgumentException if no variant has that class
     */
    public static Variant original(Mutant mutant) {
        for (Variant v : Variant.values()) {
            if (v.create(Options.of(1, Policy.STRICT))
                    .getClass()
                    .getSimpleName()
                    .equals(mutant.entry())) {
                return v;
            }
        }
        throw new IllegalArgumentException("mutant " + mutant.id() + ": no variant is a " + mutant.entry());
    }

    /**
     * The real implementation a mutant patches, following the given algorithm: {@link #original(Mutant)}
     * as released; under the corrected algorithm, the registry's corrected variant of that class if it has
     * one ({@code cached-count-corrected}), otherwise that class made through its
     * {@code (Options, Algorithm)} constructor (the wheel: spec §8 changes no tracking, so the registry
     * has no corrected wheel, but its scan count is the reference of a corrected wheel mutant).
     *
     * @throws IllegalArgumentException if no variant has the mutant's class, or, under the corrected
     *                                  algorithm, that class has no {@code (Options, Algorithm)} constructor
     */
    public static BroadcastFactory original(Mutant mutant, Algorithm algorithm) {
        Variant asReleased = original(mutant);
        if (algorithm == Algorithm.AS_RELEASED) {
            return asReleased;
        }
        for (Variant v : Variant.values()) {
            if (v.algorithm() == algorithm
                    && v.create(Options.of(1, Policy.STRICT))
                            .getClass()
                            .getSimpleName()
                            .equals(mutant.entry())) {
                return v;
            }
        }
        java.lang.reflect.Constructor<?> ctor;
        try {
            ctor = asReleased
                    .create(Options.of(1, Policy.STRICT))
                    .getClass()
                    .getConstructor(Options.class, Algorithm.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(
                    "mutant " + mutant.id() + ": " + mutant.entry() + " cannot follow the " + algorithm
                            + " algorithm (no (Options, Algorithm) constructor)",
                    e);
        }
        return new Following(asReleased, ctor, algorithm);
    }

    /** A registry variant's class made through its {@code (Options, Algorithm)} constructor. */
    private record Following(Variant variant, java.lang.reflect.Constructor<?> ctor, Algorithm algorithm)
            implements BroadcastFactory {
        @Override
        public String id() {
            return variant.id() + MutantCompiler.CORRECTED_SUFFIX;
        }

        @Override
        public String description() {
            return variant.description() + ", under the " + algorithm + " algorithm";
        }

        @Override
        public Algorithm algorithm() {
            return algorithm;
        }

        @Override
        public Broadcast create(Options options) {
            return MutantCompiler.construct(ctor, id(), options, algorithm);
        }

        @Override
        public String toString() {
            return id();
        }
    }

    /** The mutant with this id, or null. */
    public static Mutant named(String id) {
        return all().stream().filter(m -> m.id().equals(id)).findFirst().orElse(null);
    }

    /** The compiled factory of a mutant. */
    public static BroadcastFactory factory(Mutant mutant) {
        return MutantCompiler.factory(mutant);
    }

    /** The compiled factory of a mutant following the given algorithm ({@link MutantCompiler#factory(Mutant, Algorithm)}). */
    public static BroadcastFactory factory(Mutant mutant, Algorithm algorithm) {
        return MutantCompiler.factory(mutant, algorithm);
    }
}
