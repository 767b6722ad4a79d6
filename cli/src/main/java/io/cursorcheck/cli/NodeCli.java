package io.cursorcheck.cli;

import picocli.CommandLine.Command;

/** {@code bin/cursorcheck node}: conformance of a Node.js release. */
@Command(
        name = "node",
        sortOptions = false,
        sortSynopsis = false,
        description = "conformance: that Node.js release's"
                + " node:stream/iter broadcast (installed from npm under target/runtimes) in lockstep with the model through"
                + " the subject protocol; writes reports/<run>/conformance/<release>/ and that release's row of"
                + " reports/<run>/conformance/index.md (differences no rule explains are listed first, UNDECIDED, and do not fail the"
                + " run)",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {Usage.EXIT_OK, ConformanceCli.EXIT_FAILED, Usage.EXIT_ERROR})
final class NodeCli extends ConformanceCli {}
