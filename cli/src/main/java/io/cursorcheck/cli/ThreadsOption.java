package io.cursorcheck.cli;

import io.cursorcheck.properties.explore.ExploreSettings;
import picocli.CommandLine.Option;

/** {@code --threads N}, declared once for every command that runs on worker threads ({@code @Mixin}). */
final class ThreadsOption {

    @Option(names = "--threads", paramLabel = "N", description = "worker threads (default: one per core)")
    @Range(min = 1, max = Range.MAX_THREADS)
    Integer threads;

    /** The threads given, or one per core (as the explorer counts cores: {@link ExploreSettings#cores()}). */
    int orOnePerCore() {
        return threads != null ? threads : ExploreSettings.cores();
    }
}
