package io.cursorcheck.cli;

import io.cursorcheck.properties.engine.Weights;
import picocli.CommandLine.Option;

/** {@code --weights W}, declared once for the commands that take it ({@code @Mixin}). */
final class WeightsOption {

    @Option(
            names = "--weights",
            paramLabel = "W",
            converter = Converters.WeightsSpec.class,
            description = "generator weights of the random lockstep sequences, as name=value pairs over the defaults,"
                    + " e.g. next=40,fail=0,badInput=5")
    Weights weights = Weights.DEFAULT;
}
