package io.cursorcheck.cli;

import picocli.CommandLine.Option;

/**
 * {@code --max-steps N}, declared once for every command that draws random sequences
 * ({@code @Mixin}); {@code replay} declares its own inside an argument group, which picocli does
 * not let a mixin join, with the same default and range.
 */
final class MaxStepsOption {

    /** Operations per random sequence at most, unless given. */
    static final int DEFAULT = 60;

    @Option(
            names = "--max-steps",
            paramLabel = "N",
            defaultValue = "" + DEFAULT,
            description = "operations per random sequence at most")
    @Range(min = 1, max = Range.MAX_STEPS)
    int maxSteps;
}
