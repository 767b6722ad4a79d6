package io.cursorcheck.cli;

import picocli.CommandLine.Command;

/** {@code bin/cursorcheck bun}: conformance of a Bun release. */
@Command(
        name = "bun",
        sortOptions = false,
        sortSynopsis = false,
        description = "the same for a Bun release",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {Usage.EXIT_OK, ConformanceCli.EXIT_FAILED, Usage.EXIT_ERROR})
final class BunCli extends ConformanceCli {}
