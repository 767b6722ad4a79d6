package io.cursorcheck.cli;

import picocli.CommandLine.Command;

/** {@code bin/cursorcheck node}: conformance of a Node.js release. */
@Command(
        name = "node",
        sortOptions = false,
        sortSynopsis = false,
        description = "conformance: that Node.js release's"
                + " node:stream/iter broadcast (installed from npm under target/runtimes) in lockstep with the model through"
                + " the subject protocol; writes reports/conformance/<release>/ and that release's row of"
                + " reports/conformance/index.md (differences no rule explains are listed first, UNDECIDED, and do not fail the"
                + " run); exit 1 if a shrunk difference does not fail the same way on replay, a difference's standalone"
                + " reproduction does not show it on the release, the run has a blind spot (in enough random sequences not one"
                + " made a pattern the spec covers), a known finding has no recorded broken behaviour or no longer judges"
                + " \"has it\" on the release it was recorded on, or the subject broke the protocol")
final class NodeCli extends ConformanceCli {}
