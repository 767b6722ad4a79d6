package io.cursorcheck.cli;

import picocli.CommandLine.Option;

/**
 * {@code --seed S}, as every command that runs random sequences takes it ({@code @Mixin}): declared
 * once, so its converter and help are the same everywhere. Every 64-bit value is a seed, so its
 * converter is its range ({@link Converters.Seed}).
 */
final class SeedOption {

    @Option(
            names = "--seed",
            paramLabel = "S",
            converter = Converters.Seed.class,
            description =
                    "the run's seed; every random sequence's seed derives from it (default: a fresh one, printed)")
    Long seed;

    /** The seed given, or a fresh one. */
    long orFresh() {
        return Converters.Seed.orFresh(seed);
    }
}
