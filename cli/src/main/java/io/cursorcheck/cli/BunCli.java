package io.cursorcheck.cli;

import picocli.CommandLine.Command;

/** {@code bin/cursorcheck bun}: conformance of a Bun release. */
@Command(name = "bun", sortOptions = false, sortSynopsis = false, description = "the same for a Bun release")
final class BunCli extends ConformanceCli {}
